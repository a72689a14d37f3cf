import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AiStatusResponseSchema } from "../../../contracts/ai";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { errors } from "../courses/route-docs";

const tags = ["ai"];
const security = [{ bearer: [] }];

/** The AI layer as the client sees it (issue 16, ADR 0037): which provider, what it can do, the tenant's budget. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/front/ai/status",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The AI provider in use, its model and capabilities (with why one is missing), and the daily token budget of the caller's edition",
        security,
        response: { 200: AiStatusResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { ai, aiUsage } = app.ctx;
      return success({
        provider: ai.name,
        model: ai.model,
        capabilities: ai.capabilities(),
        budget: { dailyTokens: aiUsage.dailyTokens, usedToday: await aiUsage.usedToday(caller.tenantId) },
      });
    },
  );
};
