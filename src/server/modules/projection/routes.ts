import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
// Placeholder: replaced by the projection module.
export const projectionRoutes: FastifyPluginAsyncZod = async () => {};
