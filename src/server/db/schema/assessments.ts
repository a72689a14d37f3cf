import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AssessmentSettings } from "../../../contracts/assessments";
import type { Answer, Image } from "../../../contracts/questions";
import { courses } from "./courses";
import { contents, lessonItems } from "./lessons";
import { tenants } from "./organization";
import { users } from "./users";

/*
 * Questions, assessments, attempts and error reports (issue 6, ADR 0015). A question is a content of
 * type CTTY_19 and an assessment one of type CTTY_18: they share the contents table's ownership,
 * cloning and soft deletion, and a class gets an assessment as a lesson item.
 */

/** A question's own columns; `question_data` is kept as the JSON string the spec names. */
export const questions = pgTable("questions", {
  contentId: uuid("content_id")
    .primaryKey()
    .references(() => contents.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  /** QT_1..QT_21. */
  type: text("type").notNull(),
  questionData: text("question_data").notNull(),
  prompt: text("prompt").notNull(),
  points: doublePrecision("points").notNull().default(1),
  kcs: text("kcs").array().notNull().default(sql`'{}'::text[]`),
  media: jsonb("media").$type<Image[]>().notNull().default([]),
  feedback: jsonb("feedback").$type<{ correct?: string; incorrect?: string }>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const assessments = pgTable("assessments", {
  contentId: uuid("content_id")
    .primaryKey()
    .references(() => contents.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<AssessmentSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const assessmentQuestions = pgTable(
  "assessment_questions",
  {
    assessmentId: uuid("assessment_id").notNull().references(() => assessments.contentId, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull().references(() => questions.contentId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.questionId] }),
    index("assessment_questions_order_idx").on(t.assessmentId, t.position),
    // The licence check finds the assessments (and so the publications) holding a question.
    index("assessment_questions_question_idx").on(t.questionId),
  ],
);

/**
 * An assessment a class's teacher has closed (ADR 0018): no attempt starts any more and, unless the
 * settings say "never", its students may see the answers of their submitted attempts. Reopening
 * deletes the row.
 */
export const assessmentClosures = pgTable(
  "assessment_closures",
  {
    assessmentId: uuid("assessment_id").notNull().references(() => assessments.contentId, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.courseId] })],
);

/**
 * One student's attempt at an assessment in one class. At most one is in progress per student,
 * assessment and class (a partial unique index), so two "start" clicks never open two attempts.
 * Score columns are filled on submit and kept up to date as the teacher grades.
 */
export const assessmentAttempts = pgTable(
  "assessment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonItemId: uuid("lesson_item_id").notNull().references(() => lessonItems.id, { onDelete: "cascade" }),
    assessmentId: uuid("assessment_id").notNull().references(() => assessments.contentId, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** "in_progress" | "submitted". */
    status: text("status").notNull().default("in_progress"),
    /** xAPI registration: every statement of this attempt carries it. */
    registration: uuid("registration").notNull().defaultRandom(),
    /** The question order this attempt shows (shuffled once when the assessment asks for it). */
    questionOrder: uuid("question_order").array().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    score: doublePrecision("score"),
    maxScore: doublePrecision("max_score").notNull(),
    pendingGrading: integer("pending_grading").notNull().default(0),
  },
  (t) => [
    uniqueIndex("assessment_attempts_number_uq").on(t.assessmentId, t.courseId, t.userId, t.number),
    uniqueIndex("assessment_attempts_open_uq").on(t.assessmentId, t.courseId, t.userId).where(sql`${t.status} = 'in_progress'`),
    index("assessment_attempts_course_idx").on(t.courseId, t.assessmentId),
    // The record store binds a statement to its class through its registration (ADR 0016).
    index("assessment_attempts_registration_idx").on(t.tenantId, t.registration),
  ],
);

/**
 * One answer of an attempt: the latest autosave (ordered by the client's `seq`; the idempotency key
 * of the save that wrote it makes a retried request a replay) and, after submit, its outcome.
 */
export const attemptAnswers = pgTable(
  "attempt_answers",
  {
    attemptId: uuid("attempt_id").notNull().references(() => assessmentAttempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull().references(() => questions.contentId, { onDelete: "cascade" }),
    value: jsonb("value").$type<Answer>(),
    seq: integer("seq").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** After submit: "unanswered" | "scored" | "needs_grading" | "graded". */
    outcome: text("outcome"),
    score: doublePrecision("score"),
    maxScore: doublePrecision("max_score"),
    parts: jsonb("parts").$type<{ id: string; correct: boolean }[]>().notNull().default([]),
    feedback: text("feedback"),
    gradedBy: uuid("graded_by").references(() => users.id, { onDelete: "set null" }),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** Files of upload-file and pencil answers, so an answer can only name files of its own attempt. */
export const attemptFiles = pgTable(
  "attempt_files",
  {
    key: text("key").primaryKey(),
    attemptId: uuid("attempt_id").notNull().references(() => assessmentAttempts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attempt_files_attempt_idx").on(t.attemptId)],
);

/** Images placed in questions by authors: served at a stable, unguessable address (ADR 0015). */
export const questionImages = pgTable("question_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  mimeType: text("mime_type").notNull(),
  storageKey: text("storage_key").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Exercise error reports (spec §3: exerciseId, activityInstanceId, errorType, errorTypeId, description). */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    exerciseId: uuid("exercise_id").notNull(),
    activityInstanceId: text("activity_instance_id").notNull(),
    errorType: text("error_type").notNull(),
    errorTypeId: text("error_type_id").notNull(),
    description: text("description"),
    /** "open" | "resolved". */
    status: text("status").notNull().default("open"),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [index("error_reports_tenant_idx").on(t.tenantId, t.status, t.createdAt)],
);
