process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { contents, xapiStatements } from "../../src/server/db/schema";
import { platformWriter } from "../../src/server/modules/records/xapi-auth";
import { mintIntegrationCredential, mintLaunchCredential } from "../../src/server/modules/records/xapi-credentials";
import { agentForUser, queryStatements, storeStatements } from "../../src/server/modules/records/xapi-service";
import { bearer, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse } from "../support/factories";

type Json = Record<string, unknown>;
type Auth = { authorization: string };

let t: TestApp;
let aulaTenant: string;
let lumenTenant: string;
let teacher: Auth;
let studentAuth: Auth;
let lumenTeacher: Auth;
let integration: Auth;
let lumenIntegration: Auth;
let launch: Auth;
let studentAgent: Json;
let student2Agent: Json;
let launchMeta: { contentId: string; courseId: string; registration: string; studentId: string };

const basic = (key: string, secret: string): Auth => ({ authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}` });
const V = { "x-experience-api-version": "1.0.3" };
const uuid = () => crypto.randomUUID();

async function lrs(method: "GET" | "PUT" | "POST" | "OPTIONS", url: string, auth: Auth | null, payload?: unknown, headers: Record<string, string> = V) {
  return t.app.inject({
    method,
    url,
    headers: { ...headers, ...(auth ?? {}), ...(payload !== undefined ? { "content-type": "application/json" } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

const mbox = (name: string) => ({ objectType: "Agent", name, mbox: `mailto:${name}@example.test` });
const statement = (over: Json = {}): Json => ({
  actor: mbox("ana"),
  verb: { id: "http://adlnet.gov/expapi/verbs/attempted", display: { "en-US": "attempted" } },
  object: { objectType: "Activity", id: "http://example.test/activities/a1", definition: { name: { en: "A1" } } },
  ...over,
});
const ids = (res: { json: () => unknown }) => res.json() as string[];
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { key: string; message: string } }).error;
const page = (res: { json: () => unknown }) => res.json() as { statements: Json[]; more: string };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  const teacherRow = await demoUser(t.app, "teacher@demo.test");
  const student = await demoUser(t.app, "student1@demo.test");
  const student2 = await demoUser(t.app, "student2@demo.test");
  const lumen = await demoUser(t.app, "teacher@lumen.test");
  aulaTenant = teacherRow.tenantId;
  lumenTenant = lumen.tenantId;
  teacher = await bearer(t.app, teacherRow);
  studentAuth = await bearer(t.app, student);
  lumenTeacher = await bearer(t.app, lumen);
  studentAgent = agentForUser(t.app.ctx.publicUrl, student);
  student2Agent = agentForUser(t.app.ctx.publicUrl, student2);
  const a = await mintIntegrationCredential(db, { tenantId: aulaTenant, name: "Aula reports", scopes: ["all"] });
  integration = basic(a.key, a.secret);
  const b = await mintIntegrationCredential(db, { tenantId: lumenTenant, name: "Lumen reports", scopes: ["all"] });
  lumenIntegration = basic(b.key, b.secret);
  const [content] = await db.select({ id: contents.id }).from(contents).where(eq(contents.tenantId, aulaTenant)).limit(1);
  if (!content) throw new Error("no seeded content");
  const course = await buildCourse(db, aulaTenant, { members: [{ userId: student.id, role: "student" }] });
  const registration = uuid();
  const cred = await mintLaunchCredential(db, { tenantId: aulaTenant, userId: student.id, contentId: content.id, courseId: course.id, registration, ttlHours: 4 });
  launch = basic(cred.key, cred.secret);
  launchMeta = { contentId: content.id, courseId: course.id, registration, studentId: student.id };
}, 240_000);
afterAll(() => t.close());

describe("protocol", () => {
  it("answers About without auth or version header, with the xAPI headers", async () => {
    const res = await lrs("GET", "/api/lrs/about", null, undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: ["1.0.3", "1.0.2", "1.0.1", "1.0.0"] });
    expect(res.headers["x-experience-api-version"]).toBe("1.0.3");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("refuses a request without or with an unsupported X-Experience-API-Version, still sending the xAPI headers", async () => {
    const missing = await lrs("GET", "/api/lrs/statements", integration, undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ key: "VALIDATION_ERROR" });
    expect(errorOf(missing).message).toContain("X-Experience-API-Version");
    expect(missing.headers["x-experience-api-version"]).toBe("1.0.3");
    expect(missing.headers["access-control-allow-origin"]).toBe("*");
    for (const v of ["0.95", "1.1.0", "2.0.0"]) {
      const res = await lrs("POST", "/api/lrs/statements", integration, statement(), { "x-experience-api-version": v });
      expect(res.statusCode).toBe(400);
    }
    const ok = await lrs("GET", "/api/lrs/records", integration, undefined, { "x-experience-api-version": "1.0.0" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["x-experience-api-consistent-through"]).toEqual(expect.any(String));
  });

  it("answers CORS preflight for sandboxed packages", async () => {
    const res = await lrs("OPTIONS", "/api/lrs/statements", null, undefined, {});
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(String(res.headers["access-control-allow-headers"])).toContain("X-Experience-API-Version");
    expect(String(res.headers["access-control-allow-headers"])).toContain("Authorization");
    expect(String(res.headers["access-control-expose-headers"])).toContain("X-Experience-API-Consistent-Through");
    const other = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("is documented in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Json }).paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/lrs/about", "/api/lrs/records", "/api/lrs/statements"]));
  });

  it("refuses unknown parameters and statementId combined with filters", async () => {
    const unknown = await lrs("GET", "/api/lrs/statements?colour=red", integration);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain("query.colour");
    const combined = await lrs("GET", `/api/lrs/statements?statementId=${uuid()}&verb=http://x.test/v`, integration);
    expect(combined.statusCode).toBe(400);
    expect(errorOf(combined).message).toContain("query.verb");
    const badAgent = await lrs("GET", `/api/lrs/statements?agent=${encodeURIComponent('{"name":"x"}')}`, integration);
    expect(badAgent.statusCode).toBe(400);
    expect(errorOf(badAgent).message).toContain("query.agent");
  });
});

