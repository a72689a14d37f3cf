process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { DATABASE_REFUSED_MESSAGE, registerErrorHandler, sqlStateOf } from "../../src/server/platform/error-handler";
import { AppError } from "../../src/server/platform/errors";
import { MAX_INPUT_DEPTH, normaliseInput, normaliseText } from "../../src/server/platform/input";
import { bearerFor, demoAssessmentPlacement, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { multipart } from "../support/multipart";

/* The input rule (ADR 0019): NUL and lone surrogates become U+FFFD everywhere, bodies nest at most 32 deep. */

const R = "\uFFFD";
const nested = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe("normaliseText", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps everything else", () => {
    expect(normaliseText("a\u0000b")).toBe(`a${R}b`);
    expect(normaliseText("\uD800x\uDFFF")).toBe(`${R}x${R}`);
    expect(normaliseText("end\uDBFF")).toBe(`end${R}`);
    // A surrogate pair, tabs, newlines and other control characters are text the database holds.
    expect(normaliseText("😀 \t\r\n\u000B\u001F\u007F ñ")).toBe("😀 \t\r\n\u000B\u001F\u007F ñ");
  });

  it("gives back the same string when there is nothing to replace", () => {
    const clean = "x".repeat(10_000);
    expect(normaliseText(clean)).toBe(clean);
  });
});

describe("normaliseInput", () => {
  it("normalises every string of a body, object keys included, in place", () => {
    const body = { title: "a\u0000", list: ["\uD800", 1, true, null, { "k\u0000": "v\uDC00" }] };
    expect(normaliseInput(body)).toBe(body);
    expect(body).toEqual({ title: `a${R}`, list: [R, 1, true, null, { [`k${R}`]: `v${R}` }] });
  });

  it("refuses two keys that normalising makes one, naming the field", () => {
    const err = (() => {
      try {
        normaliseInput({ outer: { "a\u0000": 1, [`a${R}`]: 2 } });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, key: "VALIDATION_ERROR", details: [{ field: `outer.a${R}`, message: "is given twice" }] });
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting and refuses one more, naming where`, () => {
    expect(() => normaliseInput(nested(MAX_INPUT_DEPTH))).not.toThrow();
    expect(() => normaliseInput(nested(MAX_INPUT_DEPTH + 1))).toThrow(AppError);
    // The walk stops at the limit, however deep the value goes.
    const deep = (() => {
      try {
        normaliseInput(nested(100_000));
      } catch (e) {
        return e as AppError;
      }
      return null;
    })();
    expect(deep).toMatchObject({ statusCode: 400, key: "VALIDATION_ERROR" });
    const [detail] = deep?.details as Array<{ field: string; message: string }>;
    expect(detail?.field.split(".")).toHaveLength(MAX_INPUT_DEPTH);
  });

  it("leaves raw bodies (buffers) to the routes that read them", () => {
    const raw = Buffer.from([0, 0xed, 0xa0, 0x80]);
    expect(normaliseInput(raw)).toBe(raw);
    expect([...raw]).toEqual([0, 0xed, 0xa0, 0x80]);
  });
});

describe("the error handler's safety net", () => {
  let bare: FastifyInstance;
  /** A database error as drizzle throws it: the driver's error (code, severity) as the cause. */
  const dbError = (code: string) => Object.assign(new Error("Failed query: insert ..."), { cause: Object.assign(new Error("refused"), { code, severity: "ERROR" }) });

  beforeAll(async () => {
    bare = Fastify();
    registerErrorHandler(bare, { spaFallback: false });
    bare.get<{ Params: { code: string } }>("/fail/:code", async (request) => {
      throw dbError(request.params.code);
    });
    bare.get("/fs", async () => {
      throw Object.assign(new Error("no such file"), { code: "EPERM" });
    });
    await bare.ready();
  });
  afterAll(() => bare.close());

  it("finds the SQLSTATE through the causes a query builder wraps it in, and only on database errors", () => {
    expect(sqlStateOf(dbError("22P05"))).toBe("22P05");
    expect(sqlStateOf(Object.assign(new Error("fs"), { code: "EPERM" }))).toBeUndefined();
    expect(sqlStateOf("22P05")).toBeUndefined();
  });

  it.each([
    ["54000", 400, "VALIDATION_ERROR"],
    ["22P05", 400, "VALIDATION_ERROR"],
    ["22021", 400, "VALIDATION_ERROR"],
    ["22001", 400, "VALIDATION_ERROR"],
    ["22P02", 400, "VALIDATION_ERROR"],
    ["23505", 409, "CONFLICT"],
  ])("answers the database's refusal %s with %i %s, never a 500", async (code, status, key) => {
    const res = await bare.inject({ method: "GET", url: `/fail/${code}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: "error", error: { key, message: DATABASE_REFUSED_MESSAGE } });
  });

  it("still answers 500 for what is not the client's doing", async () => {
    expect((await bare.inject({ method: "GET", url: "/fail/XX000" })).statusCode).toBe(500);
    expect((await bare.inject({ method: "GET", url: "/fs" })).statusCode).toBe(500);
  });
});

