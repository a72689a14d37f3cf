/*
 * Teacher analytics (issue 15, ADR 0036) without zod (ADR 0028): the rules' names and thresholds,
 * and the shapes the analytics pages read. analytics.ts builds the schemas on these and re-exports
 * them; the server's rules (modules/analytics/rules.ts) read the same thresholds, so a threshold is
 * written once and the pages can say which one an alert crossed.
 */
import type { Role } from "./constants";
import type { KcMastery, MasteryState } from "./learning-base";

/** Spec: analytics apply only to Mathematics and Language classes (reference discipline codes). */
export const ANALYTICS_DISCIPLINES = ["math", "language"] as const;
export type AnalyticsDiscipline = (typeof ANALYTICS_DISCIPLINES)[number];

/** Spec: teachers alone see analytics (co-teachers teach the class too). */
export const ANALYTICS_ROLES: readonly Role[] = ["teacher", "coteacher"];

/** Spec "Analytics lesson status". */
export const LESSON_STATUSES = ["on_track", "at_risk", "alert"] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** Spec "Alert types": low mastery, repeated failures, review needed (forgetting curve). */
export const ALERT_TYPES = ["low_mastery", "repeated_failures", "review_needed"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** When a student's KC raises each alert (ADR 0036). review_needed is the learner model's own (recall < 0.7). */
export const ALERT_RULES = {
  /** Practised at least this often, and P(L) still below `knownBelow`. */
  lowMastery: { minAnswers: 3, knownBelow: 0.4 },
  /** The last `lastWrong` answers on the KC were all wrong. */
  repeatedFailures: { lastWrong: 3 },
} as const;

/**
 * A lesson's status from the students who practised its KCs (ADR 0036). "Struggling": a low-mastery
 * or repeated-failures alert on one of the lesson's KCs. Review-needed alerts (forgetting) can make a
 * lesson at risk, never alert: they call for a review, not for teaching it again.
 */
export const LESSON_STATUS_RULES = {
  alert: { strugglingShare: 0.3, meanKnownBelow: 0.4 },
  atRisk: { strugglingShare: 0.15, meanKnownBelow: 0.6, reviewShare: 0.3 },
} as const;

/** Diagnostics and recommendations (ADR 0036). */
export const DIAGNOSTIC_RULES = {
  /** Re-teach a KC when this share of the students who practised it have a low-mastery alert, and at least `minStudents` do. */
  reteach: { lowShare: 0.4, minStudents: 2 },
  /** A group: at least this many students with a low-mastery or repeated-failures alert on the same KCs. */
  group: { minStudents: 2 },
  /** Schedule a class review of a KC when at least this many students need to review it. */
  review: { minStudents: 2 },
} as const;

/**
 * The answers an alert shows as its evidence when opened (the newest, from the evidence endpoint;
 * the class's page carries none: a class of 30 with 5,000 answers would be megabytes of them).
 */
export const EVIDENCE_PER_ALERT = 5;
export const EVIDENCE_PAGE_SIZE = 50;
export const EVIDENCE_MAX_PAGE_SIZE = 200;

/** Error code of a class whose subject has no analytics (errors.json). */
export const ANALYTICS_NOT_AVAILABLE = "ANALYTICS_NOT_AVAILABLE";

/** Worst first: what a list of lessons reports as its worst status. */
const SEVERITY: Record<LessonStatus, number> = { on_track: 0, at_risk: 1, alert: 2 };
export function worstStatus(statuses: Iterable<LessonStatus | null>): LessonStatus | null {
  let worst: LessonStatus | null = null;
  for (const s of statuses) if (s !== null && (worst === null || SEVERITY[s] > SEVERITY[worst])) worst = s;
  return worst;
}

/** Counts of the class's students on one KC, by mastery state. */
export type MasteryCounts = Record<MasteryState, number>;

/** GET front/analytics: one of the teacher's Maths or Language classes. */
export type AnalyticsClassSummary = {
  guid: string;
  name: string;
  discipline: AnalyticsDiscipline;
  color: string;
  students: number;
  kcs: number;
  /** Mastered student × KC pairs over all of them (students × KCs); 0 for an empty class. */
  masteredShare: number;
  /** Alerts (student, KC, type) now. */
  alerts: number;
  /** The worst status of its lessons; null while no student has practised any. */
  worstStatus: LessonStatus | null;
  /** Lessons by status (lessons nobody practised yet are in none). */
  lessonStatuses: Record<LessonStatus, number>;
};

export type AnalyticsStudent = { guid: string; firstName: string; lastName: string };

export type AnalyticsKc = {
  code: string;
  names: Record<string, string>;
  unitGuid: string | null;
  lessonGuids: string[];
  /** The class's students by state on this KC. */
  counts: MasteryCounts;
  /** Mean P(L) of the students who practised it; null when nobody has. */
  meanKnown: number | null;
  reviewNeeded: number;
  /** Students with each alert on it. */
  alerts: Record<AlertType, number>;
};

export type AnalyticsLesson = {
  guid: string;
  title: string;
  unitGuid: string;
  unitTitle: string;
  /** Its KCs (codes, in program order). */
  kcs: string[];
  /** Null: no student has practised its KCs yet. */
  status: LessonStatus | null;
  /** Students with at least one answer on its KCs. */
  practised: number;
  /** Of those, students with a low-mastery or repeated-failures alert on its KCs. */
  struggling: number;
  /** Of those, students who need to review one of its KCs. */
  reviewNeeded: number;
  /** Mean over the students who practised it of their mean P(L) on its KCs they practised. */
  meanKnown: number | null;
  /** Alerts (student, KC, type) on its KCs. */
  alerts: number;
};

/**
 * A student's practised KC (a KC without answers is not started and has no cell), with the alerts
 * it raises now: the heat map's cell and, when `alerts` is not empty, an alert of its lessons.
 */
export type AnalyticsCell = {
  student: string;
  kc: string;
  state: MasteryState;
  known: number;
  answers: number;
  correct: number;
  recall: number;
  reviewNeeded: boolean;
  alerts: AlertType[];
  lastAnswerAt: string;
};

/** One answer's effect on a student's KC estimate (a kc_evidence row). */
export type KcEvidence = {
  questionId: string;
  source: string;
  correct: boolean;
  /** Share of the marks, 0..1. */
  fraction: number;
  knownBefore: number;
  knownAfter: number;
  /** Predicted recall just before the answer (0 the first time). */
  recallBefore: number;
  answeredAt: string;
};

export type AnalyticsDiagnostics = {
  /** KCs to teach again to the class. */
  reteach: Array<{ kc: string; practised: number; lowMastery: number; share: number; students: string[] }>;
  /** Students to work with together: the same weak KCs. */
  groups: Array<{ kcs: string[]; students: string[] }>;
  /** KCs whose review to schedule for the class. */
  reviews: Array<{ kc: string; students: string[] }>;
};

/** GET front/analytics/{guid}. */
export type ClassAnalytics = {
  class: { guid: string; name: string; discipline: AnalyticsDiscipline; color: string };
  summary: Omit<AnalyticsClassSummary, "guid" | "name" | "discipline" | "color">;
  /** When the figures were computed (recall depends on the moment). */
  generatedAt: string;
  students: AnalyticsStudent[];
  kcs: AnalyticsKc[];
  lessons: AnalyticsLesson[];
  /** Practised student × KC pairs, students' order then KCs' order. */
  cells: AnalyticsCell[];
  diagnostics: AnalyticsDiagnostics;
};

/** GET front/analytics/{guid}/students/{studentGuid}/kcs/{kc}/evidence: every answer behind one estimate. */
export type KcEvidencePage = {
  student: AnalyticsStudent;
  kc: { code: string; names: Record<string, string> };
  mastery: KcMastery;
  items: KcEvidence[];
  total: number;
  offset: number;
  pageSize: number;
};
