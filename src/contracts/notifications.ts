import { INPUT_LIMITS } from "./common";
import { successOf } from "./common";
import * as z from "./zod";
import { NOTIFICATION_TYPES, NOTIFICATIONS_PAGE_SIZE } from "./notifications-base";

export * from "./notifications-base";

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** `type` may be given once (`type=post`) or repeated (`type=post&type=comment`, or `type[]=…`). */
const TypesSchema = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z.array(NotificationTypeSchema).min(1).max(NOTIFICATION_TYPES.length),
);

/** GET /api/notifications: spec §7 "Get list: type array, offset, page size" (also "get more"). */
export const NotificationListQuerySchema = z.object({
  type: TypesSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** GET /api/notifications/unread-count: "Get unread count by type array". */
export const NotificationCountQuerySchema = z.object({ type: TypesSchema });

const IdsSchema = z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).min(1).max(500);

/** PUT /api/notifications/read: "Mark read: id list and viewed_at date". */
export const MarkReadBodySchema = z.object({ ids: IdsSchema, viewed_at: z.string().datetime({ offset: true }) });
/** PUT /api/notifications/consumed: "Mark consumed: id list and consumed_at date"; `[0]` means all of `type`. */
export const MarkConsumedBodySchema = z.object({
  ids: IdsSchema,
  consumed_at: z.string().datetime({ offset: true }),
  type: z.array(NotificationTypeSchema).min(1).max(NOTIFICATION_TYPES.length).optional(),
});

export const NotificationViewSchema = z.object({
  id: z.number().int(),
  type: NotificationTypeSchema,
  category: z.enum(["social", "todo"]),
  created_at: z.string(),
  viewed_at: z.string().nullable(),
  consumed_at: z.string().nullable(),
  actor: z.object({ guid: z.string(), name: z.string() }).nullable(),
  course: z.object({ guid: z.string(), name: z.string() }).nullable(),
  jobGuid: z.string().nullable(),
  title: z.string().max(INPUT_LIMITS.text),
  link: z.string().nullable(),
});

export const NotificationPageResponseSchema = successOf(
  z.object({ data: z.array(NotificationViewSchema), total: z.number().int(), offset: z.number().int() }),
);
export const NotificationCountResponseSchema = successOf(z.object({ amount: z.number().int() }));
export const NotificationUpdateResponseSchema = successOf(z.object({ updated: z.number().int() }));
