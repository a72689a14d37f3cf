import { baseApi } from "../../src/client/app/api";
import { makeStore, type AppStore } from "../../src/client/app/store";
import { loggedOut } from "../../src/client/features/auth/authSlice";
import {
  consumeNotifications,
  loadFirstPage,
  loadMore,
  loadUnreadCount,
  markListRead,
} from "../../src/client/features/notifications/notificationsCalls";
import {
  initialNotificationsState,
  markedConsumed,
  markedRead,
  notificationReceived,
  notificationsReducer,
  pageFailed,
  pageLoaded,
  pageRequested,
  selectNotificationsState,
  unreadCounted,
  type NotificationsState,
} from "../../src/client/features/notifications/notificationsSlice";
import {
  NOTIFICATIONS_PAGE_SIZE,
  SOCIAL_NOTIFICATION_TYPES,
  TODO_NOTIFICATION_TYPES,
  type NotificationType,
  type NotificationView,
} from "../../src/contracts/notifications-base";
import { fail, mockApi, ok } from "../support/client-api";
import { signedInAs } from "../support/render";

/* Spec §4 "Notifications" and §7 "Failed notification calls are ignored", rule by rule. */

const T0 = "2026-11-20T10:00:00.000Z";
const READ_AT = "2026-11-25T09:00:00.000Z";

function note(id: number, type: NotificationType = "comment", overrides: Partial<NotificationView> = {}): NotificationView {
  const category = (SOCIAL_NOTIFICATION_TYPES as readonly string[]).includes(type) ? "social" : "todo";
  return {
    id,
    type,
    category,
    created_at: T0,
    viewed_at: null,
    consumed_at: null,
    actor: { guid: `actor-${id}`, name: "Ana García" },
    course: { guid: "course-1", name: "Matemáticas 1º ESO A" },
    jobGuid: null,
    title: `Item ${id}`,
    link: null,
    ...overrides,
  };
}
const range = (from: number, count: number, type: NotificationType = "comment") => Array.from({ length: count }, (_, i) => note(from + i, type));

const reduce = (state: NotificationsState, ...actions: Parameters<typeof notificationsReducer>[1][]) => actions.reduce(notificationsReducer, state);
const withSocial = (notifications: NotificationView[], total = notifications.length, unread = 0) =>
  reduce(initialNotificationsState(), pageLoaded({ category: "social", page: { data: notifications, total, offset: 0 } }), unreadCounted({ category: "social", amount: unread }));

