import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBodySchema } from "../../../contracts/common";
import {
  LicenceRedeemResponseSchema,
  LicenceRedeemSchema,
  PersonalLicenceParamsSchema,
  PersonalLicencePublicationsResponseSchema,
  ProfileLicencesQuerySchema,
  ProfileLicencesResponseSchema,
} from "../../../contracts/licences";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { notFound } from "../../platform/errors";
import { ownsPersonalLicence } from "./policy";
import { presentLicencePublications, presentPersonalLicence, presentProfileLicences } from "./presenter";
import { listPersonalLicences, loadPersonalLicence, redeemLicence } from "./service";
import { signInRateLimit } from "../../platform/rate-limits";

const tags = ["licences"];
const security = [{ bearer: [] }];
const errors = (...codes: Array<400 | 401 | 403 | 404 | 409 | 429>) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));

export const licencesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address, like sign-in: a redeem endpoint is what someone guessing codes would hammer.
  const limited = signInRateLimit(app.ctx.config);

  app.post(
    "/front/redeem",
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags,
        summary: "Redeem a licence code (the code in the body, the session in the Authorization header)",
        security,
        body: LicenceRedeemSchema,
        response: { 201: LicenceRedeemResponseSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const licence = await redeemLicence(app.ctx.db, caller, request.body.code);
      return reply.status(201).send(success(presentPersonalLicence(licence)));
    },
  );

  app.get(
    "/front/profile/licenses",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's personal licences: active by default, expired with isExpired=true",
        security,
        querystring: ProfileLicencesQuerySchema,
        response: { 200: ProfileLicencesResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const rows = await listPersonalLicences(app.ctx.db, caller, request.query.isExpired === "true");
      return success(presentProfileLicences(rows));
    },
  );

  app.get(
    "/licenses/personals/:id/publications",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The publications one of the caller's own personal licences opens",
        security,
        params: PersonalLicenceParamsSchema,
        response: { 200: PersonalLicencePublicationsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const licence = await loadPersonalLicence(app.ctx.db, caller.tenantId, request.params.id);
      // Someone else's licence is as absent as a missing one: never confirm it exists.
      if (!licence || !ownsPersonalLicence(caller.userId, licence.userId)) throw notFound("Licence");
      return success(presentLicencePublications(licence));
    },
  );
};
