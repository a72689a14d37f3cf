process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { CompactSign } from "jose";
import { generate } from "selfsigned";
import { xapiAttachments } from "../../src/server/db/schema";
import { ATTACHMENT_LIMITS, SIGNATURE_USAGE } from "../../src/server/modules/records/xapi-attachments";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { buildTestApp, type TestApp } from "../support/app";
import { buildTenant } from "../support/factories";

/*
 * Statement attachments sent as multipart/mixed and answered with attachments=true, and signed
 * statements (ADR 0017).
 */

type Json = Record<string, unknown>;
type Auth = { authorization: string };
type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
type Part = { headers: Record<string, string>; body: Buffer };

const V = { "x-experience-api-version": "1.0.3" };
const BOUNDARY = "aula-test-boundary";
let t: TestApp;
let tenantId: string;
let integration: Auth;
let signer: { key: crypto.KeyObject; x5c: string };
let stranger: crypto.KeyObject;

const uuid = () => crypto.randomUUID();
const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest("hex");
const errorOf = (res: Res) => (res.json() as { error: { key: string; message: string } }).error;

function statement(attachments: Json[], over: Json = {}): Json {
  return {
    id: uuid(),
    actor: { objectType: "Agent", mbox: "mailto:ana@example.test" },
    verb: { id: "http://adlnet.gov/expapi/verbs/attempted" },
    object: { id: "http://example.test/activities/essay" },
    timestamp: "2026-01-10T10:00:00.000Z",
    attachments,
    ...over,
  };
}
const attachmentOf = (data: Buffer | string, contentType = "text/plain", usageType = "http://example.test/usage/essay"): Json => ({
  usageType,
  display: { en: "Essay", es: "Redacción" },
  contentType,
  length: Buffer.byteLength(data),
  sha2: sha256(data),
});
const dataPart = (data: Buffer | string, contentType = "text/plain", hash = sha256(data)): Part => ({
  headers: { "Content-Type": contentType, "Content-Transfer-Encoding": "binary", "X-Experience-API-Hash": hash },
  body: Buffer.from(data),
});