describe("notifications slice (spec §4)", () => {
  it("starts with two empty lists of page size 10 and no unread", () => {
    const state = initialNotificationsState();
    for (const list of [state.social, state.todo]) {
      expect(list).toMatchObject({ notifications: [], hasMore: false, showSpinner: false, offset: 0, pageSize: NOTIFICATIONS_PAGE_SIZE, total: 0, unread: 0 });
    }
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(10);
  });

  describe("a new notification", () => {
    it("goes to the front of the social list, raises its unread counter by 1 and its total by 1", () => {
      const state = reduce(withSocial(range(1, 3), 7, 2), notificationReceived(note(50, "post")));
      expect(state.social.notifications.map((n) => n.id)).toEqual([50, 1, 2, 3]);
      expect(state.social.unread).toBe(3);
      expect(state.social.total).toBe(8);
      expect(state.todo).toEqual(initialNotificationsState().todo);
    });

    it("goes to the front of the to-do list and raises the to-do counter by 1; the to-do total stays", () => {
      const start = reduce(
        initialNotificationsState(),
        pageLoaded({ category: "todo", page: { data: range(1, 2, "assigned"), total: 4, offset: 0 } }),
        unreadCounted({ category: "todo", amount: 1 }),
      );
      const state = reduce(start, notificationReceived(note(60, "late")));
      expect(state.todo.notifications.map((n) => n.id)).toEqual([60, 1, 2]);
      expect(state.todo.unread).toBe(2);
      expect(state.todo.total).toBe(4);
      expect(state.social).toEqual(start.social);
    });

    it("counts once when the same one arrives twice (a push repeated after a reconnection)", () => {
      const once = reduce(withSocial([], 0, 0), notificationReceived(note(9)));
      expect(reduce(once, notificationReceived(note(9)))).toEqual(once);
    });
  });

  describe("loading more", () => {
    it("appends each page, grows the offset by the page size, and has more while loaded < total", () => {
      let state = reduce(initialNotificationsState(), pageRequested({ category: "social" }));
      expect(state.social.showSpinner).toBe(true);
      state = reduce(state, pageLoaded({ category: "social", page: { data: range(1, 10), total: 25, offset: 0 } }));
      expect(state.social).toMatchObject({ offset: 0, total: 25, hasMore: true, showSpinner: false });

      state = reduce(state, pageRequested({ category: "social" }), pageLoaded({ category: "social", page: { data: range(11, 10), total: 25, offset: 10 } }));
      expect(state.social.notifications.map((n) => n.id)).toEqual([...range(1, 20)].map((n) => n.id));
      expect(state.social).toMatchObject({ offset: 10, hasMore: true, showSpinner: false });

      state = reduce(state, pageLoaded({ category: "social", page: { data: range(21, 5), total: 25, offset: 20 } }));
      expect(state.social.notifications).toHaveLength(25);
      expect(state.social.notifications.at(-1)?.id).toBe(25);
      expect(state.social).toMatchObject({ offset: 20, hasMore: false });
    });

    it("does not repeat a notification already shown (pushed live, then in the next page)", () => {
      const pushed = reduce(withSocial(range(1, 10), 12), notificationReceived(note(100)));
      // The server's second page starts one later now: item 10 comes again.
      const state = reduce(pushed, pageLoaded({ category: "social", page: { data: range(10, 3), total: 13, offset: 10 } }));
      expect(state.social.notifications.map((n) => n.id)).toEqual([100, ...range(1, 12).map((n) => n.id)]);
      expect(state.social.hasMore).toBe(false);
    });

    it("a first page again replaces the list (what a reconnection missed)", () => {
      const state = reduce(withSocial(range(1, 10), 30), pageLoaded({ category: "social", page: { data: range(40, 10), total: 40, offset: 0 } }));
      expect(state.social.notifications[0]?.id).toBe(40);
      expect(state.social).toMatchObject({ offset: 0, total: 40, hasMore: true });
    });
  });

  it("marking as read sets viewed_at on every item of that list, and only that list", () => {
    const earlier = "2026-11-21T08:00:00.000Z";
    const start = reduce(
      withSocial([note(1), note(2, "post", { viewed_at: earlier }), note(3)], 3, 3),
      pageLoaded({ category: "todo", page: { data: [note(7, "assigned")], total: 1, offset: 0 } }),
    );
    const state = reduce(start, markedRead({ category: "social", viewedAt: READ_AT }));
    expect(state.social.notifications.map((n) => n.viewed_at)).toEqual([READ_AT, earlier, READ_AT]);
    expect(state.todo).toEqual(start.todo);
    // Reading is not consuming: the social counter counts what is not consumed.
    expect(state.social.unread).toBe(3);
  });

  describe("marking as consumed", () => {
    it("sets consumed_at (and viewed_at) on the given ids; the social counter becomes the items not yet consumed", () => {
      const state = reduce(withSocial(range(1, 4), 4, 4), markedConsumed({ category: "social", ids: [2, 4], consumedAt: READ_AT }));
      expect(state.social.notifications.map((n) => [n.id, n.consumed_at, n.viewed_at])).toEqual([
        [1, null, null],
        [2, READ_AT, READ_AT],
        [3, null, null],
        [4, READ_AT, READ_AT],
      ]);
      expect(state.social.unread).toBe(2);
    });

    it("an id list of just 0 consumes every item, and the social counter drops to 0", () => {
      const state = reduce(withSocial([note(1), note(2, "post", { viewed_at: T0 })], 2, 2), markedConsumed({ category: "social", ids: [0], consumedAt: READ_AT }));
      expect(state.social.notifications.every((n) => n.consumed_at === READ_AT)).toBe(true);
      expect(state.social.notifications.map((n) => n.viewed_at)).toEqual([READ_AT, T0]);
      expect(state.social.unread).toBe(0);
    });

    it("0 among other ids is just an id that matches nothing", () => {
      const state = reduce(withSocial(range(1, 3), 3, 3), markedConsumed({ category: "social", ids: [0, 3], consumedAt: READ_AT }));
      expect(state.social.notifications.map((n) => n.consumed_at)).toEqual([null, null, READ_AT]);
      expect(state.social.unread).toBe(2);
    });

    it("on the to-do list, marks the items and leaves the counter to the server (no local rule for it)", () => {
      const start = reduce(
        initialNotificationsState(),
        pageLoaded({ category: "todo", page: { data: range(1, 3, "assigned"), total: 3, offset: 0 } }),
        unreadCounted({ category: "todo", amount: 3 }),
      );
      const state = reduce(start, markedConsumed({ category: "todo", ids: [0], consumedAt: READ_AT }));
      expect(state.todo.notifications.every((n) => n.consumed_at === READ_AT && n.viewed_at === READ_AT)).toBe(true);
      expect(state.todo.unread).toBe(3);
    });
  });

  it("logout resets all notification state", () => {
    const busy = reduce(withSocial(range(1, 10), 30, 5), notificationReceived(note(99, "late")), pageRequested({ category: "todo" }));
    expect(reduce(busy, loggedOut())).toEqual(initialNotificationsState());
  });

  it("a failed page only stops its spinner", () => {
    const start = withSocial(range(1, 10), 30, 5);
    expect(reduce(start, pageRequested({ category: "social" }), pageFailed({ category: "social" }))).toEqual(start);
  });
});

