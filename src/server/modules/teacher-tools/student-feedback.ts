import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { LANGUAGES, type Language } from "../../../contracts/constants";
import {
  feedbackLevel,
  TEACHER_TOOL_ERRORS,
  type FeedbackCriterion,
  type StudentFeedbackResult,
  type StudentWork,
  type StudentWorkItem,
} from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import type { Db } from "../../db/client";
import {
  assessmentAttempts,
  attemptAnswers,
  contents,
  courseMembers,
  jobs,
  kcEvidence,
  kcStates,
  lessonItems,
  lessons,
  questions,
  taskAssignments,
  tenants,
  users,
} from "../../db/schema";
import { badRequest, notFound } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import type { CourseAccess } from "../courses/access";
import { masteryState } from "../learning/bkt";
import { classKcMap } from "../learning/kcs-service";
import { LANGUAGE_NAMES } from "./tool-call";

/*
 * Student feedback (issue 16, ADR 0039): feedback on one student's submitted attempt or handed-in
 * task, per criterion, from the platform's own records — the same with any provider:
 * - an assessment attempt: one criterion per KC its questions carry (questions without a KC
 *   together), with the marks, the right / partly right / wrong / unanswered answers, the
 *   teacher's comments on them, the learner model's P(known) now and how much this attempt moved
 *   it (its kc_evidence rows), and the class's lessons that teach the KC;
 * - a task: the hand-in as a whole (the teacher's score and feedback, late or not), then the KCs
 *   of the task's lesson with the learner model's standing on each; a task on an assessment is
 *   read as that assessment's latest submitted attempt.
 * Levels are bands of the share of marks (or of P(known)): the Spanish scale's 9, 7 and 5.
 * A model, when there is one, writes a paragraph to the student from these facts only; it is not
 * told the student's name (it needs none: the paragraph speaks to "you").
 */

const REVIEW_LESSONS_MAX = 3;
const COMMENTS_MAX = 5;

const MessageSchema = z.object({ message: z.string().min(1).max(2000) });

const isLanguage = (value: string | null | undefined): value is Language => (LANGUAGES as readonly string[]).includes(value ?? "");

/** A student of the class `access` (the teacher's): their name and language, else 404. */
async function classStudent(db: Db, access: CourseAccess, studentId: string): Promise<{ guid: string; name: string; locale: string }> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, access.course.id), eq(courseMembers.userId, studentId), eq(courseMembers.role, "student"), eq(users.tenantId, access.course.tenantId)))
    .limit(1);
  if (!row) throw notFound("Student");
  return { guid: row.id, name: `${row.firstName} ${row.lastName}`.trim(), locale: row.locale };
}

