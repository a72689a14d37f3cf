import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Namespace, Server, Socket } from "socket.io";
import type { ErrorKey } from "../../contracts/constants";
import { CALENDAR_SOCKET_EVENTS, type CalendarChangedPush } from "../../contracts/calendar-base";
import { KANBAN_SOCKET_EVENTS, type KanbanChangedPush } from "../../contracts/kanban-base";
import { NOTIFICATION_EVENTS, type NotificationView } from "../../contracts/notifications";
import { courseMembers, courses } from "../db/schema";
import { callerSchool } from "../modules/courses/access";
import { seesWholeSchool } from "../modules/courses/policy";
import { presentNotification } from "../modules/notifications/presenter";
import { loadNotificationRows } from "../modules/notifications/service";
import type { AccessClaims } from "../platform/tokens";

export const userRoom = (userId: string): string => `user:${userId}`;
export const courseRoom = (courseId: string): string => `course:${courseId}`;
/** The school admins of a school: they oversee every class of it without being members. */
export const schoolRoom = (schoolId: string): string => `school:${schoolId}`;

/** Socket.io events of the default namespace, besides NOTIFICATION_EVENTS (server -> client). */
export const USER_SOCKET_EVENTS = {
  /** client -> server: `{ token }`, the access token a refresh just gave; acked `{ ok }` or `{ ok: false, error }`. */
  refresh: "auth:refresh",
} as const;

export type RefreshAck = { ok: true } | { ok: false; error: ErrorKey };

/** setTimeout's largest delay (about 24.8 days); a longer-lived token is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** What a socket holds (plain data: the Redis adapter ships it between instances). */
type SocketData = { userId: string; tenantId: string; expiresAt: number; courseIds: string[]; schoolId: string | null };
type ClientEvents = { [USER_SOCKET_EVENTS.refresh]: (payload: unknown, ack?: (answer: RefreshAck) => void) => void };
type ServerEvents = {
  [NOTIFICATION_EVENTS.created]: (notification: NotificationView) => void;
  [CALENDAR_SOCKET_EVENTS.changed]: (push: CalendarChangedPush) => void;
  [CALENDAR_SOCKET_EVENTS.classLeft]: (push: CalendarChangedPush) => void;
  [KANBAN_SOCKET_EVENTS.changed]: (push: KanbanChangedPush) => void;
};
type UserNamespace = Namespace<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type UserSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

type Session = { claims: AccessClaims; expiresAt: number };

/**
 * The default namespace (spec §9, issue 14 item 5): one connection per signed-in tab, authenticated
 * with the bearer access token exactly as HTTP is (handshake `auth: { token }`), refused with a
 * connect_error otherwise. A socket sits in `user:<guid>` and in `course:<guid>` for each class the
 * user belongs to (not archived), and follows new memberships ("course.memberJoined") and lost ones
 * ("course.memberLeft", "course.archived"); a school admin's also sits in `school:<guid>`. Tokens are
 * short-lived: the client sends the refreshed one ("auth:refresh"), and a socket whose token expired
 * without one is disconnected. Each stored notification ("notification.created") is pushed to its
 * user's room with the REST presenter; socketsJoin and room emits reach every instance through the
 * Redis adapter.
 */
