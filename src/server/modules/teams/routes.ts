import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AuthSessionResponseSchema } from "../../../contracts/auth";
import { ErrorBodySchema, successOf } from "../../../contracts/common";
import { TEAMS_CONFIG_PATH, TEAMS_SSO_PATH, type TeamsConfigAnswer } from "../../../contracts/teams";
import { bearerToken } from "../../platform/auth";
import { resolveEdition } from "../../platform/edition";
import { success } from "../../platform/envelope";
import { signInWithTeams } from "./service";
import { notConfigured, tokenInvalid, verifyTeamsToken } from "./verify";
import { signInRateLimit } from "../../platform/rate-limits";

const tags = ["auth"];
// contracts/teams.ts stays zod-free for the tab's first load; its TeamsConfigAnswer type pins this schema.
const TeamsConfigResponseSchema = successOf(
  z.discriminatedUnion("enabled", [
    z.object({ enabled: z.literal(true), clientId: z.string(), appIdUri: z.string() }),
    z.object({ enabled: z.literal(false) }),
  ]) satisfies z.ZodType<TeamsConfigAnswer>,
);
const errors = Object.fromEntries([401, 403, 404].map((c) => [c, ErrorBodySchema]));

export async function teamsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Rate limited like /auth/login: it is a way in, and each attempt costs a signature check.
  const limited = signInRateLimit(ctx.config);

  /**
   * Exchanges the Entra token that Teams hands the tab (getAuthToken) for a platform session.
   * The token travels as a bearer header, never in a body.
   */
  app.post(
    TEAMS_SSO_PATH,
    { config: limited, schema: { tags, security: [{ bearer: [] }], response: { 200: AuthSessionResponseSchema, ...errors } } },
    async (request) => {
      // authenticate: the Teams token itself (signature, audience, issuer, scope)
      if (!ctx.config.teamsSso.clientId) throw notConfigured();
      const token = bearerToken(request);
      if (!token) throw tokenInvalid("no bearer token");
      const who = await verifyTeamsToken(ctx.config.teamsSso, token);
      // load: the edition the tab was opened on, which breaks ties between mapped editions
      const opened = await resolveEdition(ctx.db, request, ctx.config.defaultEdition);
      // authorize + service: tenant mapping, account linking, session
      const session = await signInWithTeams(ctx, opened, who);
      return success(session);
    },
  );

  /**
   * What MSAL needs in the consent popup: public values only. Without TEAMS_APP_ID_URI the
   * identifier URI is the one provisioning creates, api://<public host>/<client id>. Not
   * configured is an answer too (`enabled: false`), so the tab asks without a failed request.
   */
  app.get(TEAMS_CONFIG_PATH, { schema: { tags, response: { 200: TeamsConfigResponseSchema } } }, async () => {
    const { clientId, appIdUri } = ctx.config.teamsSso;
    const answer: TeamsConfigAnswer = clientId
      ? { enabled: true, clientId, appIdUri: appIdUri ?? `api://${new URL(ctx.publicUrl).host}/${clientId}` }
      : { enabled: false };
    return success(answer);
  });
}
