import type { ThunkAction, UnknownAction } from "@reduxjs/toolkit";
import { NOTIFICATION_EVENTS, type NotificationCategory, type NotificationView } from "../../../contracts/notifications-base";
import type { AppStore, RootState } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { notificationsApi } from "./notificationsApi";
import { markedConsumed, markedRead, notificationReceived, pageFailed, pageLoaded, pageRequested, selectList, unreadCounted } from "./notificationsSlice";
import { onRealtime, onRealtimeReconnect, startRealtime } from "./realtime";

/*
 * The notification calls of spec §7, each feeding one rule of the slice when the server answers.
 * "Failed notification calls are ignored": a failure changes nothing (the spinner of a page call
 * stops) and shows nothing.
 */

type Thunk = ThunkAction<Promise<void>, RootState, unknown, UnknownAction>;

export const CATEGORIES: readonly NotificationCategory[] = ["social", "todo"];

const nowIso = (): string => new Date().toISOString();
/** Asked afresh every time: the slice holds the lists, RTK Query keeps nothing (notificationsApi.ts). */
const FRESH = { subscribe: false, forceRefetch: true } as const;

/** The list's unread counter from the server. */
export const loadUnreadCount =
  (category: NotificationCategory): Thunk =>
  async (dispatch) => {
    try {
      const { amount } = await dispatch(notificationsApi.endpoints.getUnreadCount.initiate(category, FRESH)).unwrap();
      dispatch(unreadCounted({ category, amount }));
    } catch {
      // Ignored (§7).
    }
  };

async function loadPage(dispatch: Parameters<Thunk>[0], category: NotificationCategory, offset: number): Promise<void> {
  dispatch(pageRequested({ category }));
  try {
    const page = await dispatch(notificationsApi.endpoints.getNotifications.initiate({ category, offset }, FRESH)).unwrap();
    dispatch(pageLoaded({ category, page }));
  } catch {
    dispatch(pageFailed({ category }));
  }
}

/** The list's first page, replacing what it shows (first open, or what a reconnection missed). */
export const loadFirstPage =
  (category: NotificationCategory): Thunk =>
  (dispatch) =>
    loadPage(dispatch, category, 0);

/** The first page of each list that has none yet (the dropdown's first opening); pushes keep them current after. */
export const loadListsOnce = (): Thunk => async (dispatch, getState) => {
  const missing = CATEGORIES.filter((category) => {
    const list = selectList(getState(), category);
    return !list.loaded && !list.showSpinner;
  });
  await Promise.all(missing.map((category) => dispatch(loadFirstPage(category))));
};

/** "Load more": the next page, while the list has more and no page is on its way. */
export const loadMore =
  (category: NotificationCategory): Thunk =>
  async (dispatch, getState) => {
    const list = selectList(getState(), category);
    if (!list.hasMore || list.showSpinner) return;
    await loadPage(dispatch, category, list.offset + list.pageSize);
  };

/**
 * The to-do counter has no local rule in §4 (social's is "not yet consumed"): after the reader
 * reads or consumes to-do items it is asked again, so the badge says what the server counts.
 */
const recount = (category: NotificationCategory): Thunk => (category === "todo" ? loadUnreadCount("todo") : async () => undefined);

/** Marks the list's shown, unviewed notifications read (the dropdown does it when it shows the list). */
export const markListRead =
  (category: NotificationCategory, viewedAt: string = nowIso()): Thunk =>
  async (dispatch, getState) => {
    const ids = selectList(getState(), category)
      .notifications.filter((n) => n.viewed_at === null)
      .map((n) => n.id);
    if (ids.length === 0) return;
    try {
      await dispatch(notificationsApi.endpoints.markNotificationsRead.initiate({ ids, viewedAt }, { track: false })).unwrap();
    } catch {
      return;
    }
    dispatch(markedRead({ category, viewedAt }));
    await dispatch(recount(category));
  };

/** Marks notifications consumed: the ids given, or `[0]` for every notification of the list (its types). */
export const consumeNotifications =
  (category: NotificationCategory, ids: readonly number[], consumedAt: string = nowIso()): Thunk =>
  async (dispatch) => {
    try {
      await dispatch(notificationsApi.endpoints.markNotificationsConsumed.initiate({ category, ids, consumedAt }, { track: false })).unwrap();
    } catch {
      return;
    }
    dispatch(markedConsumed({ category, ids, consumedAt }));
    await dispatch(recount(category));
  };

/** Both unread counters. */
export const loadUnreadCounts = (): Thunk => async (dispatch) => {
  await Promise.all(CATEGORIES.map((category) => dispatch(loadUnreadCount(category))));
};

const countsAskedFor = new WeakSet<object>();

/**
 * Both counters, once per signed-in user: every signed-in screen's data starter asks them with the
 * screen's own data (app/routeData.ts), and the bell, mounted later, finds them asked.
 */
export const loadUnreadCountsOnce = (): Thunk => async (dispatch, getState) => {
  const user = selectCurrentUser(getState());
  if (!user || countsAskedFor.has(user)) return;
  countsAskedFor.add(user);
  await dispatch(loadUnreadCounts());
};

/** What a reconnection may have missed: both lists' first pages and both counters. */
export const refreshNotifications = (): Thunk => async (dispatch) => {
  await Promise.all(CATEGORIES.flatMap((category) => [dispatch(loadFirstPage(category)), dispatch(loadUnreadCount(category))]));
};

let liveStore: AppStore | undefined;
let stopListening = (): void => undefined;

/**
 * Notifications over the tab's socket: a pushed one goes to the front of its list (§4), and after
 * a reconnection the lists and counters are asked again. Started by the bell; idempotent per store.
 */
export function startLiveNotifications(store: AppStore): void {
  if (liveStore !== store) {
    stopListening();
    liveStore = store;
    const offs = [
      onRealtime<NotificationView>(NOTIFICATION_EVENTS.created, (notification) => store.dispatch(notificationReceived(notification))),
      onRealtimeReconnect(() => void store.dispatch(refreshNotifications())),
    ];
    stopListening = () => offs.forEach((off) => off());
  }
  // The counters need a session: asking them renews an expired one, and the socket reconnects with its token.
  startRealtime(store, { renewSession: () => void store.dispatch(loadUnreadCounts()) });
}
