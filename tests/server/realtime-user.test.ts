process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import type { Socket } from "socket.io-client";
import { CALENDAR_SOCKET_EVENTS, type CalendarChangedPush } from "../../src/contracts/calendar-base";
import { KANBAN_SOCKET_EVENTS, KANBAN_TAB_HEADER } from "../../src/contracts/kanban-base";
import { NOTIFICATION_EVENTS, NotificationViewSchema, type NotificationView } from "../../src/contracts/notifications";
import { RoleSchema } from "../../src/contracts/common";
import { coursePublications, lessons, publications, units } from "../../src/server/db/schema";
import { insertNotifications } from "../../src/server/modules/notifications/service";
import type { FastifyInstance } from "fastify";
import { courseRoom, userRoom, USER_SOCKET_EVENTS, type RefreshAck } from "../../src/server/realtime/user-rooms";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildSchool, buildTenant, buildUser } from "../support/factories";
import { extraInstance, listenLocally, socketPool } from "../support/realtime";

let t: TestApp;
let base: string;
const db = () => t.app.ctx.db;
type Person = Awaited<ReturnType<typeof buildUser>>;

let ana: Person;
let bea: Person;
let courseId: string;
let archivedId: string;
let laterId: string; // a class Ana joins while connected

beforeAll(async () => {
  t = await buildTestApp({ seedDemo: false, services: ["web"] });
  const tenant = await buildTenant(db());
  ana = await buildUser(db(), tenant.id, { role: "student", firstName: "Ana" });
  bea = await buildUser(db(), tenant.id, { role: "student", firstName: "Bea" });
  courseId = (await buildCourse(db(), tenant.id, { members: [{ userId: ana.id, role: "student" }] })).id;
  archivedId = (await buildCourse(db(), tenant.id, { archived: true, members: [{ userId: ana.id, role: "student" }] })).id;
  laterId = (await buildCourse(db(), tenant.id)).id;
  base = await listenLocally(t.app);
}, 120_000);
afterAll(() => t.close());

const sockets = socketPool();
afterEach(() => sockets.closeAll());

const tokenOf = async (app: FastifyInstance, who: Person) => (await bearer(app, who)).authorization.replace(/^Bearer /, "");
const openAs = async (who: Person, at = base, app = t.app) => sockets.open(at, { auth: { token: await tokenOf(app, who) } });

/** The connect_error a handshake is refused with. */
const refusal = (auth: object) => sockets.open(base, { auth }).then(
  () => null,
  (err: Error) => err.message,
);

/** The next notification the socket receives (rejects after 5 s so a missing push fails, not hangs). */
const nextNotification = (socket: Socket): Promise<NotificationView> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no notification arrived")), 5000);
    socket.once(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      clearTimeout(timer);
      resolve(NotificationViewSchema.parse(payload));
    });
  });

/** Stores a notification for `who` the way producers do (it announces "notification.created"). */
const notify = (app: FastifyInstance, who: Person, title: string) =>
  insertNotifications(
    app.ctx.db,
    app.ctx.events,
    { tenantId: who.tenantId, type: "tenant", actorId: null, courseId: null, jobId: null, data: { title, link: "/home" }, dedupeKey: `test:${crypto.randomUUID()}` },
    [who.id],
  );

const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

