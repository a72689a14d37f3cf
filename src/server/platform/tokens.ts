import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SignJWT, jwtVerify } from "jose";
import type { Role } from "../../contracts/common";

/** What an access token says about its bearer. The tenant comes from here, never from the client. */
export type AccessClaims = {
  userId: string;
  tenantId: string;
  role: Role;
  /** Refresh-token family of this sign-in: logout revokes it. */
  sessionId: string;
};

const ISSUER = "aula-front-office";
const AUDIENCE = "aula-api";

export class AccessTokens {
  private readonly key: Uint8Array;
  /** Its own key for deriving refresh-token successors, so no value is ever both a MAC and a JWT key. */
  private readonly successorKey: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.successorKey = crypto.createHmac("sha256", secret).update("aula refresh-token successor v1").digest();
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  /**
   * Signs an access token issued at `issuedAt` (default now) and expiring `ttl` seconds later.
   * HS256 is deterministic: the same claims and issue time give the same token, which is how a
   * refresh replayed within the grace window answers the very same pair (ADR 0002).
   */
  sign(claims: AccessClaims, issuedAt: Date = new Date()): Promise<string> {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    return new SignJWT({ tid: claims.tenantId, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** Seconds until a token issued at `issuedAt` expires, seen from `now` (never negative). */
  secondsLeft(issuedAt: Date, now: Date): number {
    const expiresAt = Math.floor(issuedAt.getTime() / 1000) + this.ttlSeconds;
    return Math.max(0, expiresAt - Math.floor(now.getTime() / 1000));
  }

  /**
   * The refresh token that replaces `presented` when it is rotated: a MAC of it under a key
   * derived from the secret. Only its hash is stored; deriving it again is how a second use of
   * the same token within the grace window gets the same successor without the server ever
   * keeping a usable token. Without the secret the successor is as unguessable as a random token.
   */
  refreshSuccessor(presented: string): string {
    return crypto.createHmac("sha256", this.successorKey).update(presented).digest("base64url");
  }

  /** Returns the claims, or null for a token that is malformed, tampered with, expired or has no expiry. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        // jose checks `exp` only when present: a token without one would never expire.
        requiredClaims: ["exp"],
      });
      const { sub, tid, role, sid } = payload;
      if (typeof sub !== "string" || typeof tid !== "string" || typeof role !== "string" || typeof sid !== "string") {
        return null;
      }
      return { userId: sub, tenantId: tid, role: role as Role, sessionId: sid };
    } catch {
      return null;
    }
  }
}

/** Opaque random token (refresh, reset, login) and the hash we store instead of it. */
export const randomToken = (): string => crypto.randomBytes(32).toString("base64url");
export const hashToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");

/** The configured secret, or one generated on first start and kept in the data folder. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "jwt-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