/** The work a feedback can be about: the student's submitted attempts and their handed-in tasks in the class, newest first. */
export async function studentWork(db: Db, access: CourseAccess, studentId: string): Promise<StudentWork> {
  const student = await classStudent(db, access, studentId);
  const [attempts, handedIn] = await Promise.all([
    db
      .select({
        id: assessmentAttempts.id,
        title: contents.title,
        itemTitle: lessonItems.title,
        lessonTitle: lessons.title,
        submittedAt: assessmentAttempts.submittedAt,
        score: assessmentAttempts.score,
        maxScore: assessmentAttempts.maxScore,
        pending: assessmentAttempts.pendingGrading,
      })
      .from(assessmentAttempts)
      .innerJoin(lessonItems, eq(lessonItems.id, assessmentAttempts.lessonItemId))
      .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
      .innerJoin(contents, eq(contents.id, assessmentAttempts.assessmentId))
      .where(and(eq(assessmentAttempts.courseId, access.course.id), eq(assessmentAttempts.userId, studentId), eq(assessmentAttempts.status, "submitted")))
      .orderBy(desc(assessmentAttempts.submittedAt))
      .limit(100),
    db
      .select({
        id: jobs.id,
        status: jobs.status,
        title: contents.title,
        type: contents.type,
        itemTitle: lessonItems.title,
        lessonTitle: lessons.title,
        deliveredAt: jobs.deliveredAt,
        score: jobs.score,
        maxScore: taskAssignments.maxScore,
      })
      .from(jobs)
      .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
      .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
      .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
      .innerJoin(contents, eq(contents.id, lessonItems.contentId))
      .where(and(eq(jobs.courseId, access.course.id), eq(jobs.studentId, studentId), isNull(jobs.removedAt), isNull(taskAssignments.removedAt), isNotNull(jobs.deliveredAt)))
      .orderBy(desc(jobs.deliveredAt))
      .limit(100),
  ]);
  const items: StudentWorkItem[] = [
    ...attempts.map(
      (a): StudentWorkItem => ({
        kind: "assessment",
        guid: a.id,
        title: a.itemTitle ?? a.title,
        lessonTitle: a.lessonTitle,
        submittedAt: a.submittedAt?.toISOString() ?? null,
        score: a.score,
        maxScore: a.maxScore,
        status: a.pending > 0 ? "pending" : "graded",
      }),
    ),
    // Tasks on assessments are listed through their attempts.
    ...handedIn
      .filter((j) => j.type !== "CTTY_18")
      .map(
        (j): StudentWorkItem => ({
          kind: "task",
          guid: j.id,
          title: j.itemTitle ?? j.title,
          lessonTitle: j.lessonTitle,
          submittedAt: j.deliveredAt?.toISOString() ?? null,
          score: j.status === "graded" ? j.score : null,
          maxScore: j.maxScore,
          status: j.status === "graded" ? "graded" : "pending",
        }),
      ),
  ].sort((a, b) => (b.submittedAt ?? "").localeCompare(a.submittedAt ?? ""));
  return { student: { guid: student.guid, name: student.name }, items };
}

type KcMap = Awaited<ReturnType<typeof classKcMap>>;
type Facts = Omit<StudentFeedbackResult, "tool" | "language" | "message" | "notes"> & { lessonId: string };

/** The class's lessons that teach each KC, by title, in program order. */
async function reviewLessons(db: Db, map: KcMap, codes: readonly string[]): Promise<Map<string, FeedbackCriterion["review"]>> {
  const wanted = map.filter((k) => codes.includes(k.code));
  const ids = [...new Set(wanted.flatMap((k) => k.lessonIds))];
  const titles = ids.length ? new Map((await db.select({ id: lessons.id, title: lessons.title }).from(lessons).where(inArray(lessons.id, ids))).map((l) => [l.id, l.title])) : new Map<string, string>();
  return new Map(
    wanted.map((k) => [
      k.code,
      k.lessonIds
        .filter((id) => titles.has(id))
        .slice(0, REVIEW_LESSONS_MAX)
        .map((id) => ({ lessonGuid: id, title: titles.get(id) as string })),
    ]),
  );
}

async function masteryOf(db: Db, tenantId: string, studentId: string, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, { known: number; answers: number }>();
  const rows = await db
    .select({ kc: kcStates.kc, known: kcStates.known, answers: kcStates.answers })
    .from(kcStates)
    .where(and(eq(kcStates.tenantId, tenantId), eq(kcStates.userId, studentId), inArray(kcStates.kc, [...codes])));
  return new Map(rows.map((r) => [r.kc, r]));
}

const kcName = (map: KcMap, code: string, language: Language) => {
  const names = map.find((k) => k.code === code)?.names;
  return names?.[language] ?? names?.es ?? code;
};

