import crypto from "node:crypto";
import { invalid } from "./xapi-values";
import { mediaTypeParam } from "./xapi-http";

/*
 * multipart/mixed (RFC 2046 §5.1), as xAPI sends statements with their attachments' data
 * (Part Three §2.1.3 / Part Two §2.4.11): parts delimited by CRLF "--boundary", each with its
 * headers, a blank line and its bytes. Bodies are binary, so the parser works on the Buffer.
 */

export type MimePart = { headers: Record<string, string>; body: Buffer };

/** The most parts one request may hold (the statements' part included). */
export const MAX_MULTIPART_PARTS = 64;
const MAX_PART_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");
const BLANK_LINE = Buffer.from("\r\n\r\n");

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split("\r\n")) {
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw invalid("body", `has a part header that is not "Name: value": ${line.slice(0, 80)}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The parts of a multipart/mixed body; 400 when the boundary is missing or the body is malformed. */
export function parseMultipart(body: Buffer, contentType: string): MimePart[] {
  const boundary = mediaTypeParam(contentType, "boundary");
  if (!boundary || boundary.length > 70) throw invalid("Content-Type", "must name a boundary (1 to 70 characters) for multipart/mixed");
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw invalid("body", "holds no part delimited by the boundary of its Content-Type");
  const parts: MimePart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString("latin1") === "--") break;
    const lineEnd = body.indexOf(CRLF, pos);
    if (lineEnd < 0) throw invalid("body", "ends inside a boundary line");
    const start = lineEnd + 2;
    const end = body.indexOf(between, start);
    if (end < 0) throw invalid("body", "is not closed by its boundary");
    const raw = body.subarray(start, end);
    let headers: Record<string, string> = {};
    let content: Buffer;
    if (raw.subarray(0, 2).equals(CRLF)) {
      content = raw.subarray(2);
    } else {
      const headerEnd = raw.indexOf(BLANK_LINE);
      if (headerEnd < 0 || headerEnd > MAX_PART_HEADER_BYTES) throw invalid("body", "has a part whose headers do not end with a blank line");
      headers = parseHeaders(raw.subarray(0, headerEnd).toString("latin1"));
      content = raw.subarray(headerEnd + 4);
    }
    parts.push({ headers, body: content });
    if (parts.length > MAX_MULTIPART_PARTS) throw invalid("body", `holds more than ${MAX_MULTIPART_PARTS} parts`);
    pos = end + 2;
  }
  return parts;
}

/** A multipart/mixed body and its Content-Type header. */
export function buildMultipart(parts: MimePart[]): { body: Buffer; contentType: string } {
  const boundary = `xapi-${crypto.randomBytes(16).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`, "latin1"), part.body, CRLF);
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, "latin1"));
  return { body: Buffer.concat(chunks), contentType: `multipart/mixed; boundary=${boundary}` };
}
