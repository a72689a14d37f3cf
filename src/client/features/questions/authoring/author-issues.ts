import type { TFunction } from "i18next";
import { QUESTION_RULES } from "../../../../contracts/questions-base";
import type { QuestionIssue } from "../../../../contracts/questions";
import type { EditorIssue } from "./editors/types";

/*
 * Validation issues as the author form shows them. The schemas' own refinements carry stable rule
 * keys (QUESTION_RULES); zod's built-in checks (a wrong type, an unknown field...) carry English
 * text instead, so they are shown by their issue code. Either way the message becomes a key under
 * "authoring.rules.*", which is what the editors translate.
 */

const RULE_KEYS: ReadonlySet<string> = new Set(Object.values(QUESTION_RULES));

/** zod's issue codes, translated under "authoring.rules.<code>" when a check has no rule key. */
export const ZOD_ISSUE_CODES = [
  "invalid_type",
  "too_small",
  "too_big",
  "invalid_format",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_value",
  "custom",
] as const;
const CODES: ReadonlySet<string> = new Set(ZOD_ISSUE_CODES);

/** The translation key of a message: a rule key (or an issue code already standing for one) as is, else the issue code, else "custom". */
export function ruleKeyOf(message: string, code?: string): string {
  if (RULE_KEYS.has(message) || CODES.has(message)) return message;
  if (code && CODES.has(code)) return code;
  return "custom";
}

/** zod issues as editor issues, their messages turned into rule keys. */
export const toEditorIssues = (issues: readonly QuestionIssue[]): EditorIssue[] =>
  issues.map((i) => ({ path: i.path, message: ruleKeyOf(i.message, i.code) }));

/** The translated text of a rule key (unknown keys read as "not valid"). */
export const ruleText = (t: TFunction, message: string): string =>
  t(`authoring.rules.${ruleKeyOf(message)}`, { ns: "questions" });

/** The translated messages of some issues, each once, as one line (undefined when there are none). */
export function issuesText(t: TFunction, issues: readonly EditorIssue[]): string | undefined {
  if (issues.length === 0) return undefined;
  return [...new Set(issues.map((i) => ruleText(t, i.message)))].join(" ");
}

/** Field props for a Fluent Field showing some issues. */
export const fieldIssues = (t: TFunction, issues: readonly EditorIssue[]) => {
  const message = issuesText(t, issues);
  return { validationMessage: message, validationState: message ? ("error" as const) : ("none" as const) };
};

/** Only the issues exactly at `path` (not deeper). */
export const issuesExactly = (issues: readonly EditorIssue[], ...path: PropertyKey[]): EditorIssue[] =>
  issues.filter((i) => i.path.length === path.length && path.every((p, n) => i.path[n] === p));

/**
 * A path as a reader can follow it: known field names translated ("authoring.paths.*"), list
 * positions counted from 1 ("Opciones n.º 2 › Texto").
 */
export function pathText(t: TFunction, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (const segment of path) {
    if (typeof segment === "number") {
      const last = parts.pop();
      parts.push(t("authoring.paths.item", { ns: "questions", list: last ?? "", n: segment + 1 }));
    } else {
      const name = String(segment);
      parts.push(t(`authoring.paths.${name}`, { ns: "questions", defaultValue: name }));
    }
  }
  return parts.join(" › ");
}

/** A server VALIDATION_ERROR's details ([{ field: "answer.choiceId", message }]), when it has them. */
export function validationDetails(error: unknown): { field: string; message: string }[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data?: { error?: { key?: unknown; details?: unknown } } }).data;
  if (data?.error?.key !== "VALIDATION_ERROR" || !Array.isArray(data.error.details)) return [];
  return data.error.details.flatMap((d: unknown) => {
    if (!d || typeof d !== "object") return [];
    const { field, message } = d as { field?: unknown; message?: unknown };
    return typeof field === "string" ? [{ field, message: typeof message === "string" ? message : "" }] : [];
  });
}

/** "question_data.choices.0.text" as a path, list positions as numbers. */
export const fieldPath = (field: string): PropertyKey[] =>
  field === "" ? [] : field.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
