import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { TEAMS_SSO_SCOPE } from "../../../contracts/teams";
import type { TeamsSsoConfig } from "../../config";
import { AppError, unauthorized } from "../../platform/errors";

/** What a verified Teams SSO token says about the person. */
export type TeamsIdentity = {
  /** Entra tenant id (lower case GUID). */
  tid: string;
  /** Entra object id: stable for the person in that tenant, unlike their address. */
  oid: string;
  /** Lower-cased preferred_username, upn or email claim, when present. */
  email: string | undefined;
  name: string | undefined;
};

/** Clock skew accepted on exp/nbf/iat: host and Entra clocks drift a little. */
const CLOCK_TOLERANCE_SECONDS = 60;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const tokenInvalid = (why: string) => unauthorized("TEAMS_TOKEN_INVALID", `Teams SSO token refused: ${why}`);
export const notConfigured = () => new AppError(404, "TEAMS_SSO_NOT_CONFIGURED", "Teams SSO is not configured");

/** One key set per URL for the life of the process: jose caches keys and refetches on an unknown kid. */
const keySets = new Map<string, JWTVerifyGetKey>();
function keySetFor(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(url, keys);
  }
  return keys;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);

/** The issuers allowed for a token of tenant `tid`: every template with `{tid}` filled in. */
export const issuersFor = (templates: readonly string[], tid: string): string[] => templates.map((t) => t.replaceAll("{tid}", tid));

/** `scp` is a space-separated list of delegated scopes. */
export const hasScope = (payload: JWTPayload, scope: string): boolean => (str(payload.scp)?.split(" ") ?? []).includes(scope);

function unverifiedTenant(token: string): string {
  try {
    const tid = str(decodeJwt(token).tid)?.toLowerCase();
    if (tid && GUID.test(tid)) return tid;
  } catch {
    // not a JWT at all
  }
  throw tokenInvalid("no tenant id");
}

function reasonOf(err: unknown): string {
  // A key set that cannot be fetched or read is our outage (500), not the caller's bad token.
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) throw err;
  if (err instanceof joseErrors.JWTExpired) return "expired";
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `claim ${err.claim} rejected`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return "bad signature";
  if (err instanceof joseErrors.JWKSNoMatchingKey) return "unknown signing key";
  if (err instanceof joseErrors.JOSEError) return err.code;
  throw err;
}

/**
 * Verifies a Teams SSO token: RS256 signature by a key of the configured key set, not expired,
 * audience the app's client id or Application ID URI, issuer one of the templates filled with the
 * token's own `tid` (so a token cannot name one tenant and be issued by another), and the
 * `access_as_user` scope. Tenant and user mapping happen afterwards.
 */
export async function verifyTeamsToken(config: TeamsSsoConfig, token: string): Promise<TeamsIdentity> {
  const { clientId } = config;
  if (!clientId) throw notConfigured();
  // The tid read before verification only chooses which issuers to accept; jwtVerify then checks
  // the signature over that very claim, so a forged tid fails there.
  const tid = unverifiedTenant(token);
  const audience = config.appIdUri ? [clientId, config.appIdUri] : [clientId];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetFor(config.jwksUrl), {
      issuer: issuersFor(config.issuers, tid),
      audience,
      algorithms: ["RS256"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp", "iat"],
    }));
  } catch (err) {
    throw tokenInvalid(reasonOf(err));
  }
  if (str(payload.tid)?.toLowerCase() !== tid) throw tokenInvalid("tenant id changed");
  if (!hasScope(payload, TEAMS_SSO_SCOPE)) throw tokenInvalid(`scope ${TEAMS_SSO_SCOPE} missing`);
  const oid = str(payload.oid)?.toLowerCase();
  if (!oid) throw tokenInvalid("no object id");
  const email = (str(payload.preferred_username) ?? str(payload.upn) ?? str(payload.email))?.trim().toLowerCase();
  return { tid, oid, email, name: str(payload.name) };
}
