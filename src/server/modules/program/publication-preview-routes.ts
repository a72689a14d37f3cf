import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import { PublicationPreviewResponseSchema } from "../../../contracts/publication-preview";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden } from "../../platform/errors";
import { errors } from "../courses/route-docs";
import { canPreviewPublications, loadPreviewPublication, loadPreviewTree, presentPublicationPreview } from "./publication-preview";

/** The publication preview opened from the home Programs tab (/publication/{guid}, ADR 0023). */
export const publicationPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/front/publications/:guid/preview",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["program"],
        summary: "A program or book as its publisher made it (units, lessons, contents), before adding it to a class; not for students",
        description:
          "Contents of a licensed publication the caller holds no licence for are listed without their ids (they cannot be opened); canAddToClass says whether the caller may add it to a class.",
        security: [{ bearer: [] }],
        params: GuidParamsSchema,
        response: { 200: PublicationPreviewResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const publication = await loadPreviewPublication(app.ctx.db, caller, request.params.guid);
      if (!canPreviewPublications(caller.role)) throw forbidden();
      const tree = await loadPreviewTree(app.ctx.db, caller, publication);
      return success(presentPublicationPreview(tree, caller));
    },
  );
};
