import { boolean, jsonb, pgTable, text, timestamp, uuid, uniqueIndex, index } from "drizzle-orm/pg-core";

/** A tenant is a brand edition sold by a publisher (name, logo, colours, languages, country, flags). */
export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  logoUrl: text("logo_url").notNull(),
  colors: jsonb("colors").$type<{ primary: string; secondary: string }>().notNull(),
  defaultLanguage: text("default_language").notNull().default("es"),
  languages: text("languages").array().notNull(),
  country: text("country").notNull().default("ES"),
  /** IANA time zone the class timetables are read in (a school may set its own). */
  timeZone: text("time_zone").notNull().default("Europe/Madrid"),
  gamified: boolean("gamified").notNull().default(false),
  chatbotAvailable: boolean("chatbot_available").notNull().default(false),
  features: jsonb("features").$type<{ libraryTab: boolean }>().notNull(),
  /** Host names that serve this edition (brand domains). */
  hosts: text("hosts").array().notNull().default([]),
  /** Microsoft Entra tenant ids whose Teams users belong to this edition (Teams SSO mapping). */
  entraTenantIds: text("entra_tenant_ids").array().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const schools = pgTable(
  "schools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lmsEntryPoint: text("lms_entry_point").notNull().default("home"),
    canCreateCourse: boolean("can_create_course").notNull().default(true),
    canCreateGroup: boolean("can_create_group").notNull().default(true),
    /** IANA time zone of the school's timetables when it differs from the edition's (the Canaries). */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("schools_tenant_idx").on(t.tenantId), uniqueIndex("schools_tenant_name_uq").on(t.tenantId, t.name)],
);
