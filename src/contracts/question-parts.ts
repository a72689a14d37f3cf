import { clozeSegments, MATCHING_DEFAULTS, QUESTION_LIMITS, QUESTION_RULES } from "./questions-base";
import * as z from "./zod";

/*
 * The pieces the question_data schemas of ./questions.ts are built from: rule keys and limits, ids,
 * images and zones, item shapes, and the refinement helpers (unique ids, references, cloze
 * markers). Split from questions.ts by responsibility; questions.ts re-exports the public ones.
 * Rule keys, limits and the pure helpers live in ./questions-base.ts (no zod), re-exported here.
 */

export { clozeSegments, mathDelimitersBalanced, pointInZone, QUESTION_LIMITS, QUESTION_RULES } from "./questions-base";
export const R = QUESTION_RULES;

// ---- Building blocks ----------------------------------------------------------------------------

/** Starts with a letter or digit, so an id is never "__proto__" or another special key. */
export const LocalIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, R.invalidId);
export const text = (max: number) => z.string().trim().min(1, R.required).max(max, R.maxChars);
export const itemText = text(QUESTION_LIMITS.textChars);
export const acceptedAnswers = z.array(text(QUESTION_LIMITS.answerChars)).min(1, R.minItems).max(20, R.maxItems);
export const percent = z.number().min(0).max(100);

export const ImageSchema = z.strictObject({ url: z.string().trim().min(1, R.required).max(2000), alt: text(500) });
export type Image = z.infer<typeof ImageSchema>;

export const ZoneSchema = z.discriminatedUnion("shape", [
  z
    .strictObject({ shape: z.literal("rect"), x: percent, y: percent, w: percent.positive(), h: percent.positive() })
    .refine((r) => r.x + r.w <= 100 && r.y + r.h <= 100, R.zoneOutsideImage),
  z.strictObject({ shape: z.literal("circle"), cx: percent, cy: percent, r: z.number().positive().max(50) }),
]);
export type Zone = z.infer<typeof ZoneSchema>;
export const PointSchema = z.strictObject({ x: percent, y: percent });
export type Point = z.infer<typeof PointSchema>;

/** An item shown as text, an image, or both. */
export const contentShape = { id: LocalIdSchema, text: itemText.optional(), image: ImageSchema.optional() };
export const hasContent = (v: { text?: string; image?: Image }) => v.text !== undefined || v.image !== undefined;
export const hasContentMessage = { message: R.textOrImage, path: ["text"] };
export const ContentItemSchema = z.strictObject(contentShape).refine(hasContent, hasContentMessage);
export const TextItemSchema = z.strictObject({ id: LocalIdSchema, text: itemText });

export type Ctx = z.RefinementCtx;
export const issue = (ctx: Ctx, path: PropertyKey[], message: string, params?: Record<string, string>) =>
  ctx.addIssue({ code: "custom", path, message, ...(params ? { params } : {}) });

/** Each key once; a repeat is reported at `pathOf(its index)`. */
export function unique(ctx: Ctx, keys: readonly string[], pathOf: (i: number) => PropertyKey[]): void {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (seen.has(key)) issue(ctx, pathOf(i), R.duplicateId);
    seen.add(key);
  });
}
export const uniqueIds = (ctx: Ctx, items: readonly { id: string }[], at: PropertyKey[]) => unique(ctx, items.map((item) => item.id), (i) => [...at, i, "id"]);

/** Ids unique across both sides of a match or of linking lines, so an answer's id names one item. */
export function uniqueAcross(ctx: Ctx, a: [string, readonly { id: string }[]], b: [string, readonly { id: string }[]]): void {
  const [aKey, aItems] = a;
  const [bKey, bItems] = b;
  unique(ctx, [...aItems, ...bItems].map((item) => item.id), (i) => (i < aItems.length ? [aKey, i, "id"] : [bKey, i - aItems.length, "id"]));
}

/** Each `items[i][key]` names one of `targets`. */
export function references<K extends string>(ctx: Ctx, items: readonly Record<K, string>[], key: K, targets: readonly { id: string }[], at: PropertyKey[]): void {
  const ids = new Set(targets.map((t) => t.id));
  items.forEach((item, i) => {
    if (!ids.has(item[key])) issue(ctx, [...at, i, key], R.unknownId);
  });
}

/** Unless tokens may be reused, no token is the answer of two gaps or labels. */
export function tokensOnce(ctx: Ctx, items: readonly { tokenId: string }[], at: PropertyKey[], reuse: boolean): void {
  if (reuse) return;
  const used = new Set<string>();
  items.forEach((item, i) => {
    if (used.has(item.tokenId)) issue(ctx, [...at, i, "tokenId"], R.tokenReused);
    used.add(item.tokenId);
  });
}

/** Every marker names a gap, once; every gap has its marker. */
export function clozeRule(ctx: Ctx, source: string, gaps: readonly { id: string }[]): void {
  const gapIds = new Set(gaps.map((g) => g.id));
  const seen = new Set<string>();
  for (const seg of clozeSegments(source)) {
    if (!("gapId" in seg)) continue;
    if (!gapIds.has(seg.gapId)) issue(ctx, ["text"], R.markerWithoutGap, { gapId: seg.gapId });
    else if (seen.has(seg.gapId)) issue(ctx, ["text"], R.duplicateMarker, { gapId: seg.gapId });
    seen.add(seg.gapId);
  }
  gaps.forEach((g, i) => {
    if (!seen.has(g.id)) issue(ctx, ["gaps", i, "id"], R.gapWithoutMarker, { gapId: g.id });
  });
}

export const matching = {
  caseSensitive: z.boolean().default(MATCHING_DEFAULTS.caseSensitive),
  accentSensitive: z.boolean().default(MATCHING_DEFAULTS.accentSensitive),
};
export const list = <T extends z.ZodType>(item: T, min: number, max: number) => z.array(item).min(min, R.minItems).max(max, R.maxItems);
