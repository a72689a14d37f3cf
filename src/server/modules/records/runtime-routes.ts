import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
// Placeholder: replaced by the SCORM runtime, xAPI launch and results routes.
export const runtimeRoutes: FastifyPluginAsyncZod = async () => {};
