import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema, successOf } from "../../../contracts/common";
import type { Language } from "../../../contracts/constants";
import {
  EquipSchema,
  GamificationProfileResponseSchema,
  GamificationRulesResponseSchema,
  GamificationRulesSchema,
  LedgerEntrySchema,
  LedgerQuerySchema,
  LedgerResponseSchema,
  RankingModeUpdateSchema,
  RankingResponseSchema,
  ShopItemParamsSchema,
  ShopResponseSchema,
  TeacherMedalCreateSchema,
  type GamificationRules,
} from "../../../contracts/gamification";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { loadCourseAccess } from "../courses/access";
import { errors } from "../courses/route-docs";
import { registerGamificationListeners } from "./listeners";
import { giveMedal, rankingOf, setRankingMode } from "./ranking";
import { ledgerOf, profileOf, readerLanguage, rulesOf, saveRules } from "./service";
import { equip, purchase, shopOf } from "./shop";

const tags = ["gamification"];
const security = [{ bearer: [] }];

/** Gamification (issue 18, ADR 0046): the listeners that award, and what students, teachers and editorial staff read and do. */
export const gamificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events, clock } = app.ctx;
  registerGamificationListeners(app.ctx);

  const languageOf = (caller: AccessClaims): Promise<Language> => readerLanguage(db, caller.userId);

  app.get(
    "/gamification/profile",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The caller's level, experience points, currency and medals (enabled only for a student of a gamified edition)", security, response: { 200: GamificationProfileResponseSchema, ...errors(401) } },
    },
    async (request) => {
      const caller = authOf(request);
      return success(await profileOf(db, caller, await languageOf(caller)));
    },
  );

  app.get(
    "/gamification/ledger",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The caller's ledger, newest first: every award, capped ones and purchases included", security, querystring: LedgerQuerySchema, response: { 200: LedgerResponseSchema, ...errors(400, 401) } },
    },
    async (request) => {
      const caller = authOf(request);
      const { offset, pageSize } = request.query;
      return success(await ledgerOf(db, caller, await languageOf(caller), offset, pageSize));
    },
  );

  app.get(
    "/gamification/courses/:guid/ranking",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The class's ranking as the caller may see it, its mode, and the medals its teachers may give", security, params: GuidParamsSchema, response: { 200: RankingResponseSchema, ...errors(400, 401, 404) } },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db, caller, request.params.guid);
      return success(await rankingOf(db, caller, access, await languageOf(caller)));
    },
  );

  app.put(
    "/gamification/courses/:guid/ranking",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The class's teachers choose what its students see of the ranking: off, top 10 or full", security, params: GuidParamsSchema, body: RankingModeUpdateSchema, response: { 200: RankingResponseSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db, caller, request.params.guid);
      if (!access.canEdit) throw forbidden();
      await setRankingMode(db, access, request.body.mode);
      return success(await rankingOf(db, caller, access, await languageOf(caller)));
    },
  );

  app.post(
    "/gamification/courses/:guid/medals",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A teacher of the class gives a student one of the edition's manual medals, with a reason",
        security,
        params: GuidParamsSchema,
        body: TeacherMedalCreateSchema,
        response: { 201: successOf(LedgerEntrySchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db, caller, request.params.guid);
      if (!access.canEdit) throw forbidden();
      const entry = await giveMedal(db, events, caller, access, request.body, await languageOf(caller), clock.now());
      reply.code(201);
      return success(entry);
    },
  );

  app.get(
    "/gamification/shop",
    { onRequest: app.authenticate, schema: { tags, summary: "What the caller's currency buys: avatar frames and themes, owned and equipped ones marked", security, response: { 200: ShopResponseSchema, ...errors(401, 409) } } },
    async (request) => {
      const caller = authOf(request);
      return success(await shopOf(db, caller, await languageOf(caller)));
    },
  );

  app.post(
    "/gamification/shop/:itemId/purchase",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Buys an item of the shop once, with the caller's currency", security, params: ShopItemParamsSchema, response: { 200: ShopResponseSchema, ...errors(400, 401, 404, 409) } },
    },
    async (request) => {
      const caller = authOf(request);
      await purchase(db, caller, request.params.itemId, clock.now());
      return success(await shopOf(db, caller, await languageOf(caller)));
    },
  );

  app.put(
    "/gamification/equipped",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Wears an owned avatar frame or theme (itemId null takes it off)", security, body: EquipSchema, response: { 200: GamificationProfileResponseSchema, ...errors(400, 401, 404, 409) } },
    },
    async (request) => {
      const caller = authOf(request);
      await equip(db, caller, request.body.kind, request.body.itemId);
      return success(await profileOf(db, caller, await languageOf(caller)));
    },
  );

  app.get(
    "/gamification/rules",
    { onRequest: app.authenticate, schema: { tags, summary: "The edition's gamification rules (editorial staff)", security, response: { 200: GamificationRulesResponseSchema, ...errors(401, 403) } } },
    async (request) => {
      const caller = authOf(request);
      if (caller.role !== "editorial") throw forbidden();
      return success(await rulesOf(db, caller.tenantId));
    },
  );

  app.put(
    "/gamification/rules",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Replaces the edition's gamification rules (editorial staff); awards already in the ledger stay", security, body: GamificationRulesSchema, response: { 200: GamificationRulesResponseSchema, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const caller = authOf(request);
      if (caller.role !== "editorial") throw forbidden();
      return success(await saveRules(db, caller.tenantId, request.body as GamificationRules));
    },
  );
};
