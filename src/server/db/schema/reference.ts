import { integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Education levels per country (Spain, Brazil, US); names are in the country's language. */
export const educationLevels = pgTable(
  "education_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: text("country").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull(),
  },
  (t) => [uniqueIndex("education_levels_country_code_uq").on(t.country, t.code)],
);

export const educationYears = pgTable(
  "education_years",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    levelId: uuid("level_id").notNull().references(() => educationLevels.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull(),
  },
  (t) => [uniqueIndex("education_years_level_code_uq").on(t.levelId, t.code)],
);

export const disciplines = pgTable("disciplines", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
});

export const languages = pgTable("languages", {
  code: text("code").primaryKey(),
  /** The language's own name (endonym), e.g. "Euskara". */
  description: text("description").notNull(),
  order: integer("order").notNull(),
});

/** Documents per language and scope (privacy, terms, credits); tenantId null = platform default. */
export const languageScopes = pgTable(
  "language_scopes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id"),
    scope: text("scope").notNull(),
    language: text("language").notNull(),
    value: text("value").notNull(),
  },
  (t) => [unique("language_scopes_uq").on(t.tenantId, t.scope, t.language).nullsNotDistinct()],
);
