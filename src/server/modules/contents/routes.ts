import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContentsPageResponseSchema, ContentsQuerySchema } from "../../../contracts/contents";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { errors } from "../courses/route-docs";
import { cmsContentsRoutes } from "./cms-routes";
import { presentContentsPage } from "./presenter";
import { searchContents } from "./service";

export const contentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cmsContentsRoutes);

  app.get(
    "/front/contents",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["contents"],
        summary: "Book search: the edition's publications (students: their classes' and licences'), by name, accent- and case-insensitive",
        security: [{ bearer: [] }],
        querystring: ContentsQuerySchema,
        response: { 200: ContentsPageResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const page = await searchContents(app.ctx.db, authOf(request), request.query);
      return success(presentContentsPage(page, request.query));
    },
  );
};
