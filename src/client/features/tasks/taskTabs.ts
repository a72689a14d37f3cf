import type { Role } from "../../../contracts/constants";
import { formatIso } from "../../i18n/format";
import { defaultTabOf, tabsOf, type TaskTab } from "../../../contracts/tasks-base";

/** The tab a `?tab=` value names for this role; anything else (absent, another role's) gives the role's first. */
export function tabOf(role: Role, asked: string | null): TaskTab {
  const tabs = tabsOf(role);
  return tabs.includes(asked as TaskTab) ? (asked as TaskTab) : defaultTabOf(role);
}

/** The count behind each tab's badge (GET front/amount-tasks keys). */
export const COUNT_KEY_OF = {
  todo: "todo",
  turned_in: "turnedIn",
  graded: "graded",
  pending: "pending",
  reviewed: "reviewed",
} as const satisfies Record<TaskTab, string>;

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };

/** A due date as the reader's language writes it. */
export const formatDue = (iso: string, language: string): string => formatIso(iso, language, DATE_TIME);
