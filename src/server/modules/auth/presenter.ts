import type { AuthSession, SessionUser } from "../../../contracts/auth";
import { DEFAULT_LANGUAGE, LanguageSchema, RoleSchema, type Language } from "../../../contracts/common";
import type { users } from "../../db/schema";
import type { TenantRow } from "../../platform/edition";

export type UserRow = typeof users.$inferSelect;

/** A stored locale the product no longer offers falls back to the edition's, then to es. */
export function languageOf(stored: string, tenant: Pick<TenantRow, "defaultLanguage">): Language {
  const own = LanguageSchema.safeParse(stored);
  if (own.success) return own.data;
  const edition = LanguageSchema.safeParse(tenant.defaultLanguage);
  return edition.success ? edition.data : DEFAULT_LANGUAGE;
}

/** Exactly the SessionUser fields: never the password hash, date of birth or timestamps. */
export function presentSessionUser(row: UserRow, tenant: TenantRow): SessionUser {
  if (row.tenantId !== tenant.id) throw new Error("presentSessionUser: user and edition differ");
  return {
    guid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    // A role outside the catalogue is corrupt data: fail loudly rather than guess a permission.
    role: RoleSchema.parse(row.role),
    locale: languageOf(row.locale, tenant),
    tenantGuid: tenant.id,
    schoolGuid: row.schoolId,
    // The assistant needs both the user's flag (spec §1) and an edition that offers it.
    chatbotEnabled: row.chatbotEnabled && tenant.chatbotAvailable,
  };
}

export function presentSession(
  tokens: { token: string; refreshToken: string; expiresIn: number },
  row: UserRow,
  tenant: TenantRow,
): AuthSession {
  return { ...tokens, user: presentSessionUser(row, tenant) };
}
