import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
// Placeholder: replaced by the lessons module.
export const lessonsRoutes: FastifyPluginAsyncZod = async () => {};
