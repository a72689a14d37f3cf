process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { mintIntegrationCredential } from "../../src/server/modules/records/xapi-credentials";
import { DATABASE_REFUSED_MESSAGE } from "../../src/server/platform/error-handler";
import { demoAssessmentPlacement, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * Property-based fuzzing of the whole API (issue 12, ADR 0019): every operation of the OpenAPI
 * document, the xAPI record store and the hidden file routes, as each role of the demo seed, with
 * bodies, queries and path parameters generated from the operation's own schema but carrying what
 * a careless or hostile client sends (NUL, lone surrogates, huge strings, wrong types, deep nesting,
 * extra fields, other editions' ids, broken multipart). No answer may be a 5xx, nor a 4xx that only
 * the database's refusal produced (the error handler's safety net): that input must be stopped by
 * the contract, nor one that takes longer than 20 s. FUZZ_SEED reproduces a run (random and printed
 * otherwise), FUZZ_RUNS sets the requests per operation and role (16), FUZZ_ONLY="METHOD /path"
 * narrows it to matching operations, FUZZ_LOG=warn shows the server's log, FUZZ_STATS=1 the answers
 * per operation. The summary line gives the number of requests sent.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

type BodyKind = "json" | "multipart" | "xapi" | "xapi-document" | "none";
type Operation = { method: string; path: string; params: Parameter[]; query: Parameter[]; headers: Parameter[]; body: BodyKind; bodySchema?: JsonSchema };
type Role = "anonymous" | "student" | "teacher" | "school_admin" | "editorial" | "lrs_integration";
type Request = { url: string; headers: Record<string, string>; payload?: string | Buffer };

/** The people who sign in (anonymous sends no token, or a broken one). */
const PEOPLE: Record<Exclude<Role, "lrs_integration">, string | null> = {
  anonymous: null,
  student: "student1@demo.test",
  teacher: "teacher@demo.test",
  school_admin: "admin@demo.test",
  editorial: "editor@demo.test",
};
const isLrs = (operation: Operation) => operation.path.startsWith("/api/lrs/");
/** Every role; on the record store also an integration's Basic credential granted everything. */
const rolesFor = (operation: Operation): Role[] => [...(Object.keys(PEOPLE) as Role[]), ...(isLrs(operation) ? (["lrs_integration"] as const) : [])];
/** Multipart routes (their files are read by the handler, so the OpenAPI document shows no body). */
const MULTIPART = new Set(["POST /api/cms/contents/{guid}/content/upload", "POST /api/front/attempts/{guid}/files", "POST /api/cms/question-images", "POST /api/front/jobs/{guid}/files"]);
/** Routes the document hides or that take xAPI's own bodies: fuzzed all the same. */
const EXTRA_OPERATIONS: Operation[] = [
  { method: "OPTIONS", path: "/api/lrs/{rest}", params: [{ in: "path", name: "rest" }], query: [], headers: [], body: "none" },
  { method: "GET", path: "/content-files/{grant}/{rest}", params: [{ in: "path", name: "grant" }, { in: "path", name: "rest" }], query: [], headers: [], body: "none" },
  { method: "GET", path: "/attempt-files/{grant}/{key}", params: [{ in: "path", name: "grant" }, { in: "path", name: "key" }], query: [], headers: [], body: "none" },
  { method: "GET", path: "/question-images/{file}", params: [{ in: "path", name: "file" }], query: [], headers: [], body: "none" },
  { method: "GET", path: "/api/job-files/{grant}/{name}", params: [{ in: "path", name: "grant" }, { in: "path", name: "name" }], query: [], headers: [], body: "none" },
  // A teacher's xAPI preview (ADR 0023): the same Statement resource, keeping nothing.
  ...(["GET", "PUT", "POST"] as const).map((method): Operation => ({
    method,
    path: "/api/lrs-preview/statements",
    params: [],
    query: method === "PUT" ? [{ in: "query", name: "statementId", required: true }] : [],
    headers: [],
    body: method === "GET" ? "none" : "xapi",
  })),
];
/**
 * The record store's query parameters by resource (it reads them itself, so the document does not
 * list them): the required ones always sent, the others now and then.
 */
const LRS_QUERY: Record<string, { required: string[]; optional: string[] }> = {
  "GET statements": {
    required: [],
    optional: ["statementId", "voidedStatementId", "agent", "verb", "activity", "registration", "related_activities", "related_agents", "since", "until", "limit", "format", "ascending", "attachments", "cursor"],
  },
  "PUT statements": { required: ["statementId"], optional: [] },
  "POST statements": { required: [], optional: ["method"] },
  state: { required: ["activityId", "agent"], optional: ["stateId", "registration", "since"] },
  "activities/profile": { required: ["activityId"], optional: ["profileId", "since"] },
  "agents/profile": { required: ["agent"], optional: ["profileId", "since"] },
  agents: { required: ["agent"], optional: ["method"] },
  activities: { required: ["activityId"], optional: ["method"] },
};
function lrsQueryOf(method: string, path: string): Parameter[] {
  const resource = path.replace(/^\/api\/lrs\//, "");
  const key = /^(records|statements)$/.test(resource) ? `${method.toUpperCase()} statements` : resource.replace(/^activities\/state$/, "state");
  const spec = LRS_QUERY[key] ?? { required: [], optional: [] };
  return [...spec.required.map((name) => ({ in: "query" as const, name, required: true })), ...spec.optional.map((name) => ({ in: "query" as const, name }))];
}
/** Deletions last, so the other operations meet the seeded rows first. */
const METHOD_ORDER = ["GET", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

const baseSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runsPerRole = Number(process.env.FUZZ_RUNS ?? 16);
const only = process.env.FUZZ_ONLY;

let t: TestApp;
const tokens = new Map<Role, string>();
let integrationAuth = "";
/** Real ids of the seeded database, by the thing they name ("course", "attempt"...), every edition's. */
const idPool = new Map<string, string[]>();
let allIds: string[] = [];
let requestCount = 0;
/** Answers by status class ("2xx", "4xx"...), and per operation when FUZZ_STATS is set. */
const answered = new Map<string, number>();
const perOperation = new Map<string, Map<number, number>>();

// ---- What hostile input looks like ----

const SPICY = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\uD83D\uDE00",
  "\u202E\uFEFF\u200B",
  "\t\r\n\u000B\u001F\u007F",
  "'; drop table users; --",
  "%00%ff",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  "{{constructor}}",
  "__proto__",
  "",
  " ",
  // Values that pass a format check and still trouble a database.
  "0000-01-01",
  "9999-12-31",
  "2024-02-29",
  "00:00",
  "0000-0001",
  "9999-10000",
];
const spicyString = fc.constantFrom(...SPICY);
/**
 * `length` characters that do not compress (PostgreSQL compresses an index entry before it checks
 * its size, so "xxxx…" of 3 KB would pass where real text fails).
 */
function noise(length: number, seed: number): string {
  let x = seed >>> 0 || 1;
  let out = "";
  while (out.length < length) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += (x >>> 4).toString(36);
  }
  return out.slice(0, length);
}
const noiseOf = (lengths: number[]) => fc.tuple(fc.constantFrom(...lengths), fc.integer()).map(([n, seed]) => noise(n, seed));
/** Any UTF-16, lone surrogates included, mixed with the dangerous classics. */
const wildString = (maxLength: number) =>
  fc.oneof(
    { arbitrary: fc.string({ unit: "binary", maxLength: Math.min(maxLength, 40) }), weight: 3 },
    { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), spicyString, fc.string({ maxLength: 8 })).map(([a, b, c]) => `${a}${b}${c}`), weight: 3 },
    { arbitrary: fc.tuple(noiseOf([256, 2100, 3000, 70_000]), spicyString).map(([n, s]) => `${n}${s}`), weight: 1 },
  );
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, [], {}, [null], { "\u0000": 1 }),
  wildString(80),
  fc.jsonValue({ maxDepth: 2 }),
);
const deeplyNested = fc.integer({ min: 33, max: 3000 }).map((depth) => {
  let value: unknown = "\u0000";
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});

