import { GuidSchema, successOf } from "./common";
import { FORM_RULES } from "./course-settings-base";
import { EARNING_REASONS, GAMIFICATION_LIMITS, MEDAL_CRITERIA, RANKING_MODES, REWARD_REASONS, SHOP_ITEM_KINDS } from "./gamification-base";
import * as z from "./zod";

export * from "./gamification-base";

export const RewardReasonSchema = z.enum(REWARD_REASONS);
export const RankingModeSchema = z.enum(RANKING_MODES);

// ---- An edition's rules (GET/PUT /api/gamification/rules, editorial staff) ----

const Texts = z.record(z.string().min(2).max(8), z.string().trim().min(1).max(200));
const Amount = z.number().int().min(0).max(100_000);
const perReason = z.object(Object.fromEntries(EARNING_REASONS.map((r) => [r, Amount])) as Record<(typeof EARNING_REASONS)[number], typeof Amount>);
const Id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, FORM_RULES.required);

export const GamificationRulesSchema = z
  .object({
    points: perReason,
    currency: perReason,
    dailyCaps: perReason,
    masteryGainScale: z.number().int().min(0).max(10_000),
    levels: z
      .array(z.object({ order: z.number().int().min(1).max(GAMIFICATION_LIMITS.levelsMax), threshold: z.number().int().min(0).max(10_000_000) }))
      .min(1)
      .max(GAMIFICATION_LIMITS.levelsMax),
    medals: z
      .array(
        z.object({
          id: Id,
          criterion: z.enum(MEDAL_CRITERIA),
          count: z.number().int().min(1).max(100_000),
          imageUrl: z.string().max(300).regex(/^(\/[\w\-./]+|https:\/\/\S+)$/),
          name: Texts,
          description: Texts,
          points: Amount,
          currency: Amount,
        }),
      )
      .max(GAMIFICATION_LIMITS.medalsMax),
    shop: z
      .array(z.object({ id: Id, kind: z.enum(SHOP_ITEM_KINDS), price: z.number().int().min(1).max(100_000), colour: z.string().regex(/^#[0-9a-fA-F]{6}$/), name: Texts }))
      .max(GAMIFICATION_LIMITS.shopItemsMax),
  })
  .refine((r) => r.levels.some((l) => l.order === 1 && l.threshold === 0), { message: FORM_RULES.required, path: ["levels"] })
  .refine((r) => new Set(r.levels.map((l) => l.order)).size === r.levels.length && new Set(r.levels.map((l) => l.threshold)).size === r.levels.length, { message: FORM_RULES.required, path: ["levels"] })
  .refine((r) => new Set(r.medals.map((m) => m.id)).size === r.medals.length, { message: FORM_RULES.required, path: ["medals"] })
  .refine((r) => new Set(r.shop.map((s) => s.id)).size === r.shop.length, { message: FORM_RULES.required, path: ["shop"] });
export const GamificationRulesResponseSchema = successOf(GamificationRulesSchema);

// ---- The student's profile (GET /api/gamification/profile) ----

export const MedalViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  criterion: z.enum(MEDAL_CRITERIA),
  count: z.number().int(),
  /** Progress towards `count` (capped at it); a manual medal: how many times it was given. */
  progress: z.number().int(),
  unlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type MedalView = z.infer<typeof MedalViewSchema>;

export const GamificationProfileSchema = z.object({
  /** Rewards apply to this user (a student of a gamified edition); everything else is empty when false. */
  enabled: z.boolean(),
  /** Experience points (spec §3 "Gamification profile: level, experience points, medals"). */
  points: z.number().int(),
  currency: z.number().int(),
  level: z.object({ order: z.number().int(), threshold: z.number().int(), nextThreshold: z.number().int().nullable() }),
  medals: z.array(MedalViewSchema),
  /** The newest ledger entry: the socket's join asks for what came after it. */
  lastEntryId: z.number().int(),
  equipped: z.object({ avatarFrame: z.string().nullable(), theme: z.string().nullable() }),
  /** The frame's and theme's colours, for the header's avatar and the theme. */
  equippedColours: z.object({ avatarFrame: z.string().nullable(), theme: z.string().nullable() }),
});
export type GamificationProfile = z.infer<typeof GamificationProfileSchema>;
export const GamificationProfileResponseSchema = successOf(GamificationProfileSchema);

// ---- The ledger (GET /api/gamification/ledger): every entry, the student's achievements ----

export const LedgerQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAMIFICATION_LIMITS.ledgerPageSize),
});
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  reason: RewardReasonSchema,
  points: z.number().int(),
  currency: z.number().int(),
  /** Over the day's cap for its reason: recorded, not paid. */
  capped: z.boolean(),
  course: z.object({ guid: z.string(), name: z.string() }).nullable(),
  /** The KC (code and name), medal, level, job or shop item the entry is about. */
  kc: z.object({ code: z.string(), name: z.string() }).nullable(),
  medal: z.object({ id: z.string(), name: z.string(), imageUrl: z.string() }).nullable(),
  level: z.number().int().nullable(),
  itemId: z.string().nullable(),
  /** A teacher's medal: their reason, and who gave it. */
  note: z.string().nullable(),
  awardedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerResponseSchema = successOf(z.object({ entries: z.array(LedgerEntrySchema), total: z.number().int(), offset: z.number().int() }));

// ---- A class's ranking and the teacher's medals ----

export const RankingRowSchema = z.object({
  rank: z.number().int(),
  /** Students see first names only; the class's teachers see full names and guids. */
  name: z.string(),
  studentGuid: z.string().nullable(),
  points: z.number().int(),
  level: z.number().int(),
  me: z.boolean(),
});
export const RankingSchema = z.object({
  mode: RankingModeSchema,
  /** The class has gamification on (in a gamified edition). */
  enabled: z.boolean(),
  rows: z.array(RankingRowSchema),
  /** The reader's own row when it is not among `rows` (top 10 of a larger class). */
  mine: RankingRowSchema.nullable(),
  /** What the teacher may give by hand. */
  manualMedals: z.array(z.object({ id: z.string(), name: z.string(), imageUrl: z.string() })),
});
export type Ranking = z.infer<typeof RankingSchema>;
export const RankingResponseSchema = successOf(RankingSchema);
export const RankingModeUpdateSchema = z.object({ mode: RankingModeSchema });

export const TeacherMedalCreateSchema = z.object({
  studentGuid: GuidSchema,
  medalId: z.string({ message: FORM_RULES.required }).min(1, FORM_RULES.required).max(40),
  reason: z.string({ message: FORM_RULES.required }).trim().min(1, FORM_RULES.required).max(GAMIFICATION_LIMITS.reasonMaxChars, FORM_RULES.maxChars),
});
export type TeacherMedalCreate = z.infer<typeof TeacherMedalCreateSchema>;

// ---- The shop ----

export const ShopItemViewSchema = z.object({ id: z.string(), kind: z.enum(SHOP_ITEM_KINDS), name: z.string(), price: z.number().int(), colour: z.string(), owned: z.boolean(), equipped: z.boolean() });
export type ShopItemView = z.infer<typeof ShopItemViewSchema>;
export const ShopResponseSchema = successOf(z.object({ balance: z.number().int(), items: z.array(ShopItemViewSchema) }));
export const ShopItemParamsSchema = z.object({ itemId: z.string().min(1).max(40) });
export const EquipSchema = z.object({ kind: z.enum(SHOP_ITEM_KINDS), itemId: z.string().min(1).max(40).nullable() });
