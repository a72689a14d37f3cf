import type { ParseResult, Point, QuestionDataFor, QuestionIssue, Zone } from "./questions";

/*
 * What the client needs of the questions contract without zod (ADR 0028): the type codes, rule
 * keys and limits, the defaults question_data fills in, and the pure helpers the answering views
 * share with the schemas. questions.ts and question-parts.ts build their schemas on these and
 * re-export them; screens that only show questions import this file, so they load no zod.
 */

export const QUESTION_TYPES = {
  QT_1: "single_choice",
  QT_2: "multiple_choice",
  QT_3: "true_false",
  QT_4: "block_letter",
  QT_5: "matrix_table",
  QT_6: "matrix_inline",
  QT_7: "cloze_text",
  QT_8: "cloze_drag_drop",
  QT_9: "cloze_math",
  QT_10: "label_image_text",
  QT_11: "label_image_dropdown",
  QT_12: "label_image_drag_drop",
  QT_13: "classify",
  QT_14: "match_list",
  QT_15: "order_list",
  QT_16: "linking_lines",
  QT_17: "short_text",
  QT_18: "long_text",
  QT_19: "upload_file",
  QT_20: "pencil",
  QT_21: "click_to_find",
} as const;
export type QuestionType = keyof typeof QUESTION_TYPES;
export type QuestionTypeName = (typeof QUESTION_TYPES)[QuestionType];
export const QUESTION_TYPE_CODES = Object.keys(QUESTION_TYPES) as QuestionType[];
/** What QuestionTypeSchema accepts, without zod. */
export const isQuestionType = (value: unknown): value is QuestionType => typeof value === "string" && Object.hasOwn(QUESTION_TYPES, value);

/** Closed types are scored by the server on submit; open ones wait for the teacher's score and feedback. */
export type Grading = "auto" | "teacher";
const TEACHER_GRADED: readonly QuestionType[] = ["QT_18", "QT_19", "QT_20"];
export const GRADING = Object.fromEntries(QUESTION_TYPE_CODES.map((t) => [t, TEACHER_GRADED.includes(t) ? "teacher" : "auto"])) as Record<
  QuestionType,
  Grading
>;

/** Refinement messages (i18n keys for the author form). */
export const QUESTION_RULES = {
  required: "required",
  maxChars: "max_chars",
  minItems: "min_items",
  maxItems: "max_items",
  invalidId: "invalid_id",
  duplicateId: "duplicate_id",
  unknownId: "unknown_id",
  duplicate: "duplicate",
  textOrImage: "text_or_image_required",
  exactlyOneCorrect: "exactly_one_correct",
  atLeastOneCorrect: "at_least_one_correct",
  markerWithoutGap: "marker_without_gap",
  duplicateMarker: "duplicate_marker",
  gapWithoutMarker: "gap_without_marker",
  tokenReused: "token_reused",
  zoneOutsideImage: "zone_outside_image",
  oneToOne: "one_to_one",
  maxClicksBelowTargets: "max_clicks_below_targets",
  lettersOnly: "letters_only",
  invalidExtension: "invalid_extension",
  unbalancedMath: "unbalanced_math",
  invalidJson: "invalid_json",
  unknownType: "unknown_type",
  tooLarge: "too_large",
  // Answers checked against their question (by the server's scorer).
  notEveryItem: "not_every_item",
  tooManyWords: "too_many_words",
  tooManyFiles: "too_many_files",
  fileTypeNotAccepted: "file_type_not_accepted",
  tooManyClicks: "too_many_clicks",
} as const;
const R = QUESTION_RULES;

export const QUESTION_LIMITS = { promptChars: 5000, textChars: 1000, clozeChars: 10_000, answerChars: 200, dataJsonChars: 200_000 } as const;

// ---- Defaults -------------------------------------------------------------------------------------

/** How typed answers are compared unless the author says otherwise. */
export const MATCHING_DEFAULTS = { caseSensitive: false, accentSensitive: true } as const;
/**
 * The question_data fields an author may leave out, per type, with the value the schema fills in
 * (the schemas take their defaults from here; tests/contracts checks that no default is missing).
 */