const uuidLike = fc.uuid();
const idFor = (stem: string | null): fc.Arbitrary<string> => {
  const own = stem ? (idPool.get(stem) ?? []) : [];
  const choices: Array<{ arbitrary: fc.Arbitrary<string>; weight: number }> = [
    { arbitrary: allIds.length ? fc.constantFrom(...allIds) : uuidLike, weight: 2 },
    { arbitrary: uuidLike, weight: 1 },
  ];
  if (own.length) choices.push({ arbitrary: fc.constantFrom(...own), weight: 6 });
  return fc.oneof(...choices);
};

/** What an id parameter or field names: `courseGuid` a course, `guid` after /attempts an attempt. */
function stemOf(name: string, previousSegment = ""): string | null {
  const own = name.replace(/(Guids?|Ids?)$/, "");
  const raw = own && own !== "guid" && own !== "id" ? own : previousSegment;
  const stem = raw
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replaceAll("-", "_")
    .toLowerCase()
    .replace(/licenses?/, "licence")
    .replace(/s$/, "");
  return stem || null;
}

// ---- Values from a schema, hostile where the schema still lets them through ----

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : -1e6;
  const max = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : 1e6;
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const inRange = integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: inRange, weight: 4 }, { arbitrary: fc.constantFrom(lo, hi, 0, -1, 2 ** 31, 2 ** 53, 0.5, 1e300), weight: 1 });
}