describe("notification calls (spec §7)", () => {
  let store: AppStore;
  const state = () => selectNotificationsState(store.getState());
  beforeEach(() => {
    store = makeStore({ auth: { record: signedInAs("student") } });
  });
  afterEach(() => {
    store.dispatch(baseApi.util.resetApiState());
  });

  it("ask each list by its types and page, and feed the answers to the rules", async () => {
    const api = mockApi({
      "GET /api/notifications": (call: { query: URLSearchParams }) => {
        const offset = Number(call.query.get("offset"));
        return { status: 200, body: ok({ data: range(offset + 1, offset === 0 ? 10 : 2), total: 12, offset }) };
      },
      "GET /api/notifications/unread-count": ok({ amount: 4 }),
      "PUT /api/notifications/read": ok({ updated: 10 }),
      "PUT /api/notifications/consumed": ok({ updated: 1 }),
    });
    await store.dispatch(loadFirstPage("social"));
    await store.dispatch(loadMore("social"));
    const pages = api.callsTo("GET /api/notifications");
    expect(pages.map((c) => [c.query.getAll("type"), c.query.get("offset"), c.query.get("pageSize")])).toEqual([
      [[...SOCIAL_NOTIFICATION_TYPES], "0", "10"],
      [[...SOCIAL_NOTIFICATION_TYPES], "10", "10"],
    ]);
    expect(state().social).toMatchObject({ offset: 10, total: 12, hasMore: false });
    expect(state().social.notifications).toHaveLength(12);

    await store.dispatch(loadUnreadCount("todo"));
    expect(api.callsTo("GET /api/notifications/unread-count")[0]?.query.getAll("type")).toEqual([...TODO_NOTIFICATION_TYPES]);
    expect(state().todo.unread).toBe(4);

    await store.dispatch(markListRead("social", READ_AT));
    expect(api.callsTo("PUT /api/notifications/read")[0]?.body).toEqual({ ids: range(1, 12).map((n) => n.id), viewed_at: READ_AT });
    expect(state().social.notifications.every((n) => n.viewed_at === READ_AT)).toBe(true);
    // Nothing left unread: no second call.
    await store.dispatch(markListRead("social", READ_AT));
    expect(api.callsTo("PUT /api/notifications/read")).toHaveLength(1);

    await store.dispatch(consumeNotifications("social", [0], READ_AT));
    expect(api.callsTo("PUT /api/notifications/consumed")[0]?.body).toEqual({ ids: [0], consumed_at: READ_AT, type: [...SOCIAL_NOTIFICATION_TYPES] });
    expect(state().social.unread).toBe(0);
  });

  it("consuming or reading to-do notifications asks the to-do counter again", async () => {
    let amount = 3;
    const api = mockApi({
      "GET /api/notifications": ok({ data: range(1, 3, "assigned"), total: 3, offset: 0 }),
      "GET /api/notifications/unread-count": () => ({ status: 200, body: ok({ amount }) }),
      "PUT /api/notifications/consumed": () => ((amount = 2), { status: 200, body: ok({ updated: 1 }) }),
    });
    await store.dispatch(loadFirstPage("todo"));
    await store.dispatch(consumeNotifications("todo", [2], READ_AT));
    expect(api.callsTo("GET /api/notifications/unread-count")).toHaveLength(1);
    expect(state().todo.unread).toBe(2);
  });

  it("ignore a failed call: the state stays exactly as it was", async () => {
    mockApi({
      "GET /api/notifications": ok({ data: range(1, 10), total: 25, offset: 0 }),
      "GET /api/notifications/unread-count": ok({ amount: 6 }),
    });
    await store.dispatch(loadFirstPage("social"));
    await store.dispatch(loadUnreadCount("social"));
    const before = state();
    expect(before.social.notifications).toHaveLength(10);

    const api = mockApi({
      "GET /api/notifications": () => fail(500, "INTERNAL_ERROR"),
      "GET /api/notifications/unread-count": () => fail(503, "INTERNAL_ERROR"),
      "PUT /api/notifications/read": () => fail(500, "INTERNAL_ERROR"),
      "PUT /api/notifications/consumed": () => fail(403, "FORBIDDEN"),
    });
    await store.dispatch(loadMore("social"));
    await store.dispatch(loadFirstPage("social"));
    await store.dispatch(loadUnreadCount("social"));
    await store.dispatch(markListRead("social", READ_AT));
    await store.dispatch(consumeNotifications("social", [0], READ_AT));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/notifications",
      "GET /api/notifications",
      "GET /api/notifications/unread-count",
      "PUT /api/notifications/read",
      "PUT /api/notifications/consumed",
    ]);
    expect(state()).toEqual(before);

    // And when the server is not there at all.
    Object.assign(globalThis, { fetch: () => Promise.reject(new TypeError("offline")) });
    await store.dispatch(loadMore("social"));
    await store.dispatch(consumeNotifications("social", [1], READ_AT));
    expect(state()).toEqual(before);
  });
});
