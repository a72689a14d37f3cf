import { HELP_MESSAGE_COUNT, RECOMMENDATION_TITLE_COUNT, type ActivityState } from "../../../contracts/practice-base";

/* The small rules of the practice screens, pure so they are easy to test (ADR 0035). */

/** Wraps any index into 0..count-1 (a negative one too). */
const wrap = (index: number, count: number): number => ((Math.trunc(index) % count) + count) % count;

/** The i18n key of a card's title: one of the twelve rotating ones (practice:titles.0 .. 11), whatever index the server sends. */
export const titleKey = (titleIndex: number): string => `titles.${wrap(titleIndex, RECOMMENDATION_TITLE_COUNT)}`;

type TriedActivity = { state: ActivityState; tries: number };

/** Wrong tries an activity has had: one while it waits for its retry, all but the last when right, every one when wrong. */
export function wrongTriesOf(activity: TriedActivity): number {
  switch (activity.state) {
    case "pending":
      return 0;
    case "retry":
      return activity.tries;
    case "right":
      return Math.max(activity.tries - 1, 0);
    case "wrong":
      return activity.tries;
  }
}

/**
 * The help message after a wrong try (practice:help.0 .. 2): they take turns with the session's wrong
 * tries so far, counting the one just made, so the first wrong try of a session reads the first.
 */
export function helpKey(activities: readonly TriedActivity[]): string {
  const wrong = activities.reduce((n, a) => n + wrongTriesOf(a), 0);
  return `help.${wrap(wrong - 1, HELP_MESSAGE_COUNT)}`;
}

/** Where a session resumes: its first activity not over, else its last (whose Finish completes it). */
export function resumeActivity<A extends { state: ActivityState }>(activities: readonly A[]): A | undefined {
  return activities.find((a) => a.state === "pending" || a.state === "retry") ?? activities[activities.length - 1];
}

/** Whether a KC's mastery went up, down or stayed (P(known) within half a point). */
export function changeOf(before: number, after: number): "up" | "down" | "same" {
  const delta = after - before;
  return Math.abs(delta) < 0.005 ? "same" : delta > 0 ? "up" : "down";
}

/** The summary asks again this often, at most this many times, while the learner model catches up. */
export const SUMMARY_POLL_MS = 500;
export const SUMMARY_POLLS = 10;
