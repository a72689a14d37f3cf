import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import { ClassKcsResponseSchema } from "../../../contracts/learning";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { loadCourseAccess } from "../courses/access";
import { errors } from "../courses/route-docs";
import { classKcs } from "./kcs-service";
import { registerLearningListeners } from "./listeners";

const tags = ["learning"];
const security = [{ bearer: [] }];

/** The learner model (issue 15): its listeners, and what it tells each reader. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  registerLearningListeners(app.ctx);

  app.get(
    "/front/courses/:guid/kcs",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The class's knowledge components in program order; a student also gets their own mastery and recall of each",
        security,
        params: GuidParamsSchema,
        response: { 200: ClassKcsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db, caller, request.params.guid);
      return success({ items: await classKcs(db, access, caller.userId, app.ctx.clock.now()) });
    },
  );
};
