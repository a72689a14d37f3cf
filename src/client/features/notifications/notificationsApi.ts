import {
  NOTIFICATIONS_PAGE_SIZE,
  SOCIAL_NOTIFICATION_TYPES,
  TODO_NOTIFICATION_TYPES,
  type NotificationCategory,
  type NotificationPage,
  type NotificationType,
} from "../../../contracts/notifications-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** The types each list asks for (spec §7 "Social types … To-do types …"). */
export const TYPES_OF: Record<NotificationCategory, readonly NotificationType[]> = {
  social: SOCIAL_NOTIFICATION_TYPES,
  todo: TODO_NOTIFICATION_TYPES,
};

/** `type=a&type=b…` (RTK Query's `params` would join an array with commas). */
const typesQuery = (category: NotificationCategory, extra: Record<string, string> = {}): string => {
  const query = new URLSearchParams(extra);
  for (const type of TYPES_OF[category]) query.append("type", type);
  return query.toString();
};

export type NotificationPageArg = { category: NotificationCategory; offset: number };
export type MarkReadArg = { ids: readonly number[]; viewedAt: string };
export type MarkConsumedArg = { category: NotificationCategory; ids: readonly number[]; consumedAt: string };

/**
 * Spec §7 "Notifications". The lists live in the notifications slice, not in RTK Query's cache
 * (§4's rules change them in place: a push at the front, pages appended), so nothing is kept here:
 * notificationsCalls.ts asks and hands each answer to the slice.
 */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** "Get list: type array, offset, page size" (also "get more"). */
    getNotifications: build.query<NotificationPage, NotificationPageArg>({
      query: ({ category, offset }) => `/notifications?${typesQuery(category, { offset: String(offset), pageSize: String(NOTIFICATIONS_PAGE_SIZE) })}`,
      transformResponse: unwrap<NotificationPage>,
      keepUnusedDataFor: 0,
    }),
    /** "Get unread count by type array. Response: data with amount." */
    getUnreadCount: build.query<{ amount: number }, NotificationCategory>({
      query: (category) => `/notifications/unread-count?${typesQuery(category)}`,
      transformResponse: unwrap<{ amount: number }>,
      keepUnusedDataFor: 0,
    }),
    /** "Mark read: id list and viewed_at date." */
    markNotificationsRead: build.mutation<{ updated: number }, MarkReadArg>({
      query: ({ ids, viewedAt }) => ({ url: "/notifications/read", method: "PUT", body: { ids, viewed_at: viewedAt } }),
      transformResponse: unwrap<{ updated: number }>,
    }),
    /** "Mark consumed: id list and consumed_at date"; `[0]` consumes every notification of the list's types. */
    markNotificationsConsumed: build.mutation<{ updated: number }, MarkConsumedArg>({
      query: ({ category, ids, consumedAt }) => ({
        url: "/notifications/consumed",
        method: "PUT",
        body: { ids, consumed_at: consumedAt, type: TYPES_OF[category] },
      }),
      transformResponse: unwrap<{ updated: number }>,
    }),
  }),
});
