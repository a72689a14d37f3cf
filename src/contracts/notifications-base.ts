/*
 * Notifications (spec §3, §4, §7 "Notifications"), without zod (ADR 0028): the client's slice and
 * dropdown read these; notifications.ts holds the schemas and re-exports them.
 */

/** Spec §7: social types. */
export const SOCIAL_NOTIFICATION_TYPES = ["comment", "post", "assessment_comment", "job_comment", "tenant"] as const;
/** Spec §7: to-do types. */
export const TODO_NOTIFICATION_TYPES = [
  "assigned",
  "reassigned",
  "evaluated",
  "one_day",
  "late",
  "deliver_at_complete",
  "publish_pending",
  "student_deliver",
  "all_deliver",
  "resource_assigned",
  "resource_delivered",
  "resource_evaluated",
  "record_delivered",
] as const;
export const NOTIFICATION_TYPES = [...SOCIAL_NOTIFICATION_TYPES, ...TODO_NOTIFICATION_TYPES] as const;

export type SocialNotificationType = (typeof SOCIAL_NOTIFICATION_TYPES)[number];
export type TodoNotificationType = (typeof TODO_NOTIFICATION_TYPES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationCategory = "social" | "todo";

export const categoryOf = (type: NotificationType): NotificationCategory =>
  (SOCIAL_NOTIFICATION_TYPES as readonly string[]).includes(type) ? "social" : "todo";

/** Spec §9: notifications page size. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** `PUT …/consumed` with ids `[0]` consumes every notification of the given types (spec §4). */
export const ALL_NOTIFICATIONS_ID = 0;

/** Socket.io events on the default namespace (the user's own room `user:<guid>`). */
export const NOTIFICATION_EVENTS = {
  /** server -> client: one new notification, presented as the list presents it. */
  created: "notification:new",
} as const;

/** A notification as every endpoint and the socket present it. */
export type NotificationView = {
  id: number;
  type: NotificationType;
  category: NotificationCategory;
  created_at: string;
  viewed_at: string | null;
  consumed_at: string | null;
  /** Who caused it (the teacher who assigned, the student who handed in), when a person did. */
  actor: { guid: string; name: string } | null;
  course: { guid: string; name: string } | null;
  /** The job it is about (to-do types and job comments). */
  jobGuid: string | null;
  /** The title of what it is about: the task, the post's first words, the announcement. */
  title: string;
  /** Where the app goes when it is opened (a path inside the app), or null. */
  link: string | null;
};

/** Spec §7 "Response: data.data with notifications, total, offset". */
export type NotificationPage = { data: NotificationView[]; total: number; offset: number };
