import { ALERT_RULES, type AnalyticsClassSummary, type ClassAnalytics, type KcEvidencePage } from "../../../contracts/analytics-base";
import { DEFAULT_LANGUAGE, type Language } from "../../../contracts/constants";
import type { Db } from "../../db/client";
import type { Caller } from "../courses/access";
import { presentMastery } from "../learning/kcs-service";
import { loadProgramTree } from "../program/service";
import { analyticsCsv, type CsvRow } from "./csv";
import { presentClassSummary, presentEvidence, presentMasteryRounded, presentSummary, round4, round4OrNull } from "./presenter";
import {
  listAnalyticsCourses,
  loadClassKc,
  loadClassStudent,
  loadEvidencePage,
  loadHiddenLessons,
  loadKcMaps,
  loadFailingRuns,
  loadStates,
  loadStudents,
  type AnalyticsCourse,
  type KcRow,
  type StudentRow,
} from "./queries";
import { analyseClass, type ClassAnalysis } from "./rules";

/*
 * Teacher analytics (issue 15, ADR 0036): the list of the teacher's classes with their state, one
 * class's lessons, KCs, students × KCs, alerts and diagnostics, the answers behind one estimate,
 * and the CSV export. Reads only: the learner model (modules/learning) writes what this reports.
 */

const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];

/** GET front/analytics: the caller's Maths and Language classes, each with its state, in six queries whatever their number. */
export async function listClassAnalytics(db: Db, caller: Caller, now: Date): Promise<AnalyticsClassSummary[]> {
  const classes = await listAnalyticsCourses(db, caller);
  if (classes.length === 0) return [];
  const ids = classes.map((c) => c.id);
  const [kcMaps, students, hidden] = await Promise.all([loadKcMaps(db, caller.tenantId, ids), loadStudents(db, caller.tenantId, ids), loadHiddenLessons(db, ids)]);
  const studentIds = unique([...students.values()].flat().map((s) => s.id));
  const codes = unique([...kcMaps.values()].flat().map((k) => k.code));
  const [states, failing] = await Promise.all([
    loadStates(db, caller.tenantId, studentIds, codes),
    loadFailingRuns(db, caller.tenantId, studentIds, codes, ALERT_RULES.repeatedFailures.lastWrong),
  ]);
  return classes.map((course) => {
    const kcs = kcMaps.get(course.id) ?? [];
    const hiddenHere = hidden.get(course.id) ?? new Set<string>();
    const lessonIds = unique(kcs.flatMap((k) => k.lessonIds)).filter((id) => !hiddenHere.has(id));
    const analysis = analyseClass({ students: students.get(course.id) ?? [], kcs, lessonIds, states, failing, now });
    return presentClassSummary(course, analysis.summary);
  });
}

type LessonInfo = { id: string; title: string; unitId: string; unitTitle: string };
type Loaded = { students: StudentRow[]; kcs: KcRow[]; lessons: LessonInfo[]; analysis: ClassAnalysis };

/** One class's learner model, analysed: eight queries whatever the size of the class or its history. */
async function loadClassAnalysis(db: Db, course: AnalyticsCourse, now: Date): Promise<Loaded> {
  const ref = { id: course.id, tenantId: course.tenantId };
  const [tree, kcMaps, studentMap] = await Promise.all([loadProgramTree(db, ref), loadKcMaps(db, course.tenantId, [course.id]), loadStudents(db, course.tenantId, [course.id])]);
  const kcs = kcMaps.get(course.id) ?? [];
  const students = studentMap.get(course.id) ?? [];
  const studentIds = students.map((s) => s.id);
  const codes = kcs.map((k) => k.code);
  const [states, failing] = await Promise.all([
    loadStates(db, course.tenantId, studentIds, codes),
    loadFailingRuns(db, course.tenantId, studentIds, codes, ALERT_RULES.repeatedFailures.lastWrong),
  ]);
  // The lessons the class follows, in its program's order.
  const lessons = tree.flatMap((pub) =>
    pub.units.filter((u) => !u.hidden).flatMap((u) => u.lessons.filter((l) => !l.hidden).map((l) => ({ id: l.id, title: l.title, unitId: u.id, unitTitle: u.title }))),
  );
  const analysis = analyseClass({ students, kcs, lessonIds: lessons.map((l) => l.id), states, failing, now });
  return { students, kcs, lessons, analysis };
}

