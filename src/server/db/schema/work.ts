import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CALENDAR_LIMITS } from "../../../contracts/calendar-base";
import { courses } from "./courses";
import { lessonItems } from "./lessons";
import { schools, tenants } from "./organization";
import { users } from "./users";

/**
 * Daily work (issue 14): tasks and hand-ins, the kanban, notifications and the calendar.
 *
 * A teacher assigns one lesson item of a class once (`task_assignments`, to the whole class or to
 * chosen students); each student it reaches gets a job (`jobs`, spec §3 "Job: guid, courseGuid"),
 * the row `front/jobs/{guid}` reads and writes. A whole-class assignment reaches students who join
 * later. Unassigning never deletes a hand-in: the job is marked removed and comes back on reassign.
 */
export const taskAssignments = pgTable(
  "task_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonItemId: uuid("lesson_item_id").notNull().references(() => lessonItems.id, { onDelete: "cascade" }),
    /** "class" (every student, present and future) | "students" (the jobs' students only). */
    audience: text("audience").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    instructions: text("instructions").notNull().default(""),
    /** The top of the score scale the teacher grades hand-ins on (assessments keep their own). */
    maxScore: doublePrecision("max_score").notNull().default(10),
    assignedBy: uuid("assigned_by").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
    /** Unassigned from everyone: the jobs stay (hand-ins are never lost) but nobody sees them as tasks. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("task_assignments_item_uq").on(t.lessonItemId),
    index("task_assignments_course_idx").on(t.courseId, t.dueAt),
    index("task_assignments_due_idx").on(t.dueAt).where(sql`${t.removedAt} is null`),
    // The few unassigned tasks, which the task lists leave out (tasks/lists-service.ts).
    index("task_assignments_removed_idx").on(t.id).where(sql`${t.removedAt} is not null`),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    assignmentId: uuid("assignment_id").notNull().references(() => taskAssignments.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonItemId: uuid("lesson_item_id").notNull().references(() => lessonItems.id, { onDelete: "cascade" }),
    studentId: uuid("student_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Spec §4 student task: "not_started" | "pending" (turned in, awaiting a grade) | "graded" (grades published). */
    status: text("status").notNull().default("not_started"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Turned in after the due date (fixed at hand-in). */
    late: boolean("late").notNull().default(false),
    score: doublePrecision("score"),
    feedback: text("feedback"),
    gradedBy: uuid("graded_by").references(() => users.id, { onDelete: "set null" }),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    /** Unassigned from this student (kept, with its files, for a reassign). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** The student's kanban: "what_to_do" | "to_do" | "doing" | "done", and the place in that column. */
    kanbanColumn: text("kanban_column").notNull().default("what_to_do"),
    kanbanPosition: integer("kanban_position").notNull().default(0),
    /** The due date the one-day reminder and the late notice were sent for (claimed once across instances). */
    remindedForDueAt: timestamp("reminded_for_due_at", { withTimezone: true }),
    lateNoticeForDueAt: timestamp("late_notice_for_due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_assignment_student_uq").on(t.assignmentId, t.studentId),
    index("jobs_student_idx").on(t.tenantId, t.studentId, t.status),
    index("jobs_course_idx").on(t.courseId, t.status),
    index("jobs_item_idx").on(t.lessonItemId),
    // One student's jobs in one class: what the tallies below recount on every change.
    index("jobs_course_student_idx").on(t.courseId, t.studentId, t.status).where(sql`${t.removedAt} is null`),
    // The teacher's Pending and Reviewed lists walk these in order and stop at the page (issue 14's flat lists).
    index("jobs_delivered_idx").on(t.tenantId, t.status, t.deliveredAt.desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`${t.removedAt} is null`),
    index("jobs_graded_idx").on(t.tenantId, t.status, t.gradedAt.desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`${t.removedAt} is null`),
  ],
);

/**
 * The totals of the task lists and badges (GET front/tasks, front/amount-tasks), kept by triggers
 * (migration 0013) so a total reads one row per class instead of walking every job: issue 14's
 * lists stay flat from 10 to 10,000 tasks. One row per class and student with live jobs: those on
 * published items as the student counts them, all as the class's teachers count them. A job is
 * live when neither it nor its task is unassigned. Whether the student is still in the class, and
 * whether it is archived, is read with the totals: those change without touching a job.
 *
 * The triggers recount a row from `jobs` whenever a job, its task's unassignment or its item's
 * publication changes, under a per-class transaction lock, so concurrent writers never leave a
 * stale count. Not written by the application.
 */
