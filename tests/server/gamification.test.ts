process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import type { GamificationProfile, LedgerEntry, Ranking } from "../../src/contracts/gamification";
import { GAMIFICATION_NAMESPACE, GAMIFICATION_SOCKET_EVENTS, type JoinRoomAck } from "../../src/contracts/gamification-base";
import { courseMembers, gamificationLedger, gamificationProfiles, users } from "../../src/server/db/schema";
import { DEFAULT_RULES } from "../../src/server/modules/gamification/rules";
import { applyAnswers } from "../../src/server/modules/learning/service";
import type { EventBus } from "../../src/server/platform/events";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { listenLocally, socketPool } from "../support/realtime";

/*
 * Gamification (issue 18, ADR 0046) against the real server: the domain's events pay a gamified
 * class's students once (replays and concurrent deliveries included), never a teacher, a plain
 * edition's student or a class with gamification off; the profile, ledger, ranking modes, the
 * teacher's medals, the shop and the edition's rules through the API; the gamification socket
 * lets in only gamified students, joins their own room, pushes rewards live and replays what a
 * socket missed.
 */

let t: TestApp;
let base: string;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;
const call = async (who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: await bearer(t.app, who), ...(payload !== undefined ? { payload } : {}) });
const dataOf = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const settled = () => t.app.ctx.background.settled();
const emit: EventBus["emit"] = (name, payload) => t.app.ctx.events.emit(name, payload);

let tenantId: string;
let teacher: Person;
let student: Person;
let classmate: Person;
let editor: Person;
let plainStudent: Person;
let courseId: string;
let offCourseId: string;
let plainCourseId: string;

const ledgerOf = (userId: string) => db().select().from(gamificationLedger).where(eq(gamificationLedger.userId, userId));
const profileRow = async (userId: string) => (await db().select().from(gamificationProfiles).where(eq(gamificationProfiles.userId, userId)))[0];

beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, services: ["web"] });
  const tenant = await buildTenant(db(), { gamified: true });
  tenantId = tenant.id;
  teacher = await buildUser(db(), tenantId, { role: "teacher", firstName: "Tere", lastName: "Profe" });
  student = await buildUser(db(), tenantId, { role: "student", firstName: "Ana", lastName: "Alonso" });
  classmate = await buildUser(db(), tenantId, { role: "student", firstName: "Bruno", lastName: "Blanco" });
  editor = await buildUser(db(), tenantId, { role: "editorial" });
  const plain = await buildTenant(db(), { gamified: false });
  plainStudent = await buildUser(db(), plain.id, { role: "student" });
  const members = [
    { userId: teacher.id, role: "teacher" as const },
    { userId: student.id, role: "student" as const },
    { userId: classmate.id, role: "student" as const },
  ];
  courseId = (await buildCourse(db(), tenantId, { members })).id;
  offCourseId = (await buildCourse(db(), tenantId, { members, settings: { gamification: false } })).id;
  plainCourseId = (await buildCourse(db(), plain.id, { members: [{ userId: plainStudent.id, role: "student" }] })).id;
  base = await listenLocally(t.app);
}, 120_000);
afterAll(() => t.close());

const sockets = socketPool();
afterEach(() => sockets.closeAll());

const tokenOf = async (who: Person) => (await bearer(t.app, who)).authorization.replace(/^Bearer /, "");
const openAs = async (who: Person) => sockets.open(base, { namespace: GAMIFICATION_NAMESPACE, auth: { token: await tokenOf(who) } });
const join = (socket: Socket, payload: object) =>
  new Promise<JoinRoomAck>((resolve) => socket.emit(GAMIFICATION_SOCKET_EVENTS.joinRoom, payload, (ack: JoinRoomAck) => resolve(ack)));
/** Everything the socket is pushed, in order, as [event, payload]. */
const recorder = (socket: Socket) => {
  const seen: Array<[string, { entryId: number } & Record<string, unknown>]> = [];
  for (const e of ["pointsReward", "badgeReward", "currencyReward", "levelUp"]) socket.on(e, (p: { entryId: number }) => seen.push([e, p]));
  return seen;
};
const until = async (check: () => boolean, what: string) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
};

