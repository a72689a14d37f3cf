import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { fileRequired, fileTooLarge } from "../modules/contents/cms-service";
import { AppError, badRequest } from "./errors";
import { normaliseText } from "./input";

/**
 * A broken multipart body (no boundary, cut short, a malformed part header) is the client's
 * mistake: the parser's own errors carry no status, so they become 400 here. Errors that already
 * have one (ours, the parser's limits: 413) pass through.
 */
function clientMultipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err && typeof err === "object" && typeof (err as { statusCode?: unknown }).statusCode === "number") return err;
  const message = err instanceof Error ? err.message : "malformed";
  return badRequest("VALIDATION_ERROR", "The multipart body is malformed", [{ field: "file", message }]);
}

/**
 * The parts of a multipart request, as `request.parts()` gives them, with file names normalised
 * like every other input (platform/input.ts: NUL and lone surrogates become U+FFFD) and the
 * parser's errors answered 400.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts();
  } catch (err) {
    throw clientMultipartError(err);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (err) {
      throw clientMultipartError(err);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === "file") part.filename = normaliseText(part.filename);
    else if (typeof part.value === "string") part.value = normaliseText(part.value);
    yield part;
  }
}

/**
 * Reads and drops a file part the route does not want. Settles however the part's stream ends:
 * read to its end, failed, or closed early (a body cut short closes it without an "end").
 */
export async function drain(stream: Readable): Promise<void> {
  await finished(stream.resume()).catch(() => undefined);
}

/** Reads a file part into memory, refusing it as soon as it passes `max` bytes. */
export async function readLimited(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > max) throw fileTooLarge(max);
      chunks.push(chunk);
    }
  } catch (err) {
    // A body cut short ends the file's stream with the parser's error.
    throw clientMultipartError(err);
  }
  return Buffer.concat(chunks);
}

/**
 * The one `file` part of a multipart request (at most `max` bytes; its name checked by `onFileName`
 * before a byte is read). Other parts are drained and dropped.
 */
export async function readSingleFile(request: FastifyRequest, max: number, onFileName: (name: string) => void): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw fileRequired();
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of multipartParts(request)) {
    if (part.type === "file" && part.fieldname === "file" && !file && part.filename) {
      onFileName(part.filename);
      file = { fileName: part.filename, data: await readLimited(part.file, max) };
    } else if (part.type === "file") {
      await drain(part.file);
    }
  }
  if (!file) throw fileRequired();
  return file;
}
