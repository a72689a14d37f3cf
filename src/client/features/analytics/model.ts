import type { AnalyticsCell, AnalyticsKc, AnalyticsLesson, AnalyticsStudent, ClassAnalytics } from "../../../contracts/analytics-base";

/** A class's analytics indexed the ways the pages look things up. */
export type Model = {
  data: ClassAnalytics;
  student: ReadonlyMap<string, AnalyticsStudent>;
  kc: ReadonlyMap<string, AnalyticsKc>;
  /** Practised cells by `cellKey`. */
  cell: ReadonlyMap<string, AnalyticsCell>;
  lesson: ReadonlyMap<string, AnalyticsLesson>;
};

export const cellKey = (student: string, kc: string) => `${student}\u0000${kc}`;

export function modelOf(data: ClassAnalytics): Model {
  return {
    data,
    student: new Map(data.students.map((s) => [s.guid, s])),
    kc: new Map(data.kcs.map((k) => [k.code, k])),
    cell: new Map(data.cells.map((c) => [cellKey(c.student, c.kc), c])),
    lesson: new Map(data.lessons.map((l) => [l.guid, l])),
  };
}

/** The KCs a lesson filter shows: all, or those of one lesson, in program order. */
export const kcsOfLesson = (data: ClassAnalytics, lessonGuid: string | null): AnalyticsKc[] =>
  lessonGuid ? data.kcs.filter((k) => k.lessonGuids.includes(lessonGuid)) : data.kcs;

/** What one student × KC opens: every answer behind its estimate. */
export type EvidenceTarget = { student: string; kc: string };
