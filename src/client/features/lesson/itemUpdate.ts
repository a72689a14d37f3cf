import { LessonItemUpdateSchema, type LessonItemUpdate } from "../../../contracts/lessons";
import type { ContentTypeCode } from "../../../contracts/lessons-base";
import { fieldErrors, publicationOf, scheduleProblem, settingsOf, type Checked, type ItemSettingsDraft } from "./lessonRules";

/*
 * The item settings form's check with the contract's zod schema, apart from lessonRules.ts so that
 * the screens using only those pure rules (the assessment's settings form, its links back to the
 * lesson) load no zod (ADR 0028).
 */

/** The PUT body for an item's settings form, checked with the contract (errors are lesson:form keys). */
export function itemUpdateFrom(draft: ItemSettingsDraft, type: ContentTypeCode, now: Date = new Date()): Checked<LessonItemUpdate> {
  const problem = scheduleProblem(draft, now);
  if (problem) return { ok: false, errors: { publishAt: problem } };
  const title = draft.title.trim();
  const parsed = LessonItemUpdateSchema.safeParse({ title: title || null, settings: settingsOf(draft, type), ...publicationOf(draft) });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  return { ok: true, body: parsed.data };
}
