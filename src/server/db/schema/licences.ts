import { index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * A licence code an edition hands out (spec §3 "Task record and licence", §7 front/redeem).
 * `code` is stored normalised: upper-case, without spaces or dashes. `kind` "publication" is the
 * only type the product knows; any other answers "Code type not found".
 */
export const licences = pgTable(
  "licences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind").notNull().default("publication"),
    /** "teacher" or "student"; null fits every role. */
    roleConstraint: text("role_constraint"),
    /** Publications of the same tenant the licence opens. */
    publicationIds: uuid("publication_ids").array().notNull().default([]),
    /** When the code itself stops being redeemable; null never. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxUses: integer("max_uses").notNull().default(1),
    uses: integer("uses").notNull().default(0),
    /** Length of the personal licence a redemption grants. */
    durationDays: integer("duration_days").notNull().default(365),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("licences_tenant_code_uq").on(t.tenantId, t.code)],
);

/** One person's redemption of a licence code. */
export const personalLicences = pgTable(
  "personal_licences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    licenceId: uuid("licence_id").notNull().references(() => licences.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("personal_licences_licence_user_uq").on(t.licenceId, t.userId),
    index("personal_licences_user_idx").on(t.userId),
  ],
);