function stringOf(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100_000;
  if (schema.format === "uuid") return fc.oneof({ arbitrary: idFor(stemOf(name)), weight: 8 }, { arbitrary: wildString(40), weight: 1 });
  if (schema.format === "date-time") {
    return fc.oneof(
      { arbitrary: fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString()), weight: 4 },
      {
        arbitrary: fc.constantFrom(
          "+275760-09-13T00:00:00.000Z",
          "-271821-04-20T00:00:00.000Z",
          "0000-01-01T00:00:00Z",
          "0001-01-01T00:00:00+14:00",
          "9999-12-31T23:59:59-14:00",
          "9999-12-31T23:59:59.999Z",
          "2024-02-30T25:61:00Z",
        ),
        weight: 1,
      },
    );
  }
  if (schema.format === "email") return fc.oneof(fc.emailAddress(), fc.emailAddress().map((e) => `${e}\u0000`), wildString(300));
  if (schema.format === "uri") return fc.oneof(fc.webUrl(), wildString(3000).map((s) => `https://example.test/${s}`));
  if (schema.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
    } catch {
      matching = fc.string({ minLength: min, maxLength: Math.min(max, 50) });
    }
    return fc.oneof({ arbitrary: matching, weight: 6 }, { arbitrary: wildString(max + 10), weight: 1 });
  }
  const fitting = wildString(max).map((s) => {
    let value = s.length > max ? s.slice(0, max) : s;
    while (value.length < min) value += "x\u0000";
    return value.slice(0, Math.max(max, min));
  });
  const edges = fc.tuple(fc.constantFrom(max, max + 1), fc.integer()).map(([n, seed]) => `${noise(Math.max(n - 1, 0), seed)}\uD800`);
  return fc.oneof({ arbitrary: fitting, weight: 8 }, { arbitrary: edges, weight: 1 });
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function fromSchema(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const exact = exactFromSchema(schema, name, depth);
  return fc.oneof({ arbitrary: exact, weight: 14 }, { arbitrary: wrongType, weight: 1 });
}

function exactFromSchema(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const alternatives = schema.oneOf ?? schema.anyOf;
  let arb: fc.Arbitrary<unknown>;
  if (alternatives?.length) arb = fc.oneof(...alternatives.map((s) => exactFromSchema(s, name, depth + 1)));
  else if (schema.allOf?.length) arb = exactFromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, name, depth + 1);
  else if (schema.const !== undefined) arb = fc.constant(schema.const);
  else if (schema.enum?.length) arb = fc.constantFrom(...schema.enum);
  else {
    const types = typesOf(schema).filter((x) => x !== "null");
    const type = types[0] ?? (schema.properties ? "object" : undefined);
    switch (type) {
      case "object":
        arb = objectOf(schema, depth);
        break;
      case "array": {
        const items = schema.items ?? {};
        const min = schema.minItems ?? 0;
        const max = schema.maxItems ?? 3000;
        const item = fromSchema(items, name, depth + 1);
        arb = fc.oneof(
          { arbitrary: fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 5)) }), weight: 8 },
          // Thousands of members, or one more than allowed.
          { arbitrary: exactFromSchema(items, name, depth + 1).map((v) => Array.from({ length: Math.min(max + 1, 3000) }, () => v)), weight: 1 },
        );
        break;
      }
      case "string":
        arb = stringOf(schema, name);
        break;
      case "integer":
        arb = numberOf(schema, true);
        break;
      case "number":
        arb = numberOf(schema, false);
        break;
      case "boolean":
        arb = fc.boolean();
        break;
      default:
        arb = fc.oneof(fc.jsonValue({ maxDepth: 3 }), wildString(200), deeplyNested);
    }
  }
  return schema.nullable || typesOf(schema).includes("null") ? fc.option(arb, { nil: null, freq: 6 }) : arb;
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fromSchema(s, key, depth + 1)]));
  const known = fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
  const extra =
    typeof schema.additionalProperties === "object"
      ? fc.dictionary(wildString(300), fromSchema(schema.additionalProperties, "value", depth + 1), { maxKeys: 6 })
      : fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, { arbitrary: fc.dictionary(wildString(30), wrongType, { maxKeys: 2 }), weight: 1 });
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

// ---- Whole requests ----

/** Percent-encodes every code unit, lone surrogates as the bytes a careless encoder would send. */
function encodeComponent(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

function pathValue(param: Parameter, previousSegment: string): fc.Arbitrary<string> {
  if (param.schema?.format === "uuid" || /guid|id$/i.test(param.name)) {
    return fc.oneof({ arbitrary: idFor(stemOf(param.name, previousSegment)), weight: 8 }, { arbitrary: wildString(3000), weight: 2 });
  }
  return fc.oneof(param.schema ? exactFromSchema(param.schema, param.name, 0).map(asText) : wildString(300), wildString(3000));
}

function urlOf(operation: Operation): fc.Arbitrary<string> {
  const segments = operation.path.split("/");
  const parts = segments.map((segment, i) => {
    const match = /^\{(.+)\}$/.exec(segment);
    if (!match) return fc.constant(segment);
    const param = operation.params.find((p) => p.name === match[1]) ?? { in: "path" as const, name: match[1] ?? "" };
    return pathValue(param, segments[i - 1] ?? "").map((v) => (v === "" ? "x" : encodeComponent(v)));
  });
  const query = operation.query.map((param) => {
    const value = (isLrs(operation) ? lrsQueryValue(param.name) : param.schema ? fromSchema(param.schema, param.name, 0) : wildString(300)).map((v) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encodeComponent(param.name)}=${encodeComponent(asText(item))}`).join("&"),
    );
    // A required parameter is left out now and then; an optional one is sent about half the time.
    const absent = fc.constant("");
    if (param.required) return fc.oneof({ arbitrary: value, weight: 9 }, { arbitrary: absent, weight: 1 });
    // The record store refuses most combinations of its filters: send each of them more rarely.
    const rarity = param.name === "method" || /statementId$/i.test(param.name) ? 7 : isLrs(operation) ? 3 : 1;
    return fc.oneof({ arbitrary: absent, weight: rarity }, { arbitrary: value, weight: 1 });
  });
  // An unknown parameter now and then.
  const extraQuery = fc.oneof(
    { arbitrary: fc.constant(""), weight: isLrs(operation) ? 14 : 4 },
    { arbitrary: fc.tuple(wildString(40), wildString(3000)).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`), weight: 1 },
  );
  return fc.tuple(fc.tuple(...parts), fc.tuple(...query, extraQuery)).map(([path, q]) => {
    const search = q.filter(Boolean).join("&");
    return `${path.join("/")}${search ? `?${search}` : ""}`;
  });
}

