import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import {
  ALL_NOTIFICATIONS_ID,
  categoryOf,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCategory,
  type NotificationPage,
  type NotificationView,
} from "../../../contracts/notifications-base";
import { rootReducer, type RootState } from "../../app/store";
import { loggedOut } from "../auth/authSlice";

/*
 * The notification lists of spec §3/§4: social and to-do, each with its page state and unread
 * counter. Every rule of §4 is one reducer here; the calls that feed them (notificationsCalls.ts)
 * dispatch them only when the server said yes, so a failed call leaves the state as it was (§7).
 */

/** Spec §3 "Notification list state: notifications, hasMore, showSpinner, offset, pageSize 10, total", plus its unread counter. */
export type NotificationList = {
  notifications: NotificationView[];
  hasMore: boolean;
  /** A page of this list is on its way. */
  showSpinner: boolean;
  /** The offset of the last page loaded. */
  offset: number;
  pageSize: number;
  total: number;
  /** Spec §3 "separate unread counters for social and to-do". */
  unread: number;
  /** The first page has arrived at least once (the dropdown shows its empty state only then). */
  loaded: boolean;
};

export type NotificationsState = Record<NotificationCategory, NotificationList>;

const emptyList = (): NotificationList => ({
  notifications: [],
  hasMore: false,
  showSpinner: false,
  offset: 0,
  pageSize: NOTIFICATIONS_PAGE_SIZE,
  total: 0,
  unread: 0,
  loaded: false,
});

export const initialNotificationsState = (): NotificationsState => ({ social: emptyList(), todo: emptyList() });

type ListAction<T = object> = PayloadAction<{ category: NotificationCategory } & T>;

const notConsumed = (list: NotificationList): number => list.notifications.filter((n) => n.consumed_at === null).length;

const notificationsSlice = createSlice({
  name: "notifications",
  initialState: initialNotificationsState,
  reducers: {
    /** A page of a list is being asked for (first page or "load more"). */
    pageRequested(state, action: ListAction) {
      state[action.payload.category].showSpinner = true;
    },
    /** The page call failed: ignored (§7), only the spinner stops. */
    pageFailed(state, action: ListAction) {
      state[action.payload.category].showSpinner = false;
    },
    /**
     * A page arrived. Offset 0 replaces the list (first load, or what a reconnection missed).
     * A later page is "load more": it is appended, the offset grows by the page size and hasMore
     * holds while the loaded count is below the total (§4). A notification already in the list
     * (pushed live after the page was counted) is not repeated.
     */
    pageLoaded(state, action: ListAction<{ page: NotificationPage }>) {
      const { category, page } = action.payload;
      const list = state[category];
      list.showSpinner = false;
      list.total = page.total;
      if (page.offset === 0) {
        list.notifications = page.data;
        list.offset = 0;
        list.loaded = true;
      } else {
        const shown = new Set(list.notifications.map((n) => n.id));
        list.notifications.push(...page.data.filter((n) => !shown.has(n.id)));
        list.offset += list.pageSize;
      }
      list.hasMore = list.notifications.length < list.total;
    },
    /** Spec §7 "Get unread count … Response: data with amount". */
    unreadCounted(state, action: ListAction<{ amount: number }>) {
      state[action.payload.category].unread = action.payload.amount;
    },
    /** §4 "Marking as read sets viewed_at on every item of that list" (an item read before keeps its first time). */
    markedRead(state, action: ListAction<{ viewedAt: string }>) {
      for (const n of state[action.payload.category].notifications) n.viewed_at ??= action.payload.viewedAt;
    },
    /**
     * §4 "Marking as consumed sets consumed_at on the given ids; an id list of just 0 means all
     * items; consumed items are also marked viewed. For social, the unread counter becomes the
     * number of items not yet consumed."
     */
    markedConsumed(state, action: ListAction<{ ids: readonly number[]; consumedAt: string }>) {
      const { category, ids, consumedAt } = action.payload;
      const list = state[category];
      const all = ids.length === 1 && ids[0] === ALL_NOTIFICATIONS_ID;
      const chosen = new Set(ids);
      for (const n of list.notifications) {
        if (!all && !chosen.has(n.id)) continue;
        n.consumed_at ??= consumedAt;
        n.viewed_at ??= consumedAt;
      }
      if (category === "social") list.unread = notConsumed(list);
    },
    /**
     * §4 "A new notification goes to the front of its list and raises the matching unread counter
     * by 1; for social the total also rises by 1." The same one twice (a push repeated after a
     * reconnection) counts once.
     */
    notificationReceived(state, action: PayloadAction<NotificationView>) {
      const notification = action.payload;
      const category = categoryOf(notification.type);
      const list = state[category];
      if (list.notifications.some((n) => n.id === notification.id)) return;
      list.notifications.unshift(notification);
      list.unread += 1;
      if (category === "social") list.total += 1;
    },
  },
  extraReducers: (builder) => {
    // §4 "Logout resets … all notification state."
    builder.addCase(loggedOut, () => initialNotificationsState());
  },
});

export const { pageRequested, pageFailed, pageLoaded, unreadCounted, markedRead, markedConsumed, notificationReceived } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

/**
 * Injected when this feature's code loads (after the first screen, ADR 0031's lazy slices): the
 * sign-in screens and a first screen's critical JS never carry it. Its selectors read the initial
 * state until then.
 */
const injected = notificationsSlice.injectInto(rootReducer);

/** The store's type leaves lazy slices out until injected; this one reads its initial state until then. */
const sliceOf = (state: RootState): NotificationsState => injected.selectSlice(state as { notifications?: NotificationsState });
export const selectNotificationsState = (state: RootState): NotificationsState => sliceOf(state);
export const selectList = (state: RootState, category: NotificationCategory): NotificationList => sliceOf(state)[category];
export const selectUnreadTotal = (state: RootState): number => {
  const { social, todo } = sliceOf(state);
  return social.unread + todo.unread;
};
