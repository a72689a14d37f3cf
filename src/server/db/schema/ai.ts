import { date, integer, bigint, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./organization";

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
