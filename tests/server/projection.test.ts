process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import {
  PROJECTION_EVENTS,
  ProjectionSessionSchema,
  RemoteClaimResultSchema,
  ShortTokenSchema,
  type ProjectionAck,
  type ProjectionSession,
  type ProjectionState,
  type RemoteClaimResult,
} from "../../src/contracts/projection";
import {
  contents,
  courseLessons,
  coursePublications,
  lessonContents,
  lessonItems,
  lessons,
  projectionSessions,
  publications,
  units,
} from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";
import { extraInstance, listenLocally, socketPool } from "../support/realtime";

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;

let teacher: Person;
let coteacher: Person;
let student: Person;
let outsider: Person; // a teacher of another edition
let courseId: string;
let lessonId: string; // opened: items of its own
let freshLessonId: string; // never opened: the publisher's contents count
let foreignLessonId: string; // a lesson of a publication the class does not have

async function content(tenantId: string, title: string) {
  const [row] = await db().insert(contents).values({ tenantId, type: "CTTY_07", title }).returning();
  if (!row) throw new Error("content");
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, publicUrl: "https://aula.example.test" });
  const tenant = await buildTenant(db());
  const other = await buildTenant(db());
  teacher = await buildUser(db(), tenant.id, { role: "teacher" });
  coteacher = await buildUser(db(), tenant.id, { role: "coteacher" });
  student = await buildUser(db(), tenant.id, { role: "student" });
  outsider = await buildUser(db(), other.id, { role: "teacher" });
  const course = await buildCourse(db(), tenant.id, {
    name: "Matemáticas 1º A",
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: student.id, role: "student" },
    ],
  });
  courseId = course.id;
  const [pub] = await db().insert(publications).values({ tenantId: tenant.id, title: "Matemáticas" }).returning();
  const [otherPub] = await db().insert(publications).values({ tenantId: tenant.id, title: "Lengua" }).returning();
  if (!pub || !otherPub) throw new Error("publications");
  await db().insert(coursePublications).values({ courseId, publicationId: pub.id });
  const [unit] = await db().insert(units).values({ publicationId: pub.id, title: "Fracciones", order: 1 }).returning();
  const [otherUnit] = await db().insert(units).values({ publicationId: otherPub.id, title: "Verbos", order: 1 }).returning();
  if (!unit || !otherUnit) throw new Error("units");
  const made = await db()
    .insert(lessons)
    .values([
      { unitId: unit.id, title: "Sumar fracciones", order: 1 },
      { unitId: unit.id, title: "Restar fracciones", order: 2 },
      { unitId: otherUnit.id, title: "El verbo", order: 1 },
    ])
    .returning();
  [lessonId, freshLessonId, foreignLessonId] = made.map((l) => l.id) as [string, string, string];

  // The opened lesson: three published items (one retitled), a draft and a scheduled one.
  await db().insert(courseLessons).values({ courseId, lessonId });
  const items = [
    { title: "Intro", status: "published", position: 1 },
    { title: null, status: "published", position: 2 },
    { title: "Borrador", status: "draft", position: 3 },
    { title: "Ejercicios", status: "published", position: 4 },
    { title: "Más tarde", status: "scheduled", position: 5 },
  ];
  for (const [i, item] of items.entries()) {
    const c = await content(tenant.id, `Contenido ${i + 1}`);
    await db().insert(lessonItems).values({ tenantId: tenant.id, courseId, lessonId, contentId: c.id, ...item });
  }
  // The never-opened lesson: two publisher contents.
  for (const position of [1, 2]) {
    const c = await content(tenant.id, `Editorial ${position}`);
    await db().insert(lessonContents).values({ lessonId: freshLessonId, contentId: c.id, position });
  }
}, 180_000);
afterAll(() => t.close());

const post = async (url: string, who?: Person, payload?: object) =>
  t.app.inject({ method: "POST", url, ...(who ? { headers: await bearer(t.app, who) } : {}), ...(payload ? { payload } : {}) });
const get = async (url: string, who: Person) => t.app.inject({ method: "GET", url, headers: await bearer(t.app, who) });
const errorKey = (res: { json: <T>() => T }) => res.json<{ error: { key: string } }>().error.key;

async function startSession(who: Person = teacher, lesson = lessonId): Promise<ProjectionSession> {
  const res = await post("/api/projection/sessions", who, { courseGuid: courseId, lessonGuid: lesson });
  expect(res.statusCode).toBe(200);
  return ProjectionSessionSchema.parse(res.json<{ data: unknown }>().data);
}