export const jobTallies = pgTable(
  "job_tallies",
  {
    courseId: uuid("course_id").notNull(),
    studentId: uuid("student_id").notNull(),
    /** As the student counts them (published items): to do, turned in, graded. */
    todo: integer("todo").notNull(),
    turnedIn: integer("turned_in").notNull(),
    graded: integer("graded").notNull(),
    /** As the class's teachers count them (every item): waiting for a grade, graded. */
    pending: integer("pending").notNull(),
    reviewed: integer("reviewed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.studentId] })],
);

/** A class's teacher totals: the `job_tallies` of its current students, summed (same triggers). */
export const courseJobTallies = pgTable("course_job_tallies", {
  courseId: uuid("course_id").primaryKey(),
  pending: integer("pending").notNull(),
  reviewed: integer("reviewed").notNull(),
});

/** Files a student hands in for a job (POST front/jobs/{id}/files). */
export const jobFiles = pgTable(
  "job_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull().references(() => jobs.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_files_job_idx").on(t.jobId)],
);

/** Comments on a job between the student and the class's teachers (notification type "job comment"). */
export const jobComments = pgTable(
  "job_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull().references(() => jobs.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_comments_job_idx").on(t.jobId, t.createdAt)],
);

/**
 * Spec §3 "Kanban task: text and a column": a card a user adds to their own board, on the board of
 * one class's lesson (courseId + lessonId) or on their board of all their tasks (both null).
 */
export const kanbanCards = pgTable(
  "kanban_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id"),
    text: text("text").notNull(),
    column: text("column").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("kanban_cards_board_idx").on(t.userId, t.courseId, t.lessonId)],
);

/**
 * Spec §3 "Notification: id, viewed_at, consumed_at, type". Ids are numbers because mark-consumed
 * takes `[0]` to mean all. Every row comes from a domain event; `dedupe_key` makes each listener
 * idempotent (a replayed event inserts nothing).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** "social" | "todo": the two lists of spec §4. */
    category: text("category").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    /** What the presenter shows beside the type: titles and the place it links to. */
    data: jsonb("data").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_uq").on(t.userId, t.dedupeKey),
    index("notifications_list_idx").on(t.userId, t.category, t.id),
  ],
);

/**
 * Days without class (calendar/holiday). A holiday belongs to one class's calendar, or to a whole
 * school when a school admin sets it (course_id null): class sessions on those days are skipped.
 */
export const holidays = pgTable(
  "holidays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    schoolId: uuid("school_id").references(() => schools.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("holidays_course_idx").on(t.courseId, t.startDate),
    index("holidays_school_idx").on(t.schoolId, t.startDate),
    check("holidays_scope_ck", sql`${t.courseId} is not null or ${t.schoolId} is not null`),
    check("holidays_range_ck", sql`${t.endDate} >= ${t.startDate}`),
    // What the API allows, held by the table too: a window's query can then bound start_date on both sides.
    check("holidays_length_ck", sql`${t.endDate} - ${t.startDate} < ${sql.raw(String(CALENDAR_LIMITS.maxHolidayDays))}`),
  ],
);

/** POST calendar/{id}/extra-classes: a session outside the timetable. */
export const extraClasses = pgTable(
  "extra_classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // ends_at too: a window's count and its n-th start read the index alone (an agenda page over thousands).
    index("extra_classes_course_idx").on(t.courseId, t.startsAt, t.endsAt),
    check("extra_classes_range_ck", sql`${t.endsAt} > ${t.startsAt}`),
    // What the API allows, held by the table too: a window's query can then bound starts_at on both sides.
    check("extra_classes_length_ck", sql`${t.endsAt} <= ${t.startsAt} + interval '${sql.raw(String(CALENDAR_LIMITS.extraClassMaxHours))} hours'`),
  ],
);

/** The secret address of a user's iCalendar feed: only its hash is kept; a new one revokes the old. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_uq").on(t.tokenHash)],
);
