import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Answer } from "../../../contracts/questions";
import { courses, publications } from "./courses";
import { questions } from "./assessments";
import { tenants } from "./organization";
import { users } from "./users";

/*
 * Student practice (issue 15, ADR 0035): the question bank a session's activities are drawn from,
 * the practice sets a teacher assigns ("from the teacher" challenges), and each student's sessions
 * with their activities. The learner model hears about finished activities through events.
 */

/** A publication's practice questions, each with the difficulty its author gave it (1 easy .. 3 hard). */
export const practiceBank = pgTable(
  "practice_bank",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull().references(() => questions.contentId, { onDelete: "cascade" }),
    difficulty: smallint("difficulty").notNull().default(2),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.questionId] }), index("practice_bank_tenant_idx").on(t.tenantId)],
);

/** A practice set a teacher assigns on chosen KCs, to the whole class (no students listed) or to some students. */
export const practiceAssignments = pgTable(
  "practice_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    kcs: text("kcs").array().notNull(),
    /** Empty: every student of the class, present and future. */
    studentIds: uuid("student_ids").array().notNull().default(sql`'{}'::uuid[]`),
    dueAt: timestamp("due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("practice_assignments_course_idx").on(t.courseId, t.createdAt)],
);

/** One student's practice session in one class: not_started (generated), in_progress (answered once), completed. */
export const practiceSessions = pgTable(
  "practice_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    /** contracts/practice-base CHALLENGE_TYPES. */
    challenge: text("challenge").notNull(),
    kcs: text("kcs").array().notNull(),
    assignmentId: uuid("assignment_id").references(() => practiceAssignments.id, { onDelete: "set null" }),
    status: text("status").notNull().default("not_started"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("practice_sessions_user_idx").on(t.userId, t.courseId, t.createdAt),
    index("practice_sessions_assignment_idx").on(t.assignmentId),
    // One open session per student and assignment: a second "start" resumes it.
    uniqueIndex("practice_sessions_open_assignment_uq").on(t.userId, t.assignmentId).where(sql`status <> 'completed' and assignment_id is not null`),
  ],
);

/** An activity instance of a session: one bank question, answered in at most PRACTICE_MAX_TRIES tries. */
export const practiceActivities = pgTable(
  "practice_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id").notNull().references(() => practiceSessions.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull().references(() => questions.contentId, { onDelete: "cascade" }),
    /** The KC the activity was chosen for (the question may carry others too). */
    kc: text("kc").notNull(),
    position: integer("position").notNull(),
    tries: integer("tries").notNull().default(0),
    /** The last answer given. */
    answer: jsonb("answer").$type<Answer>(),
    /** Share of the marks of the last try, 0..1. */
    fraction: doublePrecision("fraction"),
    /** Set when the activity is over: right (at some try) or wrong (out of tries). */
    correct: boolean("correct"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("practice_activities_position_uq").on(t.sessionId, t.position), index("practice_activities_question_idx").on(t.questionId)],
);
