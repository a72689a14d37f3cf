import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBodySchema, GuidParamsSchema, successOf } from "../../../contracts/common";
import {
  CmsContentsQuerySchema,
  ContentCloneSchema,
  ContentCreateSchema,
  ContentDetailResponseSchema,
  ContentPageResponseSchema,
  ContentUpdateSchema,
  ContentViewQuerySchema,
  UPLOAD_LIMITS,
  UploadTargetSchema,
  type ContentTypeCode,
} from "../../../contracts/lessons";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { forbidden } from "../../platform/errors";
import { drain, multipartParts, readLimited } from "../../platform/uploads";
import { errors, noContent } from "../courses/route-docs";
import { loadUsableContent, loadViewableContent } from "./access";
import {
  assertAcceptedName,
  assertUploadable,
  cloneContent,
  createContent,
  deleteContent,
  fileRequired,
  listCmsContents,
  maxBytesFor,
  storeUpload,
  updateContent,
  uploadLimits,
  uploadTargetOf,
  type Upload,
} from "./cms-service";
import { presentContentSummary } from "./content-presenter";
import { canAuthor, canEditContent } from "./policy";
import { presentContentDetail } from "./view";

const tags = ["contents"];
const security = [{ bearer: [] }];
const tooLarge = { 413: ErrorBodySchema };

/**
 * The multipart upload: `file` (checked by name before a byte is read), optional `captions` and
 * `captionsLanguage`. Other parts are read and dropped.
 */
async function readUpload(request: FastifyRequest, type: ContentTypeCode, onFileName: (name: string) => void): Promise<Upload> {
  if (!request.isMultipart()) throw fileRequired();
  const upload: Upload = {};
  for await (const part of multipartParts(request)) {
    if (part.type === "field") {
      if (part.fieldname === "captionsLanguage" && typeof part.value === "string" && part.value.trim()) {
        upload.captionsLanguage = part.value.trim();
      }
      continue;
    }
    if (part.fieldname === "file" && !upload.file && part.filename) {
      onFileName(part.filename);
      upload.file = { fileName: part.filename, data: await readLimited(part.file, maxBytesFor(type)) };
    } else if (part.fieldname === "captions" && !upload.captions && part.filename) {
      upload.captions = { fileName: part.filename, data: await readLimited(part.file, uploadLimits.captionsBytes) };
    } else {
      await drain(part.file);
    }
  }
  return upload;
}

/** cms/contents (spec §7): the content manager, and front/contents/{id} for the viewers. */
export const cmsContentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, files } = app.ctx;
  /** The assistant's index (and whoever else reads contents' text) hears of every write. */
  const changed = (row: { id: string; tenantId: string }) => app.ctx.events.emit("content.changed", { tenantId: row.tenantId, contentId: row.id });

  app.get(
    "/front/contents/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A content as its viewer shows it (signed file addresses); students say which class they see it in",
        security,
        params: GuidParamsSchema,
        querystring: ContentViewQuerySchema,
        response: { 200: ContentDetailResponseSchema, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { content } = await loadViewableContent(db, caller, request.params.guid, request.query.courseGuid);
      return success(presentContentDetail(files, content, caller.userId));
    },
  );

  app.get(
    "/cms/contents",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The publisher's contents and the caller's own, by title (accents and case ignored), type and owner",
        security,
        querystring: CmsContentsQuerySchema,
        response: { 200: ContentPageResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const page = await listCmsContents(db, caller, request.query);
      return success({
        items: page.rows.map((row) => presentContentSummary(row, caller.userId)),
        total: page.total,
        offset: request.query.offset,
        pageSize: request.query.pageSize,
      });
    },
  );

  app.post(
    "/cms/contents",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Create a content of an authorable type (links need url, texts need body; files are uploaded next)",
        security,
        body: ContentCreateSchema,
        response: { 201: ContentDetailResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const row = await createContent(db, caller, request.body);
      changed(row);
      return reply.status(201).send(success(presentContentDetail(files, row, caller.userId)));
    },
  );

  app.get(
    "/cms/contents/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's own content, or one of the publisher's they may use (licensed ones: with the licence or through a class)",
        security,
        params: GuidParamsSchema,
        response: { 200: ContentDetailResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const row = await loadUsableContent(db, caller, request.params.guid);
      return success(presentContentDetail(files, row, caller.userId));
    },
  );

  app.put(
    "/cms/contents/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Edit the caller's own content (the publisher's are read-only)",
        security,
        params: GuidParamsSchema,
        body: ContentUpdateSchema,
        response: { 200: ContentDetailResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const row = await loadUsableContent(db, caller, request.params.guid);
      if (!canEditContent(row, caller)) throw forbidden();
      const updated = await updateContent(db, row, request.body);
      changed(updated);
      return success(presentContentDetail(files, updated, caller.userId));
    },
  );

  app.delete(
    "/cms/contents/:guid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete the caller's own content (soft: items that use it say it might have been deleted)",
        security,
        params: GuidParamsSchema,
        response: { ...noContent, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const row = await loadUsableContent(db, caller, request.params.guid);
      if (!canEditContent(row, caller)) throw forbidden();
      await deleteContent(db, row);
      changed(row);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/cms/contents-clone",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Copy the caller's own content, or one of the publisher's they hold the licence for, files included, as the caller's own",
        security,
        body: ContentCloneSchema,
        response: { 201: ContentDetailResponseSchema, ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const source = await loadUsableContent(db, caller, request.body.contentGuid, { kind: "clone" });
      const row = await cloneContent(db, storage, caller, source, request.body.title);
      changed(row);
      return reply.status(201).send(success(presentContentDetail(files, row, caller.userId)));
    },
  );

  app.get(
    "/cms/contents/:guid/content/upload",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Where and what to upload for the caller's own content: field names, accepted extensions, size limit",
        security,
        params: GuidParamsSchema,
        response: { 200: successOf(UploadTargetSchema), ...errors(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      if (!canAuthor(caller.role)) throw forbidden();
      const row = await loadUsableContent(db, caller, request.params.guid);
      if (!canEditContent(row, caller)) throw forbidden();
      assertUploadable(row);
      return success(uploadTargetOf(row));
    },
  );

  // Multipart parsing exists only in this scope, for the upload route.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        // Our own per-type limit (read per request) refuses first; this only bounds the parser.
        fileSize: Math.max(UPLOAD_LIMITS.packageBytes, UPLOAD_LIMITS.fileBytes) + 1024 * 1024,
        files: 3,
        fields: 5,
        parts: 10,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/cms/contents/:guid/content/upload",
      {
        onRequest: scope.authenticate,
        schema: {
          tags,
          summary: "Upload the content's file or package (multipart: file, optional captions .vtt); replaces the previous one",
          security,
          consumes: ["multipart/form-data"],
          params: GuidParamsSchema,
          response: { 200: ContentDetailResponseSchema, ...errors(400, 401, 403, 404, 410), ...tooLarge },
        },
      },
      async (request) => {
        const caller = authOf(request);
        if (!canAuthor(caller.role)) throw forbidden();
        const row = await loadUsableContent(db, caller, request.params.guid);
        if (!canEditContent(row, caller)) throw forbidden();
        assertUploadable(row);
        const upload = await readUpload(request, row.type as ContentTypeCode, (name) => assertAcceptedName(row, name));
        const updated = await storeUpload(db, storage, row, upload);
        changed(updated);
        return success(presentContentDetail(files, updated, caller.userId));
      },
    );
  });
};
