/**
 * @jest-environment jsdom
 */
import fs from "node:fs";
import path from "node:path";

/*
 * ADR 0028: the CSP has no 'unsafe-eval', so in a browser nothing may build code from strings. zod
 * probes `new Function("")` when the first object schema is defined unless `jitless` is set
 * (src/contracts/zod.ts sets it where there is a document). Here, with a document (jsdom), every
 * contract module is loaded and its schemas parse real values while Function and eval are
 * watched: none may be called.
 */

const CONTRACTS = path.resolve(__dirname, "../../src/contracts");

describe("contracts in a browser", () => {
  it("define and parse their schemas without calling Function or eval", () => {
    const calls: string[] = [];
    const realFunction = globalThis.Function;
    const realEval = globalThis.eval;
    globalThis.Function = new Proxy(realFunction, {
      apply(target, self, args: unknown[]) {
        calls.push(`Function(${args.map(String).join(", ")})`);
        return Reflect.apply(target, self, args);
      },
      construct(target, args: unknown[]) {
        calls.push(`new Function(${args.map(String).join(", ")})`);
        return Reflect.construct(target, args);
      },
    });
    globalThis.eval = (code: string) => {
      calls.push(`eval(${code})`);
      return realEval(code);
    };
    let checked = 0;
    try {
      jest.isolateModules(() => {
        /* eslint-disable @typescript-eslint/no-require-imports -- loaded after Function is watched, in a fresh registry */
        for (const file of fs.readdirSync(CONTRACTS).filter((f) => f.endsWith(".ts"))) require(path.join(CONTRACTS, file));
        const questions = require("../../src/contracts/questions") as typeof import("../../src/contracts/questions");
        const { QUESTION_FIXTURES } = require("../support/question-fixtures") as typeof import("../support/question-fixtures");
        const { CourseFormSchema } = require("../../src/contracts/course-settings") as typeof import("../../src/contracts/course-settings");
        const { FrontofficeHealthSchema } = require("../../src/contracts/platform") as typeof import("../../src/contracts/platform");
        /* eslint-enable @typescript-eslint/no-require-imports */
        for (const type of questions.QUESTION_TYPE_CODES) {
          const fixture = QUESTION_FIXTURES[type].question;
          expect(questions.QuestionSchema.safeParse(fixture).success).toBe(true);
          expect(questions.parseQuestionData(type, JSON.stringify(fixture.data)).ok).toBe(true);
          checked += 1;
        }
        expect(CourseFormSchema.safeParse({ name: "" }).success).toBe(false);
        const health = { frontoffice: { version: "1", status: "ok", database: { status: "up", driver: "pglite", latencyMs: 1 }, uptimeSeconds: 2, startedAt: "x" } };
        expect(FrontofficeHealthSchema.safeParse(health).success).toBe(true);
      });
    } finally {
      globalThis.Function = realFunction;
      globalThis.eval = realEval;
    }
    expect(checked).toBe(21);
    expect(calls).toEqual([]);
  });
});
