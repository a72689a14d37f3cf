import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { type ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBodySchema, GuidParamsSchema } from "../../../contracts/common";
import { UPLOAD_LIMITS } from "../../../contracts/lessons";
import { JOB_FILE_EXTENSIONS, JobFileParamsSchema, JobFileResponseSchema } from "../../../contracts/tasks";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { FRAME_ANCESTORS } from "../../platform/security";
import { readSingleFile } from "../../platform/uploads";
import { fileTypeNotAllowed, uploadLimits } from "../contents/cms-service";
import { contentSecurityPolicy, parseRange } from "../contents/files-routes";
import { extensionOf, isInertType } from "../contents/mime";
import { errors, noContent } from "../courses/route-docs";
import { assertCanAddFile, deleteJobFile, loadJobFile, storeJobFile } from "./jobs-service";
import { jobFileGrantId, presentJobFile } from "./presenter";
import { loadJobFor } from "./service";

const tags = ["tasks"];
const security = [{ bearer: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GRANT_PREFIX = jobFileGrantId("");

/*
 * Hand-ins: POST front/jobs/{id}/files (multipart, the content upload's checks), removing a file,
 * and the signed address the viewers open a handed-in file at (/api/job-files/<grant>/<name>;
 * media elements and pdf.js send no bearer header, so the expiring grant is the permission).
 */
export const registerJobFileRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage, files, config } = app.ctx;
  const now = () => app.ctx.clock.now();
  const ancestors = [...FRAME_ANCESTORS, ...config.extraFrameAncestors];
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.delete(
    "/front/jobs/:guid/files/:fileGuid",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The student removes a handed-in file before the job is graded", security, params: JobFileParamsSchema, response: { ...noContent, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      const ctx = await loadJobFor(db, authOf(request), request.params.guid);
      await deleteJobFile(db, storage, ctx, request.params.fileGuid);
      return reply.status(204).send(null);
    },
  );

  const notFound = (reply: FastifyReply) =>
    reply.status(404).header("Content-Type", "text/plain; charset=utf-8").header("Cache-Control", "no-store").header("X-Content-Type-Options", "nosniff").send("Not found.");

  app.get<{ Params: { grant: string; name: string } }>("/job-files/:grant/:name", { helmet: false, schema: { hide: true } }, async (request, reply) => {
    const granted = files.verify(request.params.grant);
    const fileId = granted?.startsWith(GRANT_PREFIX) ? granted.slice(GRANT_PREFIX.length) : null;
    if (!fileId || !UUID.test(fileId)) return notFound(reply);
    const file = await loadJobFile(db, fileId);
    if (!file || file.fileName !== request.params.name) return notFound(reply);
    const size = await storage.size(file.storageKey);
    if (size === null) return notFound(reply);
    const inert = isInertType(file.mimeType);
    reply
      .header("Content-Type", file.mimeType)
      .header("Cache-Control", "private, max-age=3600")
      .header("X-Content-Type-Options", "nosniff")
      .header("Referrer-Policy", "no-referrer")
      // Anything that could run script (SVG, office files) is sandboxed and downloaded, never run on our origin.
      .header("Content-Security-Policy", contentSecurityPolicy(ancestors, !inert))
      .header("Cross-Origin-Resource-Policy", "same-site")
      .header("Accept-Ranges", "bytes");
    if (!inert) reply.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    const range = parseRange(request.headers.range, size);
    if (range === "unsatisfiable") return reply.status(416).header("Content-Range", `bytes */${size}`).send("");
    if (range === "none") return reply.header("Content-Length", size).send(storage.stream(file.storageKey));
    return reply
      .status(206)
      .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
      .header("Content-Length", range.end - range.start + 1)
      .send(storage.stream(file.storageKey, range));
  });

  // Multipart parsing exists only in this scope, for the upload.
  await app.register(async (scope) => {
    // Our own limit (uploadLimits.fileBytes, read per request) refuses first; this only bounds the parser.
    await scope.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.fileBytes + 1024, files: 1, fields: 2, parts: 4 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/front/jobs/:guid/files",
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: "The job's student hands in a file (multipart: file) with the content upload's type and size checks; until the job is graded",
          security,
          consumes: ["multipart/form-data"],
          params: GuidParamsSchema,
          response: { 201: JobFileResponseSchema, ...errors(400, 401, 403, 404, 409), 413: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const caller = authOf(request);
        const ctx = await loadJobFor(db, caller, request.params.guid);
        await assertCanAddFile(db, ctx);
        const file = await readSingleFile(request, uploadLimits.fileBytes, (name) => {
          if (!JOB_FILE_EXTENSIONS.includes(extensionOf(name))) throw fileTypeNotAllowed(JOB_FILE_EXTENSIONS);
        });
        const stored = await storeJobFile(db, storage, ctx, file, JOB_FILE_EXTENSIONS, caller.userId, now());
        return reply.status(201).send(success(presentJobFile(files, stored)));
      },
    );
  });
};