/** An attempt's facts: one criterion per KC its questions carry. */
async function attemptFacts(db: Db, access: CourseAccess, studentId: string, attemptId: string, language: Language, map: KcMap): Promise<Facts> {
  const [attempt] = await db
    .select({ attempt: assessmentAttempts, title: contents.title, itemTitle: lessonItems.title, lessonId: lessonItems.lessonId })
    .from(assessmentAttempts)
    .innerJoin(lessonItems, eq(lessonItems.id, assessmentAttempts.lessonItemId))
    .innerJoin(contents, eq(contents.id, assessmentAttempts.assessmentId))
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.courseId, access.course.id), eq(assessmentAttempts.userId, studentId)))
    .limit(1);
  if (!attempt) throw notFound("Attempt");
  const a = attempt.attempt;
  if (a.status !== "submitted") throw badRequest(TEACHER_TOOL_ERRORS.nothingToReview, "The attempt has not been submitted yet");
  const answers = await db
    .select({ kcs: questions.kcs, outcome: attemptAnswers.outcome, score: attemptAnswers.score, maxScore: attemptAnswers.maxScore, points: questions.points, feedback: attemptAnswers.feedback, questionId: questions.contentId })
    .from(questions)
    .leftJoin(attemptAnswers, and(eq(attemptAnswers.questionId, questions.contentId), eq(attemptAnswers.attemptId, a.id)))
    .where(inArray(questions.contentId, a.questionOrder.length ? a.questionOrder : ["00000000-0000-0000-0000-000000000000"]));

  type Tally = { score: number; max: number; questions: number; correct: number; partial: number; wrong: number; unanswered: number; comments: string[] };
  const tallies = new Map<string, Tally>();
  const order = new Map(a.questionOrder.map((id, i) => [id, i]));
  answers.sort((x, y) => (order.get(x.questionId) ?? 0) - (order.get(y.questionId) ?? 0));
  for (const ans of answers) {
    for (const key of ans.kcs.length ? [...new Set(ans.kcs)] : [""]) {
      const t = tallies.get(key) ?? { score: 0, max: 0, questions: 0, correct: 0, partial: 0, wrong: 0, unanswered: 0, comments: [] };
      tallies.set(key, t);
      t.questions += 1;
      if (ans.feedback && t.comments.length < COMMENTS_MAX) t.comments.push(ans.feedback);
      const outcome = ans.outcome ?? "unanswered";
      if (outcome === "needs_grading") continue;
      const max = ans.maxScore ?? ans.points;
      t.max += max;
      if (outcome === "unanswered") {
        t.unanswered += 1;
        continue;
      }
      const score = ans.score ?? 0;
      t.score += score;
      if (score >= max) t.correct += 1;
      else if (score <= 0) t.wrong += 1;
      else t.partial += 1;
    }
  }
  const codes = [...tallies.keys()].filter((k) => k !== "");
  const [states, evidence, review] = await Promise.all([
    masteryOf(db, access.course.tenantId, studentId, codes),
    codes.length
      ? db
          .select({ kc: kcEvidence.kc, before: kcEvidence.knownBefore, after: kcEvidence.knownAfter })
          .from(kcEvidence)
          .where(and(eq(kcEvidence.userId, studentId), eq(kcEvidence.source, "assessment"), eq(kcEvidence.sourceId, a.id), inArray(kcEvidence.kc, codes)))
          .orderBy(asc(kcEvidence.answeredAt), asc(kcEvidence.id))
      : Promise.resolve([]),
    reviewLessons(db, map, codes),
  ]);
  const moved = new Map<string, { before: number; after: number }>();
  for (const e of evidence) {
    const m = moved.get(e.kc);
    if (m) m.after = e.after;
    else moved.set(e.kc, { before: e.before, after: e.after });
  }
  const criteria: FeedbackCriterion[] = [...tallies.entries()].map(([code, t]) => {
    const state = code ? states.get(code) : undefined;
    const move = moved.get(code);
    return {
      kc: code || null,
      name: code ? kcName(map, code, language) : "",
      score: t.max > 0 ? round(t.score) : null,
      maxScore: t.max > 0 ? round(t.max) : null,
      questions: t.questions,
      correct: t.correct,
      partial: t.partial,
      wrong: t.wrong,
      unanswered: t.unanswered,
      level: t.max > 0 ? feedbackLevel(t.score / t.max) : "pending",
      mastery: state ? { known: round(state.known, 3), state: masteryState(state.known, state.answers), change: move ? round(move.after - move.before, 3) : null } : null,
      review: code ? (review.get(code) ?? []) : [],
      comments: t.comments,
    };
  });
  // Weakest first: what to work on leads.
  criteria.sort((x, y) => share(x) - share(y) || x.name.localeCompare(y.name));
  return {
    lessonId: attempt.lessonId,
    student: { guid: studentId, name: "" },
    source: {
      kind: "assessment",
      guid: a.id,
      title: attempt.itemTitle ?? attempt.title,
      submittedAt: a.submittedAt?.toISOString() ?? null,
      score: a.score,
      maxScore: a.maxScore,
      late: false,
      pendingGrading: a.pendingGrading,
      teacherFeedback: null,
    },
    criteria,
  };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Weakest first; a criterion all of whose answers wait for a grade, last. */
