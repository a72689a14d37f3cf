import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IndividualResultsResponseSchema,
  ItemResultsResponseSchema,
  ResultsItemParamsSchema,
  ResultsUserParamsSchema,
  ScormCommitSchema,
  ScormRuntimeParamsSchema,
  ScormRuntimeResponseSchema,
  XapiLaunchResponseSchema,
  XapiLaunchSchema,
} from "../../../contracts/records";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { errors } from "../courses/route-docs";
import { loadLaunchable } from "./launch-access";
import { launchXapi } from "./launch-service";
import { acceptedLanguages } from "./results-statements";
import { individualResults, itemResults, type ResultsKind } from "./results-service";
import { CMI_LIMITS } from "./scorm-cmi";
import { commitScorm, launchScorm, presentRuntime } from "./scorm-service";

/*
 * SCORM runtime data, xAPI launches and the results screens (spec §2 viewers and results routes).
 * The record store itself is modules/records/routes.ts.
 */

const security = [{ bearer: [] }];
const SCORM_KINDS = ["scorm12", "scorm2004"] as const;

export const runtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.ctx.db, publicUrl: app.ctx.publicUrl, files: app.ctx.files });

  app.get(
    "/scorm/runtime/:courseGuid/:contentGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scorm"],
        summary: "The caller's SCORM attempt at a package in a class (created on the first launch), as scorm-again's loadFromJSON resumes it",
        security,
        params: ScormRuntimeParamsSchema,
        response: { 200: ScormRuntimeResponseSchema, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const { courseGuid, contentGuid } = request.params;
      const launchable = await loadLaunchable(app.ctx.db, authOf(request), courseGuid, contentGuid, SCORM_KINDS);
      const attempt = await launchScorm(ctx(), launchable);
      return success(presentRuntime(attempt, launchable));
    },
  );

  app.put(
    "/scorm/runtime/:courseGuid/:contentGuid",
    {
      onRequest: app.authenticate,
      // Room for the CMI cap plus JSON overhead; the CMI itself is checked against CMI_LIMITS.
      bodyLimit: CMI_LIMITS.maxBytes * 2,
      schema: {
        tags: ["scorm"],
        summary: "Store a commit of the SCORM runtime (scorm-again's commit CMI); outcome changes and terminations land in the record store",
        security,
        params: ScormRuntimeParamsSchema,
        body: ScormCommitSchema,
        response: { 200: ScormRuntimeResponseSchema, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const { courseGuid, contentGuid } = request.params;
      const launchable = await loadLaunchable(app.ctx.db, authOf(request), courseGuid, contentGuid, SCORM_KINDS);
      const attempt = await commitScorm({ ...ctx(), events: app.ctx.events }, launchable, request.body);
      return success(presentRuntime(attempt, launchable));
    },
  );

  app.post(
    "/xapi/launch",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["xapi"],
        summary: "Launch an xAPI package: its address with the record store's endpoint, a short-lived credential, the actor and the registration",
        security,
        body: XapiLaunchSchema,
        response: { 200: XapiLaunchResponseSchema, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const { courseGuid, contentGuid } = request.body;
      const launchable = await loadLaunchable(app.ctx.db, authOf(request), courseGuid, contentGuid, ["xapi"]);
      return success(await launchXapi(ctx(), launchable));
    },
  );

  for (const kind of ["scorm", "xapi"] as const satisfies readonly ResultsKind[]) {
    app.get(
      `/front/results/${kind}/:itemGuid`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["results"],
          summary: `A ${kind === "scorm" ? "SCORM" : "xAPI"} lesson item's results: one row per student of the class (teachers and co-teachers)`,
          security,
          params: ResultsItemParamsSchema,
          response: { 200: ItemResultsResponseSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => success(await itemResults(ctx(), authOf(request), request.params.itemGuid, kind)),
    );

    app.get(
      `/front/results/${kind}/:itemGuid/users/:userGuid`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["results"],
          summary: `One learner's results for a ${kind === "scorm" ? "SCORM" : "xAPI"} lesson item, statements newest first (a student: their own only)`,
          security,
          params: ResultsUserParamsSchema,
          response: { 200: IndividualResultsResponseSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { itemGuid, userGuid } = request.params;
        const languages = acceptedLanguages(request.headers["accept-language"]);
        return success(await individualResults(ctx(), authOf(request), itemGuid, kind, userGuid, languages));
      },
    );
  }
};