/** Printable header values only: Node refuses the others before any route runs. */
const headerValue = (param: Parameter) =>
  fc.oneof(
    param.schema?.pattern ? fc.stringMatching(new RegExp(param.schema.pattern)) : fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[ -~]{0,300}$/),
    fc.constantFrom("a".repeat(5000), ""),
  );

const jsonPayload = (schema: JsonSchema | undefined): fc.Arbitrary<string | Buffer | undefined> =>
  fc.oneof(
    { arbitrary: schema ? exactFromSchema(schema, "body", 0).map((v) => JSON.stringify(v)) : fc.constant(undefined), weight: 10 },
    { arbitrary: schema ? fromSchema(schema, "body", 0).map((v) => JSON.stringify(v)) : fc.constant(undefined), weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: deeplyNested.map((v) => JSON.stringify(v)), weight: 1 },
    {
      arbitrary: fc.constantFrom("{", "\u0000", '{"a":"\\ud800"}', "[".repeat(5000), '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
      weight: 1,
    },
    // Bytes that are not UTF-8 inside a JSON string.
    { arbitrary: fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.concat([Buffer.from('{"title":"'), Buffer.from(b), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])), weight: 1 },
  );

/** An xAPI statement, well formed mostly, with hostile strings, huge ids and extensions. */
const iri = fc.oneof(
  { arbitrary: fc.webUrl(), weight: 4 },
  { arbitrary: noiseOf([2000, 2100, 3000, 9000]).map((n) => `https://example.test/${n}`), weight: 1 },
  { arbitrary: wildString(100).map((s) => `https://example.test/${s}`), weight: 1 },
);
const languageMap = fc.dictionary(
  fc.oneof({ arbitrary: fc.constantFrom("en", "es", "pt-BR"), weight: 8 }, { arbitrary: fc.constantFrom("x\u0000", "\uD800", "e".repeat(300)), weight: 1 }),
  wildString(300),
  { maxKeys: 2 },
);
const mostly = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) => fc.oneof({ arbitrary: usual, weight: 6 }, { arbitrary: odd, weight: 1 });
/** Agents and Groups: hostile names and mailboxes, Groups of up to 3000 members. */
const actorArb = fc.oneof(
  {
    arbitrary: fc.record({
      objectType: fc.constant("Agent"),
      name: wildString(300),
      mbox: mostly(
        fc.emailAddress().map((e) => `mailto:${e}`),
        fc.oneof(wildString(3000), noiseOf([2030, 2100, 3000])).map((s) => `mailto:${s}@x.test`),
      ),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      objectType: fc.constant("Group"),
      name: wildString(50),
      mbox: fc.emailAddress().map((e) => `mailto:${e}`),
      member: fc.constantFrom(0, 1, 2, 999, 1000, 1001, 3000).map((n) => Array.from({ length: n }, (_, i) => ({ mbox: `mailto:m${i}@x.test`, name: `m${i}\u0000` }))),
    }),
    weight: 1,
  },
  {
    // Anonymous: the members are the key.
    arbitrary: fc.tuple(fc.constantFrom(1, 2, 50, 999, 1000, 1001), fc.integer()).map(([n, seed]) => ({
      objectType: "Group",
      member: Array.from({ length: n }, (_, i) => ({ account: { homePage: "https://example.test", name: `${noise(40, seed + i)}\u0000` } })),
    })),
    weight: 1,
  },
);
/** The caller's own agent (a signed-in user's account on the platform), which a Bearer caller may record about. */
const selfAgents = new Map<Role, { objectType: string; account: { homePage: string; name: string } }>();
function xapiStatementAs(role: Role) {
  const self = selfAgents.get(role);
  const actor: fc.Arbitrary<unknown> = self ? fc.oneof({ arbitrary: fc.constant(self), weight: 3 }, { arbitrary: actorArb, weight: 1 }) : actorArb;
  return fc.record(
    {
      id: mostly(fc.uuid(), wildString(50)),
      actor,
      verb: fc.record({ id: iri, display: languageMap }),
      object: fc.record({
        objectType: fc.constant("Activity"),
        id: iri,
        definition: fc.record({ name: languageMap, extensions: fc.dictionary(iri, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 2 }) }, { requiredKeys: [] }),
      }),
      result: fc.record({ score: fc.record({ scaled: fc.double({ min: -1, max: 1, noNaN: true }) }), response: wildString(70_000), completion: fc.boolean() }, { requiredKeys: [] }),
      context: fc.record(
        { registration: mostly(fc.uuid(), wildString(40)), extensions: fc.dictionary(iri, mostly(fc.jsonValue({ maxDepth: 3 }), deeplyNested), { maxKeys: 2 }) },
        { requiredKeys: [] },
      ),
      timestamp: mostly(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom("+275760-09-13T00:00:00.000Z", "0000-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00", "nonsense"),
      ),
    },
    { requiredKeys: ["actor", "verb", "object"] },
  );
}
const xapiPayloadAs = (role: Role) =>
  fc.oneof(
    { arbitrary: xapiStatementAs(role).map((s) => JSON.stringify(s)), weight: 6 },
    { arbitrary: fc.array(xapiStatementAs(role), { maxLength: 3 }).map((s) => JSON.stringify(s)), weight: 2 },
    // One id twice in a batch.
    { arbitrary: fc.tuple(xapiStatementAs(role), fc.uuid()).map(([st, id]) => JSON.stringify([{ ...st, id }, { ...st, id }])), weight: 1 },
    { arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 3 }), deeplyNested).map((v) => JSON.stringify(v)), weight: 1 },
  );