const share = (c: FeedbackCriterion) => (c.level === "pending" ? 2 : c.maxScore ? (c.score ?? 0) / c.maxScore : (c.mastery?.known ?? 0));

/** A task's facts: the hand-in as a whole, then its lesson's KCs as the learner model sees them. */
async function taskFacts(db: Db, access: CourseAccess, studentId: string, jobId: string, language: Language, map: KcMap): Promise<Facts> {
  const [job] = await db
    .select({ job: jobs, maxScore: taskAssignments.maxScore, title: contents.title, type: contents.type, contentId: contents.id, itemTitle: lessonItems.title, lessonId: lessonItems.lessonId })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(jobs.id, jobId), eq(jobs.courseId, access.course.id), eq(jobs.studentId, studentId), isNull(jobs.removedAt)))
    .limit(1);
  if (!job) throw notFound("Task");
  if (job.type === "CTTY_18") {
    // A task on an assessment: its latest submitted attempt holds the answers.
    const [latest] = await db
      .select({ id: assessmentAttempts.id })
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.assessmentId, job.contentId), eq(assessmentAttempts.courseId, access.course.id), eq(assessmentAttempts.userId, studentId), eq(assessmentAttempts.status, "submitted")))
      .orderBy(desc(assessmentAttempts.submittedAt))
      .limit(1);
    if (!latest) throw badRequest(TEACHER_TOOL_ERRORS.nothingToReview, "The assessment has no submitted attempt yet");
    return attemptFacts(db, access, studentId, latest.id, language, map);
  }
  const j = job.job;
  if (j.deliveredAt === null) throw badRequest(TEACHER_TOOL_ERRORS.nothingToReview, "The task has not been handed in yet");
  const graded = j.status === "graded" && j.score !== null;
  const codes = map.filter((k) => k.lessonIds.includes(job.lessonId)).map((k) => k.code);
  const [states, review] = await Promise.all([masteryOf(db, access.course.tenantId, studentId, codes), reviewLessons(db, map, codes)]);
  const title = job.itemTitle ?? job.title;
  const whole: FeedbackCriterion = {
    kc: null,
    name: title,
    score: graded ? j.score : null,
    maxScore: graded ? job.maxScore : null,
    questions: 0,
    correct: 0,
    partial: 0,
    wrong: 0,
    unanswered: 0,
    // Handed in, not graded yet: nothing to rate.
    level: graded ? feedbackLevel((j.score as number) / job.maxScore) : "pending",
    mastery: null,
    review: [],
    comments: j.feedback ? [j.feedback] : [],
  };
  const kcs: FeedbackCriterion[] = codes.flatMap((code) => {
    const state = states.get(code);
    if (!state || state.answers === 0) return [];
    return [
      {
        kc: code,
        name: kcName(map, code, language),
        score: null,
        maxScore: null,
        questions: 0,
        correct: 0,
        partial: 0,
        wrong: 0,
        unanswered: 0,
        level: feedbackLevel(state.known),
        mastery: { known: round(state.known, 3), state: masteryState(state.known, state.answers), change: null },
        review: review.get(code) ?? [],
        comments: [],
      },
    ];
  });
  kcs.sort((x, y) => share(x) - share(y) || x.name.localeCompare(y.name));
  return {
    lessonId: job.lessonId,
    student: { guid: studentId, name: "" },
    source: {
      kind: "task",
      guid: j.id,
      title,
      submittedAt: j.deliveredAt.toISOString(),
      score: graded ? j.score : null,
      maxScore: job.maxScore,
      late: j.late,
      pendingGrading: graded ? 0 : 1,
      teacherFeedback: j.feedback,
    },
    criteria: [whole, ...kcs],
  };
}

