import { INPUT_LIMITS } from "../../../contracts/common";
import { NOTIFICATION_TYPES, type NotificationCategory, type NotificationType, type NotificationView } from "../../../contracts/notifications";

/** What a producer keeps beside the row's columns (notifications.data): shown as stored, so later edits do not rewrite history. */
export type NotificationData = {
  title: string;
  /** stream notifications: the post they are about. */
  postId?: string;
  /** assessment comments outside a task: the attempt whose result carries the feedback. */
  attemptId?: string;
  /** Any other link: the path an announcement's author gave, the task list for "all handed in". */
  link?: string | null;
};

/** A notification row with its actor and class, as the service loads it. */
export type NotificationRow = {
  id: number;
  userId: string;
  type: string;
  category: string;
  createdAt: Date;
  viewedAt: Date | null;
  consumedAt: Date | null;
  jobId: string | null;
  data: Record<string, string | number | boolean | null>;
  actor: { id: string; firstName: string; lastName: string } | null;
  course: { id: string; name: string } | null;
};

const isType = (value: string): value is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(value);
const textOf = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

/** A title fits the contract's bound (a post's first words, a task's title). */
export const clipTitle = (text: string, max = INPUT_LIMITS.name): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * Where opening the notification goes, a path inside the app: a job opens its task (/tasks?job=),
 * a post or comment the class home that holds the stream (/course/<guid>?post=), assessment
 * feedback outside a task the attempt's result; otherwise the path the producer stored (an
 * announcement's, "all handed in" the task list), or none.
 */
export function linkOf(row: Pick<NotificationRow, "type" | "jobId" | "data" | "course">): string | null {
  if (row.jobId) return `/tasks?job=${row.jobId}`;
  const postId = textOf(row.data.postId);
  if ((row.type === "post" || row.type === "comment") && row.course && postId) return `/course/${row.course.id}?post=${postId}`;
  const attemptId = textOf(row.data.attemptId);
  if (row.type === "assessment_comment" && attemptId) return `/results-assesment/${attemptId}`;
  return textOf(row.data.link);
}

/** One notification as the list and the socket present it (the same function for both). */
export function presentNotification(row: NotificationRow): NotificationView {
  if (!isType(row.type)) throw new Error(`notification ${row.id} has an unknown type ${row.type}`);
  const category: NotificationCategory = row.category === "social" ? "social" : "todo";
  return {
    id: row.id,
    type: row.type,
    category,
    created_at: row.createdAt.toISOString(),
    viewed_at: row.viewedAt?.toISOString() ?? null,
    consumed_at: row.consumedAt?.toISOString() ?? null,
    actor: row.actor ? { guid: row.actor.id, name: `${row.actor.firstName} ${row.actor.lastName}`.trim() } : null,
    course: row.course ? { guid: row.course.id, name: row.course.name } : null,
    jobGuid: row.jobId,
    title: clipTitle(textOf(row.data.title) ?? ""),
    link: linkOf(row),
  };
}