async function claim(token: string): Promise<RemoteClaimResult> {
  const res = await post(`/api/projection/remote/${token}/claim`);
  expect(res.statusCode).toBe(200);
  return RemoteClaimResultSchema.parse(res.json<{ data: unknown }>().data);
}

describe("POST /api/projection/sessions", () => {
  it("starts a projection of the class's published items with a one-time remote URL", async () => {
    const session = await startSession();
    expect(ShortTokenSchema.safeParse(session.shortToken).success).toBe(true);
    expect(session.remoteUrl).toBe(`https://aula.example.test/remote/${session.shortToken}`);
    expect(session).toMatchObject({ courseGuid: courseId, lessonGuid: lessonId, position: 0, revealed: false, itemCount: 3, remoteConnected: false });
    const hours = (Date.parse(session.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
  });

  it("lets co-teachers project and counts the publisher's contents of a lesson the class never opened", async () => {
    const session = await startSession(coteacher, freshLessonId);
    expect(session.itemCount).toBe(2);
  });

  it("gives every session its own token", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await startSession()).shortToken);
    expect(tokens.size).toBe(5);
  });

  it("refuses students (403), other editions (404), lessons outside the class and bad bodies", async () => {
    const body = { courseGuid: courseId, lessonGuid: lessonId };
    expect((await post("/api/projection/sessions", student, body)).statusCode).toBe(403);
    const foreign = await post("/api/projection/sessions", outsider, body);
    expect(foreign.statusCode).toBe(404);
    const notInClass = await post("/api/projection/sessions", teacher, { courseGuid: courseId, lessonGuid: foreignLessonId });
    expect(notInClass.statusCode).toBe(404);
    expect(errorKey(notInClass)).toBe("LESSON_NOT_IN_COURSE");
    expect((await post("/api/projection/sessions", teacher, { courseGuid: courseId })).statusCode).toBe(400);
    expect((await post("/api/projection/sessions", undefined, body)).statusCode).toBe(401);
  });
});

describe("GET /api/projection/sessions/:sessionId", () => {
  it("answers the class's teachers only", async () => {
    const session = await startSession();
    const url = `/api/projection/sessions/${session.sessionId}`;
    const res = await get(url, coteacher);
    expect(res.statusCode).toBe(200);
    expect(ProjectionSessionSchema.parse(res.json<{ data: unknown }>().data).shortToken).toBe(session.shortToken);
    expect((await get(url, student)).statusCode).toBe(403);
    expect((await get(url, outsider)).statusCode).toBe(404);
  });
});

describe("POST /api/projection/remote/:shortToken/claim", () => {
  it("gives the first phone the remote and refuses every later one with PROJECTION_URL_USED", async () => {
    const session = await startSession();
    const claimed = await claim(session.shortToken);
    expect(claimed.sessionId).toBe(session.sessionId);
    expect(claimed.remoteSecret.length).toBeGreaterThanOrEqual(32);
    expect(claimed).toMatchObject({ lessonTitle: "Sumar fracciones", courseName: "Matemáticas 1º A" });
    expect(claimed.itemTitles).toEqual(["Intro", "Contenido 2", "Ejercicios"]);
    expect(claimed.state).toMatchObject({ position: 0, itemCount: 3, remoteConnected: true });
    const [row] = await db().select().from(projectionSessions).where(eq(projectionSessions.id, session.sessionId));
    expect(row?.remoteSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.remoteSecretHash).not.toContain(claimed.remoteSecret);

    const again = await post(`/api/projection/remote/${session.shortToken}/claim`);
    expect(again.statusCode).toBe(410);
    expect(errorKey(again)).toBe("PROJECTION_URL_USED");
  });

  it("lets exactly one of two simultaneous phones win", async () => {
    const session = await startSession();
    const [a, b] = await Promise.all([post(`/api/projection/remote/${session.shortToken}/claim`), post(`/api/projection/remote/${session.shortToken}/claim`)]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 410]);
  });

  it("answers 404 for an unknown token", async () => {
    const res = await post("/api/projection/remote/ZZZZZZZZ/claim");
    expect(res.statusCode).toBe(404);
    expect(errorKey(res)).toBe("NOT_FOUND");
  });

  it("works again after 'generate another', and the replaced token says it was used", async () => {
    const session = await startSession();
    await claim(session.shortToken);
    const res = await post(`/api/projection/sessions/${session.sessionId}/token`, teacher);
    expect(res.statusCode).toBe(200);
    const renewed = ProjectionSessionSchema.parse(res.json<{ data: unknown }>().data);
    expect(renewed.shortToken).not.toBe(session.shortToken);
    expect(renewed.remoteConnected).toBe(false);
    expect((await claim(renewed.shortToken)).sessionId).toBe(session.sessionId);
    const stale = await post(`/api/projection/remote/${session.shortToken}/claim`);
    expect(stale.statusCode).toBe(410);
    expect(errorKey(stale)).toBe("PROJECTION_URL_USED");
    // Replaced twice: both earlier tokens stay refused as used.
    const again = ProjectionSessionSchema.parse((await post(`/api/projection/sessions/${session.sessionId}/token`, teacher)).json<{ data: unknown }>().data);
    expect(again.shortToken).not.toBe(renewed.shortToken);
    for (const old of [session.shortToken, renewed.shortToken]) expect(errorKey(await post(`/api/projection/remote/${old}/claim`))).toBe("PROJECTION_URL_USED");
    expect((await post(`/api/projection/sessions/${session.sessionId}/token`, student)).statusCode).toBe(403);
  });

  it("refuses an ended projection with PROJECTION_EXPIRED", async () => {
    const session = await startSession();
    await db()
      .update(projectionSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectionSessions.id, session.sessionId));
    const res = await post(`/api/projection/remote/${session.shortToken}/claim`);
    expect(res.statusCode).toBe(410);
    expect(errorKey(res)).toBe("PROJECTION_EXPIRED");
    const renew = await post(`/api/projection/sessions/${session.sessionId}/token`, teacher);
    expect(renew.statusCode).toBe(410);
    expect(errorKey(renew)).toBe("PROJECTION_EXPIRED");
  });
});