export type FeedbackInput = {
  access: CourseAccess;
  studentId: string;
  attemptId: string | undefined;
  jobId: string | undefined;
  year: number | null;
  specialNeeds: readonly string[];
  additionalNotes: string | undefined;
  signal: AbortSignal | undefined;
};

/** Runs the student feedback: the facts from the records, then a model's paragraph from them when there is one. */
export async function runStudentFeedback(db: Db, caller: AccessClaims, input: FeedbackInput, ai: AiProvider): Promise<{ result: StudentFeedbackResult; lessonId: string; title: string }> {
  const { access } = input;
  const student = await classStudent(db, access, input.studentId);
  const [tenant] = await db.select({ language: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1);
  // The feedback is read by the student: in their language.
  const language: Language = isLanguage(student.locale) ? student.locale : isLanguage(tenant?.language) ? tenant.language : "es";
  const map = await classKcMap(db, access.course);
  const facts = input.attemptId
    ? await attemptFacts(db, access, student.guid, input.attemptId, language, map)
    : await taskFacts(db, access, student.guid, input.jobId as string, language, map);
  const notes: StudentFeedbackResult["notes"] = [];
  if (facts.source.pendingGrading > 0) notes.push("PENDING_GRADING");
  let message: string | null = null;
  if (!ai.capabilities().structured) notes.push("NO_LANGUAGE_MODEL");
  else {
    const { data } = await ai.generateStructured({
      tenantId: caller.tenantId,
      userId: caller.userId,
      purpose: "teacher-tools.student-feedback",
      signal: input.signal,
      schema: MessageSchema,
      schemaName: "student_feedback",
      system: [
        `Write feedback to a pupil${input.year ? ` of school year ${input.year}` : ""} on the work described in the data, in ${LANGUAGE_NAMES[language]}, speaking to them as "you", in 80 to 150 words.`,
        "Use only the facts in the data: never invent marks, answers or topics. Start with what went well (the strongest criteria), then name one or two things to work on (the weakest), each with a concrete next step and, where the data lists them, the lessons to review. Warm, specific and honest; no grades other than the data's; no names.",
        ...(input.specialNeeds.length ? [`The pupil has these learning needs: ${input.specialNeeds.join(", ")}. Use short, clear sentences fit for them.`] : []),
        ...(input.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field: follow them where they fit the rules above."] : []),
      ].join("\n"),
      input: {
        work: `${facts.source.kind} "${facts.source.title}"${facts.source.score !== null ? `, ${facts.source.score} of ${facts.source.maxScore}` : ""}${facts.source.late ? ", handed in late" : ""}`,
        teacherFeedback: facts.source.teacherFeedback,
        criteria: facts.criteria.map((c) =>
          [
            c.name || "questions without a skill",
            c.maxScore !== null ? `marks ${c.score} of ${c.maxScore}` : null,
            c.questions > 0 ? `answers: ${c.correct} right, ${c.partial} partly right, ${c.wrong} wrong, ${c.unanswered} unanswered` : null,
            `level ${c.level}`,
            c.mastery ? `probability the skill is known ${c.mastery.known}` : null,
            c.review.length ? `lessons to review: ${c.review.map((r) => r.title).join("; ")}` : null,
            c.comments.length ? `teacher's comments: ${c.comments.join(" / ")}` : null,
          ]
            .filter((x) => x !== null)
            .join("; "),
        ),
        ...(input.additionalNotes ? { additionalNotes: input.additionalNotes } : {}),
      },
    });
    message = data.message.trim();
  }
  const { lessonId, ...rest } = facts;
  return {
    result: { tool: "student-feedback", language, ...rest, student: { guid: student.guid, name: student.name }, message, notes },
    lessonId,
    title: `${student.name} · ${facts.source.title}`,
  };
}
