import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { z } from "zod";
import { isContentTypeCode } from "../../src/contracts/lessons-base";
import { ContentTypeSchema } from "../../src/contracts/lessons";
import { isFrontofficeHealth } from "../../src/contracts/platform-base";
import { FrontofficeHealthSchema } from "../../src/contracts/platform";
import { isProjectionInfo } from "../../src/contracts/projection-base";
import { ProjectionInfoSchema } from "../../src/contracts/projection";
import { isQuestionType, QUESTION_DATA_DEFAULTS, readQuestionData } from "../../src/contracts/questions-base";
import { parseQuestionData, QUESTION_DATA_SCHEMAS, QUESTION_TYPE_CODES, QuestionTypeSchema, type QuestionType } from "../../src/contracts/questions";
import { QUESTION_FIXTURES } from "../support/question-fixtures";

/*
 * ADR 0028: the client's screens import the *-base.ts halves of the contracts, which hold no zod.
 * These check that each zod-free piece says what its schema says, so the two cannot drift apart.
 */

const CONTRACTS = path.resolve(__dirname, "../../src/contracts");

/** Relative modules a file imports as values (type-only imports are erased from the build). */
function valueImports(file: string): string[] {
  const source = fs.readFileSync(path.join(CONTRACTS, file), "utf8");
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?"([^"]+)";/gms)].map((m) => m[1] ?? "");
}

describe("zod-free contract modules", () => {
  const baseFiles = fs.readdirSync(CONTRACTS).filter((f) => f.endsWith("-base.ts"));

  it("import nothing that loads zod, not even through another contract", () => {
    expect(baseFiles.length).toBeGreaterThanOrEqual(8);
    const loadsZod = (file: string, seen = new Set<string>()): boolean => {
      if (seen.has(file)) return false;
      seen.add(file);
      return valueImports(file).some((spec) => spec === "zod" || (spec.startsWith("./") && loadsZod(`${spec.slice(2)}.ts`, seen)) || spec === "./zod");
    };
    expect(baseFiles.filter((f) => loadsZod(f))).toEqual([]);
  });

  it("keep zod's compiled parsers where there is no document, as on the server (zod-jitless.test.ts covers the browser)", () => {
    expect(typeof document).toBe("undefined");
    expect(z.config().jitless).not.toBe(true);
  });

  it("leave zod to ./zod.ts: every contract file takes z from there (jitless in the browser)", () => {
    const direct = fs
      .readdirSync(CONTRACTS)
      .filter((f) => f.endsWith(".ts") && f !== "zod.ts")
      .filter((f) => valueImports(f).includes("zod"));
    expect(direct).toEqual([]);
  });
});

describe("readQuestionData (question_data for showing, without zod)", () => {
  /** Stored data without the fields its schema fills in, as an author may send it. */
  const withoutDefaults = (type: QuestionType): Record<string, unknown> => {
    const data = { ...(QUESTION_FIXTURES[type].question.data as Record<string, unknown>) };
    for (const key of Object.keys((QUESTION_DATA_DEFAULTS as Partial<Record<QuestionType, object>>)[type] ?? {})) delete data[key];
    return data;
  };

  it.each(QUESTION_TYPE_CODES)("%s: gives what parseQuestionData gives for valid data, defaults filled in", (type) => {
    const json = JSON.stringify(withoutDefaults(type));
    const parsed = parseQuestionData(type, json);
    expect(parsed.ok).toBe(true);
    expect(readQuestionData(type, json)).toEqual(parsed);
  });

  it("knows every default the schemas fill in, with the same value", () => {
    for (const type of QUESTION_TYPE_CODES) {
      const shape = (QUESTION_DATA_SCHEMAS[type] as unknown as z.ZodObject).shape;
      const defaults = Object.fromEntries(
        Object.entries(shape)
          .filter(([, field]) => field instanceof z.ZodDefault)
          .map(([key, field]) => [key, (field as z.ZodDefault).parse(undefined)]),
      );
      expect({ type, defaults }).toEqual({ type, defaults: (QUESTION_DATA_DEFAULTS as Partial<Record<QuestionType, object>>)[type] ?? {} });
    }
  });

  it("refuses what is not a question_data object, as parseQuestionData does", () => {
    for (const [type, json] of [["QT_22", "{}"], ["QT_1", "{nope"], ["QT_1", "x".repeat(200_001)]] as const) {
      const read = readQuestionData(type as QuestionType, json);
      expect(read.ok).toBe(false);
      expect(read).toEqual(parseQuestionData(type as QuestionType, json));
    }
    expect(readQuestionData("QT_1", "[1]").ok).toBe(false);
    expect(readQuestionData("QT_1", "null").ok).toBe(false);
  });
});

describe("zod-free guards accept exactly what their schemas accept", () => {
  /** The guard and the schema agree on every value, and the values include some each accepts and refuses. */
  const agrees = (guard: (v: unknown) => boolean, schema: z.ZodType, values: fc.Arbitrary<unknown>) => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(values, (v) => {
        const accepted = schema.safeParse(v).success;
        seen.add(accepted);
        return guard(v) === accepted;
      }),
      { numRuns: 1000, seed: 28 },
    );
    expect([...seen].sort()).toEqual([false, true]);
  };

  it("isQuestionType and isContentTypeCode", () => {
    const codes = fc.oneof(fc.constantFrom("QT_1", "QT_21", "QT_22", "QT_0", "CTTY_01", "CTTY_20", "CTTY_21", "toString", "__proto__"), fc.anything());
    agrees(isQuestionType, QuestionTypeSchema, codes);
    agrees(isContentTypeCode, ContentTypeSchema, codes);
  });

  it("isFrontofficeHealth", () => {
    const health = fc.record(
      {
        frontoffice: fc.record(
          {
            version: fc.oneof(fc.string(), fc.integer()),
            status: fc.constantFrom("ok", "degraded", "down", 1),
            database: fc.oneof(
              fc.record(
                { status: fc.constantFrom("up", "down", "?"), driver: fc.constantFrom("pglite", "postgres", "mysql"), latencyMs: fc.oneof(fc.double(), fc.string()) },
                { requiredKeys: ["status", "driver"] },
              ),
              fc.constant(null),
            ),
            uptimeSeconds: fc.oneof(fc.double(), fc.constant("1")),
            startedAt: fc.oneof(fc.string(), fc.constant(null)),
          },
          { requiredKeys: ["version", "status", "database"] },
        ),
      },
      { requiredKeys: [] },
    );
    agrees(isFrontofficeHealth, FrontofficeHealthSchema, fc.oneof(health, fc.anything()));
  });

  it("isProjectionInfo", () => {
    const info = fc.record(
      { lessonTitle: fc.oneof(fc.string(), fc.integer()), courseName: fc.string(), itemTitles: fc.oneof(fc.array(fc.string()), fc.array(fc.oneof(fc.string(), fc.integer()))) },
      { requiredKeys: ["lessonTitle", "itemTitles"] },
    );
    agrees(isProjectionInfo, ProjectionInfoSchema, fc.oneof(info, fc.anything()));
  });
});