/** A scored answer through the learner model, announced as the learning listeners announce it. */
async function answer(who: Person, course: string, questionId: string, right: boolean, kc = "GAM.A") {
  const { evidenceIds } = await applyAnswers(db(), {
    tenantId: who.tenantId,
    userId: who.id,
    source: "practice",
    sourceId: `session-${crypto.randomUUID()}`,
    answers: [{ questionId, kcs: [kc], fraction: right ? 1 : 0, answeredAt: new Date() }],
  });
  emit("learning.applied", { tenantId: who.tenantId, courseId: course, userId: who.id, evidenceIds });
  await settled();
  return evidenceIds;
}

describe("awards from domain events", () => {
  it("a right answer pays its points and the mastery it added; the same delivery again pays nothing", async () => {
    const { evidenceIds } = await applyAnswers(db(), {
      tenantId,
      userId: student.id,
      source: "practice",
      sourceId: "s-replay",
      answers: [{ questionId: "q-1", kcs: ["GAM.A"], fraction: 1, answeredAt: new Date() }],
    });
    const event = { tenantId, courseId, userId: student.id, evidenceIds };
    emit("learning.applied", event);
    emit("learning.applied", event);
    await settled();
    emit("learning.applied", event);
    await settled();
    const rows = await ledgerOf(student.id);
    expect(rows.map((r) => r.reason).sort()).toEqual(["answer_right", "mastery_gain"]);
    const points = rows.reduce((s, r) => s + r.points, 0);
    expect(points).toBeGreaterThan(10);
    expect((await profileRow(student.id))?.points).toBe(points);
  });

  it("the learner model's own listeners feed it: a KC-tagged package's score reaches the ledger", async () => {
    emit("record.scored", { tenantId, courseId, userId: classmate.id, contentId: "pkg-1", registration: crypto.randomUUID(), kcs: ["GAM.R"], fraction: 1, at: new Date().toISOString() });
    await settled();
    await settled();
    expect((await ledgerOf(classmate.id)).map((r) => r.reason)).toContain("answer_right");
  });

  it("the same question solved again pays no right-answer points; a KC mastered pays once, with its medal", async () => {
    await answer(student, courseId, "q-1", true);
    let rows = await ledgerOf(student.id);
    expect(rows.filter((r) => r.reason === "answer_right")).toHaveLength(1);
    await answer(student, courseId, "q-2", true);
    await answer(student, courseId, "q-3", true);
    rows = await ledgerOf(student.id);
    expect(rows.filter((r) => r.reason === "kc_mastered").map((r) => r.kc)).toEqual(["GAM.A"]);
    expect(rows.filter((r) => r.reason === "medal").map((r) => r.medalId)).toEqual(["first-mastery"]);
    expect(rows.filter((r) => r.reason === "level").map((r) => r.level)).toEqual([2]);
    // Mastered now: more right answers on it pay nothing.
    const before = rows.length;
    await answer(student, courseId, "q-4", true);
    expect(await ledgerOf(student.id)).toHaveLength(before);
  });

  it("tasks pay only when handed in on time, once per job; practice sessions once each, up to the day's cap", async () => {
    const at = new Date().toISOString();
    const jobId = crypto.randomUUID();
    emit("job.delivered", { tenantId, courseId, jobId: crypto.randomUUID(), studentId: classmate.id, late: true, via: "files", at });
    emit("job.delivered", { tenantId, courseId, jobId, studentId: classmate.id, late: false, via: "files", at });
    emit("job.delivered", { tenantId, courseId, jobId, studentId: classmate.id, late: false, via: "files", at });
    const sessions = Array.from({ length: 5 }, () => crypto.randomUUID());
    for (const sessionId of sessions) emit("practice.completed", { tenantId, courseId, userId: classmate.id, sessionId, assignmentId: null });
    emit("practice.completed", { tenantId, courseId, userId: classmate.id, sessionId: sessions[0] ?? "", assignmentId: null });
    await settled();
    const rows = await ledgerOf(classmate.id);
    expect(rows.filter((r) => r.reason === "task_on_time")).toHaveLength(1);
    const completed = rows.filter((r) => r.reason === "practice_completed");
    expect(completed).toHaveLength(5);
    expect(completed.reduce((s, r) => s + r.points, 0)).toBe(DEFAULT_RULES.dailyCaps.practice_completed);
    expect(completed.filter((r) => r.capped && r.points === 0)).toHaveLength(2);
  });

  it("concurrent deliveries of one event pay exactly once", async () => {
    const sessionId = crypto.randomUUID();
    for (let i = 0; i < 20; i++) emit("practice.completed", { tenantId, courseId, userId: student.id, sessionId, assignmentId: null });
    await settled();
    const rows = await db().select().from(gamificationLedger).where(and(eq(gamificationLedger.userId, student.id), eq(gamificationLedger.key, `practice:${sessionId}`)));
    expect(rows).toHaveLength(1);
  });

  it("a teacher, a plain edition's student and a class with gamification off earn nothing", async () => {
    await answer(teacher, courseId, "q-t", true);
    await answer(plainStudent, plainCourseId, "q-p", true);
    const before = (await ledgerOf(classmate.id)).length;
    await answer(classmate, offCourseId, "q-off", true, "GAM.OFF");
    emit("practice.completed", { tenantId, courseId: offCourseId, userId: classmate.id, sessionId: crypto.randomUUID(), assignmentId: null });
    await settled();
    expect(await ledgerOf(teacher.id)).toHaveLength(0);
    expect(await ledgerOf(plainStudent.id)).toHaveLength(0);
    expect(await ledgerOf(classmate.id)).toHaveLength(before);
  });
});