/** GET front/analytics/{guid}. */
export async function classAnalytics(db: Db, course: AnalyticsCourse, now: Date): Promise<ClassAnalytics> {
  const { students, kcs, lessons, analysis } = await loadClassAnalysis(db, course, now);
  const lessonInfo = new Map(lessons.map((l) => [l.id, l]));
  const kcStats = new Map(analysis.kcs.map((k) => [k.code, k]));
  return {
    class: { guid: course.id, name: course.name, discipline: course.discipline, color: course.color },
    summary: presentSummary(analysis.summary),
    generatedAt: now.toISOString(),
    students: students.map((s) => ({ guid: s.id, firstName: s.firstName, lastName: s.lastName })),
    kcs: kcs.map((k) => {
      const stats = kcStats.get(k.code);
      return {
        code: k.code,
        names: k.names,
        unitGuid: k.unitId,
        lessonGuids: k.lessonIds,
        counts: stats?.counts ?? { mastered: 0, in_progress: 0, not_started: students.length },
        meanKnown: round4OrNull(stats?.meanKnown ?? null),
        reviewNeeded: stats?.reviewNeeded ?? 0,
        alerts: stats?.alerts ?? { low_mastery: 0, repeated_failures: 0, review_needed: 0 },
      };
    }),
    lessons: analysis.lessons.flatMap((l) => {
      const info = lessonInfo.get(l.id);
      if (!info) return [];
      const { id: _id, ...figures } = l;
      return [{ guid: l.id, title: info.title, unitGuid: info.unitId, unitTitle: info.unitTitle, ...figures, meanKnown: round4OrNull(l.meanKnown) }];
    }),
    cells: analysis.cells.map((c) => ({
      student: c.student,
      kc: c.kc,
      state: c.mastery.state,
      known: round4(c.mastery.known),
      answers: c.mastery.answers,
      correct: c.mastery.correct,
      recall: round4(c.mastery.recall),
      reviewNeeded: c.mastery.reviewNeeded,
      alerts: c.alerts,
      lastAnswerAt: c.lastAnswerAt.toISOString(),
    })),
    diagnostics: {
      ...analysis.diagnostics,
      reteach: analysis.diagnostics.reteach.map((r) => ({ ...r, share: round4(r.share) })),
    },
  };
}

/** GET front/analytics/{guid}/students/{studentGuid}/kcs/{kc}/evidence: the answers that moved one estimate. */
export async function kcEvidence(
  db: Db,
  course: AnalyticsCourse,
  studentId: string,
  code: string,
  page: { offset: number; pageSize: number },
  now: Date,
): Promise<KcEvidencePage> {
  const [student, kc] = await Promise.all([loadClassStudent(db, course, studentId), loadClassKc(db, course, code)]);
  const { state, items, total } = await loadEvidencePage(db, course.tenantId, student.id, kc.code, page);
  return {
    student: { guid: student.id, firstName: student.firstName, lastName: student.lastName },
    kc,
    mastery: presentMasteryRounded(presentMastery(state, now)),
    items: items.map(presentEvidence),
    total,
    offset: page.offset,
    pageSize: page.pageSize,
  };
}

/** GET front/analytics/{guid}/export: every student × KC of the class, not started ones included. */
export async function classCsv(db: Db, course: AnalyticsCourse, lang: Language | undefined, now: Date): Promise<{ csv: string; lang: Language }> {
  const language = lang ?? DEFAULT_LANGUAGE;
  const { students, kcs, analysis } = await loadClassAnalysis(db, course, now);
  const cells = new Map(analysis.cells.map((c) => [`${c.student}\u0000${c.kc}`, c]));
  const rows: CsvRow[] = students.flatMap((s) =>
    kcs.map((k) => {
      const m = cells.get(`${s.id}\u0000${k.code}`)?.mastery;
      return {
        student: `${s.firstName} ${s.lastName}`.trim(),
        kcCode: k.code,
        kcName: k.names[language] ?? k.names[DEFAULT_LANGUAGE] ?? k.code,
        state: m?.state ?? "not_started",
        known: m ? round4(m.known) : null,
        answers: m?.answers ?? 0,
        correct: m?.correct ?? 0,
        recall: m ? round4(m.recall) : null,
        reviewNeeded: m?.reviewNeeded ?? false,
      };
    }),
  );
  return { csv: analyticsCsv(rows, language), lang: language };
}