describe("socket.io namespace /projection", () => {
  let base: string;
  const sockets = socketPool();
  beforeAll(async () => {
    base = await listenLocally(t.app);
  });
  afterEach(() => sockets.closeAll());

  const open = (auth?: { token: string }): Promise<Socket> => sockets.open(base, { namespace: "/projection", auth: auth ?? {} });
  const tokenOf = async (who: Person) => (await bearer(t.app, who)).authorization.replace(/^Bearer /, "");
  const screen = async (who: Person = teacher) => open({ token: await tokenOf(who) });
  const send = (socket: Socket, event: string, payload: object): Promise<ProjectionAck> =>
    socket.timeout(5000).emitWithAck(event, payload) as Promise<ProjectionAck>;
  const nextState = (socket: Socket, match: (s: ProjectionState) => boolean = () => true) =>
    new Promise<ProjectionState>((resolve) => {
      const listener = (state: ProjectionState) => {
        if (!match(state)) return;
        socket.off(PROJECTION_EVENTS.state, listener);
        resolve(state);
      };
      socket.on(PROJECTION_EVENTS.state, listener);
    });
  const stateOf = (ack: ProjectionAck): ProjectionState => {
    if (!ack.ok) throw new Error(`refused: ${ack.error}`);
    return ack.state;
  };

  it("keeps the screen and the phone in step: the phone's commands move the screen, clamped to the items", async () => {
    const session = await startSession();
    const { sessionId } = session;
    const tv = await screen();
    const joined = await send(tv, PROJECTION_EVENTS.join, { sessionId });
    expect(stateOf(joined)).toMatchObject({ sessionId, position: 0, itemCount: 3, remoteConnected: false });

    const claimed = await claim(session.shortToken);
    const phone = await open();
    const seesPhone = nextState(tv, (s) => s.remoteConnected);
    const phoneJoin = await send(phone, PROJECTION_EVENTS.join, { sessionId, remoteSecret: claimed.remoteSecret });
    expect(phoneJoin.ok && phoneJoin.info?.itemTitles).toEqual(["Intro", "Contenido 2", "Ejercicios"]);
    expect((await seesPhone).remoteConnected).toBe(true);

    const moved = nextState(tv, (s) => s.position === 1);
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "next" })).position).toBe(1);
    expect(await moved).toMatchObject({ position: 1, revealed: false, remoteConnected: true });

    // The screen's own navigation reaches the phone too.
    const phoneSees = nextState(phone, (s) => s.position === 2);
    await send(tv, PROJECTION_EVENTS.command, { sessionId, command: "next" });
    expect((await phoneSees).position).toBe(2);

    // Clamped at both ends.
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "next" })).position).toBe(2);
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "goto", position: 40 })).position).toBe(2);
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "goto", position: 0 })).position).toBe(0);
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "previous" })).position).toBe(0);

    // Reveal, and moving on hides the answers again.
    const revealed = nextState(tv, (s) => s.revealed);
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "reveal" })).revealed).toBe(true);
    await revealed;
    expect(stateOf(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "next" }))).toMatchObject({ position: 1, revealed: false });

    const [row] = await db().select().from(projectionSessions).where(eq(projectionSessions.id, sessionId));
    expect(row).toMatchObject({ position: 1, revealed: false });

    // The phone goes away: the screen hears it.
    const gone = nextState(tv, (s) => !s.remoteConnected);
    phone.disconnect();
    expect((await gone).remoteConnected).toBe(false);
  });

  it("refuses a wrong secret, a student's token, no token, another edition and commands before joining", async () => {
    const session = await startSession();
    const { sessionId } = session;
    await claim(session.shortToken);
    const phone = await open();
    expect(await send(phone, PROJECTION_EVENTS.join, { sessionId, remoteSecret: "not-the-secret" })).toEqual({ ok: false, error: "PROJECTION_URL_USED" });
    expect(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "next" })).toEqual({ ok: false, error: "FORBIDDEN" });
    expect(await send(await screen(student), PROJECTION_EVENTS.join, { sessionId })).toEqual({ ok: false, error: "FORBIDDEN" });
    expect(await send(await screen(outsider), PROJECTION_EVENTS.join, { sessionId })).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await send(await open(), PROJECTION_EVENTS.join, { sessionId })).toEqual({ ok: false, error: "UNAUTHORIZED" });
    expect(await send(await open({ token: "garbage" }), PROJECTION_EVENTS.join, { sessionId })).toEqual({ ok: false, error: "SESSION_EXPIRED" });
    expect(await send(phone, PROJECTION_EVENTS.join, { sessionId: "nope" })).toEqual({ ok: false, error: "VALIDATION_ERROR" });
    // A co-teacher may drive the screen.
    expect((await send(await screen(coteacher), PROJECTION_EVENTS.join, { sessionId })).ok).toBe(true);
  });

  it("revokes the previous phone when another URL is generated", async () => {
    const session = await startSession();
    const { sessionId } = session;
    const claimed = await claim(session.shortToken);
    const phone = await open();
    expect((await send(phone, PROJECTION_EVENTS.join, { sessionId, remoteSecret: claimed.remoteSecret })).ok).toBe(true);
    expect((await post(`/api/projection/sessions/${sessionId}/token`, teacher)).statusCode).toBe(200);
    expect(await send(phone, PROJECTION_EVENTS.command, { sessionId, command: "next" })).toEqual({ ok: false, error: "PROJECTION_URL_USED" });
    const [row] = await db().select().from(projectionSessions).where(eq(projectionSessions.id, sessionId));
    expect(row?.position).toBe(0);
  });

  it("refuses to join an ended projection", async () => {
    const session = await startSession();
    await db()
      .update(projectionSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectionSessions.id, session.sessionId));
    expect(await send(await screen(), PROJECTION_EVENTS.join, { sessionId: session.sessionId })).toEqual({ ok: false, error: "PROJECTION_EXPIRED" });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: runs when TEST_REDIS_URL is set (.ci/run sets it).
const describeWithRedis = redisUrl ? describe : describe.skip;

describeWithRedis("socket.io rooms across instances (REDIS_URL)", () => {
  const instances: Array<Awaited<ReturnType<typeof extraInstance>>> = [];
  const sockets = socketPool();
  afterAll(async () => {
    sockets.closeAll();
    for (const i of instances) await i.close();
  });

  /** Another instance of the product on the same database, sharing Redis. */
  async function instance(): Promise<string> {
    const started = await extraInstance(t.database, { redisUrl });
    instances.push(started);
    return started.base;
  }
  const open = (base: string, auth: object = {}) => sockets.open(base, { namespace: "/projection", auth });

  it("moves a screen on one instance from a phone on another", async () => {
    const [a, b] = [await instance(), await instance()];
    const session = await startSession();
    const { sessionId } = session;
    const token = (await bearer(t.app, teacher)).authorization.replace(/^Bearer /, "");
    const tv = await open(a, { token });
    expect(((await tv.timeout(5000).emitWithAck(PROJECTION_EVENTS.join, { sessionId })) as ProjectionAck).ok).toBe(true);
    const claimed = await claim(session.shortToken);
    const phone = await open(b);
    const seesPhone = new Promise<ProjectionState>((resolve) => tv.on(PROJECTION_EVENTS.state, (s: ProjectionState) => s.remoteConnected && resolve(s)));
    await phone.timeout(5000).emitWithAck(PROJECTION_EVENTS.join, { sessionId, remoteSecret: claimed.remoteSecret });
    expect((await seesPhone).remoteConnected).toBe(true);
    const moved = new Promise<ProjectionState>((resolve) => tv.on(PROJECTION_EVENTS.state, (s: ProjectionState) => s.position === 1 && resolve(s)));
    await phone.timeout(5000).emitWithAck(PROJECTION_EVENTS.command, { sessionId, command: "next" });
    expect((await moved).position).toBe(1);
  });
});
