import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { xapiRoutes } from "./xapi-routes";

/**
 * The xAPI 1.0.3 record store at /api/lrs (About, and the Statement resource at both /records and
 * /statements). Its own plugin scope keeps the xAPI headers and version check off other routes.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(xapiRoutes, { prefix: "/lrs" });
};
