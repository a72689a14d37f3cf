import {
  ALERT_RULES,
  DIAGNOSTIC_RULES,
  LESSON_STATUS_RULES,
  LESSON_STATUSES,
  worstStatus,
  type AlertType,
  type AnalyticsDiagnostics,
  type LessonStatus,
  type MasteryCounts,
} from "../../../contracts/analytics-base";
import type { KcMastery } from "../../../contracts/learning-base";
import { presentMastery } from "../learning/kcs-service";

/*
 * Teacher analytics' rules (issue 15, ADR 0036) as pure functions over what the learner model
 * stored: each student's KC states (kc_states) and which of them end in a run of wrong answers
 * (kc_evidence, queries.ts loadFailingRuns). The thresholds are contracts/analytics-base's; the
 * mastery and 'review needed' are the learner model's own (learning/kcs-service presentMastery), so
 * analytics never disagrees with it.
 */

export type StateRow = { userId: string; kc: string; known: number; answers: number; correct: number; card: unknown; lastAnswerAt: Date };

/**
 * Spec "repeated failures": the last `lastWrong` answers on the KC, newest first, were all wrong.
 * (The class pages ask the database the same question for every student and KC at once.)
 */
export function endsInFailures(newestFirst: readonly { correct: boolean }[]): boolean {
  const last = newestFirst.slice(0, ALERT_RULES.repeatedFailures.lastWrong);
  return last.length === ALERT_RULES.repeatedFailures.lastWrong && last.every((e) => !e.correct);
}

/** The alerts one student's KC raises now, from its standing and whether its last answers were all wrong. */
export function alertTypesOf(mastery: KcMastery, failing: boolean): AlertType[] {
  const types: AlertType[] = [];
  const low = ALERT_RULES.lowMastery;
  if (mastery.answers >= low.minAnswers && mastery.known < low.knownBelow) types.push("low_mastery");
  if (failing) types.push("repeated_failures");
  if (mastery.reviewNeeded) types.push("review_needed");
  return types;
}

/** A learning problem, as opposed to forgetting: what makes a lesson alert and a group worth forming. */
export const isStruggling = (types: readonly AlertType[]): boolean => types.includes("low_mastery") || types.includes("repeated_failures");

/** What a lesson's status is computed from: the students who practised its KCs. */
export type LessonFigures = { practised: number; struggling: number; reviewNeeded: number; meanKnown: number | null };

/** Spec "on track / at risk / alert" (ADR 0036); null while nobody has practised the lesson. */
export function lessonStatusOf(f: LessonFigures): LessonStatus | null {
  if (f.practised === 0 || f.meanKnown === null) return null;
  const struggling = f.struggling / f.practised;
  const review = f.reviewNeeded / f.practised;
  const { alert, atRisk } = LESSON_STATUS_RULES;
  if (struggling >= alert.strugglingShare || f.meanKnown < alert.meanKnownBelow) return "alert";
  if (struggling >= atRisk.strugglingShare || f.meanKnown < atRisk.meanKnownBelow || review >= atRisk.reviewShare) return "at_risk";
  return "on_track";
}

export type ClassInput = {
  /** In the order the pages list them. */
  students: ReadonlyArray<{ id: string }>;
  /** The class's KC map in program order. */
  kcs: ReadonlyArray<{ code: string; lessonIds: readonly string[] }>;
  /** The lessons the class follows (not hidden) in program order. */
  lessonIds: readonly string[];
  states: readonly StateRow[];
  /** The student × KC pairs whose last answers were all wrong (endsInFailures). */
  failing: ReadonlyArray<{ userId: string; kc: string }>;
  now: Date;
};

export type CellAnalysis = { student: string; kc: string; mastery: KcMastery; alerts: AlertType[]; lastAnswerAt: Date };
export type KcAnalysis = { code: string; counts: MasteryCounts; meanKnown: number | null; reviewNeeded: number; alerts: Record<AlertType, number> };
export type LessonAnalysis = LessonFigures & { id: string; kcs: string[]; status: LessonStatus | null; alerts: number };
export type ClassAnalysis = {
  /** Practised student × KC pairs, students' order then KCs' order. */
  cells: CellAnalysis[];
  kcs: KcAnalysis[];
  /** Lessons with at least one KC. */
  lessons: LessonAnalysis[];
  diagnostics: AnalyticsDiagnostics;
  summary: { students: number; kcs: number; masteredShare: number; alerts: number; worstStatus: LessonStatus | null; lessonStatuses: Record<LessonStatus, number> };
};

