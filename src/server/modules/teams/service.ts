import { and, eq, sql } from "drizzle-orm";
import type { AuthSession } from "../../../contracts/auth";
import type { AppContext } from "../../app";
import type { TeamsSsoConfig } from "../../config";
import type { Db } from "../../db/client";
import { tenants, userIdentities, users } from "../../db/schema";
import type { TenantRow } from "../../platform/edition";
import { AppError } from "../../platform/errors";
import type { UserRow } from "../auth/presenter";
import { loadAccount, signInAccount } from "../auth/service";
import type { TeamsIdentity } from "./verify";

export const tenantUnknown = () => new AppError(403, "TEAMS_TENANT_UNKNOWN", "This Microsoft 365 organisation is not linked to an edition");
export const userUnknown = (why = "No account of this edition matches this Microsoft 365 user") =>
  new AppError(403, "TEAMS_USER_UNKNOWN", why);

/** The issuer recorded in user_identities for people of one Entra tenant. */
export const entraIssuer = (tid: string): string => `entra:${tid}`;

/**
 * The edition an Entra tenant signs in to. One organisation may be mapped to two editions (a school
 * licensed for both brands): the edition the tab was opened on wins, else the only one.
 */
export async function editionForTenant(db: Db, sso: TeamsSsoConfig, tid: string, preferred: TenantRow): Promise<TenantRow> {
  if (sso.allowedTenants && !sso.allowedTenants.includes(tid)) throw tenantUnknown();
  const mapped = await db.select().from(tenants).where(sql`${tid} = any(${tenants.entraTenantIds})`);
  const chosen = mapped.find((t) => t.id === preferred.id) ?? (mapped.length === 1 ? mapped[0] : undefined);
  if (!chosen) throw tenantUnknown();
  return chosen;
}

async function linkedUser(db: Db, tenantId: string, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, and(eq(users.id, userIdentities.userId), eq(users.tenantId, userIdentities.tenantId)))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject), eq(userIdentities.tenantId, tenantId)))
    .limit(1);
  return row?.user;
}

/**
 * The platform user behind a verified Teams identity, in `tenant`: the account already linked to
 * this Entra object id, else the account with the token's address, which is then linked. The link
 * is what counts afterwards, so a later change of address in Entra keeps the same account. An
 * account already linked to another object id of the same Entra tenant is not re-linked by
 * address: that would let whoever gets the address renamed onto them take it over.
 */
export async function resolveTeamsUser(db: Db, tenant: TenantRow, who: TeamsIdentity): Promise<UserRow> {
  const issuer = entraIssuer(who.tid);
  const linked = await linkedUser(db, tenant.id, issuer, who.oid);
  if (linked) return linked;
  if (!who.email) throw userUnknown();
  const [user] = await db.select().from(users).where(and(eq(users.tenantId, tenant.id), eq(users.email, who.email))).limit(1);
  if (!user) throw userUnknown();
  const [other] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.issuer, issuer)))
    .limit(1);
  if (other) throw userUnknown("This account is linked to another Microsoft 365 user");
  // Two first sign-ins at once: the unique (issuer, subject) index keeps one link, both succeed.
  await db.insert(userIdentities).values({ userId: user.id, tenantId: tenant.id, issuer, subject: who.oid }).onConflictDoNothing();
  const winner = await linkedUser(db, tenant.id, issuer, who.oid);
  if (winner?.id !== user.id) throw userUnknown();
  return user;
}

export async function signInWithTeams(ctx: AppContext, preferred: TenantRow, who: TeamsIdentity): Promise<AuthSession> {
  const tenant = await editionForTenant(ctx.db, ctx.config.teamsSso, who.tid, preferred);
  const user = await resolveTeamsUser(ctx.db, tenant, who);
  const account = await loadAccount(ctx.db, user.id, tenant.id);
  if (!account) throw userUnknown();
  return signInAccount(ctx, account, "teams");
}