describe("authentication", () => {
  it("needs a valid Basic credential or bearer token", async () => {
    expect((await lrs("GET", "/api/lrs/statements", null)).statusCode).toBe(401);
    expect((await lrs("GET", "/api/lrs/statements", basic("nope", "nope"))).statusCode).toBe(401);
    const wrongSecret = { authorization: integration.authorization.replace(/.{4}$/, "AAAA") };
    expect((await lrs("GET", "/api/lrs/statements", wrongSecret)).statusCode).toBe(401);
    expect((await lrs("GET", "/api/lrs/statements", { authorization: "Bearer not-a-token" })).statusCode).toBe(401);
    expect((await lrs("GET", "/api/lrs/statements", teacher)).statusCode).toBe(200);
  });

  it("refuses an expired credential", async () => {
    const expired = await mintLaunchCredential(t.app.ctx.db, {
      tenantId: aulaTenant,
      userId: launchMeta.studentId,
      contentId: launchMeta.contentId,
      courseId: launchMeta.courseId,
      registration: uuid(),
      ttlHours: -1,
    });
    const res = await lrs("POST", "/api/lrs/statements", basic(expired.key, expired.secret), statement({ actor: studentAgent }));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toMatch(/expired/);
  });

  it("lets a launch credential store and read only its learner's statements", async () => {
    const own = await lrs("POST", "/api/lrs/statements", launch, statement({ actor: studentAgent, context: { registration: launchMeta.registration } }));
    expect(own.statusCode).toBe(200);
    const other = await lrs("POST", "/api/lrs/statements", launch, statement({ actor: student2Agent }));
    expect(other.statusCode).toBe(403);
    expect(errorOf(other)).toMatchObject({ key: "FORBIDDEN" });
    expect(errorOf(other).message).toContain("statement.actor");
    const batchWithStranger = await lrs("POST", "/api/lrs/statements", launch, [statement({ actor: studentAgent }), statement({ actor: mbox("ana") })]);
    expect(batchWithStranger.statusCode).toBe(403);
    expect(errorOf(batchWithStranger).message).toContain("statements[1].actor");

    const [strangerId] = ids(await lrs("POST", "/api/lrs/statements", integration, statement({ actor: mbox("stranger") })));
    const read = page(await lrs("GET", "/api/lrs/statements?limit=0", launch));
    expect(read.statements.length).toBeGreaterThan(0);
    for (const s of read.statements) expect(s.actor).toMatchObject({ account: studentAgent.account });
    expect((await lrs("GET", `/api/lrs/statements?statementId=${strangerId}`, launch)).statusCode).toBe(404);
    const [ownId] = ids(own);
    const single = await lrs("GET", `/api/lrs/statements?statementId=${ownId}`, launch);
    expect(single.statusCode).toBe(200);
    expect((single.json() as Json).authority).toMatchObject({ objectType: "Agent", name: "Launch" });
  });

  it("lets students write and read only their own statements over bearer (who reads what else: lrs-access.test.ts)", async () => {
    const own = await lrs("POST", "/api/lrs/statements", studentAuth, statement({ actor: studentAgent }));
    expect(own.statusCode).toBe(200);
    const [ownId] = ids(own);
    expect((await lrs("POST", "/api/lrs/statements", studentAuth, statement({ actor: student2Agent }))).statusCode).toBe(403);
    const [s2Id] = ids(await lrs("POST", "/api/lrs/statements", integration, statement({ actor: student2Agent })));

    const mine = page(await lrs("GET", "/api/lrs/statements?limit=0", studentAuth));
    expect(mine.statements.map((s) => s.id)).toContain(ownId);
    expect(mine.statements.map((s) => s.id)).not.toContain(s2Id);
    // A student asking for someone else's statements gets none of them.
    const peek = page(await lrs("GET", `/api/lrs/statements?agent=${encodeURIComponent(JSON.stringify(student2Agent))}`, studentAuth));
    expect(peek.statements).toEqual([]);

    const all = page(await lrs("GET", "/api/lrs/statements?limit=0", integration));
    expect(all.statements.map((s) => s.id)).toEqual(expect.arrayContaining([ownId, s2Id]));
    const stored = await lrs("GET", `/api/lrs/statements?statementId=${ownId}`, studentAuth);
    expect((stored.json() as Json).authority).toEqual({ objectType: "Agent", name: "Aula", account: { homePage: t.app.ctx.publicUrl, name: "aula-platform" } });
  });

  it("keeps editions apart", async () => {
    const [aulaId] = ids(await lrs("POST", "/api/lrs/statements", integration, statement({ actor: mbox("isolated") })));
    const [lumenId] = ids(await lrs("POST", "/api/lrs/statements", lumenIntegration, statement({ actor: mbox("isolated") })));
    for (const auth of [lumenIntegration, lumenTeacher]) {
      expect((await lrs("GET", `/api/lrs/statements?statementId=${aulaId}`, auth)).statusCode).toBe(404);
    }
    const seen = page(await lrs("GET", `/api/lrs/statements?limit=0&agent=${encodeURIComponent(JSON.stringify(mbox("isolated")))}`, lumenIntegration));
    expect(seen.statements.map((s) => s.id)).toEqual([lumenId]);
    const aulaSeen = page(await lrs("GET", `/api/lrs/records?agent=${encodeURIComponent(JSON.stringify(mbox("isolated")))}`, integration));
    expect(aulaSeen.statements.map((s) => s.id)).toEqual([aulaId]);
    // Another edition's statement id is just another statement there: stored, not a conflict, and the first one untouched.
    const same = await lrs("PUT", `/api/lrs/statements?statementId=${aulaId}`, lumenIntegration, statement({ actor: mbox("thief") }));
    expect(same.statusCode).toBe(204);
    const rows = await t.app.ctx.db.select().from(xapiStatements).where(eq(xapiStatements.id, aulaId ?? ""));
    expect(rows.map((r) => [r.tenantId, (r.statement.actor as Json).name]).sort()).toEqual([[aulaTenant, "isolated"], [lumenTenant, "thief"]].sort());
  });
});