const keyOf = (student: string, kc: string) => `${student}\u0000${kc}`;
const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Everything the class's pages show, from the stored learner model, in one pass. */
export function analyseClass(input: ClassInput): ClassAnalysis {
  const studentIds = new Set(input.students.map((s) => s.id));
  const codes = new Set(input.kcs.map((k) => k.code));
  const states = new Map(input.states.filter((s) => studentIds.has(s.userId) && codes.has(s.kc)).map((s) => [keyOf(s.userId, s.kc), s]));
  const failing = new Set(input.failing.map((f) => keyOf(f.userId, f.kc)));

  const cells = new Map<string, CellAnalysis>();
  for (const student of input.students) {
    for (const kc of input.kcs) {
      const state = states.get(keyOf(student.id, kc.code));
      if (!state || state.answers === 0) continue;
      const mastery = presentMastery(state, input.now);
      const key = keyOf(student.id, kc.code);
      cells.set(key, { student: student.id, kc: kc.code, mastery, alerts: alertTypesOf(mastery, failing.has(key)), lastAnswerAt: state.lastAnswerAt });
    }
  }

  const kcs: KcAnalysis[] = input.kcs.map((kc) => {
    const practised = input.students.map((s) => cells.get(keyOf(s.id, kc.code))).filter((c): c is CellAnalysis => c !== undefined);
    const counts: MasteryCounts = { mastered: 0, in_progress: 0, not_started: input.students.length - practised.length };
    const alerts: Record<AlertType, number> = { low_mastery: 0, repeated_failures: 0, review_needed: 0 };
    for (const c of practised) {
      counts[c.mastery.state === "mastered" ? "mastered" : "in_progress"] += 1;
      for (const type of c.alerts) alerts[type] += 1;
    }
    return { code: kc.code, counts, meanKnown: mean(practised.map((c) => c.mastery.known)), reviewNeeded: practised.filter((c) => c.mastery.reviewNeeded).length, alerts };
  });

  const visible = new Set(input.lessonIds);
  const kcsOfLesson = new Map<string, string[]>();
  for (const kc of input.kcs) for (const lesson of kc.lessonIds) if (visible.has(lesson)) kcsOfLesson.set(lesson, [...(kcsOfLesson.get(lesson) ?? []), kc.code]);
  const lessons: LessonAnalysis[] = input.lessonIds.flatMap((id) => {
    const lessonKcs = kcsOfLesson.get(id);
    if (!lessonKcs) return [];
    let practised = 0;
    let struggling = 0;
    let reviewNeeded = 0;
    let alerts = 0;
    const means: number[] = [];
    for (const student of input.students) {
      const own = lessonKcs.map((kc) => cells.get(keyOf(student.id, kc))).filter((c): c is CellAnalysis => c !== undefined);
      if (own.length === 0) continue;
      practised += 1;
      means.push(own.reduce((sum, c) => sum + c.mastery.known, 0) / own.length);
      if (own.some((c) => isStruggling(c.alerts))) struggling += 1;
      if (own.some((c) => c.mastery.reviewNeeded)) reviewNeeded += 1;
      alerts += own.reduce((sum, c) => sum + c.alerts.length, 0);
    }
    const figures: LessonFigures = { practised, struggling, reviewNeeded, meanKnown: mean(means) };
    return [{ id, kcs: lessonKcs, ...figures, status: lessonStatusOf(figures), alerts }];
  });

  const all = [...cells.values()];
  const cellsTotal = input.students.length * input.kcs.length;
  const lessonStatuses = Object.fromEntries(LESSON_STATUSES.map((s) => [s, lessons.filter((l) => l.status === s).length])) as Record<LessonStatus, number>;
  return {
    cells: all,
    kcs,
    lessons,
    diagnostics: diagnose(input, cells),
    summary: {
      students: input.students.length,
      kcs: input.kcs.length,
      masteredShare: cellsTotal === 0 ? 0 : all.filter((c) => c.mastery.state === "mastered").length / cellsTotal,
      alerts: all.reduce((sum, c) => sum + c.alerts.length, 0),
      worstStatus: worstStatus(lessons.map((l) => l.status)),
      lessonStatuses,
    },
  };
}

/**
 * Recommendations (ADR 0036):
 * - re-teach a KC that at least 40% of the students who practised it (and at least two) have low mastery of;
 * - group the students who struggle with the same KCs (two or more, KCs not already to re-teach):
 *   per KC, its struggling students; KCs with exactly the same students make one group;
 * - schedule a review of a KC that at least two students need to review.
 */
function diagnose(input: ClassInput, cells: ReadonlyMap<string, CellAnalysis>): AnalyticsDiagnostics {
  const reteach: AnalyticsDiagnostics["reteach"] = [];
  const groupsByStudents = new Map<string, { kcs: string[]; students: string[] }>();
  const reviews: AnalyticsDiagnostics["reviews"] = [];
  for (const kc of input.kcs) {
    const own = input.students.map((s) => cells.get(keyOf(s.id, kc.code))).filter((c): c is CellAnalysis => c !== undefined);
    const low = own.filter((c) => c.alerts.includes("low_mastery")).map((c) => c.student);
    const share = own.length === 0 ? 0 : low.length / own.length;
    const toReteach = low.length >= DIAGNOSTIC_RULES.reteach.minStudents && share >= DIAGNOSTIC_RULES.reteach.lowShare;
    if (toReteach) reteach.push({ kc: kc.code, practised: own.length, lowMastery: low.length, share, students: low });
    const struggling = own.filter((c) => isStruggling(c.alerts)).map((c) => c.student);
    if (!toReteach && struggling.length >= DIAGNOSTIC_RULES.group.minStudents) {
      const key = struggling.join(",");
      const group = groupsByStudents.get(key) ?? { kcs: [], students: struggling };
      group.kcs.push(kc.code);
      groupsByStudents.set(key, group);
    }
    const review = own.filter((c) => c.mastery.reviewNeeded).map((c) => c.student);
    if (review.length >= DIAGNOSTIC_RULES.review.minStudents) reviews.push({ kc: kc.code, students: review });
  }
  // Worst first; ties keep program order (the sorts are stable).
  reteach.sort((a, b) => b.share - a.share);
  const groups = [...groupsByStudents.values()].sort((a, b) => b.students.length - a.students.length || b.kcs.length - a.kcs.length);
  reviews.sort((a, b) => b.students.length - a.students.length);
  return { reteach, groups, reviews };
}
