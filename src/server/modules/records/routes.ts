import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
// Placeholder: replaced by the records module (xAPI record store, SCORM runtime, xAPI launch, results).
export const recordsRoutes: FastifyPluginAsyncZod = async () => {};
