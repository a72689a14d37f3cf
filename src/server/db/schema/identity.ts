import { boolean, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./organization";
import { users } from "./users";

/**
 * Single sign-on providers configured per edition: OIDC (Google, Microsoft or any issuer) and
 * SAML 2.0. `config` holds the protocol settings (issuer, client id, IdP certificate, ...);
 * secrets in it never leave the server.
 */
export const identityProviders = pgTable(
  "identity_providers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Which button to draw: google, microsoft or generic. */
    brand: text("brand").notNull().default("generic"),
    label: text("label").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("identity_providers_tenant_idx").on(t.tenantId)],
);

/** A person's account at an external identity provider (OIDC subject, SAML NameID, Entra oid). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** "oidc:<providerId>", "saml:<providerId>" or "entra:<entraTenantId>". */
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("user_identities_issuer_subject_uq").on(t.issuer, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/**
 * Sign-in requests in flight (OIDC state with PKCE verifier and nonce; SAML AuthnRequest ids),
 * used once; and SAML assertion ids already accepted (replay protection), kept until they expire.
 */
export const ssoRequests = pgTable(
  "sso_requests",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id").references(() => identityProviders.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sso_requests_expires_idx").on(t.expiresAt)],
);