describe("validation", () => {
  const cases: Array<[string, unknown, string]> = [
    ["id not a UUID", statement({ id: "not-a-uuid" }), "statement.id"],
    ["missing actor", { verb: statement().verb, object: statement().object }, "statement.actor"],
    ["agent with two identifiers", statement({ actor: { mbox: "mailto:a@b.test", openid: "http://id.test/a" } }), "statement.actor"],
    ["agent without identifier", statement({ actor: { name: "Nobody" } }), "statement.actor"],
    ["mbox without mailto", statement({ actor: { mbox: "a@b.test" } }), "statement.actor.mbox"],
    ["mbox_sha1sum not 40 hex", statement({ actor: { mbox_sha1sum: "abc" } }), "statement.actor.mbox_sha1sum"],
    ["account without homePage IRI", statement({ actor: { account: { homePage: "not an iri", name: "x" } } }), "statement.actor.account.homePage"],
    ["anonymous group without members", statement({ actor: { objectType: "Group", name: "G" } }), "statement.actor.member"],
    ["verb id not an IRI", statement({ verb: { id: "attempted" } }), "statement.verb.id"],
    ["verb display not a language map", statement({ verb: { id: "http://x.test/v", display: "attempted" } }), "statement.verb.display"],
    ["language map with a bad tag", statement({ verb: { id: "http://x.test/v", display: { "not a tag!": "x" } } }), "statement.verb.display.not a tag!"],
    ["activity id not an IRI", statement({ object: { id: "a1" } }), "statement.object.id"],
    ["unknown interactionType", statement({ object: { id: "http://x.test/a", definition: { interactionType: "essay" } } }), "statement.object.definition.interactionType"],
    ["choices on a true-false", statement({ object: { id: "http://x.test/a", definition: { interactionType: "true-false", choices: [{ id: "a" }] } } }), "statement.object.definition.choices"],
    ["StatementRef id not a UUID", statement({ object: { objectType: "StatementRef", id: "x" } }), "statement.object.id"],
    ["nested SubStatement", statement({ object: { objectType: "SubStatement", actor: mbox("b"), verb: { id: "http://x.test/v" }, object: { objectType: "SubStatement", actor: mbox("c"), verb: { id: "http://x.test/v" }, object: { id: "http://x.test/a" } } } }), "statement.object.object.objectType"],
    ["SubStatement with an id", statement({ object: { objectType: "SubStatement", id: uuid(), actor: mbox("b"), verb: { id: "http://x.test/v" }, object: { id: "http://x.test/a" } } }), "statement.object.id"],
    ["scaled score above 1", statement({ result: { score: { scaled: 1.5 } } }), "statement.result.score.scaled"],
    ["raw score above max", statement({ result: { score: { raw: 11, min: 0, max: 10 } } }), "statement.result.score.raw"],
    ["min not below max", statement({ result: { score: { min: 5, max: 5 } } }), "statement.result.score.min"],
    ["duration not ISO 8601", statement({ result: { duration: "10 minutes" } }), "statement.result.duration"],
    ["registration not a UUID", statement({ context: { registration: "abc" } }), "statement.context.registration"],
    ["context activity not an Activity", statement({ context: { contextActivities: { parent: { id: "nope" } } } }), "statement.context.contextActivities.parent.id"],
    ["revision with an Agent object", statement({ object: { objectType: "Agent", mbox: "mailto:x@y.test" }, context: { revision: "2" } }), "statement.context.revision"],
    ["timestamp without time zone", statement({ timestamp: "2024-05-01T10:00:00" }), "statement.timestamp"],
    ["timestamp with -00:00", statement({ timestamp: "2024-05-01T10:00:00-00:00" }), "statement.timestamp"],
    ["version 2.0.0", statement({ version: "2.0.0" }), "statement.version"],
    ["unknown top-level property", statement({ colour: "red" }), "statement.colour"],
    ["unknown nested property", statement({ result: { success: true, grade: "A" } }), "statement.result.grade"],
    ["success not a boolean", statement({ result: { success: "yes" } }), "statement.result.success"],
    ["extension key not an IRI", statement({ result: { extensions: { speed: 3 } } }), "statement.result.extensions.speed"],
    ["attachment without fileUrl", statement({ attachments: [{ usageType: "http://x.test/u", display: { en: "A" }, contentType: "text/plain", length: 3, sha2: "abc" }] }), "statement.attachments[0].fileUrl"],
    ["voided verb without StatementRef", statement({ verb: { id: "http://adlnet.gov/expapi/verbs/voided" } }), "statement.object.objectType"],
    ["null property", statement({ result: null }), "statement.result"],
  ];

  it.each(cases.map(([name, body, property]) => [name, property, body] as const))("refuses %s with a 400 naming %s", async (_name, property, body) => {
    const res = await lrs("POST", "/api/lrs/statements", integration, body);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.key).toBe("VALIDATION_ERROR");
    expect(error.message.startsWith(`${property} `)).toBe(true);
  });

  it("accepts a rich valid statement and keeps it as sent plus the LRS's properties", async () => {
    const id = uuid();
    const rich = statement({
      id,
      actor: { objectType: "Group", name: "Team", member: [mbox("m1"), { account: { homePage: "https://sso.test", name: "m2" } }] },
      object: {
        id: "http://example.test/q1",
        definition: {
          name: { "es-ES": "Pregunta", "ca-ES-valencia": "Pregunta" },
          interactionType: "choice",
          correctResponsesPattern: ["a"],
          choices: [{ id: "a", description: { en: "A" } }, { id: "b", description: { en: "B" } }],
        },
      },
      result: { score: { scaled: 0.5, raw: 5, min: 0, max: 10 }, success: true, completion: true, response: "a", duration: "PT1M30.5S" },
      context: { registration: uuid(), contextActivities: { parent: { id: "http://example.test/course" } }, revision: "1", platform: "Aula", language: "es", extensions: { "http://x.test/e": { a: 1 } } },
      timestamp: "2024-05-01T10:00:00.000+02:00",
      attachments: [{ usageType: "http://x.test/u", display: { en: "A" }, contentType: "text/plain", length: 3, sha2: "abc", fileUrl: "https://files.test/a.txt" }],
    });
    const res = await lrs("POST", "/api/lrs/statements", integration, rich);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([id]);
    const got = (await lrs("GET", `/api/lrs/statements?statementId=${id}`, integration)).json() as Json;
    expect(got).toMatchObject({ id, timestamp: "2024-05-01T10:00:00.000+02:00", version: "1.0.0", result: rich.result });
    expect(got.stored).toEqual(expect.any(String));
    expect(got.authority).toMatchObject({ name: "Aula reports" });
    // A single context activity is kept as an array.
    expect((got.context as Json).contextActivities).toEqual({ parent: [{ id: "http://example.test/course" }] });
  });

  it("sets id and timestamp when missing", async () => {
    const [id] = ids(await lrs("POST", "/api/lrs/statements", integration, statement()));
    const got = (await lrs("GET", `/api/lrs/statements?statementId=${id}`, integration)).json() as Json;
    expect(got.id).toBe(id);
    expect(got.timestamp).toBe(got.stored);
  });
});

