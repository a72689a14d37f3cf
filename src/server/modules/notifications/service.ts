import { and, count, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ALL_NOTIFICATIONS_ID, categoryOf, type NotificationType } from "../../../contracts/notifications";
import type { Db } from "../../db/client";
import { courses, notifications, users } from "../../db/schema";
import type { EventBus } from "../../platform/events";
import type { AccessClaims } from "../../platform/tokens";
import type { NotificationData, NotificationRow } from "./presenter";

type Caller = Pick<AccessClaims, "userId" | "tenantId">;

const rowColumns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  category: notifications.category,
  createdAt: notifications.createdAt,
  viewedAt: notifications.viewedAt,
  consumedAt: notifications.consumedAt,
  jobId: notifications.jobId,
  data: notifications.data,
  actor: { id: users.id, firstName: users.firstName, lastName: users.lastName },
  course: { id: courses.id, name: courses.name },
};

/** Rows with their actor and class (left joins: a deleted actor leaves the notification without one). */
const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(courses, eq(courses.id, notifications.courseId));

/** The caller's own rows, always: the tenant comes from the token too, so nothing crosses editions. */
const ownedBy = (caller: Caller) => and(eq(notifications.userId, caller.userId), eq(notifications.tenantId, caller.tenantId));

/**
 * Unread, per list (spec §4): a to-do notification until it is viewed; a social one until it is
 * consumed ("for social, the unread counter becomes the number of items not yet consumed").
 */
export const unread = (): SQL | undefined =>
  or(
    and(eq(notifications.category, "todo"), isNull(notifications.viewedAt)),
    and(eq(notifications.category, "social"), isNull(notifications.consumedAt)),
  );

/** Spec §7 "Get list": the caller's notifications of these types, newest first, one page and the total. */
export async function listNotifications(
  db: Db,
  caller: Caller,
  query: { type: NotificationType[]; offset: number; pageSize: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(ownedBy(caller), inArray(notifications.type, query.type));
  const [rows, [counted]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(notifications.id)).limit(query.pageSize).offset(query.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Spec §7 "Get unread count by type array". */
export async function countUnread(db: Db, caller: Caller, types: NotificationType[]): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(caller), inArray(notifications.type, types), unread()));
  return counted?.n ?? 0;
}

/** Rows by id, whoever they belong to: the realtime layer presents what a producer just stored. */
export async function loadNotificationRows(db: Db, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return selectRows(db).where(inArray(notifications.id, ids));
}

/** Spec §7 "Mark read": viewed_at on the caller's listed rows that were not viewed yet (others' ids match nothing). */
export async function markRead(db: Db, caller: Caller, ids: number[], viewedAt: Date): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ viewedAt })
    .where(and(ownedBy(caller), inArray(notifications.id, ids), isNull(notifications.viewedAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

export const meansAll = (ids: readonly number[]): boolean => ids.length === 1 && ids[0] === ALL_NOTIFICATIONS_ID;

/**
 * Spec §7 "Mark consumed" and §4 ("an id list of just 0 means all items; consumed items are also
 * marked viewed"): consumed_at on the caller's rows not consumed yet, and viewed_at where it was
 * empty. `[0]` takes every row of `types` (the route requires them then); given ids may be
 * narrowed to `types` too.
 */
export async function markConsumed(db: Db, caller: Caller, ids: number[], consumedAt: Date, types?: NotificationType[]): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ consumedAt, viewedAt: sql`coalesce(${notifications.viewedAt}, ${consumedAt.toISOString()}::timestamptz)` })
    .where(
      and(
        ownedBy(caller),
        isNull(notifications.consumedAt),
        meansAll(ids) ? undefined : inArray(notifications.id, ids),
        types ? inArray(notifications.type, types) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

/** One notification for many people: what the event says, and the key that makes a replay insert nothing. */
export type NotificationDraft = {
  tenantId: string;
  type: NotificationType;
  actorId: string | null;
  courseId: string | null;
  jobId: string | null;
  data: NotificationData;
  /** Unique per user: the same event delivered twice stores one row. */
  dedupeKey: string;
};

/**
 * Stores one notification for every recipient in ONE statement (INSERT … SELECT … ON CONFLICT DO
 * NOTHING), however many they are (a class of 30, an edition of thousands), then announces each row
 * really inserted with "notification.created". Recipients are given as ids or as a query of user
 * ids; either way only users of the draft's edition are kept, and `except` (the author) never is.
 */
export async function insertNotifications(
  db: Db,
  events: EventBus,
  draft: NotificationDraft,
  recipients: readonly string[] | SQLWrapper,
  except: string | null = null,
): Promise<number[]> {
  if (Array.isArray(recipients) && recipients.length === 0) return [];
  // A query builder renders inside its own parentheses; a list is given them here.
  const among = Array.isArray(recipients)
    ? sql`(${sql.join(
        recipients.map((id: string) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`${recipients as SQLWrapper}`;
  const result = await db.execute(sql`
    insert into ${notifications} (tenant_id, user_id, type, category, actor_id, course_id, job_id, data, dedupe_key)
    select ${draft.tenantId}::uuid, u.id, ${draft.type}, ${categoryOf(draft.type)}, ${draft.actorId}::uuid, ${draft.courseId}::uuid,
           ${draft.jobId}::uuid, ${JSON.stringify(draft.data)}::jsonb, ${draft.dedupeKey}
    from ${users} as u
    where u.tenant_id = ${draft.tenantId}::uuid and u.id in ${among} and u.id is distinct from ${except}::uuid
    on conflict (user_id, dedupe_key) do nothing
    returning id, user_id`);
  const inserted = (result as unknown as { rows: Array<{ id: number | string | bigint; user_id: string }> }).rows;
  for (const row of inserted) {
    events.emit("notification.created", { tenantId: draft.tenantId, userId: row.user_id, notificationId: Number(row.id) });
  }
  return inserted.map((row) => Number(row.id));
}
