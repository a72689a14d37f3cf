import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { BadgeRewardPush, CurrencyRewardPush, LevelUpPush, PointsRewardPush } from "../../../contracts/gamification-base";
import { rootReducer, type RootState } from "../../app/store";
import { loggedOut } from "../auth/authSlice";

/*
 * What the gamification socket brought this tab (issue 18): the student's live totals (the header's
 * chip), the reward toasts and point notifications waiting their turn, and the level-up waiting for
 * its dialog. Each rule is a reducer here; rewardScheduler.ts takes the queues out at the spec's
 * pace ("reward toasts every 3 s; point notifications every 1 s").
 */

export type RewardPush =
  | { kind: "pointsReward"; payload: PointsRewardPush }
  | { kind: "badgeReward"; payload: BadgeRewardPush }
  | { kind: "currencyReward"; payload: CurrencyRewardPush }
  | { kind: "levelUp"; payload: LevelUpPush };

/** A toast waiting its turn: a medal, or coins. */
export type RewardToast = { kind: "badge"; push: BadgeRewardPush } | { kind: "currency"; push: CurrencyRewardPush };

export type GamificationTotals = { points: number; currency: number; level: number };

export type GamificationState = {
  /** From the profile, then every push: undefined until the profile has answered. */
  totals: GamificationTotals | undefined;
  /** Entries up to this id were counted in the profile the tab loaded: their pushes are not news. */
  floor: number | undefined;
  /** The highest entry id the tab has seen: the join's `since`. */
  lastEntryId: number | undefined;
  /** `<event>:<entryId>` of recent pushes: a live push and its replay arrive once (one entry pushes up to three events). */
  seen: string[];
  toasts: RewardToast[];
  points: PointsRewardPush[];
  /** The point notification on show (the chip's "+10 points"). */
  currentPoints: PointsRewardPush | undefined;
  /** When (ms) the next toast / point notification may show; 0 when the queue was idle. */
  nextToastAt: number;
  nextPointsAt: number;
  /** The level reached, its dialog open until accepted. */
  levelUp: { order: number } | undefined;
  /** The equipped frame's and theme's colours (the header's avatar ring and chip). */
  colours: EquippedColours;
};

export type EquippedColours = { avatarFrame: string | null; theme: string | null };

/** Enough to cover a replay (at most 50 entries, three events each) and what arrived live meanwhile. */
export const SEEN_MAX = 500;

export const initialGamificationState = (): GamificationState => ({
  totals: undefined,
  floor: undefined,
  lastEntryId: undefined,
  seen: [],
  toasts: [],
  points: [],
  currentPoints: undefined,
  nextToastAt: 0,
  nextPointsAt: 0,
  levelUp: undefined,
  colours: { avatarFrame: null, theme: null },
});

const gamificationSlice = createSlice({
  name: "gamification",
  initialState: initialGamificationState,
  reducers: {
    /**
     * The profile answered: its totals, and its newest entry as the join's first `since`. A later
     * answer (refetched after pushes) only moves forward: an older one never undoes a push.
     */
    profileLoaded(state, action: PayloadAction<{ points: number; currency: number; level: number; lastEntryId: number; colours: EquippedColours }>) {
      const { lastEntryId, colours, ...totals } = action.payload;
      state.colours = colours;
      if (state.floor === undefined) state.floor = lastEntryId;
      if (state.lastEntryId === undefined || lastEntryId >= state.lastEntryId) {
        state.totals = totals;
        state.lastEntryId = Math.max(lastEntryId, state.lastEntryId ?? 0);
      }
    },
    /** A push from the socket, live or replayed: queued once, the totals follow it. */
    rewardPushed(state, action: PayloadAction<RewardPush>) {
      const { kind, payload } = action.payload;
      const key = `${kind}:${payload.entryId}`;
      if ((state.floor !== undefined && payload.entryId <= state.floor) || state.seen.includes(key)) return;
      state.seen.push(key);
      if (state.seen.length > SEEN_MAX) state.seen.splice(0, state.seen.length - SEEN_MAX);
      state.lastEntryId = Math.max(state.lastEntryId ?? 0, payload.entryId);
      const totals = state.totals;
      switch (action.payload.kind) {
        case "pointsReward":
          state.points.push(action.payload.payload);
          if (totals) totals.points = action.payload.payload.totalPoints;
          break;
        case "currencyReward":
          state.toasts.push({ kind: "currency", push: action.payload.payload });
          if (totals) totals.currency = action.payload.payload.balance;
          break;
        case "badgeReward":
          state.toasts.push({ kind: "badge", push: action.payload.payload });
          break;
        case "levelUp": {
          const order = action.payload.payload.order;
          if (totals) totals.level = Math.max(totals.level, order);
          if (!state.levelUp || order > state.levelUp.order) state.levelUp = { order };
          break;
        }
      }
    },
    /** The first toast of the queue was shown at `now`: the next waits for the interval. */
    toastShown(state, action: PayloadAction<{ now: number; interval: number }>) {
      state.toasts.shift();
      state.nextToastAt = action.payload.now + action.payload.interval;
    },
    /** The first point notification was shown at `now`. */
    pointsShown(state, action: PayloadAction<{ now: number; interval: number }>) {
      state.currentPoints = state.points.shift();
      state.nextPointsAt = action.payload.now + action.payload.interval;
    },
    /** The level dialog was accepted. */
    levelUpAccepted(state) {
      state.levelUp = undefined;
    },
  },
  extraReducers: (builder) => {
    // Like the notifications (spec §4): sign-out forgets everything of the last reader.
    builder.addCase(loggedOut, () => initialGamificationState());
  },
});

export const { profileLoaded, rewardPushed, toastShown, pointsShown, levelUpAccepted } = gamificationSlice.actions;
export const gamificationReducer = gamificationSlice.reducer;

/** Injected when this feature's code loads (ADR 0031's lazy slices); the selectors read the initial state until then. */
const injected = gamificationSlice.injectInto(rootReducer);

const sliceOf = (state: RootState): GamificationState => injected.selectSlice(state as { gamification?: GamificationState });
export const selectGamification = (state: RootState): GamificationState => sliceOf(state);
export const selectTotals = (state: RootState): GamificationTotals | undefined => sliceOf(state).totals;
export const selectLevelUp = (state: RootState): { order: number } | undefined => sliceOf(state).levelUp;
export const selectColours = (state: RootState): EquippedColours => sliceOf(state).colours;
export const selectCurrentPoints = (state: RootState): PointsRewardPush | undefined => sliceOf(state).currentPoints;
/** The join's `since`: null before the profile answered (the server then replays nothing it has not counted). */
export const selectSince = (state: RootState): number | null => sliceOf(state).lastEntryId ?? null;
