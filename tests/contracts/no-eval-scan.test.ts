import { allowedReason, decodeMappings, evalUsesIn } from "../perf/no-eval";

/*
 * The build check behind `tests/perf/bundle.ts --check` (ADR 0028): what counts as code built from
 * strings, and how a use is traced to its source file through a source map.
 */

const uses = (code: string) => evalUsesIn("js/x.js", code).map((u) => u.code.trim());

describe("eval-like code in a built script", () => {
  it.each([
    ['new Function("return 1")'],
    ['Function("return this")()'],
    ['let F=Function;new F("")'],
    ["call(Function)"],
    ['eval("1+1")'],
    ['(0,eval)("1")'],
    ['window.eval("1")'],
    ['globalThis.Function("x")'],
    ['Function.call(null,"x")'],
    ['setTimeout("go()",10)'],
    ["window.setInterval(`tick()`,10)"],
  ])("flags %s", (code) => {
    expect(uses(code)).toHaveLength(1);
  });

  it.each([
    ["x instanceof Function"],
    ["Function.prototype.toString.call(f)"],
    ["Function.toString.call(f)"],
    ['typeof Function=="function"'],
    ["obj.eval(1);obj.Function(2)"],
    ["({eval:1,Function:2})"],
    ['/* new Function("x") */ const s="new Function(";'],
    ["setTimeout(go,10)"],
  ])("leaves %s alone", (code) => {
    expect(uses(code)).toEqual([]);
  });

  it("names the source file a use comes from, through the source map", () => {
    // Two segments: column 0 from src/a.js, column 4 on from zod's util.js.
    const map = JSON.stringify({ version: 3, sources: ["webpack://app/./src/a.js", "webpack://app/./node_modules/zod/v4/core/util.js"], mappings: "AAAA,ICAA" });
    expect(decodeMappings("AAAA,ICAA")).toEqual([[[0, 0], [4, 1]]]);
    const [use, ...rest] = evalUsesIn("js/1.js", 'a();new Function("")', map);
    expect(rest).toEqual([]);
    expect(use?.source).toBe("node_modules/zod/v4/core/util.js");
    expect(use && allowedReason(use)).toMatch(/jitless/);
  });

  it("names a file without a map by its name less the hash, and allows only the listed sources", () => {
    const [worker] = evalUsesIn("assets/pdf.worker.min.f80e59db57.mjs", 'export const ok=()=>{try{new Function("");return true}catch{return false}};');
    expect(worker?.source).toBe("assets/pdf.worker.min.mjs");
    expect(worker && allowedReason(worker)).toMatch(/isEvalSupported/);
    const [app] = evalUsesIn("js/main.0123456789.js", 'eval("x")');
    expect(app?.source).toBe("js/main.js");
    expect(app && allowedReason(app)).toBeUndefined();
  });
});
