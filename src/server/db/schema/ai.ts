import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ToolResult } from "../../../contracts/teacher-tools-base";
import { courses, lessons } from "./courses";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * What the AI layer spent (issue 16, ADR 0037): per tenant, UTC day and purpose (the tool or
 * feature that asked, e.g. `teacher-tools.rubric`), the calls that got an answer and their tokens
 * as the provider reported them. Written by `ai/usage.ts` with one upsert per call; the tenant's
 * sum for today is checked against `AI_DAILY_TOKEN_BUDGET` before each call.
 */
export const aiUsage = pgTable(
  "ai_usage",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    purpose: text("purpose").notNull(),
    requests: integer("requests").notNull().default(0),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.purpose] })],
);

/**
 * What a teacher AI tool made (issue 16, ADR 0039; spec §3 "Teacher AI tool instance"): the
 * request as sent (level, year, text, special needs, notes, destination language, word count), the
 * lesson it came from, the provider and model, and the checked result. The history lists a
 * teacher's own, newest first; nobody else reads them.
 */
export const teacherToolInstances = pgTable(
  "teacher_tool_instances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tool: text("tool").notNull(),
    title: text("title").notNull(),
    educationLevel: text("education_level").notNull(),
    educationYear: integer("education_year").notNull(),
    specialNeeds: jsonb("special_needs").$type<string[]>().notNull().default([]),
    additionalNotes: text("additional_notes"),
    /** The teacher's learning objectives (lesson plan, rubric), one a line. */
    learningObjectives: text("learning_objectives"),
    text: text("text").notNull(),
    destinationLanguage: text("destination_language"),
    vocabularyWordCount: integer("vocabulary_word_count"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    model: text("model"),
    result: jsonb("result").$type<ToolResult>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("teacher_tool_instances_owner_idx").on(t.tenantId, t.userId, t.createdAt)],
);