function multipart(json: unknown, parts: Part[], boundary = BOUNDARY): Buffer {
  const all: Part[] = [{ headers: { "Content-Type": "application/json" }, body: Buffer.from(JSON.stringify(json)) }, ...parts];
  const chunks = all.flatMap((p) => [
    Buffer.from(`--${boundary}\r\n${Object.entries(p.headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`),
    p.body,
    Buffer.from("\r\n"),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** The parts of a multipart/mixed answer. */
function partsOf(res: Res): Part[] {
  const boundary = /boundary=([^;]+)/.exec(String(res.headers["content-type"]))?.[1] ?? "";
  const raw = res.rawPayload;
  const parts: Part[] = [];
  let pos = raw.indexOf(`--${boundary}`) + boundary.length + 2;
  while (raw.subarray(pos, pos + 2).toString() !== "--") {
    const start = pos + 2;
    const end = raw.indexOf(`\r\n--${boundary}`, start);
    const block = raw.subarray(start, end);
    const split = block.indexOf("\r\n\r\n");
    const headers = Object.fromEntries(
      block
        .subarray(0, split)
        .toString()
        .split("\r\n")
        .map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    parts.push({ headers, body: block.subarray(split + 4) });
    pos = end + 2 + boundary.length + 2;
  }
  return parts;
}

async function send(method: "POST" | "PUT", body: Buffer, query = "", contentType = `multipart/mixed; boundary=${BOUNDARY}`): Promise<Res> {
  return t.app.inject({ method, url: `/api/lrs/statements${query}`, headers: { ...V, ...integration, "content-type": contentType }, payload: body });
}
const get = (query: string) => t.app.inject({ method: "GET", url: `/api/lrs/statements?${query}`, headers: { ...V, ...integration } });

/** A JWS (compact) over `payload`, with the signer's certificate in x5c unless told otherwise. */
async function jws(payload: Json, opts: { key?: crypto.KeyObject | Uint8Array; alg?: string; x5c?: boolean } = {}): Promise<string> {
  const header: { alg: string; x5c?: string[] } = { alg: opts.alg ?? "RS256" };
  if (opts.x5c !== false) header.x5c = [signer.x5c];
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader(header).sign(opts.key ?? signer.key);
}

/** A statement with its signature attachment, and the request's parts. */
async function signed(over: Json = {}, sign: (s: Json) => Promise<string> = (s) => jws(s), contentType = "application/octet-stream") {
  const s = statement([], over);
  delete s.attachments;
  const signature = await sign(s);
  const withSignature: Json = { ...s, attachments: [attachmentOf(signature, contentType, SIGNATURE_USAGE)] };
  return { statement: withSignature, parts: [dataPart(signature, contentType)] };
}

const postSigned = (x: { statement: Json; parts: Part[] }) => send("POST", multipart(x.statement, x.parts));

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await buildTenant(t.app.ctx.db)).id;
  const credential = await mintIntegrationCredential(t.app.ctx.db, { tenantId, name: "Attachments", scopes: ["all"] });
  integration = { authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}` };
  const pems = await generate([{ name: "commonName", value: "signer.example.test" }], { keySize: 2048, algorithm: "sha256" });
  signer = { key: crypto.createPrivateKey(pems.private), x5c: pems.cert.replace(/-----[^-]+-----|\s/g, "") };
  stranger = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
}, 240_000);
afterAll(() => t.close());

describe("attachments", () => {
  it("stores attachment data sent as multipart/mixed and answers it with attachments=true", async () => {
    const essay = "Mi redacción sobre los números romanos.";
    const image = crypto.randomBytes(2048);
    const registration = uuid();
    const first = statement([attachmentOf(essay), attachmentOf(image, "image/png")], { context: { registration } });
    const res = await send("POST", multipart(first, [dataPart(essay), dataPart(image, "image/png")]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([first.id]);
    // PUT takes multipart too; the same data sent again is kept once.
    const second = statement([attachmentOf(essay)], { context: { registration } });
    expect((await send("PUT", multipart(second, [dataPart(essay)]), `?statementId=${String(second.id)}`)).statusCode).toBe(204);
    const rows = await t.app.ctx.db.select().from(xapiAttachments).where(and(eq(xapiAttachments.tenantId, tenantId), eq(xapiAttachments.sha2, sha256(essay))));
    expect(rows).toHaveLength(1);

    const one = await get(`statementId=${String(first.id)}&attachments=true`);
    expect(one.statusCode).toBe(200);
    expect(String(one.headers["content-type"])).toMatch(/^multipart\/mixed; boundary=/);
    const [json, ...data] = partsOf(one);
    expect(JSON.parse(String(json?.body)).id).toBe(first.id);
    expect(new Map(data.map((p) => [p.headers["x-experience-api-hash"], p]))).toEqual(
      new Map([
        [sha256(essay), { headers: { "content-type": "text/plain", "content-transfer-encoding": "binary", "x-experience-api-hash": sha256(essay) }, body: Buffer.from(essay) }],
        [sha256(image), { headers: { "content-type": "image/png", "content-transfer-encoding": "binary", "x-experience-api-hash": sha256(image) }, body: image }],
      ]),
    );

    const page = await get(`registration=${registration}&attachments=true`);
    const [result, ...pageData] = partsOf(page);
    expect((JSON.parse(String(result?.body)) as { statements: Json[] }).statements.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect(pageData.map((p) => p.headers["x-experience-api-hash"]).sort()).toEqual([sha256(essay), sha256(image)].sort());
    // Without attachments=true the answer is plain JSON.
    expect(String((await get(`statementId=${String(first.id)}`)).headers["content-type"])).toContain("application/json");
  });

  it("accepts attachments by fileUrl alone in a JSON request", async () => {
    const s = statement([{ ...attachmentOf("remote"), fileUrl: "https://files.example.test/remote.txt" }]);
    const res = await t.app.inject({ method: "POST", url: "/api/lrs/statements", headers: { ...V, ...integration, "content-type": "application/json" }, payload: JSON.stringify(s) });
    expect(res.statusCode).toBe(200);
  });

  it("refuses missing, unmatched, mislabelled and malformed parts with a 400 naming the problem", async () => {
    const text = "attached";
    const s = statement([attachmentOf(text)]);
    const cases: Array<[string, Buffer, string, string]> = [
      ["no part for an attachment without fileUrl", multipart(s, []), `multipart/mixed; boundary=${BOUNDARY}`, "statement.attachments[0].fileUrl"],
      ["a part whose data is not its hash", multipart(s, [dataPart("something else", "text/plain", sha256(text))]), `multipart/mixed; boundary=${BOUNDARY}`, "body.parts[1].X-Experience-API-Hash"],
      ["a part no attachment declares", multipart(s, [dataPart(text), dataPart("extra")]), `multipart/mixed; boundary=${BOUNDARY}`, "body"],
      ["a part without X-Experience-API-Hash", multipart(s, [{ headers: { "Content-Type": "text/plain", "Content-Transfer-Encoding": "binary" }, body: Buffer.from(text) }]), `multipart/mixed; boundary=${BOUNDARY}`, "body.parts[1].X-Experience-API-Hash"],
      ["a part not sent as binary", multipart(s, [{ headers: { "Content-Type": "text/plain", "X-Experience-API-Hash": sha256(text) }, body: Buffer.from(text) }]), `multipart/mixed; boundary=${BOUNDARY}`, "body.parts[1].Content-Transfer-Encoding"],
      ["no boundary", multipart(s, [dataPart(text)]), "multipart/mixed", "Content-Type"],
      ["another boundary", multipart(s, [dataPart(text)], "other"), `multipart/mixed; boundary=${BOUNDARY}`, "body"],
      ["an unterminated body", multipart(s, [dataPart(text)]).subarray(0, 200), `multipart/mixed; boundary=${BOUNDARY}`, "body"],
      ["statements that are not JSON", Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/json\r\n\r\n{oops\r\n--${BOUNDARY}--\r\n`), `multipart/mixed; boundary=${BOUNDARY}`, "statement"],
      ["a first part that is not JSON", Buffer.from(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\n{}\r\n--${BOUNDARY}--\r\n`), `multipart/mixed; boundary=${BOUNDARY}`, "body"],
    ];
    for (const [name, body, contentType, property] of cases) {
      const res = await send("POST", body, "", contentType);
      expect({ name, status: res.statusCode, key: errorOf(res).key, property: errorOf(res).message.startsWith(`${property} `) }).toEqual({ name, status: 400, key: "VALIDATION_ERROR", property: true });
    }
    expect((await get(`statementId=${String(s.id)}`)).statusCode).toBe(404);
  });

  it("refuses an attachment, or statements' JSON, larger than its limit with a 413", async () => {
    const big = Buffer.alloc(ATTACHMENT_LIMITS.maxBytes + 1, 1);
    const res = await send("POST", multipart(statement([attachmentOf(big, "application/octet-stream")]), [dataPart(big, "application/octet-stream")]));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).key).toBe("FILE_TOO_LARGE");
    const long = statement([], { result: { response: "x".repeat(ATTACHMENT_LIMITS.maxStatementsBytes) } });
    const json = await send("POST", Buffer.from(JSON.stringify(long)), "", "application/json");
    expect(json.statusCode).toBe(413);
    expect((await get(`statementId=${String(long.id)}`)).statusCode).toBe(404);
  });
});

describe("signed statements", () => {
  it("stores a statement whose JWS signs it, verified with the x5c certificate, and answers the signature back", async () => {
    const { statement: s, parts } = await signed();
    const res = await send("POST", multipart(s, parts));
    expect(res.statusCode).toBe(200);
    const [json, signature] = partsOf(await get(`statementId=${String(s.id)}&attachments=true`));
    expect((JSON.parse(String(json?.body)) as Json).attachments).toEqual(s.attachments);
    expect(signature?.body.toString()).toBe(parts[0]?.body.toString());
    // RS512 and a JWS without x5c (nothing to verify it with: form and payload checked) are accepted too.
    expect((await postSigned(await signed({}, (x) => jws(x, { alg: "RS512" })))).statusCode).toBe(200);
    expect((await postSigned(await signed({}, (x) => jws(x, { x5c: false })))).statusCode).toBe(200);
  });

  it("refuses (400) a signature over another statement, by another key than its certificate's, with another algorithm, or not a JWS", async () => {
    const cases: Array<[string, Awaited<ReturnType<typeof signed>>]> = [
      ["payload of another statement", await signed({}, (x) => jws({ ...x, verb: { id: "http://adlnet.gov/expapi/verbs/passed" } }))],
      ["key other than the certificate's", await signed({}, (x) => jws(x, { key: stranger }))],
      ["HS256", await signed({}, (x) => jws(x, { alg: "HS256", key: new TextEncoder().encode("a shared secret of thirty-two bytes!"), x5c: false }))],
      ["not a JWS", await signed({}, async () => "not-a-signature")],
      ["content type other than octet-stream", await signed({}, (x) => jws(x), "text/plain")],
    ];
    for (const [name, request] of cases) {
      const res = await postSigned(request);
      const s = request.statement;
      expect({ name, status: res.statusCode, property: errorOf(res).message.startsWith("statement.attachments[0]") }).toEqual({ name, status: 400, property: true });
      expect((await get(`statementId=${String(s.id)}`)).statusCode).toBe(404);
    }
    // A signature whose data is not sent cannot be checked.
    const { statement: s } = await signed();
    const noData = await t.app.inject({
      method: "POST",
      url: "/api/lrs/statements",
      headers: { ...V, ...integration, "content-type": "application/json" },
      payload: JSON.stringify({ ...s, attachments: [{ ...(s.attachments as Json[])[0], fileUrl: "https://files.example.test/sig.jws" }] }),
    });
    expect(noData.statusCode).toBe(400);
  });
});
