import { success } from "../../platform/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CountrySchema } from "../../../contracts/common";
import {
  DisciplinesResponseSchema,
  EducationLevelsQuerySchema,
  EducationLevelsResponseSchema,
} from "../../../contracts/reference";
import { authOf } from "../../platform/auth";
import { notFound } from "../../platform/errors";
import { toLanguage } from "../organization/presenter";
import { presentDisciplines, presentEducationLevels } from "./presenter";
import { findCallerLocale, findTenantCountry, listDisciplines, listLevelsWithYears } from "./service";

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/education-levels",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["reference"],
        summary: "Education levels with their years for a country (default: the caller's edition country)",
        security: [{ bearer: [] }],
        querystring: EducationLevelsQuerySchema,
        response: { 200: EducationLevelsResponseSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      let country = request.query.country;
      if (!country) {
        const editionCountry = await findTenantCountry(app.ctx.db, caller.tenantId);
        if (editionCountry === undefined) throw notFound("Edition");
        country = CountrySchema.catch("ES").parse(editionCountry);
      }
      const rows = await listLevelsWithYears(app.ctx.db, country);
      return success(presentEducationLevels(rows));
    },
  );

  app.get(
    "/disciplines",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["reference"],
        summary: "The subjects, with names in the caller's language",
        security: [{ bearer: [] }],
        response: { 200: DisciplinesResponseSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const locale = await findCallerLocale(app.ctx.db, caller);
      if (locale === undefined) throw notFound("User");
      const rows = await listDisciplines(app.ctx.db);
      return success(presentDisciplines(rows, toLanguage(locale)));
    },
  );
};
