import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerLearningListeners } from "./listeners";

/** The learner model (issue 15): its listeners now; its routes (practice, analytics) join here. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLearningListeners(app.ctx);
};