describe("every route, through the app", () => {
  let t: TestApp;
  let student: { authorization: string };
  let editor: { authorization: string };
  let attempt: { guid: string; questions: Array<{ guid: string; type: string }> };

  beforeAll(async () => {
    t = await buildTestApp();
    student = await bearerFor(t.app, "student1@demo.test");
    editor = await bearerFor(t.app, "editor@demo.test");
    const teacher = await bearerFor(t.app, "teacher@demo.test");
    const me = await demoUser(t.app, "student1@demo.test");
    const placed = await demoAssessmentPlacement(t.app, me.id);
    await t.app.inject({ method: "GET", url: `/api/front/lessons/${placed.lessonId}/items?courseGuid=${placed.courseId}`, headers: teacher });
    const started = await t.app.inject({ method: "POST", url: `/api/front/assessments/${placed.assessmentId}/attempts`, headers: student, payload: { courseGuid: placed.courseId } });
    expect(started.statusCode).toBe(200);
    attempt = started.json<{ data: typeof attempt }>().data;
  }, 120_000);
  afterAll(() => t.close());

  it("saves a student's long answer holding a pasted NUL and a lone surrogate, with U+FFFD in their place", async () => {
    const question = attempt.questions.find((q) => q.type === "QT_18");
    if (!question) throw new Error("the demo assessment has no long-text question");
    // What the browser sends for a pasted control character: JSON escapes.
    const payload = `{"seq":1,"value":{"type":"QT_18","answer":{"text":"Mi respuesta\\u0000 con \\ud83d pegado"}}}`;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/front/attempts/${attempt.guid}/answers/${question.guid}`,
      headers: { ...student, "content-type": "application/json", "idempotency-key": "input-test-0001" },
      payload,
    });
    expect(saved.statusCode).toBe(200);
    const view = await t.app.inject({ method: "GET", url: `/api/front/attempts/${attempt.guid}`, headers: student });
    const answers = view.json<{ data: { answers: Array<{ questionGuid: string; value: { answer: { text: string } } | null }> } }>().data.answers;
    expect(answers.find((a) => a.questionGuid === question.guid)?.value?.answer.text).toBe(`Mi respuesta${R} con ${R} pegado`);
  });

  it("refuses a body nested deeper than the rule allows with 400, naming the field", async () => {
    const payload = `{"description":${'{"a":['.repeat(5000)}0${"]}".repeat(5000)}}`;
    const res = await t.app.inject({ method: "POST", url: "/api/front/error-reports", headers: { ...student, "content-type": "application/json" }, payload });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { key: string; details: Array<{ field: string }> } }>().error;
    expect(error.key).toBe("VALIDATION_ERROR");
    expect(error.details[0]?.field).toMatch(/^description\.a\.0\.a\.0/);
  });

  it("answers a NUL or a broken UTF-8 sequence in a query or a path with 4xx, not 500", async () => {
    const search = await t.app.inject({ method: "GET", url: "/api/cms/contents?search=a%00%ED%A0%80b", headers: editor });
    expect(search.statusCode).toBe(200);
    const path = await t.app.inject({ method: "GET", url: "/api/front/attempts/%00%ED%A0%80", headers: student });
    expect(path.statusCode).toBe(400);
  });

  it("refuses xAPI ids past 2048 bytes and Groups past 1000 members with 400; a Group of 1000 is stored (its key hashed)", async () => {
    const teacherRow = await demoUser(t.app, "teacher@demo.test");
    const credential = await mintIntegrationCredential(t.app.ctx.db, { tenantId: teacherRow.tenantId, name: "Input test", scopes: ["all"] });
    const headers = {
      authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}`,
      "x-experience-api-version": "1.0.3",
      "content-type": "application/json",
    };
    // Random text: PostgreSQL compresses an index entry first, so a repeated character would pass.
    const noise = (bytes: number) => crypto.randomBytes(bytes).toString("hex").slice(0, bytes);
    const verb = { id: "http://adlnet.gov/expapi/verbs/attempted" };
    const object = { id: "https://example.test/activity" };
    const group = (n: number) => ({ objectType: "Group", member: Array.from({ length: n }, (_, i) => ({ account: { homePage: "https://example.test", name: `${noise(40)}-${i}` } })) });
    const post = (statement: unknown) => t.app.inject({ method: "POST", url: "/api/lrs/statements", headers, payload: JSON.stringify(statement) });

    const longId = await post({ actor: { mbox: "mailto:a@example.test" }, verb, object: { id: `https://example.test/${noise(3000)}` } });
    expect(longId.statusCode).toBe(400);
    expect(longId.json<{ error: { details: { property: string } } }>().error.details.property).toBe("statement.object.id");
    expect((await post({ actor: { mbox: `mailto:${noise(3000)}@example.test` }, verb, object })).statusCode).toBe(400);
    expect((await post({ actor: group(1001), verb, object })).statusCode).toBe(400);
    const thousand = await post({ actor: group(1000), verb, object });
    expect(thousand.statusCode).toBe(200);
  });

  it("answers a multipart body cut short 400 at once, also past the parser's field limit", async () => {
    const form = multipart([
      { name: "a", content: "1" },
      { name: "b", content: "2" },
      { name: "c", content: "3" },
      { name: "file", filename: "a\u0000.png", content: Buffer.from("89504e470d0a1a0a", "hex") },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/cms/question-images", headers: { ...editor, ...form.headers }, payload: form.payload.subarray(0, form.payload.length - 20) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
