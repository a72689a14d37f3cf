import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { attemptFiles, questionImages } from "../../db/schema";
import { FRAME_ANCESTORS } from "../../platform/security";
import { contentSecurityPolicy } from "../contents/files-routes";
import { isInertType } from "../contents/mime";

/*
 * Files of assessments, fetched by <img> and links that cannot send a bearer header:
 * - /attempt-files/<grant>/<key>: a student's upload or drawing, behind a signed, expiring grant
 *   for the attempt (given only to the student and the class's teachers);
 * - /question-images/<id>.<ext>: images authors put in questions, at a stable unguessable address
 *   (question_data keeps it, so it cannot expire; ADR 0015).
 * Anything that could run script is served sandboxed and as a download.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;

const notFound = (reply: FastifyReply) =>
  reply.status(404).header("Content-Type", "text/plain; charset=utf-8").header("Cache-Control", "no-store").header("X-Content-Type-Options", "nosniff").send("Not found.");

export async function registerAssessmentFiles(app: FastifyInstance): Promise<void> {
  const { db, storage, files, config } = app.ctx;
  const ancestors = [...FRAME_ANCESTORS, ...config.extraFrameAncestors];

  const send = async (reply: FastifyReply, key: string, mime: string, name: string, cache: string) => {
    const data = await storage.read(key).catch(() => null);
    if (!data) return notFound(reply);
    const inert = isInertType(mime);
    reply
      .header("Content-Type", mime)
      .header("Cache-Control", cache)
      .header("X-Content-Type-Options", "nosniff")
      .header("Referrer-Policy", "no-referrer")
      .header("Content-Security-Policy", contentSecurityPolicy(ancestors, !inert))
      .header("Cross-Origin-Resource-Policy", "same-site");
    if (!inert) reply.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.header("Content-Length", data.length).send(data);
  };

  app.get<{ Params: { grant: string; key: string } }>("/attempt-files/:grant/:key", { helmet: false, schema: { hide: true } }, async (request, reply) => {
    const granted = files.verify(request.params.grant);
    const attemptId = granted?.startsWith("att-") ? granted.slice(4) : null;
    if (!attemptId || !UUID.test(attemptId) || !FILE_KEY.test(request.params.key)) return notFound(reply);
    const [row] = await db
      .select()
      .from(attemptFiles)
      .where(and(eq(attemptFiles.key, request.params.key), eq(attemptFiles.attemptId, attemptId)))
      .limit(1);
    if (!row) return notFound(reply);
    return send(reply, `attempts/${attemptId}/${row.key}`, row.mimeType, row.name, "private, max-age=3600");
  });

  app.get<{ Params: { file: string } }>("/question-images/:file", { helmet: false, schema: { hide: true } }, async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.[a-z0-9]{1,10}$/.exec(request.params.file);
    if (!match?.[1] || !UUID.test(match[1])) return notFound(reply);
    const [row] = await db.select().from(questionImages).where(eq(questionImages.id, match[1])).limit(1);
    if (!row || row.storageKey !== `question-images/${request.params.file}`) return notFound(reply);
    // The address never changes content: cache for a year.
    return send(reply, row.storageKey, row.mimeType, row.fileName, "public, max-age=31536000, immutable");
  });
}
