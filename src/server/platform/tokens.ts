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

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or null for a token that is malformed, tampered with or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
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
