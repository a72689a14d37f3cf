import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Role } from "../../contracts/common";
import { forbidden, unauthorized } from "./errors";
import type { AccessClaims, AccessTokens } from "./tokens";

declare module "fastify" {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid bearer access token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: AccessTokens }) => {
  app.decorateRequest("auth", null);
  app.decorate("authenticate", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await opts.tokens.verify(token);
    if (!claims) throw unauthorized("SESSION_EXPIRED", "Session expired or invalid");
    request.auth = claims;
  });
});

/** The authenticated caller; only call from routes guarded by `app.authenticate`. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): AccessClaims {
  const auth = authOf(request);
  if (!roles.includes(auth.role)) throw forbidden();
  return auth;
}

/**
 * The caller on a public route: the claims of a valid bearer token, else null. An invalid or
 * expired token is ignored rather than refused, because public pages (privacy, branding) must
 * still load for someone whose session lapsed.
 */
export async function optionalAuth(tokens: AccessTokens, request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearerToken(request);
  return token ? tokens.verify(token) : null;
}
