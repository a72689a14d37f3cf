import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, asc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import {
  DEFAULT_SIGNUP_ROLE,
  type AuthChangePasswordReq,
  type AuthLoginReq,
  type AuthRecoverReq,
  type AuthResetReq,
  type AuthSession,
  type AuthSignupReq,
} from "../../../contracts/auth";
import { LanguageSchema, RoleSchema, type Language } from "../../../contracts/common";
import type { AppContext } from "../../app";
import type { DomainEvents } from "../../platform/events";
import type { Db } from "../../db/client";
import { oneTimeTokens, refreshTokens, schools, tenants, users } from "../../db/schema";
import type { TenantRow } from "../../platform/edition";
import { badRequest, conflict, tooManyAttempts, unauthorized } from "../../platform/errors";
import { hashToken, randomToken, type AccessClaims } from "../../platform/tokens";
import { passwordResetMail } from "./mail-templates";
import { languageOf, presentSession, type UserRow } from "./presenter";

const PURPOSE = { reset: "password_reset", login: "login" } as const;
const DAY_MS = 86_400_000;
const later = (ms: number): Date => new Date(Date.now() + ms);

const sessionExpired = () => unauthorized("SESSION_EXPIRED", "Session expired or invalid");
const loginTokenInvalid = () => unauthorized("LOGIN_TOKEN_INVALID", "The login link is invalid or has expired");
const resetLinkInvalid = () => badRequest("RESET_LINK_INVALID", "The reset link is invalid or has expired");

export type Account = { user: UserRow; tenant: TenantRow };

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // an unreadable stored hash never matches
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === "object" && e !== null; e = "cause" in e ? e.cause : undefined) {
    if ("code" in e && e.code === "23505") return true;
  }
  return false;
}

async function findUserByEmail(db: Db, tenantId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.email, email))).limit(1);
  return row;
}

/** The user and their edition, only when both ids agree: never across tenants. */
export async function loadAccount(db: Db, userId: string, tenantId: string): Promise<Account | undefined> {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return row;
}

type FamilyRow = { familyId: string; userId: string; tenantId: string };

async function insertRefreshToken(db: Db, ttlDays: number, row: FamilyRow, token = randomToken(), now = new Date()): Promise<string> {
  await db.insert(refreshTokens).values({ ...row, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttlDays * DAY_MS) });
  return token;
}

/** The session answer; `issuedAt` given, the access token is the one issued then (the same bytes). */
async function signSession(ctx: AppContext, account: Account, familyId: string, refreshToken: string, issuedAt?: Date): Promise<AuthSession> {
  const { user, tenant } = account;
  const claims: AccessClaims = { userId: user.id, tenantId: tenant.id, role: RoleSchema.parse(user.role), sessionId: familyId };
  const token = await ctx.tokens.sign(claims, issuedAt);
  const expiresIn = issuedAt ? ctx.tokens.secondsLeft(issuedAt, ctx.clock.now()) : ctx.tokens.ttl;
  return presentSession({ token, refreshToken, expiresIn }, user, tenant);
}

/**
 * A sign-in by another module's proof of identity (Teams SSO, ...): a new session, announced once
 * with how the person signed in.
 */
export async function signInAccount(
  ctx: AppContext,
  account: Account,
  method: DomainEvents["user.signedIn"]["method"],
): Promise<AuthSession> {
  const session = await startSession(ctx, account);
  ctx.events.emit("user.signedIn", { userId: account.user.id, tenantId: account.tenant.id, method });
  return session;
}

/** A new sign-in: a new refresh family whose id is the access token's sessionId. */
async function startSession(ctx: AppContext, account: Account): Promise<AuthSession> {
  const familyId = crypto.randomUUID();
  const { user } = account;
  const refreshToken = await insertRefreshToken(ctx.db, ctx.config.refreshTokenTtlDays, { familyId, userId: user.id, tenantId: user.tenantId });
  return signSession(ctx, account, familyId, refreshToken);
}

async function revokeFamily(db: Db, familyId: string, userId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Every refresh family of the user, except `keepFamilyId` when given. */
async function revokeUserFamilies(db: Db, userId: string, now: Date, keepFamilyId?: string): Promise<void> {
  const scope = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) scope.push(ne(refreshTokens.familyId, keepFamilyId));
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(...scope));
}

/** An unused, unexpired one-time token of that purpose. */
const usableToken = (purpose: string, presented: string, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(presented)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

async function invalidateResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, PURPOSE.reset), isNull(oneTimeTokens.usedAt)));
}

/**
 * A password sign-in from `clientAddress`. The account's throttle is asked first, before the
 * address is even looked up, so a refused attempt learns nothing and costs no argon2 work; every
 * admitted attempt counts as a failure until the password proves right (ADR 0004).
 */