/** An Agent or Group as a query parameter (JSON), or not. */
const agentJson = fc.oneof(
  { arbitrary: actorArb.map((a) => JSON.stringify(a)), weight: 4 },
  { arbitrary: fc.constant(JSON.stringify({ mbox: "mailto:student1@demo.test" })), weight: 1 },
  { arbitrary: wildString(300), weight: 1 },
);
function lrsQueryValue(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case "statementId":
    case "voidedStatementId":
    case "registration":
      return fc.oneof({ arbitrary: fc.uuid(), weight: 4 }, { arbitrary: wildString(100), weight: 1 });
    case "agent":
      return agentJson;
    case "verb":
    case "activity":
    case "activityId":
      return iri;
    case "since":
    case "until":
      return fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom("+275760-09-13T00:00:00.000Z", "2024-13-45T99:99:99Z"), wildString(40));
    case "limit":
      return fc.oneof(fc.integer({ min: -5, max: 2 ** 40 }).map(String), wildString(20));
    case "format":
      return fc.constantFrom("exact", "ids", "canonical", "\u0000", "");
    case "method":
      return fc.constantFrom("GET", "PUT", "POST", "DELETE", "HEAD", "get", "\u0000");
    case "related_activities":
    case "related_agents":
    case "ascending":
    case "attachments":
      return fc.constantFrom("true", "false", "1", "\u0000");
    default:
      return fc.oneof(wildString(3000), fc.uuid());
  }
}

