import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { tenants } from "./organization";
import { users } from "./users";

/*
 * Gamification (issue 18, ADR 0046): an edition's rules as data, every award in an append-only
 * ledger keyed so that a replayed event never pays twice, a profile per student holding the
 * ledger's totals, and a class's ranking choice.
 */

/** An edition's rules (GamificationRulesSchema); an edition without a row uses DEFAULT_RULES. */
export const gamificationRules = pgTable("gamification_rules", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  rules: jsonb("rules").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Every award and every spending of a student. `key` names what was rewarded (the answer, the KC,
 * the job, the session, the level, the medal): unique per student, so each is paid once. An award
 * over its reason's daily cap is written with 0 points and `capped` (it still counts for medals).
 */
export const gamificationLedger = pgTable(
  "gamification_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    key: text("key").notNull(),
    reason: text("reason").notNull(),
    points: integer("points").notNull().default(0),
    currency: integer("currency").notNull().default(0),
    capped: boolean("capped").notNull().default(false),
    /** The UTC day the caps count it in (the day of the event, not of its processing). */
    day: text("day").notNull(),
    kc: text("kc"),
    medalId: text("medal_id"),
    level: integer("level"),
    itemId: text("item_id"),
    note: text("note"),
    awardedBy: uuid("awarded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("gamification_ledger_key_uq").on(t.userId, t.key),
    index("gamification_ledger_user_idx").on(t.userId, t.id),
    index("gamification_ledger_cap_idx").on(t.userId, t.reason, t.day),
    index("gamification_ledger_course_idx").on(t.courseId, t.userId),
  ],
);

/** A student's totals (the ledger's sums, kept in the same transaction) and what they wear. */
export const gamificationProfiles = pgTable("gamification_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  points: integer("points").notNull().default(0),
  currency: integer("currency").notNull().default(0),
  level: integer("level").notNull().default(1),
  avatarFrame: text("avatar_frame"),
  theme: text("theme"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** A class's ranking choice (off, top10, full); a class without a row shows its top 10. */
export const gamificationClasses = pgTable("gamification_classes", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  ranking: text("ranking").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
