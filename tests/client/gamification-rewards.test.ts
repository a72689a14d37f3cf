import { makeStore } from "../../src/client/app/store";
import { loggedOut } from "../../src/client/features/auth/authSlice";
import {
  levelUpAccepted,
  profileLoaded,
  rewardPushed,
  selectGamification,
  selectSince,
  type RewardPush,
  type RewardToast,
} from "../../src/client/features/gamification/gamificationSlice";
import { startRewardScheduler } from "../../src/client/features/gamification/rewardScheduler";
import { TIMINGS_MS } from "../../src/contracts/limits";

const points = (entryId: number, amount = 10, totalPoints = 100 + amount): RewardPush => ({
  kind: "pointsReward",
  payload: { entryId, points: amount, reason: "answer_right", totalPoints, capped: false },
});
const coins = (entryId: number, currency = 5, balance = 20): RewardPush => ({ kind: "currencyReward", payload: { entryId, currency, reason: "medal", balance } });
const badge = (entryId: number, id = "effort"): RewardPush => ({
  kind: "badgeReward",
  payload: { entryId, badge: { id, imageUrl: `/m/${id}.svg`, name: id, description: "d" }, reason: "medal", note: null },
});
const level = (entryId: number, order: number): RewardPush => ({ kind: "levelUp", payload: { entryId, currentLevel: { order, threshold: 100 }, order } });

function loaded(lastEntryId = 10) {
  const store = makeStore();
  store.dispatch(profileLoaded({ points: 100, currency: 15, level: 2, lastEntryId, colours: { avatarFrame: null, theme: null } }));
  return store;
}

describe("gamification slice", () => {
  it("starts `since` at the profile's last entry and moves it to the highest entry pushed", () => {
    const store = loaded(10);
    expect(selectSince(store.getState())).toBe(10);
    store.dispatch(rewardPushed(points(14)));
    store.dispatch(rewardPushed(points(12)));
    expect(selectSince(store.getState())).toBe(14);
  });

  it("takes a push once: a live push and its replay, and entries the profile already counted, are dropped", () => {
    const store = loaded(10);
    store.dispatch(rewardPushed(points(9)));
    store.dispatch(rewardPushed(points(11)));
    store.dispatch(rewardPushed(points(11)));
    // One entry pushes several events (a medal's points, badge and coins): each counts once.
    store.dispatch(rewardPushed(badge(12)));
    store.dispatch(rewardPushed(coins(12)));
    store.dispatch(rewardPushed(badge(12)));
    const state = selectGamification(store.getState());
    expect(state.points.map((p) => p.entryId)).toEqual([11]);
    expect(state.toasts.map((t) => `${t.kind}:${t.push.entryId}`)).toEqual(["badge:12", "currency:12"]);
  });

  it("keeps the totals live from the pushes, and a level-up opens the dialog until accepted", () => {
    const store = loaded(10);
    store.dispatch(rewardPushed(points(11, 10, 130)));
    store.dispatch(rewardPushed(coins(12, 5, 40)));
    store.dispatch(rewardPushed(level(13, 3)));
    const state = selectGamification(store.getState());
    expect(state.totals).toEqual({ points: 130, currency: 40, level: 3 });
    expect(state.levelUp).toEqual({ order: 3 });
    store.dispatch(levelUpAccepted());
    expect(selectGamification(store.getState()).levelUp).toBeUndefined();
  });

  it("forgets everything on sign-out", () => {
    const store = loaded(10);
    store.dispatch(rewardPushed(points(11)));
    store.dispatch(rewardPushed(level(12, 3)));
    store.dispatch(loggedOut());
    const state = selectGamification(store.getState());
    expect(state).toMatchObject({ totals: undefined, lastEntryId: undefined, points: [], toasts: [], levelUp: undefined, seen: [] });
    expect(selectSince(store.getState())).toBeNull();
  });
});

describe("reward scheduler", () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it("shows the toasts in order, the first at once and then one every 3 s", () => {
    const store = loaded(10);
    const shown: Array<{ at: number; toast: RewardToast }> = [];
    const stop = startRewardScheduler(store, { showToast: (toast) => shown.push({ at: Date.now(), toast }) });
    store.dispatch(rewardPushed(badge(11, "a")));
    store.dispatch(rewardPushed(coins(12)));
    store.dispatch(rewardPushed(badge(13, "b")));
    expect(shown.map((s) => s.toast.push.entryId)).toEqual([11]);
    jest.advanceTimersByTime(TIMINGS_MS.gamifiedToastInterval - 1);
    expect(shown).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(shown.map((s) => s.toast.push.entryId)).toEqual([11, 12]);
    jest.advanceTimersByTime(TIMINGS_MS.gamifiedToastInterval);
    expect(shown.map((s) => s.toast.push.entryId)).toEqual([11, 12, 13]);
    expect(shown.map((s) => s.at - 1_000_000)).toEqual([0, 3000, 6000]);
    expect(selectGamification(store.getState()).toasts).toEqual([]);
    stop();
  });

  it("dispatches the point notifications one per second, in order", () => {
    const store = loaded(10);
    const stop = startRewardScheduler(store, { showToast: () => undefined });
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => {
      const current = selectGamification(store.getState()).currentPoints?.entryId;
      if (current !== undefined && seen[seen.length - 1] !== current) seen.push(current);
    });
    store.dispatch(rewardPushed(points(11)));
    store.dispatch(rewardPushed(points(12)));
    store.dispatch(rewardPushed(points(13)));
    expect(seen).toEqual([11]);
    jest.advanceTimersByTime(999);
    expect(seen).toEqual([11]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual([11, 12]);
    jest.advanceTimersByTime(1000);
    expect(seen).toEqual([11, 12, 13]);
    unsubscribe();
    stop();
  });

  it("shows the next reward at once after the queue was idle longer than the interval", () => {
    const store = loaded(10);
    const shown: number[] = [];
    const stop = startRewardScheduler(store, { showToast: () => shown.push(Date.now() - 1_000_000) });
    store.dispatch(rewardPushed(badge(11)));
    jest.advanceTimersByTime(10_000);
    store.dispatch(rewardPushed(badge(12, "x")));
    expect(shown).toEqual([0, 10_000]);
    stop();
  });

  it("stops when told: nothing more is shown", () => {
    const store = loaded(10);
    const shown: number[] = [];
    const stop = startRewardScheduler(store, { showToast: (toast) => shown.push(toast.push.entryId) });
    store.dispatch(rewardPushed(badge(11)));
    store.dispatch(rewardPushed(badge(12, "x")));
    stop();
    jest.advanceTimersByTime(10_000);
    expect(shown).toEqual([11]);
  });
});