describe("socket.io default namespace: user and class rooms", () => {
  it("refuses a handshake without a valid access token", async () => {
    expect(await refusal({})).toBe("UNAUTHORIZED");
    expect(await refusal({ token: "not-a-jwt" })).toBe("SESSION_EXPIRED");
    // Signed with another secret: not ours.
    const other = await extraInstance(t.database, { jwtSecret: "another-secret-another-secret-another-1" });
    try {
      expect(await refusal({ token: await tokenOf(other.app, ana) })).toBe("SESSION_EXPIRED");
    } finally {
      await other.close();
    }
    // Expired.
    const expired = await t.app.ctx.tokens.sign(
      { userId: ana.id, tenantId: ana.tenantId, role: "student", sessionId: crypto.randomUUID() },
      new Date(Date.now() - (t.app.ctx.tokens.ttl + 60) * 1000),
    );
    expect(await refusal({ token: expired })).toBe("SESSION_EXPIRED");
  });

  it("pushes a notification to its user's sockets only, presented as the REST list presents it", async () => {
    const [anaTab, anaOtherTab, beaTab] = [await openAs(ana), await openAs(ana), await openAs(bea)];
    const seenByBea: NotificationView[] = [];
    beaTab.on(NOTIFICATION_EVENTS.created, (n: NotificationView) => seenByBea.push(n));

    const arriving = [nextNotification(anaTab), nextNotification(anaOtherTab)];
    const [id] = await notify(t.app, ana, "Para Ana");
    const [pushed, pushedToo] = await Promise.all(arriving);
    expect(pushed).toMatchObject({ id, type: "tenant", category: "social", title: "Para Ana", link: "/home" });
    expect(pushedToo).toEqual(pushed);
    const listed = await t.app.inject({ method: "GET", url: "/api/notifications?type=tenant", headers: await bearer(t.app, ana) });
    expect(listed.json<{ data: { data: unknown[] } }>().data.data[0]).toEqual(pushed);

    // Bea's own arrives, and nothing of Ana's came before it on her socket.
    const beaNext = nextNotification(beaTab);
    await notify(t.app, bea, "Para Bea");
    expect((await beaNext).title).toBe("Para Bea");
    expect(seenByBea.map((n) => n.title)).toEqual(["Para Bea"]);
  });

  it("puts the socket in its classes' rooms (not archived ones) and in a class it joins later", async () => {
    const tab = await openAs(ana);
    const inRoom = async (room: string) => (await t.app.io.in(room).fetchSockets()).some((s) => s.id === tab.id);
    expect(await inRoom(userRoom(ana.id))).toBe(true);
    expect(await inRoom(courseRoom(courseId))).toBe(true);
    expect(await inRoom(courseRoom(archivedId))).toBe(false);
    expect(await inRoom(courseRoom(laterId))).toBe(false);

    t.app.ctx.events.emit("course.memberJoined", { tenantId: ana.tenantId, courseId: laterId, userId: ana.id, role: "student" });
    await t.app.ctx.background.settled();
    expect(await inRoom(courseRoom(laterId))).toBe(true);
  });

  it("re-authenticates with a refreshed token, and disconnects a socket handed someone else's", async () => {
    const tab = await openAs(ana);
    const refresh = (token: unknown) => tab.timeout(5000).emitWithAck(USER_SOCKET_EVENTS.refresh, { token }) as Promise<RefreshAck>;
    expect(await refresh(await tokenOf(t.app, ana))).toEqual({ ok: true });
    expect(tab.connected).toBe(true);

    const gone = disconnected(tab);
    expect(await refresh(await tokenOf(t.app, bea))).toEqual({ ok: false, error: "FORBIDDEN" });
    expect(await gone).toBe("io server disconnect");

    const other = await openAs(ana);
    const goneToo = disconnected(other);
    expect(await (other.timeout(5000).emitWithAck(USER_SOCKET_EVENTS.refresh, { token: "garbage" }) as Promise<RefreshAck>)).toEqual({
      ok: false,
      error: "SESSION_EXPIRED",
    });
    expect(await goneToo).toBe("io server disconnect");
  });

  it("disconnects a socket when its token expires unless it was refreshed", async () => {
    // Tokens that expire in one to two seconds (their expiry is counted in whole seconds).
    const { ttl } = t.app.ctx.tokens;
    const shortLived = () =>
      t.app.ctx.tokens.sign(
        { userId: ana.id, tenantId: ana.tenantId, role: RoleSchema.parse(ana.role), sessionId: crypto.randomUUID() },
        new Date(Date.now() - (ttl - 2) * 1000),
      );
    const refreshed = await sockets.open(base, { auth: { token: await shortLived() } });
    const lapsed = await sockets.open(base, { auth: { token: await shortLived() } });
    expect(await (refreshed.timeout(5000).emitWithAck(USER_SOCKET_EVENTS.refresh, { token: await tokenOf(t.app, ana) }) as Promise<RefreshAck>)).toEqual({ ok: true });
    expect(await disconnected(lapsed)).toBe("io server disconnect");
    // The refreshed one's old expiry has passed too (it was set first): it stays.
    expect(refreshed.connected).toBe(true);
  });
});

/** Every push of `event` the socket receives from now on. */
const heard = (socket: Socket, event: string): CalendarChangedPush[] => {
  const seen: CalendarChangedPush[] = [];
  socket.on(event, (push: CalendarChangedPush) => seen.push(push));
  return seen;
};

