import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { schools, tenants } from "./organization";
import { disciplines, educationLevels, educationYears } from "./reference";
import { users } from "./users";

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
    schoolYear: text("school_year").notNull(),
    color: text("color").notNull().default("#0F6CBD"),
    icon: text("icon").notNull().default("book"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    archived: boolean("archived").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("courses_tenant_idx").on(t.tenantId)],
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("publications_tenant_idx").on(t.tenantId)],
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