export const QUESTION_DATA_DEFAULTS = {
  QT_1: { shuffle: true },
  QT_2: { shuffle: true },
  QT_7: MATCHING_DEFAULTS,
  QT_8: { reuseTokens: false },
  QT_10: MATCHING_DEFAULTS,
  QT_12: { reuseTokens: false },
  QT_17: MATCHING_DEFAULTS,
  QT_19: { maxFiles: 1 },
} as const satisfies Partial<Record<QuestionType, Record<string, unknown>>>;

// ---- Helpers the views and the schemas share --------------------------------------------------------

/** Whether a point (percent of the image) falls inside a zone, edges included. */
export function pointInZone(zone: Zone, p: Point): boolean {
  if (zone.shape === "rect") return p.x >= zone.x && p.x <= zone.x + zone.w && p.y >= zone.y && p.y <= zone.y + zone.h;
  return ((p.x - zone.cx) / zone.r) ** 2 + ((p.y - zone.cy) / zone.r) ** 2 <= 1;
}

/** The text's [[gapId]] markers, in order. */
export function clozeSegments(source: string): Array<{ text: string } | { gapId: string }> {
  const out: Array<{ text: string } | { gapId: string }> = [];
  let last = 0;
  for (const m of source.matchAll(/\[\[(.*?)\]\]/g)) {
    if (m.index > last) out.push({ text: source.slice(last, m.index) });
    out.push({ gapId: m[1] ?? "" });
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push({ text: source.slice(last) });
  return out;
}

/** The gap ids of a cloze text, in order (what the answering view shows an input or a drop zone for). */
export const clozeGapIds = (text: string): string[] => clozeSegments(text).flatMap((s) => ("gapId" in s ? [s.gapId] : []));

/** Inline \( \) and display $$ $$ math delimiters open and close in order. */
export function mathDelimitersBalanced(source: string): boolean {
  let open: "inline" | "display" | null = null;
  for (const [d] of source.matchAll(/\\\(|\\\)|\$\$/g)) {
    if (d === "$$" && open !== "inline") open = open === "display" ? null : "display";
    else if (d === "\\(" && open === null) open = "inline";
    else if (d === "\\)" && open === "inline") open = null;
    else return false;
  }
  return open === null;
}

/** Words as the long-text counter and the server count them. */
export const countWords = (value: string): number => value.split(/\s+/u).filter(Boolean).length;

// ---- Reading stored question_data -------------------------------------------------------------------

export const refuseQuestionData = (message: string, input: unknown): { ok: false; issues: QuestionIssue[] } => ({
  ok: false,
  issues: [{ code: "custom", path: [], message, input }],
});

/** The checks before any schema: a known type, a string within the size limit, valid JSON. */
export function questionDataJson(type: string, json: string): { ok: true; value: unknown } | { ok: false; issues: QuestionIssue[] } {
  if (!isQuestionType(type)) return refuseQuestionData(R.unknownType, type);
  if (typeof json !== "string") return refuseQuestionData(R.invalidJson, json);
  if (json.length > QUESTION_LIMITS.dataJsonChars) return refuseQuestionData(R.tooLarge, undefined);
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return refuseQuestionData(R.invalidJson, undefined);
  }
}

/**
 * `question_data` as the server sends it, read for showing (previews, projection) without zod:
 * the server checked it against its type's schema when it was written (and stores the parsed
 * form), so only the JSON is read here, with the type's defaults filled in where a field is
 * missing. Forms that check what an author typed use parseQuestionData (questions.ts). Never throws.
 */
export function readQuestionData<K extends QuestionType>(type: K, json: string): ParseResult<QuestionDataFor<K>> {
  const read = questionDataJson(type, json);
  if (!read.ok) return read;
  const { value } = read;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return refuseQuestionData(R.invalidJson, undefined);
  const defaults: Record<string, unknown> = (QUESTION_DATA_DEFAULTS as Partial<Record<QuestionType, Record<string, unknown>>>)[type] ?? {};
  return { ok: true, data: { ...defaults, ...value } as QuestionDataFor<K> };
}
