import { success } from "../../platform/envelope";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuthChangePasswordSchema,
  AuthLoginSchema,
  AuthMeResponseSchema,
  AuthOkResponseSchema,
  AuthRecoverSchema,
  AuthResetSchema,
  AuthSessionResponseSchema,
  AuthSignupSchema,
  ProfileUpdateSchema,
} from "../../../contracts/auth";
import { ErrorBodySchema } from "../../../contracts/common";
import { authOf, bearerToken } from "../../platform/auth";
import { resolveEdition } from "../../platform/edition";
import { unauthorized } from "../../platform/errors";
import { authorize } from "./policy";
import { presentSessionUser } from "./presenter";
import * as auth from "./service";
import { signInRateLimit } from "../../platform/rate-limits";

const ok = success({ ok: true as const });
const tags = ["auth"];
const bearer = [{ bearer: [] }];
/** Documents the error envelope for the statuses a route can answer with. */
const errors = (...codes: Array<400 | 401 | 403 | 409 | 429>) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));

export async function authRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Per client address, per route: sign-in and password endpoints are what attackers guess at.
  const limited = signInRateLimit(ctx.config);
  const edition = (request: FastifyRequest) => resolveEdition(ctx.db, request, ctx.config.defaultEdition);

  /** The signed-in caller's account; a token whose user is gone is a session that is over. */
  const callerAccount = async (request: FastifyRequest) => {
    const claims = authOf(request);
    const account = await auth.loadAccount(ctx.db, claims.userId, claims.tenantId);
    if (!account) throw unauthorized("SESSION_EXPIRED", "Session expired or invalid");
    return { claims, ...account };
  };

  app.post(
    "/auth/login",
    { config: limited, schema: { tags, body: AuthLoginSchema, response: { 200: AuthSessionResponseSchema, ...errors(400, 401, 429) } } },
    async (request) => {
      const tenant = await edition(request);
      // request.ip honours TRUST_PROXY: the school's address behind its proxy, never a header the caller picked.
      return success(await auth.login(ctx, tenant, request.body, request.ip));
    },
  );

  app.post(
    "/auth/signup",
    { config: limited, schema: { tags, body: AuthSignupSchema, response: { 201: AuthSessionResponseSchema, ...errors(400, 409) } } },
    async (request, reply) => {
      const tenant = await edition(request);
      const session = await auth.signup(ctx, tenant, request.body);
      return reply.status(201).send(success(session));
    },
  );

  // Refresh and token-login take their token as a bearer header: tokens never travel in bodies.
  app.post(
    "/auth/refresh",
    { schema: { tags, security: bearer, response: { 200: AuthSessionResponseSchema, ...errors(401) } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized("SESSION_EXPIRED", "A refresh token is required");
      return success(await auth.refreshSession(ctx, token));
    },
  );

  app.post(
    "/auth/token-login",
    { schema: { tags, security: bearer, response: { 200: AuthSessionResponseSchema, ...errors(401) } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized("LOGIN_TOKEN_INVALID", "A login token is required");
      return success(await auth.loginWithToken(ctx, token));
    },
  );

  app.post(
    "/auth/logout",
    { onRequest: app.authenticate, schema: { tags, security: bearer, response: { 200: AuthOkResponseSchema, ...errors(401) } } },
    async (request) => {
      await auth.logout(ctx, authOf(request));
      return ok;
    },
  );

  app.get(
    "/auth/me",
    { onRequest: app.authenticate, schema: { tags, security: bearer, response: { 200: AuthMeResponseSchema, ...errors(401, 403) } } },
    async (request) => {
      const { claims, user, tenant } = await callerAccount(request);
      authorize("readProfile", claims, user);
      return success(presentSessionUser(user, tenant));
    },
  );

  app.patch(
    "/auth/me",
    {
      onRequest: app.authenticate,
      schema: { tags, security: bearer, body: ProfileUpdateSchema, response: { 200: AuthMeResponseSchema, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const { claims, user, tenant } = await callerAccount(request);
      authorize("updateProfile", claims, user);
      const updated = await auth.updateLocale(ctx.db, user, request.body.locale);
      return success(presentSessionUser(updated, tenant));
    },
  );

  app.post(
    "/auth/recover-password",
    { config: limited, schema: { tags, body: AuthRecoverSchema, response: { 200: AuthOkResponseSchema, ...errors(400) } } },
    async (request) => {
      const tenant = await edition(request);
      // Not awaited: the same answer, after the same work, whether or not the address has an account.
      auth.requestPasswordReset(ctx, tenant, request.body);
      return ok;
    },
  );

  app.post(
    "/auth/reset-password",
    { config: limited, schema: { tags, body: AuthResetSchema, response: { 200: AuthOkResponseSchema, ...errors(400) } } },
    async (request) => {
      // The token names its account and edition; the edition of the page it is opened on does not matter.
      await auth.resetPassword(ctx, request.body);
      return ok;
    },
  );

  app.post(
    "/auth/change-password",
    {
      config: limited,
      onRequest: app.authenticate,
      schema: { tags, security: bearer, body: AuthChangePasswordSchema, response: { 200: AuthOkResponseSchema, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const { claims, user } = await callerAccount(request);
      authorize("changePassword", claims, user);
      await auth.changePassword(ctx, claims, user, request.body);
      return ok;
    },
  );
}
