import { success } from "../../platform/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  HealthResponseSchema,
  LanguageScopeParamsSchema,
  LanguageScopeQuerySchema,
  LanguageScopeResponseSchema,
  LanguagesResponseSchema,
} from "../../../contracts/platform";
import { notFound } from "../../platform/errors";
import { toLanguage } from "../organization/presenter";
import { editionOfRequest } from "../../platform/edition";
import { presentHealth, presentLanguageScope, presentLanguages } from "./presenter";
import { checkHealth, findLanguageScope, listLanguages } from "./service";

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["platform"],
        summary: "Front-office health; answers 200 even when degraded so monitors can read the detail",
        response: { 200: HealthResponseSchema },
      },
    },
    async () => success(presentHealth(await checkHealth(app.ctx))),
  );

  app.get(
    "/languages",
    { schema: { tags: ["platform"], summary: "Languages offered, in picker order", response: { 200: LanguagesResponseSchema } } },
    async () => success(presentLanguages(await listLanguages(app.ctx.db))),
  );

  app.get(
    "/languages/scopes/:scope",
    {
      schema: {
        tags: ["platform"],
        summary: "A legal document (privacy, terms, credits) of the serving edition, with language fallback",
        params: LanguageScopeParamsSchema,
        querystring: LanguageScopeQuerySchema,
        response: { 200: LanguageScopeResponseSchema },
      },
    },
    async (request) => {
      const edition = await editionOfRequest(app.ctx, request);
      const { scope } = request.params;
      const row = await findLanguageScope(
        app.ctx.db,
        { id: edition.id, defaultLanguage: toLanguage(edition.defaultLanguage) },
        scope,
        request.query.lang,
      );
      if (!row) throw notFound("Language scope");
      return success(presentLanguageScope(scope, row));
    },
  );
};
