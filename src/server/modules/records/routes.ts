import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { xapiPreviewRoutes } from "./xapi-preview";
import { xapiRoutes } from "./xapi-routes";

/**
 * The xAPI 1.0.3 record store at /api/lrs (About, and the Statement resource at both /records and
 * /statements). Its own plugin scope keeps the xAPI headers and version check off other routes.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(xapiRoutes, { prefix: "/lrs" });
  // Teachers' previews of xAPI packages: the same resource, keeping nothing (ADR 0023).
  await app.register(xapiPreviewRoutes, { prefix: "/lrs-preview" });
};