export async function login(ctx: AppContext, tenant: TenantRow, body: AuthLoginReq, clientAddress: string): Promise<AuthSession> {
  const attempt = { tenantId: tenant.id, email: body.email, address: clientAddress };
  const admission = await ctx.loginThrottle.admit(attempt, ctx.clock.now());
  if (!admission.allowed) throw tooManyAttempts(admission.retryAfterSeconds);
  // Distinct keys per failure are what the spec's login toast shows (§8), so they are kept apart.
  const user = await findUserByEmail(ctx.db, tenant.id, body.email);
  if (!user) throw unauthorized("USER_NOT_FOUND", "User not found");
  if (!user.passwordHash) throw unauthorized("INVALID_LOGIN", "This account signs in with single sign-on");
  if (!(await verifyPassword(user.passwordHash, body.password))) throw unauthorized("PASSWORD_INCORRECT", "Password incorrect");
  await ctx.loginThrottle.succeeded(attempt, ctx.clock.now());
  const session = await startSession(ctx, { user, tenant });
  ctx.events.emit("user.signedIn", { userId: user.id, tenantId: tenant.id, method: "credentials" });
  return session;
}

export async function signup(ctx: AppContext, tenant: TenantRow, body: AuthSignupReq): Promise<AuthSession> {
  const userExists = () => conflict("USER_ALREADY_EXISTS", "User already exists");
  if (await findUserByEmail(ctx.db, tenant.id, body.email)) throw userExists();
  const passwordHash = await hash(body.password);
  const [school] = await ctx.db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.tenantId, tenant.id))
    .orderBy(asc(schools.createdAt), asc(schools.id))
    .limit(1);
  let user: UserRow | undefined;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        tenantId: tenant.id,
        schoolId: school?.id ?? null,
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role ?? DEFAULT_SIGNUP_ROLE,
        locale: body.locale ?? languageOf(tenant.defaultLanguage, tenant),
        dateOfBirth: body.dateOfBirth,
      })
      .returning();
  } catch (err) {
    // Two signups with one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw userExists();
    throw err;
  }
  if (!user) throw new Error("signup: insert returned no row");
  const session = await startSession(ctx, { user, tenant });
  ctx.events.emit("user.signedUp", { userId: user.id, tenantId: tenant.id });
  return session;
}

type Rotation =
  | { kind: "invalid" }
  | { kind: "rotated"; userId: string; tenantId: string; familyId: string; refreshToken: string; issuedAt: Date };

/**
 * Rotates a refresh token into its successor, `tokens.refreshSuccessor(presented)`.
 *
 * The row is locked (SELECT ... FOR UPDATE), so of two requests presenting one token, on one
 * instance or two, the second waits for the first to commit and then sees the token rotated.
 * Seen again within REFRESH_REUSE_GRACE_SECONDS of its rotation, while the successor is still
 * the family's live token, it is the same client again (a second tab, a retry after a lost answer):
 * it gets the same pair, re-derived, and nothing changes. Seen later, or after the successor
 * itself moved on, a copy exists elsewhere (theft): the whole family is revoked, and the revocation
 * commits even though the request fails.
 */
export async function refreshSession(ctx: AppContext, presented: string): Promise<AuthSession> {
  const now = ctx.clock.now();
  const successor = ctx.tokens.refreshSuccessor(presented);
  const graceMs = ctx.config.refreshReuseGraceSeconds * 1000;
  const rotation = await ctx.db.transaction(async (tx): Promise<Rotation> => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented))).limit(1).for("update");
    if (!row || row.revokedAt || row.expiresAt <= now) return { kind: "invalid" };
    const [revoked] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, row.familyId), isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    if (revoked) return { kind: "invalid" }; // a row minted while the family was being revoked
    const { familyId, userId, tenantId } = row;
    if (!row.rotatedAt) {
      // Conditional as well as locked: the claim holds even where the lock is not taken.
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed) {
        const refreshToken = await insertRefreshToken(tx, ctx.config.refreshTokenTtlDays, { familyId, userId, tenantId }, successor, now);
        return { kind: "rotated", userId, tenantId, familyId, refreshToken, issuedAt: now };
      }
    } else if (now.getTime() - row.rotatedAt.getTime() <= graceMs) {
      const [next] = await tx
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, hashToken(successor)), eq(refreshTokens.familyId, familyId)))
        .limit(1);
      if (next && !next.rotatedAt && !next.revokedAt && next.expiresAt > now) {
        return { kind: "rotated", userId, tenantId, familyId, refreshToken: successor, issuedAt: row.rotatedAt };
      }
    }
    await revokeFamily(tx, familyId, userId, now);
    return { kind: "invalid" };
  });
  if (rotation.kind !== "rotated") throw sessionExpired();
  const account = await loadAccount(ctx.db, rotation.userId, rotation.tenantId);
  if (!account) throw sessionExpired();
  return signSession(ctx, account, rotation.familyId, rotation.refreshToken, rotation.issuedAt);
}

/**
 * Ends the sign-in behind `auth`: its refresh family stops working at once. Access tokens are
 * stateless JWTs and stay valid until they expire (ACCESS_TOKEN_TTL_SECONDS, 15 min by default):
 * checking a revocation list on every request would cost a database read per call for a window
 * that short. The client drops its tokens on logout anyway.
 */