describe("PUT and POST", () => {
  it("stores with PUT, accepts the same statement again and refuses a different one", async () => {
    const id = uuid();
    const body = statement({ timestamp: "2024-01-01T00:00:00Z" });
    expect((await lrs("PUT", `/api/lrs/statements?statementId=${id}`, integration, body)).statusCode).toBe(204);
    // Same content, written differently (objectType omitted, id given in the body): still the same.
    const again = await lrs("PUT", `/api/lrs/statements?statementId=${id}`, integration, { ...body, id, object: { id: "http://example.test/activities/a1", definition: { name: { en: "A1" } } } });
    expect(again.statusCode).toBe(204);
    const postAgain = await lrs("POST", "/api/lrs/statements", integration, { ...body, id });
    expect(ids(postAgain)).toEqual([id]);
    const different = await lrs("PUT", `/api/lrs/statements?statementId=${id}`, integration, { ...body, verb: { id: "http://x.test/other" } });
    expect(different.statusCode).toBe(409);
    const rows = await t.app.ctx.db.select().from(xapiStatements).where(eq(xapiStatements.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verbId).toBe("http://adlnet.gov/expapi/verbs/attempted");
  });

  it("refuses PUT without statementId or with a different id in the body", async () => {
    expect((await lrs("PUT", "/api/lrs/statements", integration, statement())).statusCode).toBe(400);
    const mismatch = await lrs("PUT", `/api/lrs/statements?statementId=${uuid()}`, integration, statement({ id: uuid() }));
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).message).toContain("statement.id");
  });

  it("stores a batch all or nothing", async () => {
    const registration = uuid();
    const ctx = { context: { registration } };
    const good = [statement(ctx), statement(ctx)];
    const bad = await lrs("POST", "/api/lrs/statements", integration, [...good, statement({ ...ctx, verb: { id: "nope" } })]);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain("statements[2].verb.id");
    const count = async () =>
      (await t.app.ctx.db.select().from(xapiStatements).where(and(eq(xapiStatements.tenantId, aulaTenant), eq(xapiStatements.registration, registration)))).length;
    expect(await count()).toBe(0);

    const dupId = uuid();
    const dup = await lrs("POST", "/api/lrs/statements", integration, [statement({ ...ctx, id: dupId }), statement({ ...ctx, id: dupId })]);
    expect(dup.statusCode).toBe(400);
    expect(errorOf(dup).message).toContain("statements[1].id");
    expect(await count()).toBe(0);

    const taken = uuid();
    await lrs("PUT", `/api/lrs/statements?statementId=${taken}`, integration, statement());
    const conflicting = await lrs("POST", "/api/lrs/statements", integration, [statement(ctx), statement({ ...ctx, id: taken })]);
    expect(conflicting.statusCode).toBe(409);
    expect(await count()).toBe(0);

    const ok = await lrs("POST", "/api/lrs/statements", integration, good);
    expect(ok.statusCode).toBe(200);
    expect(ids(ok)).toHaveLength(2);
    expect(await count()).toBe(2);
  });

  it("accepts a 2 MB batch (route body limit above the global 1 MB)", async () => {
    const big = "x".repeat(40_000);
    const batch = Array.from({ length: 50 }, () => statement({ result: { response: big } }));
    const res = await lrs("POST", "/api/lrs/statements", integration, batch);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toHaveLength(50);
  });
});