/** The next push of `event` (rejects after 5 s so a missing push fails, not hangs). */
const nextPush = (socket: Socket, event: string): Promise<CalendarChangedPush> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} arrived`)), 5000);
    socket.once(event, (payload: CalendarChangedPush) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe("calendar and membership pushes", () => {
  it("a class holiday or extra class reaches its members' and its school admins' tabs, no one else's; a removed student stops hearing the class", async () => {
    const tenant = await buildTenant(db());
    const school = await buildSchool(db(), tenant.id);
    const teacher = await buildUser(db(), tenant.id, { role: "teacher", schoolId: school.id });
    const admin = await buildUser(db(), tenant.id, { role: "school_admin", schoolId: school.id });
    const otherAdmin = await buildUser(db(), tenant.id, { role: "school_admin", schoolId: (await buildSchool(db(), tenant.id)).id });
    const [eva, leo] = [await buildUser(db(), tenant.id, { role: "student" }), await buildUser(db(), tenant.id, { role: "student" })];
    const course = await buildCourse(db(), tenant.id, {
      schoolId: school.id,
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: eva.id, role: "student" },
      ],
    });
    const [evaTab, adminTab, otherAdminTab, leoTab] = [await openAs(eva), await openAs(admin), await openAs(otherAdmin), await openAs(leo)];
    const strays = [heard(otherAdminTab, CALENDAR_SOCKET_EVENTS.changed), heard(leoTab, CALENDAR_SOCKET_EVENTS.changed)];
    const addHoliday = async (name: string) => {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/calendar/holiday",
        headers: await bearer(t.app, teacher),
        payload: { name, startDate: "2027-03-08", endDate: "2027-03-08", calendarGuids: [course.id] },
      });
      expect(created.statusCode).toBe(201);
    };

    const arriving = [nextPush(evaTab, CALENDAR_SOCKET_EVENTS.changed), nextPush(adminTab, CALENDAR_SOCKET_EVENTS.changed)];
    await addHoliday("Día del centro");
    expect(await Promise.all(arriving)).toEqual([{ calendarGuids: [course.id] }, { calendarGuids: [course.id] }]);
    // An extra class too.
    const extra = nextPush(evaTab, CALENDAR_SOCKET_EVENTS.changed);
    const added = await t.app.inject({
      method: "POST",
      url: `/api/calendar/${course.id}/extra-classes`,
      headers: await bearer(t.app, teacher),
      payload: { title: "Repaso", startsAt: "2027-03-09T15:00:00.000Z", endsAt: "2027-03-09T16:00:00.000Z" },
    });
    expect(added.statusCode).toBe(201);
    expect(await extra).toEqual({ calendarGuids: [course.id] });

    // The teacher takes Eva out of the class: her tabs hear it, then hear nothing more of it.
    const evaChanges = heard(evaTab, CALENDAR_SOCKET_EVENTS.changed);
    const left = nextPush(evaTab, CALENDAR_SOCKET_EVENTS.classLeft);
    const removed = await t.app.inject({ method: "DELETE", url: `/api/front/courses/${course.id}/members/${eva.id}`, headers: await bearer(t.app, teacher) });
    expect(removed.statusCode).toBe(204);
    expect(await left).toEqual({ calendarGuids: [course.id] });
    await t.app.ctx.background.settled();
    expect((await t.app.io.in(courseRoom(course.id)).fetchSockets()).some((socket) => socket.id === evaTab.id)).toBe(false);

    const adminHears = nextPush(adminTab, CALENDAR_SOCKET_EVENTS.changed);
    await addHoliday("Jornada de puertas abiertas");
    await adminHears;
    await t.app.ctx.background.settled();
    expect(evaChanges).toEqual([]);
    expect(strays).toEqual([[], []]);

    // A whole-school holiday from the school admin reaches the tabs of the school's classes.
    const teacherTab = await openAs(teacher);
    const schoolWide = nextPush(teacherTab, CALENDAR_SOCKET_EVENTS.changed);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/calendar/holiday",
      headers: await bearer(t.app, admin),
      payload: { name: "Fiesta local", startDate: "2027-05-15", endDate: "2027-05-15", schoolWide: true },
    });
    expect(created.statusCode).toBe(201);
    expect(await schoolWide).toEqual({ calendarGuids: [course.id] });

    // Archived, the class leaves its members' tabs.
    const archived = nextPush(teacherTab, CALENDAR_SOCKET_EVENTS.classLeft);
    expect((await t.app.inject({ method: "DELETE", url: `/api/front/courses/${course.id}`, headers: await bearer(t.app, teacher) })).statusCode).toBe(204);
    expect(await archived).toEqual({ calendarGuids: [course.id] });
    await t.app.ctx.background.settled();
    expect(await t.app.io.in(courseRoom(course.id)).fetchSockets()).toEqual([]);
  });
});

describe("board pushes", () => {
  it("a student's board change reaches their other tabs (naming the tab that made it) and, for a lesson board, the class's teachers; never a classmate", async () => {
    const tenant = await buildTenant(db());
    const teacher = await buildUser(db(), tenant.id, { role: "teacher" });
    const [eva, leo] = [await buildUser(db(), tenant.id, { role: "student" }), await buildUser(db(), tenant.id, { role: "student" })];
    const course = await buildCourse(db(), tenant.id, {
      members: [
        { userId: teacher.id, role: "teacher" },
        { userId: eva.id, role: "student" },
        { userId: leo.id, role: "student" },
      ],
    });
    const [publication] = await db().insert(publications).values({ tenantId: tenant.id, title: "Libro" }).returning();
    const [unit] = await db().insert(units).values({ publicationId: publication?.id ?? "", title: "Unidad", order: 1 }).returning();
    const [lesson] = await db().insert(lessons).values({ unitId: unit?.id ?? "", title: "Lección", order: 1 }).returning();
    await db().insert(coursePublications).values({ courseId: course.id, publicationId: publication?.id ?? "" });
    const [evaTab, evaOtherTab, teacherTab, leoTab] = [await openAs(eva), await openAs(eva), await openAs(teacher), await openAs(leo)];
    const strays = heard(leoTab, KANBAN_SOCKET_EVENTS.changed);
    const add = async (body: object, tab?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/front/kanban/cards",
        headers: { ...(await bearer(t.app, eva)), ...(tab ? { [KANBAN_TAB_HEADER]: tab } : {}) },
        payload: { text: "Repasar", column: "to_do", ...body },
      });

    // Her whole-tasks board: her tabs only.
    const own = [nextPush(evaTab, KANBAN_SOCKET_EVENTS.changed), nextPush(evaOtherTab, KANBAN_SOCKET_EVENTS.changed)];
    const teacherHeard = heard(teacherTab, KANBAN_SOCKET_EVENTS.changed);
    expect((await add({}, "tab-1")).statusCode).toBe(201);
    expect(await Promise.all(own)).toEqual([
      { studentGuid: eva.id, courseGuid: null, origin: "tab-1" },
      { studentGuid: eva.id, courseGuid: null, origin: "tab-1" },
    ]);

    // A lesson's board: her tabs and the class's teacher; a tab id that is not one is dropped.
    const lessonBoard = { courseGuid: course.id, lessonGuid: lesson?.id };
    const both = [nextPush(evaOtherTab, KANBAN_SOCKET_EVENTS.changed), nextPush(teacherTab, KANBAN_SOCKET_EVENTS.changed)];
    expect((await add(lessonBoard, "<script>")).statusCode).toBe(201);
    expect(await Promise.all(both)).toEqual([
      { studentGuid: eva.id, courseGuid: course.id, origin: null },
      { studentGuid: eva.id, courseGuid: course.id, origin: null },
    ]);
    await t.app.ctx.background.settled();
    expect(teacherHeard).toHaveLength(1);
    expect(strays).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: runs when TEST_REDIS_URL is set (.ci/run sets it).
const describeWithRedis = redisUrl ? describe : describe.skip;

describeWithRedis("notifications across instances (REDIS_URL)", () => {
  it("a notification stored on one instance reaches the user's socket on another", async () => {
    const [one, two] = [await extraInstance(t.database, { redisUrl }), await extraInstance(t.database, { redisUrl })];
    try {
      const tab = await openAs(ana, two.base, two.app);
      const arriving = nextNotification(tab);
      const [id] = await notify(one.app, ana, "Desde la instancia 1");
      expect(await arriving).toMatchObject({ id, title: "Desde la instancia 1" });
    } finally {
      sockets.closeAll();
      await one.close();
      await two.close();
    }
  });
});