export async function logout(ctx: AppContext, auth: AccessClaims): Promise<void> {
  await revokeFamily(ctx.db, auth.sessionId, auth.userId);
  ctx.events.emit("user.signedOut", { userId: auth.userId, tenantId: auth.tenantId });
}

export async function updateLocale(db: Db, user: UserRow, locale: Language): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.tenantId, user.tenantId)))
    .returning();
  if (!row) throw new Error("updateLocale: user vanished");
  return row;
}

/**
 * Asks for a reset link. The answer never depends on the address: everything, the lookup
 * included, runs in the background after the answer has gone, so an account costs the caller
 * no time that an unknown address does not (ADR 0004).
 */
export function requestPasswordReset(ctx: AppContext, tenant: TenantRow, body: AuthRecoverReq): void {
  ctx.background.run("password reset", () => issuePasswordReset(ctx, tenant, body));
}

/**
 * Issues a reset link when the address has an account in this edition (with a password or
 * SSO-only: the link lets them set one), and mails it.
 */
async function issuePasswordReset(ctx: AppContext, tenant: TenantRow, body: AuthRecoverReq): Promise<void> {
  const user = await findUserByEmail(ctx.db, tenant.id, body.email);
  if (!user) return;
  const token = randomToken();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works: an older mail lying in an inbox is no longer a way in.
    await invalidateResetTokens(tx, user.id, now);
    await tx.insert(oneTimeTokens).values({
      purpose: PURPOSE.reset,
      userId: user.id,
      tenantId: tenant.id,
      tokenHash: hashToken(token),
      expiresAt: later(ctx.config.resetTokenTtlMinutes * 60_000),
    });
  });
  // The user's saved language first (it is what they chose); the page's language if that is unusable.
  const saved = LanguageSchema.safeParse(user.locale);
  const locale = saved.success ? saved.data : (body.locale ?? languageOf(tenant.defaultLanguage, tenant));
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = passwordResetMail(user.email, locale, {
    firstName: user.firstName,
    edition: tenant.name,
    link,
    ttlMinutes: ctx.config.resetTokenTtlMinutes,
  });
  await ctx.mailer.send(mail);
}

export async function resetPassword(ctx: AppContext, body: AuthResetReq): Promise<void> {
  const now = new Date();
  const usable = usableToken(PURPOSE.reset, body.token, now);
  // Cheap check first so that invalid links cost no argon2 work.
  const [candidate] = await ctx.db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(usable).limit(1);
  if (!candidate) throw resetLinkInvalid();
  const passwordHash = await hash(body.password);
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(oneTimeTokens).set({ usedAt: now }).where(usable).returning();
    if (!row) return undefined;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.tenantId, row.tenantId)));
    // Whoever knew the old password may hold a session: every sign-in ends.
    await revokeUserFamilies(tx, row.userId, now);
    return row;
  });
  if (!claimed) throw resetLinkInvalid();
  ctx.events.emit("user.passwordChanged", { userId: claimed.userId, tenantId: claimed.tenantId });
}

export async function changePassword(ctx: AppContext, auth: AccessClaims, user: UserRow, body: AuthChangePasswordReq): Promise<void> {
  // SSO-only accounts have no current password to confirm; recover-password lets them set one.
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest("CURRENT_PASSWORD_INCORRECT", "The current password is incorrect");
  }
  const passwordHash = await hash(body.newPassword);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(and(eq(users.id, user.id), eq(users.tenantId, user.tenantId)));
    // Other devices sign in again with the new password; the caller's own sign-in goes on.
    await revokeUserFamilies(tx, user.id, now, auth.sessionId);
    await invalidateResetTokens(tx, user.id, now);
  });
  ctx.events.emit("user.passwordChanged", { userId: user.id, tenantId: user.tenantId });
}

/** A single-use token the SPA exchanges for a session (/auth/login/{token}; SSO callbacks). */
export async function mintLoginToken(db: Db, who: { userId: string; tenantId: string }, ttlSeconds = 120): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    purpose: PURPOSE.login,
    userId: who.userId,
    tenantId: who.tenantId,
    tokenHash: hashToken(token),
    expiresAt: later(ttlSeconds * 1000),
  });
  return token;
}

export async function loginWithToken(ctx: AppContext, presented: string): Promise<AuthSession> {
  const now = new Date();
  // Claimed by a conditional UPDATE: of two requests with one token, only one gets a session.
  const [claimed] = await ctx.db.update(oneTimeTokens).set({ usedAt: now }).where(usableToken(PURPOSE.login, presented, now)).returning();
  if (!claimed) throw loginTokenInvalid();
  const account = await loadAccount(ctx.db, claimed.userId, claimed.tenantId);
  if (!account) throw loginTokenInvalid();
  const session = await startSession(ctx, account);
  ctx.events.emit("user.signedIn", { userId: account.user.id, tenantId: account.tenant.id, method: "token" });
  return session;
}