/** Statements as JSON, in the alternate request syntax (a form), or as multipart/mixed with attachments. */
const xapiRequestBodyAs = (role: Role): fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer }> => fc.oneof(
  { arbitrary: xapiPayloadAs(role).map((payload) => ({ headers: { "content-type": "application/json" }, payload })), weight: 8 },
  {
    arbitrary: fc.tuple(xapiPayloadAs(role), fc.array(fc.tuple(wildString(30), wildString(300)), { maxLength: 3 })).map(([content, extra]) => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: [["content", content], ["Content-Type", "application/json"], ["X-Experience-API-Version", "1.0.3"], ...extra]
        .map(([k, v]) => `${encodeComponent(k ?? "")}=${encodeComponent(v ?? "")}`)
        .join("&"),
    })),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(xapiStatementAs(role), fc.uint8Array({ maxLength: 40 }), wildString(80), fc.boolean()).map(([statement, bytes, hash, truncated]) => {
      const boundary = "xapiFuzzBoundary";
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ ...statement, attachments: [{ usageType: "http://example.test/u", display: { en: "a" }, contentType: "application/octet-stream", length: bytes.length, sha2: hash }] })}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${hash.replace(/[^ -~]/g, "")}\r\n\r\n`),
        Buffer.from(bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { "content-type": `multipart/mixed; boundary=${boundary}` }, payload: truncated ? body.subarray(0, Math.floor(body.length / 2)) : body };
    }),
    weight: 1,
  },
);

/** A state or profile document: JSON (merged by POST), or any bytes with any type. */
const xapiDocumentBody: fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer }> = fc.oneof(
  { arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(wildString(300), fc.oneof(wildString(3000), deeplyNested), { maxKeys: 3 })).map((v) => ({ headers: { "content-type": "application/json" }, payload: JSON.stringify(v) })), weight: 4 },
  { arbitrary: fc.constantFrom("{", '{"a":"\\u0000"}', '{"a":"\\ud800"}', "[]", "null").map((payload) => ({ headers: { "content-type": "application/json" }, payload })), weight: 1 },
  { arbitrary: fc.tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom("application/octet-stream", "text/plain", "image/png", "application/json; charset=utf-8")).map(([b, type]) => ({ headers: { "content-type": type }, payload: Buffer.from(b) })), weight: 1 },
  { arbitrary: fc.constant({ headers: {} }), weight: 1 },
);

/** A multipart body that is broken in one of the ways clients break it. */
const multipartRequest = fc
  .record({
    boundary: fc.constantFrom("----aulaFuzzBoundary", "x"),
    filename: fc.oneof(fc.constantFrom("a.png", "a.pdf", "package.zip", "a.exe", "noext", ".png", "../../x.png"), wildString(300).map((s) => `${s}.png`), wildString(3000)),
    fieldname: fc.constantFrom("file", "files", "", "\u0000", "x".repeat(500)),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.constant(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")),
      fc.constant(Buffer.from("504b0304140000000000", "hex")),
    ),
    extraFields: fc.array(fc.tuple(wildString(40), wildString(3000)), { maxLength: 4 }),
    breakage: fc.constantFrom("none", "none", "truncated", "no-boundary", "no-closing", "json", "empty", "many-files"),
  })
  .map(({ boundary, filename, fieldname, content, extraFields, breakage }) => {
    const part = (name: string, file: string | null, data: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file === null ? "" : `; filename="${file}"`}\r\n${file === null ? "" : "Content-Type: application/octet-stream\r\n"}\r\n`),
        data,
        Buffer.from("\r\n"),
      ]);
    const parts = [
      ...extraFields.map(([k, v]) => part(k, null, Buffer.from(v))),
      part(fieldname, filename, content),
      ...(breakage === "many-files" ? Array.from({ length: 6 }, (_, i) => part("file", `f${i}.png`, content)) : []),
    ];
    const full = Buffer.concat([...parts, Buffer.from(breakage === "no-closing" ? "" : `--${boundary}--\r\n`)]);
    switch (breakage) {
      case "truncated":
        return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: full.subarray(0, Math.floor(full.length / 2)) };
      case "no-boundary":
        return { headers: { "content-type": "multipart/form-data" }, payload: full };
      case "json":
        return { headers: { "content-type": "application/json" }, payload: JSON.stringify({ file: filename }) };
      case "empty":
        return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: Buffer.alloc(0) };
      default:
        return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: full };
    }
  });

function requestOf(operation: Operation, role: Role): fc.Arbitrary<Request> {
  const token = tokens.get(role);
  const auth = token
    ? fc.constant<Record<string, string>>({ authorization: `Bearer ${token}` })
    : role === "lrs_integration"
      ? fc.constant<Record<string, string>>({ authorization: integrationAuth })
      : fc.oneof(
        { arbitrary: fc.constant<Record<string, string>>({}), weight: 4 },
        { arbitrary: fc.stringMatching(/^[!-~]{0,200}$/).map((s) => ({ authorization: `Basic ${Buffer.from(`${s}:${s}`).toString("base64")}` })), weight: 1 },
        { arbitrary: fc.stringMatching(/^[!-~]{0,200}$/).map((s) => ({ authorization: `Bearer ${s}` })), weight: 1 },
      );
  const xapi: fc.Arbitrary<Record<string, string>> = operation.path.startsWith("/api/lrs")
    ? fc
        .tuple(
          fc.oneof({ arbitrary: fc.constant("1.0.3"), weight: 6 }, { arbitrary: fc.stringMatching(/^[ -~]{0,40}$/), weight: 1 }),
          fc.option(fc.oneof(fc.constant("*"), fc.stringMatching(/^"[0-9a-f]{0,40}"$/), fc.stringMatching(/^[ -~]{0,300}$/)), { nil: undefined, freq: 2 }),
          fc.option(fc.constant("*"), { nil: undefined, freq: 2 }),
        )
        .map(([version, ifMatch, ifNoneMatch]) => ({
          "x-experience-api-version": version,
          ...(ifMatch !== undefined ? { "if-match": ifMatch } : {}),
          ...(ifNoneMatch !== undefined ? { "if-none-match": ifNoneMatch } : {}),
        }))
    : fc.constant({});
  const declared = fc.tuple(...operation.headers.map((h) => fc.option(headerValue(h).map((v) => [h.name.toLowerCase(), v] as const), { nil: null, freq: 5 })));
  const body: fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer }> =
    operation.body === "multipart"
      ? multipartRequest
      : operation.body === "none"
        ? fc.constant({ headers: {} })
        : operation.body === "xapi"
          ? xapiRequestBodyAs(role)
          : operation.body === "xapi-document"
            ? xapiDocumentBody
            : jsonPayload(operation.bodySchema).map((payload) => (payload === undefined ? { headers: {} } : { headers: { "content-type": "application/json" }, payload }));
  return fc.tuple(urlOf(operation), auth, xapi, declared, body).map(([url, a, x, d, b]) => ({
    url,
    headers: { ...a, ...x, ...Object.fromEntries(d.filter((h) => h !== null)), ...b.headers },
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
  }));
}