export function registerUserRooms(io: Server, app: FastifyInstance, closing: () => boolean = () => false): void {
  const nsp = io.of("/") as unknown as UserNamespace;
  const { tokens, events, background } = app.ctx;
  const db = () => app.ctx.db;
  const expiryTimers = new Map<string, NodeJS.Timeout>();

  const verify = async (token: unknown): Promise<Session | null> => {
    if (typeof token !== "string" || token.length === 0 || token.length > 4096) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? { claims, expiresAt: exp * 1000 } : null;
  };

  /** Disconnects the socket when its token expires, unless a refresh moves the time first. */
  const watchExpiry = (socket: UserSocket) => {
    clearTimeout(expiryTimers.get(socket.id));
    const delay = socket.data.expiresAt - Date.now();
    const timer = setTimeout(() => {
      if (socket.data.expiresAt <= Date.now()) socket.disconnect(true);
      else watchExpiry(socket);
    }, Math.min(Math.max(delay, 0), MAX_TIMER_MS));
    timer.unref();
    expiryTimers.set(socket.id, timer);
  };

  /** The school a school admin oversees (their own), or null for everyone else. */
  const overseenSchool = async (claims: AccessClaims): Promise<string | null> => {
    if (!seesWholeSchool(claims.role)) return null;
    return callerSchool(db(), claims);
  };

  const memberCourses = async (claims: AccessClaims): Promise<string[]> => {
    const rows = await db()
      .select({ id: courses.id })
      .from(courseMembers)
      .innerJoin(courses, and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, claims.tenantId), eq(courses.archived, false)))
      .where(eq(courseMembers.userId, claims.userId));
    return rows.map((r) => r.id);
  };

  nsp.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const refuse = (key: ErrorKey) => next(Object.assign(new Error(key), { data: { key } }));
    verify(token)
      .then(async (session) => {
        if (!session) return refuse(typeof token === "string" && token ? "SESSION_EXPIRED" : "UNAUTHORIZED");
        const [courseIds, schoolId] = await Promise.all([memberCourses(session.claims), overseenSchool(session.claims)]);
        socket.data = { userId: session.claims.userId, tenantId: session.claims.tenantId, expiresAt: session.expiresAt, courseIds, schoolId };
        next();
      })
      .catch((err: unknown) => {
        app.log.error({ err }, "socket authentication failed");
        refuse("INTERNAL_ERROR");
      });
  });

  nsp.on("connection", (socket) => {
    // Synchronously, before anything else can reach the socket: its rooms are there when the client sees "connect".
    const { userId, courseIds, schoolId } = socket.data;
    void socket.join([userRoom(userId), ...courseIds.map(courseRoom), ...(schoolId ? [schoolRoom(schoolId)] : [])]);
    watchExpiry(socket);

    socket.on(USER_SOCKET_EVENTS.refresh, (payload, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      const token = payload && typeof payload === "object" ? (payload as Record<string, unknown>).token : undefined;
      verify(token).then(
        (session) => {
          if (!session) {
            reply({ ok: false, error: "SESSION_EXPIRED" });
            socket.disconnect(true);
          } else if (session.claims.userId !== socket.data.userId || session.claims.tenantId !== socket.data.tenantId) {
            // A tab that signed in as someone else must reconnect as them: its rooms are the old user's.
            reply({ ok: false, error: "FORBIDDEN" });
            socket.disconnect(true);
          } else {
            socket.data.expiresAt = session.expiresAt;
            watchExpiry(socket);
            reply({ ok: true });
          }
        },
        (err: unknown) => {
          app.log.error({ err }, "socket re-authentication failed");
          reply({ ok: false, error: "INTERNAL_ERROR" });
        },
      );
    });

    socket.on("disconnect", () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });
  });

  events.listen(background, "course.memberJoined", "realtime", async ({ userId, courseId }) => {
    if (closing()) return;
    nsp.in(userRoom(userId)).socketsJoin(courseRoom(courseId));
  });

  // Out of a class: the user's tabs hear it (their lists and calendars drop it), then leave its room.
  events.listen(background, "course.memberLeft", "realtime", async ({ userId, courseId }) => {
    if (closing()) return;
    nsp.to(userRoom(userId)).emit(CALENDAR_SOCKET_EVENTS.classLeft, { calendarGuids: [courseId] });
    nsp.in(userRoom(userId)).socketsLeave(courseRoom(courseId));
  });
  events.listen(background, "course.archived", "realtime", async ({ courseId }) => {
    if (closing()) return;
    nsp.to(courseRoom(courseId)).emit(CALENDAR_SOCKET_EVENTS.classLeft, { calendarGuids: [courseId] });
    nsp.in(courseRoom(courseId)).socketsLeave(courseRoom(courseId));
  });

  /*
   * A calendar changed: its class's room hears it, and so do the school admins of its school. A
   * whole-school change reaches every class of the school. A tab in several of the rooms hears it
   * once (socket.io sends one message per socket for a list of rooms).
   */
  /*
   * A student's board changed: their own tabs (all of them; the one that made the change knows
   * itself by `origin`) and, for a lesson's board, the class's teachers, who see every student's
   * progress there. Classmates are never told.
   */
  events.listen(background, "kanban.changed", "realtime", async ({ tenantId, userId, courseId, origin }) => {
    if (closing()) return;
    const teachers = courseId
      ? await db()
          .select({ userId: courseMembers.userId })
          .from(courseMembers)
          .innerJoin(courses, and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, tenantId)))
          .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ["teacher", "coteacher"])))
      : [];
    const rooms = [userRoom(userId), ...teachers.map((t) => userRoom(t.userId))];
    nsp.to(rooms).emit(KANBAN_SOCKET_EVENTS.changed, { studentGuid: userId, courseGuid: courseId, origin });
  });

  events.listen(background, "calendar.changed", "realtime", async ({ tenantId, courseIds, schoolIds }) => {
    if (closing()) return;
    // One read: the live classes of the schools named, and the schools of the classes named.
    const rows =
      schoolIds.length + courseIds.length > 0
        ? await db()
            .select({ id: courses.id, schoolId: courses.schoolId })
            .from(courses)
            .where(
              and(
                eq(courses.tenantId, tenantId),
                or(and(inArray(courses.schoolId, schoolIds), eq(courses.archived, false)), inArray(courses.id, courseIds)),
              ),
            )
        : [];
    const named = new Set(courseIds);
    const ofSchools = rows.filter((c) => c.schoolId !== null && schoolIds.includes(c.schoolId)).map((c) => c.id);
    const calendarGuids = [...new Set([...courseIds, ...ofSchools])];
    const schools = [...new Set([...schoolIds, ...rows.flatMap((c) => (named.has(c.id) && c.schoolId ? [c.schoolId] : []))])];
    const rooms = [...calendarGuids.map(courseRoom), ...schools.map(schoolRoom)];
    if (rooms.length > 0) nsp.to(rooms).emit(CALENDAR_SOCKET_EVENTS.changed, { calendarGuids });
  });

  /*
   * Notifications stored together (a post to a class of 30) are loaded in one query: the first
   * event of a turn starts a batch that the next ones join, and every listener waits for it.
   */
  let batch: { ids: number[]; done: Promise<void> } | null = null;
  const push = async (ids: number[]) => {
    if (closing()) return;
    for (const row of await loadNotificationRows(db(), ids)) {
      nsp.to(userRoom(row.userId)).emit(NOTIFICATION_EVENTS.created, presentNotification(row));
    }
  };
  events.listen(background, "notification.created", "realtime", async ({ notificationId }) => {
    if (batch) {
      batch.ids.push(notificationId);
      return batch.done;
    }
    const ids = [notificationId];
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batch = null;
      return push(ids);
    });
    batch = { ids, done };
    return done;
  });
}
