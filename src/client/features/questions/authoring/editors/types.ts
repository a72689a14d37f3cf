import type { QuestionType } from "../../../../../contracts/questions";

/*
 * What every question-data editor takes (issue 6 authoring). One editor per type
 * (editors/QT_<n>.tsx, default export), loaded lazily by editors/registry.tsx. An editor edits a
 * draft of the type's question_data (the input shape of QUESTION_DATA_SCHEMAS[type]: it may be
 * incomplete or invalid while the author works) and shows the issues the page found when it
 * validated the draft with parseQuestionData. Rule messages are keys under "authoring.rules.*".
 */

/** One validation issue, its path relative to question_data (e.g. ["choices", 2, "text"]). */
export type EditorIssue = { path: readonly PropertyKey[]; message: string };

export type EditorProps = {
  type: QuestionType;
  /** The current draft of question_data (a plain object). */
  draft: Record<string, unknown>;
  onChange: (draft: Record<string, unknown>) => void;
  /** Issues of the last validation (shown next to the fields their path names). */
  issues: readonly EditorIssue[];
};

/** The issues whose path starts with `prefix`. */
export const issuesAt = (issues: readonly EditorIssue[], ...prefix: PropertyKey[]): EditorIssue[] =>
  issues.filter((i) => prefix.every((p, n) => i.path[n] === p));

/** A new random local id (what question_data ids are: random, so they reveal no order or pairing). */
export function newLocalId(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return "i" + Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 10);
}