/** JSON-escaped (control characters and lone surrogates visible), cut at `max`. */
const excerpt = (value: unknown, max = 600) => {
  const text = JSON.stringify(Buffer.isBuffer(value) ? value.toString("latin1") : value) ?? "";
  return text && text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
};

// ---- The document's operations ----

function operationsOf(doc: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const parameters = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const lrsWrite = path.startsWith("/api/lrs/") && method !== "get" && method !== "delete";
      const body: BodyKind = MULTIPART.has(key)
        ? "multipart"
        : lrsWrite
          ? /\/(records|statements)$/.test(path)
            ? "xapi"
            : "xapi-document"
          : bodySchema
            ? "json"
            : "none";
      found.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === "path"),
        query: path.startsWith("/api/lrs/") ? lrsQueryOf(method, path) : parameters.filter((p) => p.in === "query"),
        headers: parameters.filter((p) => p.in === "header"),
        body,
        ...(bodySchema ? { bodySchema } : {}),
      });
    }
  }
  return [...found, ...EXTRA_OPERATIONS]
    .filter((o) => !only || `${o.method} ${o.path}`.includes(only))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

/** An answer to every request, in time: one that hangs is as much a failure as a 500. */
const REQUEST_TIMEOUT_MS = 20_000;
async function answerOf(options: InjectOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A seed per operation and role, from the run's seed: the same run again sends the same requests. */
const seedOf = (key: string) => crypto.createHash("sha256").update(`${baseSeed}:${key}`).digest().readInt32LE(0);

async function collectIds(): Promise<void> {
  const db = t.app.ctx.db;
  // Both drivers (PGlite, node-postgres) answer raw SQL with { rows }.
  const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type = 'uuid' order by table_name, column_name`),
  );
  const tablesWithId = new Set(columns.filter((c) => c.column_name === "id").map((c) => c.table_name));
  for (const { table_name: table, column_name: column } of columns) {
    const rows = rowsOf<{ v: string }>(
      await db.execute(sql`select distinct ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)} is not null limit 8`),
    );
    const values = rows.map((r) => r.v);
    const tableStem = table.replace(/s$/, "");
    const stems = column === "id" || (!tablesWithId.has(table) && column === "content_id") ? [tableStem, tableStem.split("_").pop() ?? tableStem] : [column.replace(/_id$/, "")];
    for (const stem of stems) idPool.set(stem, [...new Set([...(idPool.get(stem) ?? []), ...values])]);
  }
  allIds = [...new Set([...idPool.values()].flat())];
}

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "demo1234" }, headers: { "x-edition": email.endsWith("lumen.test") ? "lumen" : "aula" } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** The demo student's attempt in progress, so the autosave and hand-in routes meet a real one. */
async function startDemoAttempt(): Promise<void> {
  const student = await demoUser(t.app, "student1@demo.test");
  const placed = await demoAssessmentPlacement(t.app, student.id);
  const as = (role: Role) => ({ authorization: `Bearer ${tokens.get(role) ?? ""}` });
  // The first visit copies the lesson's contents into the class's items.
  const lesson = await t.app.inject({ method: "GET", url: `/api/front/lessons/${placed.lessonId}/items?courseGuid=${placed.courseId}`, headers: as("teacher") });
  if (lesson.statusCode !== 200) throw new Error(`lesson items: ${lesson.statusCode} ${lesson.body}`);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/front/assessments/${placed.assessmentId}/attempts`,
    headers: as("student"),
    payload: { courseGuid: placed.courseId },
  });
  if (res.statusCode !== 200) throw new Error(`start attempt: ${res.statusCode} ${res.body}`);
  const attempt = res.json<{ data: { guid: string; questions: Array<{ guid: string }> } }>().data;
  idPool.set("attempt", [attempt.guid, ...(idPool.get("attempt") ?? [])]);
  idPool.set("question", [...new Set([...attempt.questions.map((q) => q.guid), ...(idPool.get("question") ?? [])])]);
}

