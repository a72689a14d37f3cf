import { success } from "../../platform/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EditionResponseSchema, OrganizationResponseSchema } from "../../../contracts/organization";
import { authOf } from "../../platform/auth";
import { notFound } from "../../platform/errors";
import { presentEdition, presentOrganization } from "./presenter";
import { editionOfRequest } from "../../platform/edition";
import { findCallerSchool } from "./service";

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/edition",
    {
      schema: {
        tags: ["organization"],
        summary: "Branding of the edition serving this request (public; a signed-in caller gets their own)",
        response: { 200: EditionResponseSchema },
      },
    },
    async (request) => {
      const edition = await editionOfRequest(app.ctx, request);
      return success(presentEdition(edition));
    },
  );

  app.get(
    "/organization",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["organization"],
        summary: "The caller's school LMS flags and tenant",
        security: [{ bearer: [] }],
        response: { 200: OrganizationResponseSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const row = await findCallerSchool(app.ctx.db, caller);
      if (!row) throw notFound("User");
      return success(presentOrganization(caller.tenantId, row));
    },
  );
};
