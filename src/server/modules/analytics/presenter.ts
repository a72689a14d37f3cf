import type { AnalyticsClassSummary, KcEvidence } from "../../../contracts/analytics-base";
import type { KcMastery } from "../../../contracts/learning-base";
import type { AnalyticsCourse, EvidenceRow } from "./queries";
import type { ClassAnalysis } from "./rules";

/*
 * What leaves the server. Probabilities are rounded to four decimals (a class of 30 with 91 KCs
 * is thousands of them; nothing shown needs more than three).
 */

export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;
export const round4OrNull = (x: number | null): number | null => (x === null ? null : round4(x));

export const presentEvidence = (e: EvidenceRow): KcEvidence => ({
  questionId: e.questionId,
  source: e.source,
  correct: e.correct,
  fraction: round4(e.fraction),
  knownBefore: round4(e.knownBefore),
  knownAfter: round4(e.knownAfter),
  recallBefore: round4(e.recallBefore),
  answeredAt: e.answeredAt.toISOString(),
});

export const presentMasteryRounded = (m: KcMastery): KcMastery => ({ ...m, known: round4(m.known), recall: round4(m.recall) });

export const presentSummary = (summary: ClassAnalysis["summary"]): Omit<AnalyticsClassSummary, "guid" | "name" | "discipline" | "color"> => ({
  ...summary,
  masteredShare: round4(summary.masteredShare),
});

export const presentClassSummary = (course: AnalyticsCourse, summary: ClassAnalysis["summary"]): AnalyticsClassSummary => ({
  guid: course.id,
  name: course.name,
  discipline: course.discipline,
  color: course.color,
  ...presentSummary(summary),
});