beforeAll(async () => {
  // FUZZ_LOG=error shows the server's own account of a failure.
  const logLevel = process.env.FUZZ_LOG;
  t = await buildTestApp(logLevel === "error" || logLevel === "warn" ? { logLevel } : {});
  for (const [role, email] of Object.entries(PEOPLE) as Array<[Role, string | null]>) if (email) tokens.set(role, await signIn(email));
  const teacher = await demoUser(t.app, "teacher@demo.test");
  const credential = await mintIntegrationCredential(t.app.ctx.db, { tenantId: teacher.tenantId, name: "Fuzz", scopes: ["all"] });
  integrationAuth = `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}`;
  for (const [role, email] of Object.entries(PEOPLE) as Array<[Role, string | null]>) {
    if (email) selfAgents.set(role, { objectType: "Agent", account: { homePage: t.app.ctx.publicUrl, name: (await demoUser(t.app, email)).id } });
  }
  await collectIds();
  await startDemoAttempt();
  allIds = [...new Set([...idPool.values()].flat())];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A pattern that bounds a string's length by itself: anchored, with no unbounded repetition. */
const boundingPattern = (pattern: string | undefined) => !!pattern && pattern.startsWith("^") && pattern.endsWith("$") && !/(?<!\\)[*+]|\{\d+,\}/.test(pattern);
const BOUNDED_FORMATS = new Set(["uuid", "date-time", "date", "time", "email"]);

/** Where a schema lets a client send an unbounded string or list: `path (what)`. */
function unboundedIn(schema: JsonSchema, path: string): string[] {
  const found: string[] = [];
  const types = typesOf(schema);
  const bounded = schema.maxLength !== undefined || schema.enum !== undefined || schema.const !== undefined || BOUNDED_FORMATS.has(schema.format ?? "") || boundingPattern(schema.pattern);
  if (types.includes("string") && !bounded) found.push(`${path} (string without maxLength)`);
  if (types.includes("array") && schema.maxItems === undefined) found.push(`${path} (array without maxItems)`);
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...unboundedIn(child, `${path}.${key}`));
  if (typeof schema.additionalProperties === "object") found.push(...unboundedIn(schema.additionalProperties, `${path}.*`));
  if (schema.items) found.push(...unboundedIn(schema.items, `${path}[]`));
  for (const alternative of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) found.push(...unboundedIn(alternative, path));
  return found;
}

test("every string and list a route reads has an upper bound (ADR 0019)", () => {
  const doc = t.app.swagger() as unknown as OpenApiDocument;
  const unbounded: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) if (p.schema) unbounded.push(...unboundedIn(p.schema, `${where} ${p.in}.${p.name}`));
      const body = op.requestBody?.content?.["application/json"]?.schema;
      if (body) unbounded.push(...unboundedIn(body, `${where} body`));
    }
  }
  expect(unbounded).toEqual([]);
});

test(
  "no operation answers a 5xx (or leaves the database to refuse the input) whatever a role sends",
  async () => {
    const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
    if (!only) expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const started = Date.now();
    const slow: string[] = [];
    for (const operation of operations) {
      const opStarted = Date.now();
      for (const role of rolesFor(operation)) {
        const key = `${operation.method} ${operation.path} as ${role}`;
        const seed = seedOf(key);
        const outcome = await fc.check(
          fc.asyncProperty(requestOf(operation, role), async (req) => {
            requestCount += 1;
            const options: InjectOptions = { method: operation.method as InjectOptions["method"], url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) };
            const described = (outcome: string) =>
              new Error(`${operation.method} ${excerpt(req.url, 300)} -> ${outcome}\n  headers: ${excerpt(req.headers, 300)}\n  payload: ${excerpt(req.payload, 600)}`);
            const res = await answerOf(options).catch((err: unknown) => {
              throw described(err instanceof Error ? err.message : String(err));
            });
            const klass = `${Math.floor(res.statusCode / 100)}xx`;
            answered.set(klass, (answered.get(klass) ?? 0) + 1);
            if (process.env.FUZZ_STATS) {
              const counts = perOperation.get(key) ?? new Map<number, number>();
              counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
              perOperation.set(key, counts);
            }
            const refused = res.statusCode < 500 && res.headers["content-type"]?.toString().includes("json") && res.body.includes(DATABASE_REFUSED_MESSAGE);
            if (res.statusCode >= 500 || refused) throw described(`${res.statusCode} ${excerpt(res.body, 300)}`);
          }),
          { seed, numRuns: runsPerRole, endOnFailure: true },
        );
        if (outcome.failed) {
          const error = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
          failures.push(`${key} (FUZZ_SEED=${baseSeed} FUZZ_ONLY="${operation.method} ${operation.path}", fast-check seed ${seed} path ${outcome.counterexamplePath ?? ""}):\n  ${error}`);
        }
      }
      const spent = Date.now() - opStarted;
      if (spent > 3000) slow.push(`${operation.method} ${operation.path} ${(spent / 1000).toFixed(1)} s`);
    }
    if (slow.length) console.log(`fuzz: slowest operations: ${slow.join("; ")}`);
    if (process.env.FUZZ_STATS) console.log([...perOperation].map(([k, c]) => `${k}: ${[...c].map(([st, n]) => `${st}x${n}`).join(" ")}`).join("\n"));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz: ${requestCount} requests over ${operations.length} operations x ${Object.keys(PEOPLE).length} roles (and an xAPI integration) in ${seconds} s (FUZZ_SEED=${baseSeed}, FUZZ_RUNS=${runsPerRole}); answers ${[...answered].sort().map(([k, n]) => `${k} ${n}`).join(", ")}; ${failures.length} failing`);
    expect(failures).toEqual([]);
  },
  600_000,
);