describe("voiding", () => {
  const voiding = (target: string): Json => statement({ verb: { id: "http://adlnet.gov/expapi/verbs/voided", display: { en: "voided" } }, object: { objectType: "StatementRef", id: target } });

  it("voids a statement: gone from queries and statementId, available by voidedStatementId", async () => {
    const registration = uuid();
    const [target] = ids(await lrs("POST", "/api/lrs/statements", integration, statement({ context: { registration } })));
    const [voider] = ids(await lrs("POST", "/api/lrs/statements", integration, voiding(target ?? "")));
    expect((await lrs("GET", `/api/lrs/statements?statementId=${target}`, integration)).statusCode).toBe(404);
    const voided = await lrs("GET", `/api/lrs/statements?voidedStatementId=${target}`, integration);
    expect(voided.statusCode).toBe(200);
    expect((voided.json() as Json).id).toBe(target);
    // The voided statement is gone; its voiding statement matches the filter through it (StatementRef filter rule).
    expect(page(await lrs("GET", `/api/lrs/statements?registration=${registration}`, integration)).statements.map((s) => s.id)).toEqual([voider]);
    const withVoider = page(await lrs("GET", "/api/lrs/statements?verb=http://adlnet.gov/expapi/verbs/voided&limit=0", integration));
    expect(withVoider.statements.map((s) => s.id)).toContain(voider);
    // The voiding statement itself is not voided and cannot be.
    expect((await lrs("GET", `/api/lrs/statements?voidedStatementId=${voider}`, integration)).statusCode).toBe(404);
    const voidVoider = await lrs("POST", "/api/lrs/statements", integration, voiding(voider ?? ""));
    expect(voidVoider.statusCode).toBe(400);
    expect(errorOf(voidVoider).message).toContain("statement.object.id");
    expect(await queryStatements(t.app.ctx.db, aulaTenant, { registration })).toEqual([]);
  });

  it("voids a statement that arrives after its voiding statement", async () => {
    const late = uuid();
    await lrs("POST", "/api/lrs/statements", integration, voiding(late));
    expect((await lrs("PUT", `/api/lrs/statements?statementId=${late}`, integration, statement())).statusCode).toBe(204);
    expect((await lrs("GET", `/api/lrs/statements?statementId=${late}`, integration)).statusCode).toBe(404);
    expect((await lrs("GET", `/api/lrs/statements?voidedStatementId=${late}`, integration)).statusCode).toBe(200);
  });

  it("does not void another edition's statement", async () => {
    const [aulaId] = ids(await lrs("POST", "/api/lrs/statements", integration, statement()));
    expect((await lrs("POST", "/api/lrs/statements", lumenIntegration, voiding(aulaId ?? ""))).statusCode).toBe(200);
    expect((await lrs("GET", `/api/lrs/statements?statementId=${aulaId}`, integration)).statusCode).toBe(200);
  });
});

