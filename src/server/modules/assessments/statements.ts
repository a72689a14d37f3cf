import crypto from "node:crypto";
import type { Answer, QuestionType } from "../../../contracts/questions";
import type { Db } from "../../db/client";
import { contentActivityId, courseActivityId, verbOf, type AdlVerb } from "../records/scorm-statements";
import { agentForUser } from "../records/xapi-agents";
import { platformWriter } from "../records/xapi-auth";
import { storeStatements } from "../records/xapi-service";

/*
 * What assessments leave in the record store (issue 6 "every answer and submission is also an xAPI
 * statement"): on submit, one "answered" per question with the final response (and its score when
 * the server scored it) and one "completed" for the assessment; when a teacher grades, "scored" for
 * the question and, once nothing is left to grade, "scored" for the assessment. Autosaves are not
 * statements: a statement per keystroke would bury the record store; the answer that counts is.
 * Every statement carries the attempt's registration, the class and lesson as grouping, the
 * assessment as parent, and the question's knowledge components (KCs) as a context extension.
 */

/** The context extension listing a statement's knowledge components, on the platform's own address. */
export const kcExtension = (publicUrl: string) => `${publicUrl}/xapi/extensions/knowledge-components`;
const ACTIVITY = "http://adlnet.gov/expapi/activities/";

/** The xAPI interaction type closest to each question type (cmi.interaction). */
const INTERACTION: Record<QuestionType, string> = {
  QT_1: "choice", QT_2: "choice", QT_3: "true-false", QT_4: "fill-in", QT_5: "choice", QT_6: "choice", QT_7: "fill-in",
  QT_8: "matching", QT_9: "fill-in", QT_10: "fill-in", QT_11: "matching", QT_12: "matching", QT_13: "matching",
  QT_14: "matching", QT_15: "sequencing", QT_16: "matching", QT_17: "fill-in", QT_18: "long-fill-in", QT_19: "other",
  QT_20: "other", QT_21: "performance",
};

export type AttemptFrame = {
  publicUrl: string;
  tenantId: string;
  user: { id: string; firstName: string; lastName: string };
  registration: string;
  assessment: { id: string; title: string };
  courseId: string;
  lessonId: string;
};

export type ScoreFacts = { score: number; maxScore: number };

const scoreOf = ({ score, maxScore }: ScoreFacts) =>
  maxScore > 0 ? { raw: score, min: 0, max: maxScore, scaled: Math.min(1, Math.max(0, score / maxScore)) } : { raw: score };

/**
 * Where a statement happened: the attempt or session it belongs to (registration), the activities
 * it is part of (parent) and grouped under (class, lesson), and the KCs it is evidence of.
 */
export type StatementSetting = {
  publicUrl: string;
  user: { id: string; firstName: string; lastName: string };
  registration: string;
  /** Activity ids of contextActivities.parent; left out when empty. */
  parent: readonly string[];
  /** Activity ids of contextActivities.grouping. */
  grouping: readonly string[];
  kcs: readonly string[];
  /** When it happened; now when left out. */
  at?: Date;
};

const activityRef = (id: string) => ({ objectType: "Activity", id });

/**
 * The one builder of the statements assessments and practice leave: actor, ADL verb, object, the
 * result when there is one, the context (registration, platform, parent and grouping activities,
 * the KCs as an extension when there are any) and the timestamp.
 */
export function kcStatement(setting: StatementSetting, verb: AdlVerb, object: Record<string, unknown>, result: Record<string, unknown>) {
  return {
    id: crypto.randomUUID(),
    actor: agentForUser(setting.publicUrl, setting.user),
    verb: verbOf(verb),
    object,
    ...(Object.keys(result).length > 0 ? { result } : {}),
    context: {
      registration: setting.registration,
      platform: "Aula",
      contextActivities: {
        ...(setting.parent.length > 0 ? { parent: setting.parent.map(activityRef) } : {}),
        grouping: setting.grouping.map(activityRef),
      },
      ...(setting.kcs.length > 0 ? { extensions: { [kcExtension(setting.publicUrl)]: [...setting.kcs] } } : {}),
    },
    timestamp: (setting.at ?? new Date()).toISOString(),
  };
}

function statement(frame: AttemptFrame, verb: AdlVerb, object: Record<string, unknown>, result: Record<string, unknown>, kcs: readonly string[], parent: boolean) {
  const { publicUrl } = frame;
  return kcStatement(
    {
      publicUrl,
      user: frame.user,
      registration: frame.registration,
      parent: parent ? [contentActivityId(publicUrl, frame.assessment.id)] : [],
      grouping: [courseActivityId(publicUrl, frame.courseId), `${publicUrl}/lesson/${frame.lessonId}`],
      kcs,
    },
    verb,
    object,
    result,
  );
}

/** A question as an xAPI activity (cmi.interaction); practice uses it too. */
export const questionObject = (frame: Pick<AttemptFrame, "publicUrl">, q: { id: string; type: QuestionType; prompt: string }) => ({
  objectType: "Activity",
  id: contentActivityId(frame.publicUrl, q.id),
  definition: {
    name: { und: q.prompt.length > 200 ? `${q.prompt.slice(0, 199)}…` : q.prompt },
    type: `${ACTIVITY}cmi.interaction`,
    interactionType: INTERACTION[q.type],
  },
});

const assessmentObject = (frame: AttemptFrame) => ({
  objectType: "Activity",
  id: contentActivityId(frame.publicUrl, frame.assessment.id),
  definition: { name: { und: frame.assessment.title }, type: `${ACTIVITY}assessment` },
});

export type AnsweredFacts = {
  question: { id: string; type: QuestionType; prompt: string; kcs: readonly string[] };
  answer: Answer;
  /** Present when the server scored it (closed types). */
  score: (ScoreFacts & { correct: boolean }) | null;
};

export function answeredStatement(frame: AttemptFrame, facts: AnsweredFacts) {
  const result: Record<string, unknown> = { response: JSON.stringify(facts.answer.answer) };
  if (facts.score) Object.assign(result, { score: scoreOf(facts.score), success: facts.score.correct });
  return statement(frame, "answered", questionObject(frame, facts.question), result, facts.question.kcs, true);
}

/** The assessment handed in; its score when nothing waits for the teacher. */
export function completedStatement(frame: AttemptFrame, score: ScoreFacts | null, durationSeconds: number, kcs: readonly string[]) {
  const result: Record<string, unknown> = { completion: true, duration: `PT${Math.max(0, Math.round(durationSeconds))}S` };
  if (score) result.score = scoreOf(score);
  return statement(frame, "completed", assessmentObject(frame), result, kcs, false);
}

export function questionScoredStatement(frame: AttemptFrame, question: AnsweredFacts["question"], score: ScoreFacts) {
  return statement(frame, "scored", questionObject(frame, question), { score: scoreOf(score), success: score.score >= score.maxScore }, question.kcs, true);
}

export function assessmentScoredStatement(frame: AttemptFrame, score: ScoreFacts, kcs: readonly string[]) {
  return statement(frame, "scored", assessmentObject(frame), { score: scoreOf(score), completion: true }, kcs, false);
}

export async function storeAttemptStatements(db: Db, frame: AttemptFrame, statements: Record<string, unknown>[]): Promise<void> {
  if (statements.length === 0) return;
  await storeStatements(db, frame.tenantId, statements, platformWriter(frame.publicUrl));
}