describe("what students and teachers read and do", () => {
  it("the profile: level, points, currency and medals locked and unlocked; disabled for a teacher and a plain edition's student", async () => {
    const profile = dataOf<GamificationProfile>(await call(student, "GET", "/gamification/profile"));
    expect(profile.enabled).toBe(true);
    expect(profile.level.order).toBeGreaterThanOrEqual(2);
    expect(profile.points).toBe((await profileRow(student.id))?.points);
    expect(profile.medals.find((m) => m.id === "first-mastery")).toMatchObject({ unlocked: true, progress: 1, name: "Primera habilidad dominada" });
    expect(profile.medals.find((m) => m.id === "five-masteries")).toMatchObject({ unlocked: false, progress: 1, count: 5 });
    expect(profile.lastEntryId).toBeGreaterThan(0);
    expect(dataOf<GamificationProfile>(await call(teacher, "GET", "/gamification/profile")).enabled).toBe(false);
    expect(dataOf<GamificationProfile>(await call(plainStudent, "GET", "/gamification/profile")).enabled).toBe(false);
  });

  it("the ledger is the student's own, newest first, paged", async () => {
    const page = dataOf<{ entries: LedgerEntry[]; total: number }>(await call(student, "GET", "/gamification/ledger?offset=0&pageSize=3"));
    expect(page.entries).toHaveLength(3);
    expect(page.total).toBe((await ledgerOf(student.id)).length);
    expect(page.entries[0]?.id).toBeGreaterThan(page.entries[1]?.id ?? 0);
    const mastered = dataOf<{ entries: LedgerEntry[] }>(await call(student, "GET", "/gamification/ledger?pageSize=100")).entries.find((e) => e.reason === "kc_mastered");
    expect(mastered?.course?.guid).toBe(courseId);
    expect((await call(student, "GET", "/gamification/ledger?pageSize=0")).statusCode).toBe(400);
  });

  it("the ranking: students see first names only and as the teacher chose (top 10 with their own row, full, off); the teacher sees full names", async () => {
    // Twelve more students, each with points in the class.
    const extra: string[] = [];
    for (let i = 0; i < 12; i++) {
      const [u] = await db()
        .insert(users)
        .values({ tenantId, email: `rank-${i}-${crypto.randomUUID()}@example.test`, firstName: `R${String(i).padStart(2, "0")}`, lastName: "Apellido", role: "student", passwordHash: "x", dateOfBirth: "2013-01-01" })
        .returning();
      extra.push(u?.id ?? "");
    }
    await db().insert(courseMembers).values(extra.map((userId) => ({ courseId, userId, role: "student" })));
    await db().insert(gamificationLedger).values(extra.map((userId, i) => ({ tenantId, userId, courseId, key: "seeded", reason: "task_on_time", points: 1000 + i * 10, day: "2026-11-01" })));
    const asClassmate = dataOf<Ranking>(await call(classmate, "GET", `/gamification/courses/${courseId}/ranking`));
    expect(asClassmate.mode).toBe("top10");
    expect(asClassmate.rows).toHaveLength(10);
    expect(asClassmate.rows[0]).toMatchObject({ rank: 1, name: "R11", studentGuid: null, points: 1110 });
    expect(asClassmate.rows.every((r) => !r.name.includes("Apellido"))).toBe(true);
    expect(asClassmate.mine).toMatchObject({ me: true, name: "Bruno" });
    expect(asClassmate.manualMedals).toEqual([]);

    expect((await call(student, "PUT", `/gamification/courses/${courseId}/ranking`, { mode: "full" })).statusCode).toBe(403);
    const full = dataOf<Ranking>(await call(teacher, "PUT", `/gamification/courses/${courseId}/ranking`, { mode: "full" }));
    expect(full.rows).toHaveLength(14);
    expect(full.rows[0]?.name).toBe("R11 Apellido");
    expect(full.manualMedals.map((m) => m.id)).toEqual(["effort", "teamwork", "curiosity"]);
    expect(dataOf<Ranking>(await call(student, "GET", `/gamification/courses/${courseId}/ranking`)).rows).toHaveLength(14);

    await call(teacher, "PUT", `/gamification/courses/${courseId}/ranking`, { mode: "off" });
    const off = dataOf<Ranking>(await call(student, "GET", `/gamification/courses/${courseId}/ranking`));
    expect(off).toMatchObject({ mode: "off", rows: [], mine: null });
    expect(dataOf<Ranking>(await call(teacher, "GET", `/gamification/courses/${courseId}/ranking`)).rows).toHaveLength(14);
    expect((await call(plainStudent, "GET", `/gamification/courses/${courseId}/ranking`)).statusCode).toBe(404);
  });

  it("a teacher gives a manual medal with a reason; earned medals cannot be given; students cannot give them", async () => {
    const given = await call(teacher, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: classmate.id, medalId: "teamwork", reason: "Ayudó a Ana con las fracciones" });
    expect(given.statusCode).toBe(201);
    expect(dataOf<LedgerEntry>(given)).toMatchObject({ reason: "teacher_medal", note: "Ayudó a Ana con las fracciones", awardedBy: "Tere Profe", medal: { id: "teamwork" } });
    const profile = dataOf<GamificationProfile>(await call(classmate, "GET", "/gamification/profile"));
    expect(profile.medals.find((m) => m.id === "teamwork")).toMatchObject({ unlocked: true, progress: 1 });
    const earned = await call(teacher, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: classmate.id, medalId: "first-mastery", reason: "x" });
    expect(earned.json()).toMatchObject({ error: { key: "MEDAL_NOT_MANUAL" } });
    expect((await call(teacher, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: plainStudent.id, medalId: "effort", reason: "x" })).statusCode).toBe(404);
    expect((await call(student, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: classmate.id, medalId: "effort", reason: "x" })).statusCode).toBe(403);
    expect((await call(teacher, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: classmate.id, medalId: "effort", reason: "  " })).statusCode).toBe(400);
    expect((await call(teacher, "POST", `/gamification/courses/${offCourseId}/medals`, { studentGuid: classmate.id, medalId: "effort", reason: "x" })).json()).toMatchObject({ error: { key: "GAMIFICATION_OFF" } });
  });

  it("the shop: buy once with enough currency, wear what one owns", async () => {
    const shop = dataOf<{ balance: number; items: Array<{ id: string; price: number; owned: boolean }> }>(await call(student, "GET", "/gamification/shop"));
    const dear = shop.items.reduce((a, b) => (b.price > a.price ? b : a));
    await db().update(gamificationProfiles).set({ currency: dear.price - 1 }).where(eq(gamificationProfiles.userId, student.id));
    expect((await call(student, "POST", `/gamification/shop/${dear.id}/purchase`)).json()).toMatchObject({ error: { key: "NOT_ENOUGH_CURRENCY" } });
    expect((await call(student, "PUT", "/gamification/equipped", { kind: "avatar_frame", itemId: "frame-ocean" })).json()).toMatchObject({ error: { key: "ITEM_NOT_OWNED" } });
    const bought = dataOf<{ balance: number; items: Array<{ id: string; owned: boolean }> }>(await call(student, "POST", "/gamification/shop/frame-ocean/purchase"));
    expect(bought.balance).toBe(dear.price - 1 - 15);
    expect(bought.items.find((i) => i.id === "frame-ocean")?.owned).toBe(true);
    expect((await call(student, "POST", "/gamification/shop/frame-ocean/purchase")).json()).toMatchObject({ error: { key: "ITEM_ALREADY_OWNED" } });
    const worn = dataOf<GamificationProfile>(await call(student, "PUT", "/gamification/equipped", { kind: "avatar_frame", itemId: "frame-ocean" }));
    expect(worn.equippedColours.avatarFrame).toBe("#1565C0");
    expect((await call(student, "PUT", "/gamification/equipped", { kind: "theme", itemId: "frame-ocean" })).statusCode).toBe(404);
    expect((await call(teacher, "GET", "/gamification/shop")).json()).toMatchObject({ error: { key: "GAMIFICATION_OFF" } });
  });

  it("the edition's rules are data editorial staff read and replace, checked", async () => {
    expect((await call(teacher, "GET", "/gamification/rules")).statusCode).toBe(403);
    const rules = dataOf<typeof DEFAULT_RULES>(await call(editor, "GET", "/gamification/rules"));
    expect(rules.points.kc_mastered).toBe(100);
    const changed = await call(editor, "PUT", "/gamification/rules", { ...rules, points: { ...rules.points, task_on_time: 45 } });
    expect(dataOf<typeof DEFAULT_RULES>(changed).points.task_on_time).toBe(45);
    expect((await call(editor, "PUT", "/gamification/rules", { ...rules, levels: [] })).statusCode).toBe(400);
    const at = new Date().toISOString();
    emit("job.delivered", { tenantId, courseId, jobId: crypto.randomUUID(), studentId: student.id, late: false, via: "files", at });
    await settled();
    const task = (await ledgerOf(student.id)).find((r) => r.reason === "task_on_time");
    expect(task?.points).toBe(45);
    await call(editor, "PUT", "/gamification/rules", DEFAULT_RULES);
  });
});

