import { sql } from "drizzle-orm";
import { boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CourseSettings } from "../../../contracts/course-settings";
import { schools, tenants } from "./organization";
import { disciplines, educationLevels, educationYears } from "./reference";
import { users } from "./users";

/** A full-text vector column (publications' search, the assistant's passages). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Accent folding for full-text search without the unaccent extension (not in every PGlite build):
 * translate() is immutable, so it can feed a generated column. Queries fold their terms the same way
 * (modules/contents). Both cases are listed because lower() on non-ASCII depends on the locale.
 */
export const ACCENTED = "ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç";
export const UNACCENTED = "AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc";

/** A class ("course" in the API and routes). */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    schoolId: uuid("school_id").references(() => schools.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    educationLevelId: uuid("education_level_id").references(() => educationLevels.id),
    educationYearId: uuid("education_year_id").references(() => educationYears.id),
    disciplineId: uuid("discipline_id").references(() => disciplines.id),
    /** "class" or "group" (contracts/course-settings COURSE_KINDS). */
    kind: text("kind").notNull().default("class"),
    schoolYear: text("school_year").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    color: text("color").notNull().default("#0F6CBD"),
    icon: text("icon").notNull().default("book"),
    /** Teaching model, devices, stream permission, Q&A, gamification, schedule and periods; validated by CourseSettingsSchema on write. */
    settings: jsonb("settings").$type<Partial<CourseSettings>>().notNull().default({}),
    /** Normalised (upper-case, no dashes); unique within the edition. Students join with it. */
    classKey: text("class_key").notNull(),
    classKeyExpiresAt: timestamp("class_key_expires_at", { withTimezone: true }),
    archived: boolean("archived").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("courses_tenant_idx").on(t.tenantId),
    index("courses_school_idx").on(t.schoolId),
    uniqueIndex("courses_tenant_class_key_uq").on(t.tenantId, t.classKey),
  ],
);

export const courseMembers = pgTable(
  "course_members",
  {
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_members_user_idx").on(t.userId)],
);

/** A publication (book or program) -> units -> lessons. */
export const publications = pgTable(
  "publications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").notNull().default("book"),
    disciplineId: uuid("discipline_id").references(() => disciplines.id),
    educationYearId: uuid("education_year_id").references(() => educationYears.id),
    coverUrl: text("cover_url"),
    description: text("description").notNull().default(""),
    /** "open": every teacher of the edition may add it to a class; "licensed": only through a personal licence. */
    access: text("access").notNull().default("open"),
    /** Spanish full-text vector of title + description with accents folded (book search, GET front/contents). */
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('spanish'::regconfig, translate(title || ' ' || description, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)}))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("publications_tenant_idx").on(t.tenantId), index("publications_search_idx").using("gin", t.search)],
);

export const coursePublications = pgTable(
  "course_publications",
  {
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.publicationId] })],
);

export const units = pgTable(
  "units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    order: integer("order").notNull(),
  },
  (t) => [index("units_publication_idx").on(t.publicationId)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    unitId: uuid("unit_id").notNull().references(() => units.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    order: integer("order").notNull(),
  },
  (t) => [index("lessons_unit_idx").on(t.unitId)],
);

/**
 * A class's personalised program (spec §4): its own order and visibility for the publisher's units
 * and lessons. No rows for a publication = the publisher's original. The first change copies the
 * publication's whole order here; resetting deletes the rows. Publications are never modified.
 */
export const courseUnitStates = pgTable(
  "course_unit_states",
  {
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    unitId: uuid("unit_id").notNull().references(() => units.id, { onDelete: "cascade" }),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.unitId] }), index("course_unit_states_publication_idx").on(t.courseId, t.publicationId)],
);

export const courseLessonStates = pgTable(
  "course_lesson_states",
  {
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" }),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.lessonId] }), index("course_lesson_states_publication_idx").on(t.courseId, t.publicationId)],
);

/** The class stream (spec §6 stream permissions): posts and their comments. */
export const coursePosts = pgTable(
  "course_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("course_posts_course_idx").on(t.courseId, t.createdAt)],
);

export const coursePostComments = pgTable(
  "course_post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id").notNull().references(() => coursePosts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("course_post_comments_post_idx").on(t.postId, t.createdAt)],
);
