import { sql } from "drizzle-orm";
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { publications, units } from "./courses";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * A publication's knowledge components (issue 15, "KC map"): the skills its lessons teach, by the
 * code its questions carry (`questions.kcs`), named in the edition's languages, with the unit and
 * lessons that teach each one, in program order (`position`).
 */
export const knowledgeComponents = pgTable(
  "knowledge_components",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    publicationId: uuid("publication_id").notNull().references(() => publications.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Locale -> name (es, ca, eu, en, pt). */
    names: jsonb("names").$type<Record<string, string>>().notNull(),
    unitId: uuid("unit_id").references(() => units.id, { onDelete: "set null" }),
    lessonIds: uuid("lesson_ids").array().notNull().default(sql`'{}'::uuid[]`),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("knowledge_components_code_uq").on(t.publicationId, t.code), index("knowledge_components_tenant_code_idx").on(t.tenantId, t.code)],
);

/**
 * The learner model (issue 15): per student and knowledge component (KC, the codes questions carry
 * in `questions.kcs`), the BKT estimate that it is known and the FSRS card of its recall, and the
 * evidence: each scored answer that moved an estimate, with the estimate before and after, which the
 * teacher is shown. Written only by the learning listeners (modules/learning).
 */
export const kcStates = pgTable(
  "kc_states",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kc: text("kc").notNull(),
    /** BKT: P(the KC is known) after the last answer and its chance to learn. */
    known: doublePrecision("known").notNull(),
    answers: integer("answers").notNull().default(0),
    correct: integer("correct").notNull().default(0),
    /** FSRS card (learning/recall.ts StoredCard). */
    card: jsonb("card").notNull(),
    lastAnswerAt: timestamp("last_answer_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kc] }), index("kc_states_tenant_kc_idx").on(t.tenantId, t.kc)],
);

/**
 * One scored answer's effect on one KC. The unique key (student, KC, source, source id, question)
 * makes every update idempotent: a replayed answer finds its row and changes nothing.
 */
export const kcEvidence = pgTable(
  "kc_evidence",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kc: text("kc").notNull(),
    /** "assessment" (an attempt's answer) | "practice" | "activity" | "record" (xAPI). */
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    questionId: text("question_id").notNull(),
    correct: boolean("correct").notNull(),
    /** The share of the marks (0..1). */
    fraction: doublePrecision("fraction").notNull(),
    knownBefore: doublePrecision("known_before").notNull(),
    knownAfter: doublePrecision("known_after").notNull(),
    /** Predicted recall just before the answer (0 for a KC never practised). */
    recallBefore: doublePrecision("recall_before").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("kc_evidence_answer_uq").on(t.userId, t.kc, t.source, t.sourceId, t.questionId),
    index("kc_evidence_user_kc_idx").on(t.userId, t.kc, t.answeredAt),
    index("kc_evidence_tenant_kc_idx").on(t.tenantId, t.kc),
  ],
);

/**
 * BKT parameters fitted with EM from a tenant's own answers on a KC (jobs/kc-fitting.ts), once it
 * has enough of them; the learner model uses them instead of the defaults. `answers` and
 * `students` say how much data the fit saw, so the job refits when the data has grown.
 */
export const kcParams = pgTable(
  "kc_params",
  {
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    kc: text("kc").notNull(),
    prior: doublePrecision("prior").notNull(),
    learn: doublePrecision("learn").notNull(),
    guess: doublePrecision("guess").notNull(),
    slip: doublePrecision("slip").notNull(),
    answers: integer("answers").notNull(),
    students: integer("students").notNull(),
    logLikelihood: doublePrecision("log_likelihood").notNull(),
    fittedAt: timestamp("fitted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kc] })],
);
