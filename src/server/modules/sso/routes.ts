import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { boundedString, INPUT_LIMITS } from "../../../contracts/common";
import { SsoProviderParamsSchema, SsoProvidersResponseSchema, SsoStartQuerySchema } from "../../../contracts/sso";
import { editionOfRequest } from "../../platform/edition";
import { success } from "../../platform/envelope";
import { notFound } from "../../platform/errors";
import { OidcClients } from "./oidc";
import * as sso from "./service";
import { signInRateLimit } from "../../platform/rate-limits";

const tags = ["sso"];
/** A SAMLResponse is a few kilobytes; anything near this is not one. */
const FORM_BODY_LIMIT = 256 * 1024;
/** The IdP's form post: SAMLResponse and RelayState, each bounded (ADR 0019). */
const AcsBodySchema = z.record(boundedString(INPUT_LIMITS.id), boundedString(FORM_BODY_LIMIT));

const go = (reply: FastifyReply, to: sso.Redirect) => reply.header("cache-control", "no-store").redirect(to.location, 302);

/** Single sign-on (OIDC and SAML 2.0): browser navigations that end in a redirect, never JSON errors. */
export async function ssoRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const clients = new OidcClients();
  const limited = signInRateLimit(ctx.config);

  // The IdP posts its response as a form; scoped to this plugin, the rest of the API stays JSON only.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
  });

  app.get("/auth/providers", { schema: { tags, response: { 200: SsoProvidersResponseSchema } } }, async (request) => {
    const tenant = await editionOfRequest(ctx, request);
    return success(await sso.listProviders(ctx.db, tenant.id, request.log));
  });

  app.get(
    "/auth/oidc/:providerId/start",
    { config: limited, schema: { tags, params: SsoProviderParamsSchema, querystring: SsoStartQuerySchema } },
    async (request, reply) => {
      const provider = await sso.loadOidcProvider(ctx.db, request.params.providerId);
      if (!provider) throw notFound("Identity provider");
      return go(reply, await sso.startOidc(ctx, clients, provider, request.query.returnTo, request.log));
    },
  );

  app.get("/auth/oidc/:providerId/callback", { config: limited, schema: { tags, params: SsoProviderParamsSchema } }, async (request, reply) => {
    const query = new URL(request.url, "http://callback.invalid").searchParams;
    return go(reply, await sso.finishOidcSignIn(ctx, clients, request.params.providerId, query, request.log));
  });

  app.get("/auth/saml/:providerId/metadata", { schema: { tags, params: SsoProviderParamsSchema } }, async (request, reply) => {
    const provider = await sso.loadSamlProvider(ctx.db, request.params.providerId);
    if (!provider) throw notFound("Identity provider");
    return reply.type("application/samlmetadata+xml").send(await sso.samlMetadata(ctx, provider));
  });

  app.get(
    "/auth/saml/:providerId/start",
    { config: limited, schema: { tags, params: SsoProviderParamsSchema, querystring: SsoStartQuerySchema } },
    async (request, reply) => {
      const provider = await sso.loadSamlProvider(ctx.db, request.params.providerId);
      if (!provider) throw notFound("Identity provider");
      return go(reply, await sso.startSaml(ctx, provider, request.query.returnTo, request.log));
    },
  );

  app.post(
    "/auth/saml/:providerId/acs",
    { config: limited, schema: { tags, params: SsoProviderParamsSchema, body: AcsBodySchema } },
    async (request, reply) => go(reply, await sso.finishSamlSignIn(ctx, request.params.providerId, request.body, request.log)),
  );
}
