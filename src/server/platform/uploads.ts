import type { FastifyRequest } from "fastify";
import { fileRequired, fileTooLarge } from "../modules/contents/cms-service";

/** Reads a file part into memory, refusing it as soon as it passes `max` bytes. */
export async function readLimited(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw fileTooLarge(max);
    chunks.push(chunk);
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
  for await (const part of request.parts()) {
    if (part.type === "file" && part.fieldname === "file" && !file && part.filename) {
      onFileName(part.filename);
      file = { fileName: part.filename, data: await readLimited(part.file, max) };
    } else if (part.type === "file") {
      part.file.resume();
      await new Promise<void>((resolve) => part.file.on("end", resolve).on("error", () => resolve()));
    }
  }
  if (!file) throw fileRequired();
  return file;
}
