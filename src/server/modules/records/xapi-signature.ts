import { compactVerify, decodeProtectedHeader, importX509 } from "jose";
import { attachmentsOf, SIGNATURE_USAGE, type AttachmentData } from "./xapi-attachments";
import { comparable } from "./xapi-service";
import { invalid, type Json } from "./xapi-values";

/*
 * Signed statements (xAPI 1.0.3 Part Two §2.6): a statement carries a JWS (compact serialization,
 * RS256/384/512) as an attachment of usageType .../attachments/signature and contentType
 * application/octet-stream, sent as raw data. Its payload is the statement as signed, without the
 * signature attachment. The record store refuses (400) a malformed JWS, another algorithm, a
 * payload that is not this statement, and, when the JWS names its certificate (x5c), a signature
 * that the certificate's key does not verify. Without x5c there is no key to verify with, so the
 * JWS is checked for form and payload only (the spec makes x5c a SHOULD).
 */

export const SIGNATURE_ALGORITHMS = ["RS256", "RS384", "RS512"] as const;
const SIGNATURE_CONTENT_TYPE = "application/octet-stream";
/** Bytes of a JWS this store reads (a statement and a certificate chain fit well within it). */
export const MAX_SIGNATURE_BYTES = 256 * 1024;

/** The statement without its signature attachments (and without `attachments` when none is left). */
function unsigned(statement: Json): Json {
  const { attachments, ...rest } = statement;
  if (!Array.isArray(attachments)) return rest;
  const kept = (attachments as Json[]).filter((a) => a.usageType !== SIGNATURE_USAGE);
  return kept.length > 0 ? { ...rest, attachments: kept } : rest;
}

/** Whether the JWS payload is this statement: LRS-set properties aside, and the id only when the payload has one. */
function sameStatement(payload: Json, statement: Json): boolean {
  const a = unsigned(payload);
  const b = unsigned(statement);
  if (!("id" in a)) delete b.id;
  const ignoreTimestamp = typeof a.timestamp !== "string";
  return comparable(a, ignoreTimestamp) === comparable(b, ignoreTimestamp);
}

const pem = (der: string): string => `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)?.join("\n") ?? ""}\n-----END CERTIFICATE-----`;

async function verifyOne(statement: Json, attachment: Json, data: AttachmentData | undefined, path: string): Promise<void> {
  if (attachment.contentType !== SIGNATURE_CONTENT_TYPE) throw invalid(`${path}.contentType`, `must be ${SIGNATURE_CONTENT_TYPE} for a signature`);
  if (!data) throw invalid(path, "is a signature: its JWS must be sent as a multipart/mixed part of the request");
  if (data.body.length > MAX_SIGNATURE_BYTES) throw invalid(path, `is a JWS larger than ${MAX_SIGNATURE_BYTES} bytes`);
  const jws = data.body.toString("utf8").trim();
  const pieces = jws.split(".");
  if (pieces.length !== 3) throw invalid(path, "is not a JWS in compact serialization");
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: unknown;
  try {
    header = decodeProtectedHeader(jws);
    payload = JSON.parse(Buffer.from(pieces[1] ?? "", "base64url").toString("utf8"));
  } catch {
    throw invalid(path, "is not a JWS in compact serialization with a JSON payload");
  }
  const alg = header.alg;
  if (typeof alg !== "string" || !(SIGNATURE_ALGORITHMS as readonly string[]).includes(alg)) {
    throw invalid(path, `is signed with ${String(alg)}; the algorithm must be ${SIGNATURE_ALGORITHMS.join(", ")}`);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload) || !sameStatement(payload as Json, statement)) {
    throw invalid(path, "is a signature whose payload is not this statement");
  }
  const chain = header.x5c;
  if (chain === undefined) return;
  if (!Array.isArray(chain) || typeof chain[0] !== "string") throw invalid(path, "has an x5c header that is not a certificate chain");
  try {
    const key = await importX509(pem(chain[0]), alg);
    await compactVerify(jws, key, { algorithms: [alg] });
  } catch {
    throw invalid(path, "is a signature that the key of its x5c certificate does not verify");
  }
}

/** Checks every signature attachment of the statements (400 naming the first that fails). */
export async function verifySignatures(statements: Array<{ statement: Json; path: string }>, data: Map<string, AttachmentData>): Promise<void> {
  for (const { statement, path } of statements) {
    const attachments = Array.isArray(statement.attachments) ? (statement.attachments as Json[]) : [];
    for (const { attachment, path: p } of attachmentsOf({ attachments }, path)) {
      if (attachment.usageType !== SIGNATURE_USAGE) continue;
      await verifyOne(statement, attachment, data.get(String(attachment.sha2).toLowerCase()), p);
    }
  }
}
