/*
 * Gamification (issue 18, ADR 0046) without zod (ADR 0028): the socket's names and pushes, the
 * reasons a student is rewarded, the ranking modes and the shape of an edition's rules. The
 * screens read these; gamification.ts holds the schemas.
 */

/** The socket.io namespace of the gamification socket (spec §7: "a websocket with a join-room event"). */
export const GAMIFICATION_NAMESPACE = "/gamification";

/** Spec §4: the events the gamification socket handles, and the join-room event the client sends. */
export const GAMIFICATION_SOCKET_EVENTS = {
  /** client -> server: `{ userGuid, since }`; acked `{ ok: true }` or `{ ok: false, error }`. */
  joinRoom: "joinRoom",
  pointsReward: "pointsReward",
  badgeReward: "badgeReward",
  currencyReward: "currencyReward",
  levelUp: "levelUp",
} as const;

/** Why an entry of the ledger was written. */
export const REWARD_REASONS = [
  /** A question answered right at the first try, the first time, on a KC not yet mastered. */
  "answer_right",
  /** The mastery a scored answer added to a KC (Bayesian Knowledge Tracing), in points. */
  "mastery_gain",
  /** A KC crossed the mastery threshold (0.95) for the first time. */
  "kc_mastered",
  /** A KC answered right when its review was due (FSRS: predicted recall under the target). */
  "review_on_time",
  /** A task handed in before its due date. */
  "task_on_time",
  /** A practice session completed. */
  "practice_completed",
  /** A medal whose criteria were met. */
  "medal",
  /** A medal a teacher gave by hand, with a reason. */
  "teacher_medal",
  /** A new level reached. */
  "level",
  /** Currency spent on an item of the shop. */
  "purchase",
] as const;
export type RewardReason = (typeof REWARD_REASONS)[number];

/** The reasons whose points and currency come from the domain events (the ones the daily caps apply to). */
export const EARNING_REASONS = ["answer_right", "mastery_gain", "kc_mastered", "review_on_time", "task_on_time", "practice_completed"] as const;
export type EarningReason = (typeof EARNING_REASONS)[number];

/** What a medal's criterion counts (ledger entries of a reason, or the level reached). */
export const MEDAL_CRITERIA = ["kcs_mastered", "reviews_on_time", "tasks_on_time", "practice_sessions", "level", "manual"] as const;
export type MedalCriterion = (typeof MEDAL_CRITERIA)[number];

/** Spec (class ranking, issue 18): the teacher chooses whether the class sees it, its first ten, or all of it. */
export const RANKING_MODES = ["off", "top10", "full"] as const;
export type RankingMode = (typeof RANKING_MODES)[number];
export const DEFAULT_RANKING_MODE: RankingMode = "top10";
export const RANKING_TOP = 10;

/** What the shop sells: a ring around the avatar, or a colour theme for one's own screens. */
export const SHOP_ITEM_KINDS = ["avatar_frame", "theme"] as const;
export type ShopItemKind = (typeof SHOP_ITEM_KINDS)[number];

export const GAMIFICATION_LIMITS = {
  /** Entries replayed to a socket that joins after missing some (a reconnection, a restart). */
  replayMax: 50,
  ledgerPageSize: 20,
  reasonMaxChars: 300,
  levelsMax: 50,
  medalsMax: 60,
  shopItemsMax: 40,
} as const;

// ---- An edition's rules (data; ADR 0046 says why each rewards learning) ----

export type LevelRule = { order: number; threshold: number };
export type MedalRule = {
  id: string;
  criterion: MedalCriterion;
  /** How many of the criterion's events (or the level) unlock it; 1 for a manual medal. */
  count: number;
  /** An image of public/ (or an absolute https address). */
  imageUrl: string;
  /** The medal's name and description per language (es, ca, eu, en, pt); es is the fallback. */
  name: Record<string, string>;
  description: Record<string, string>;
  points: number;
  currency: number;
};
export type ShopItemRule = { id: string; kind: ShopItemKind; price: number; /** A CSS colour (frame) or a brand colour (theme). */ colour: string; name: Record<string, string> };
export type GamificationRules = {
  points: Record<EarningReason, number>;
  currency: Record<EarningReason, number>;
  /** Points a student may earn per reason and UTC day; what is over is written as capped (0). */
  dailyCaps: Record<EarningReason, number>;
  /** Points per whole unit of mastery gained (a gain of 0.3 pays 0.3 of it). */
  masteryGainScale: number;
  levels: LevelRule[];
  medals: MedalRule[];
  shop: ShopItemRule[];
};

// ---- Socket pushes (spec §3: points; badge (id, imageUrl, description); currency; level (currentLevel.order or order)) ----

export type PointsRewardPush = { entryId: number; points: number; reason: RewardReason; totalPoints: number; capped: boolean };
export type BadgeRewardPush = { entryId: number; badge: { id: string; imageUrl: string; name: string; description: string }; reason: RewardReason; note: string | null };
export type CurrencyRewardPush = { entryId: number; currency: number; reason: RewardReason; balance: number };
export type LevelUpPush = { entryId: number; currentLevel: { order: number; threshold: number }; order: number };
export type JoinRoomPayload = { userGuid: string; since: number | null };
export type JoinRoomAck = { ok: true; lastEntryId: number } | { ok: false; error: string };

/** The level a student with `points` has: the highest whose threshold they reached (levels sorted by threshold). */
export function levelOf(levels: readonly LevelRule[], points: number): LevelRule | null {
  let reached: LevelRule | null = null;
  for (const level of [...levels].sort((a, b) => a.threshold - b.threshold)) if (points >= level.threshold) reached = level;
  return reached;
}

/** A rule's text in `lang`, else Spanish (the default language), else any. */
export function textIn(texts: Record<string, string>, lang: string): string {
  return texts[lang] ?? texts.es ?? Object.values(texts)[0] ?? "";
}