describe("queries", () => {
  it("pages with `more` across three pages without duplicates or gaps, both orders", async () => {
    const registration = uuid();
    const posted: string[] = [];
    for (let i = 0; i < 7; i++) posted.push(...ids(await lrs("POST", "/api/lrs/statements", integration, statement({ context: { registration } }))));
    for (const ascending of [false, true]) {
      const seen: string[] = [];
      let url = `/api/lrs/statements?registration=${registration}&limit=3${ascending ? "&ascending=true" : ""}`;
      let pages = 0;
      while (url) {
        const res = page(await lrs("GET", url, integration));
        pages += 1;
        seen.push(...res.statements.map((s) => s.id as string));
        if (res.more) {
          expect(res.more.startsWith("/api/lrs/statements?")).toBe(true);
          expect(res.more).toContain(`registration=${registration}`);
        }
        url = res.more;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(ascending ? posted : [...posted].reverse());
    }
  });

  it("filters by agent, verb, activity, registration, related activities and agents, since and until", async () => {
    const registration = uuid();
    const reg = (extra: Json = {}) => ({ registration, ...extra });
    const alice = mbox("alice");
    const bob = { objectType: "Agent", account: { homePage: "https://sso.test", name: "bob" } };
    const posted = ids(
      await lrs("POST", "/api/lrs/statements", integration, [
        statement({ actor: alice, context: reg() }),
        statement({ actor: bob, verb: { id: "http://x.test/verbs/passed" }, context: reg({ instructor: alice }) }),
        statement({ actor: bob, object: { id: "http://x.test/activities/other" }, context: reg({ contextActivities: { parent: [{ id: "http://example.test/activities/a1" }] } }) }),
        statement({ actor: bob, object: { ...alice }, context: reg() }),
        statement({ actor: { objectType: "Group", member: [alice, bob] }, context: reg() }),
      ]),
    );
    const [s0, s1, s2, s3, s4] = posted;
    const query = async (q: string) => page(await lrs("GET", `/api/lrs/statements?registration=${registration}&${q}`, integration)).statements.map((s) => s.id);
    const agent = (a: Json) => `agent=${encodeURIComponent(JSON.stringify(a))}`;

    expect(new Set(await query(agent(alice)))).toEqual(new Set([s0, s3, s4]));
    expect(new Set(await query(`${agent(alice)}&related_agents=true`))).toEqual(new Set([s0, s1, s3, s4]));
    expect(new Set(await query(agent(bob)))).toEqual(new Set([s1, s2, s3, s4]));
    expect(await query("verb=http://x.test/verbs/passed")).toEqual([s1]);
    expect(new Set(await query("activity=http://example.test/activities/a1"))).toEqual(new Set([s0, s1, s4]));
    expect(new Set(await query("activity=http://example.test/activities/a1&related_activities=true"))).toEqual(new Set([s0, s1, s2, s4]));
    expect(await query("activity=http://x.test/activities/other")).toEqual([s2]);
    expect(await query("limit=2")).toHaveLength(2);

    // since is exclusive and until inclusive, both on `stored`.
    const stored = (page(await lrs("GET", `/api/lrs/statements?registration=${registration}&limit=1`, integration)).statements[0]?.stored ?? "") as string;
    expect(await query(`since=${encodeURIComponent(stored)}`)).toEqual([]);
    expect(await query(`until=${encodeURIComponent(stored)}`)).toHaveLength(5);
    const earlier = new Date(Date.parse(stored) - 1).toISOString();
    expect(await query(`since=${encodeURIComponent(earlier)}`)).toHaveLength(5);
    expect(await query(`until=${encodeURIComponent(earlier)}`)).toEqual([]);

    const other = uuid();
    expect(page(await lrs("GET", `/api/lrs/statements?registration=${other}`, integration)).statements).toEqual([]);
  });

  it("answers format=ids with identifiers only", async () => {
    const registration = uuid();
    await lrs("POST", "/api/lrs/statements", integration, statement({ context: { registration, instructor: mbox("teacher"), contextActivities: { parent: { id: "http://x.test/p", definition: { name: { en: "P" } } } } } }));
    const [s] = page(await lrs("GET", `/api/lrs/statements?registration=${registration}&format=ids`, integration)).statements;
    expect(s?.actor).toEqual({ objectType: "Agent", mbox: "mailto:ana@example.test" });
    expect(s?.verb).toEqual({ id: "http://adlnet.gov/expapi/verbs/attempted" });
    expect(s?.object).toEqual({ objectType: "Activity", id: "http://example.test/activities/a1" });
    expect((s?.context as Json).instructor).toEqual({ objectType: "Agent", mbox: "mailto:teacher@example.test" });
    expect(((s?.context as Json).contextActivities as Json).parent).toEqual([{ objectType: "Activity", id: "http://x.test/p" }]);
    expect(s?.authority).toEqual({ objectType: "Agent", account: expect.any(Object) });
    const exact = page(await lrs("GET", `/api/lrs/statements?registration=${registration}&format=exact`, integration)).statements[0];
    expect(exact?.actor).toMatchObject({ name: "ana" });
    expect((await lrs("GET", `/api/lrs/statements?format=short`, integration)).statusCode).toBe(400);
  });
});

describe("service exports", () => {
  it("stores and queries for other modules", async () => {
    const registration = uuid();
    const db = t.app.ctx.db;
    const actor = agentForUser(t.app.ctx.publicUrl, { id: launchMeta.studentId, firstName: "Marta", lastName: "López" });
    const platform = platformWriter(t.app.ctx.publicUrl);
    const stored = await storeStatements(db, aulaTenant, [statement({ actor, context: { registration } }), statement({ actor, context: { registration }, verb: { id: "http://adlnet.gov/expapi/verbs/completed" } })], platform);
    expect(stored).toHaveLength(2);
    await expect(storeStatements(db, aulaTenant, [statement({ actor: { name: "x" } })], platform)).rejects.toMatchObject({ statusCode: 400 });

    const all = await queryStatements(db, aulaTenant, { agentAccountName: launchMeta.studentId, agentAccountHomePage: t.app.ctx.publicUrl, registration, ascending: true });
    expect(all.map((s) => s.id)).toEqual(stored);
    expect(await queryStatements(db, aulaTenant, { agentAccountName: launchMeta.studentId, registration, verbId: "http://adlnet.gov/expapi/verbs/completed" })).toHaveLength(1);
    expect(await queryStatements(db, aulaTenant, { registration, limit: 1 })).toHaveLength(1);
    expect(await queryStatements(db, lumenTenant, { registration })).toEqual([]);
    expect(await queryStatements(db, aulaTenant, { activityId: "http://example.test/activities/a1", registration, until: new Date(0) })).toEqual([]);
  });
});