describe("the gamification socket", () => {
  it("lets in only students of a gamified edition", async () => {
    const refused = (who: Person) => openAs(who).then(() => null, (err: Error) => err.message);
    expect(await refused(teacher)).toBe("FORBIDDEN");
    expect(await refused(plainStudent)).toBe("FORBIDDEN");
    expect(await sockets.open(base, { namespace: GAMIFICATION_NAMESPACE, auth: {} }).then(() => null, (err: Error) => err.message)).toBe("UNAUTHORIZED");
    expect((await openAs(student)).connected).toBe(true);
  });

  it("joins only one's own room, pushes rewards live, and replays what a socket missed", async () => {
    const socket = await openAs(classmate);
    expect(await join(socket, { userGuid: student.id, since: null })).toEqual({ ok: false, error: "FORBIDDEN" });
    const profile = dataOf<GamificationProfile>(await call(classmate, "GET", "/gamification/profile"));
    const seen = recorder(socket);
    expect(await join(socket, { userGuid: classmate.id, since: profile.lastEntryId })).toEqual({ ok: true, lastEntryId: profile.lastEntryId });
    await answer(classmate, courseId, "q-live", true, "GAM.LIVE");
    await until(() => seen.some(([e]) => e === "pointsReward"), "a points reward");
    const points = seen.filter(([e]) => e === "pointsReward").map(([, p]) => p);
    expect(points.map((p) => p.reason).sort()).toEqual(["answer_right", "mastery_gain"]);
    expect(points.at(-1)?.totalPoints).toBe((await profileRow(classmate.id))?.points);
    const lastSeen = Math.max(...seen.map(([, p]) => p.entryId));
    socket.disconnect();

    // Awarded while away (a restart, a dropped connection): the next join with the last seen entry gets them.
    const given = dataOf<LedgerEntry>(await call(teacher, "POST", `/gamification/courses/${courseId}/medals`, { studentGuid: classmate.id, medalId: "curiosity", reason: "Preguntas geniales" }));
    const again = await openAs(classmate);
    const replayed = recorder(again);
    const ack = await join(again, { userGuid: classmate.id, since: lastSeen });
    expect(ack).toEqual({ ok: true, lastEntryId: given.id });
    expect(replayed.find(([e]) => e === "badgeReward")?.[1]).toMatchObject({ entryId: given.id, badge: { id: "curiosity", name: "Curiosidad" }, note: "Preguntas geniales" });
    expect(replayed.every(([, p]) => p.entryId > lastSeen)).toBe(true);
  });

  it("a socket away for long is sent the newest of what it missed (at most 50), oldest first", async () => {
    const profile = dataOf<GamificationProfile>(await call(student, "GET", "/gamification/profile"));
    const missed = await db()
      .insert(gamificationLedger)
      .values(Array.from({ length: 60 }, (_, i) => ({ tenantId, userId: student.id, courseId, key: `away:${i}:${crypto.randomUUID()}`, reason: "task_on_time", points: 1, day: "2026-01-01" })))
      .returning({ id: gamificationLedger.id });
    const socket = await openAs(student);
    const seen = recorder(socket);
    const ack = await join(socket, { userGuid: student.id, since: profile.lastEntryId });
    const ids = missed.map((r) => r.id).sort((a, b) => a - b);
    expect(ack).toEqual({ ok: true, lastEntryId: ids.at(-1) });
    expect(seen.map(([, p]) => p.entryId)).toEqual(ids.slice(-50));
  });

  it("a level reached is pushed as levelUp with the spec's shape", async () => {
    const socket = await openAs(classmate);
    const seen = recorder(socket);
    const profile = dataOf<GamificationProfile>(await call(classmate, "GET", "/gamification/profile"));
    await join(socket, { userGuid: classmate.id, since: profile.lastEntryId });
    // Enough on-time tasks to reach the next level.
    const need = Math.ceil(((profile.level.nextThreshold ?? 0) - profile.points) / DEFAULT_RULES.points.task_on_time) + 1;
    for (let i = 0; i < need; i++) {
      emit("job.delivered", { tenantId, courseId, jobId: crypto.randomUUID(), studentId: classmate.id, late: false, via: "files", at: new Date(Date.now() - i * 86_400_000).toISOString() });
      await settled();
    }
    await until(() => seen.some(([e]) => e === "levelUp"), "a level-up");
    const up = seen.find(([e]) => e === "levelUp")?.[1];
    expect(up).toMatchObject({ order: profile.level.order + 1, currentLevel: { order: profile.level.order + 1, threshold: profile.level.nextThreshold } });
  });
});
