import { ALERT_RULES, ALERT_TYPES, type AlertType } from "../../../contracts/analytics-base";
import type { UnitRecommendation } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { alertTypesOf, type StateRow } from "../analytics/rules";
import { loadFailingRuns, loadKcMaps, loadStates, type KcRow } from "../analytics/queries";
import type { CourseRecord } from "../courses/access";
import { presentMastery } from "../learning/kcs-service";
import { loadProgramTree, type ProgramTree } from "../program/service";

/*
 * Unit recommendations (issue 15, spec §2 "unit recommendations card", §3 "unit recommendation"):
 * the units, and in each the lessons, a student should go back to, because the learner model flags
 * a KC the lesson teaches. The reasons are teacher analytics' own alerts (analytics/rules
 * alertTypesOf: low mastery, repeated failures, review needed), so the student, the teacher and the
 * AI assistant see the same thing. Only the class's program as the students see it counts: hidden
 * units and lessons are left out; a unit whose flagged KCs are taught only by hidden lessons is still
 * listed, with no lessons (the card says 'No lessons available for this unit'). Units and lessons
 * come in the class's program order, the earlier first (what a later lesson builds on comes first).
 */

export type UnitRecommendationInput = {
  tree: ProgramTree;
  /** The class's KC map. */
  kcs: ReadonlyArray<Pick<KcRow, "code" | "names" | "unitId" | "lessonIds">>;
  /** The student's stored KC states on the map's KCs. */
  states: ReadonlyArray<Pick<StateRow, "kc" | "known" | "answers" | "correct" | "card">>;
  /** The map's KCs whose last answers were all wrong. */
  failing: ReadonlySet<string>;
  now: Date;
};

const byAlertOrder = (types: Iterable<AlertType>): AlertType[] => {
  const set = new Set(types);
  return ALERT_TYPES.filter((t) => set.has(t));
};

/** The student's unit recommendations from their KC states and the class's program (pure). */
export function recommendUnits(input: UnitRecommendationInput): UnitRecommendation[] {
  const states = new Map(input.states.map((s) => [s.kc, s]));
  const flagged = input.kcs.flatMap((kc) => {
    const mastery = presentMastery(states.get(kc.code), input.now);
    if (mastery.state === "not_started") return [];
    const alerts = alertTypesOf(mastery, input.failing.has(kc.code));
    return alerts.length > 0 ? [{ kc, alerts, known: mastery.known }] : [];
  });
  if (flagged.length === 0) return [];

  const units = input.tree.flatMap((pub) => pub.units).filter((u) => !u.hidden);
  const visibleLessons = new Set(units.flatMap((u) => u.lessons.filter((l) => !l.hidden).map((l) => l.id)));
  // A flagged KC no lesson the class follows teaches still names its unit (with no lessons to go to).
  const untaught = new Set(flagged.filter((f) => !f.kc.lessonIds.some((id) => visibleLessons.has(id))).map((f) => f.kc.unitId));
  return units.flatMap((unit, unitIndex) => {
    const visible = unit.lessons.filter((l) => !l.hidden);
    const lessons = visible.flatMap((lesson, lessonIndex) => {
      const own = flagged.filter((f) => f.kc.lessonIds.includes(lesson.id));
      if (own.length === 0) return [];
      return [
        {
          lessonId: lesson.id,
          title: lesson.title,
          order: lessonIndex + 1,
          alertReasons: byAlertOrder(own.flatMap((f) => f.alerts)),
          kcs: own.map((f) => ({ code: f.kc.code, names: f.kc.names, alerts: f.alerts, known: Math.round(f.known * 10_000) / 10_000 })),
        },
      ];
    });
    if (lessons.length === 0 && !untaught.has(unit.id)) return [];
    return [{ unitId: unit.id, title: unit.title, order: unitIndex + 1, lessons }];
  });
}

/** GET front/courses/{guid}/unit-recommendations: one student's, in one class; five queries. */
export async function unitRecommendations(db: Db, course: Pick<CourseRecord, "id" | "tenantId">, studentId: string, now: Date): Promise<UnitRecommendation[]> {
  const [tree, maps] = await Promise.all([loadProgramTree(db, course), loadKcMaps(db, course.tenantId, [course.id])]);
  const kcs = maps.get(course.id) ?? [];
  const codes = kcs.map((k) => k.code);
  const [states, failing] = await Promise.all([
    loadStates(db, course.tenantId, [studentId], codes),
    loadFailingRuns(db, course.tenantId, [studentId], codes, ALERT_RULES.repeatedFailures.lastWrong),
  ]);
  return recommendUnits({ tree, kcs, states, failing: new Set(failing.map((f) => f.kc)), now });
}
