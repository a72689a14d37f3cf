/**
 * Code built from strings in the client build (ADR 0028). The CSP's script-src has no
 * 'unsafe-eval', so `eval`, `Function`/`new Function` and string timers fail in the browser and
 * report a `securitypolicyviolation`. This parses every script of a build (acorn, the parser
 * webpack itself uses) and lists each reference to the global `Function` or `eval` that could run
 * code (a call, a `new`, an alias, an argument; not `instanceof Function` or `Function.prototype`),
 * and each `setTimeout`/`setInterval` given a string. Each is traced back to its source file
 * through the build's source maps. `bundle.ts --check` fails on any that is not in EVAL_ALLOWED.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Sources that name Function in the build, each never run in a supported browser. A new entry
 * needs the same kind of proof: a guard the app controls, or a fallback no browser reaches.
 */
export const EVAL_ALLOWED: ReadonlyArray<{ source: RegExp; why: string }> = [
  {
    source: /node_modules\/zod\/v4\/core\/(util|doc)\.js$/,
    why: "zod's allowsEval probe and its JIT parsers: skipped under jitless, which src/contracts/zod.ts sets in the browser before any schema is defined",
  },
  {
    source: /(node_modules\/pdfjs-dist\/build\/|^assets\/)pdf(\.worker)?(\.min)?\.mjs$/,
    why: "pdf.js's isEvalSupported probe and PostScript compiler: reached only when getDocument's isEvalSupported is true; PdfViewer passes false",
  },
  {
    source: /^webpack\/runtime\/global$/,
    why: 'webpack\'s global-object fallback `Function("return this")()`: only where globalThis is missing (no supported browser)',
  },
  {
    source: /node_modules\/engine\.io-client\/build\/esm\/globals\.js$/,
    why: 'socket.io\'s global-object fallback `Function("return this")()`: only where self and window are both missing (never in a page)',
  },
  {
    source: /node_modules\/(lodash-es\/_root\.js|cytoscape\/dist\/cytoscape\.esm\.mjs|@mermaid-js\/parser\/dist\/chunks\/mermaid-parser\.core\/chunk-[A-Z0-9]+\.mjs)$/,
    why: 'lodash\'s global-object fallback `Function("return this")()` (in lodash-es and inlined by cytoscape and Mermaid\'s parser, all in the diagram chunk): only where global and self are both missing (never in a page)',
  },
];

export type EvalUse = { file: string; line: number; column: number; source: string; code: string };

type AstNode = { type: string; start: number; end: number; loc: { start: { line: number; column: number } }; [key: string]: unknown };
type Acorn = { parse(code: string, options: { ecmaVersion: "latest"; sourceType: "script" | "module"; locations: true }): AstNode };
// webpack's own parser, resolved from webpack so the check needs no dependency of its own.
const acorn = createRequire(require.resolve("webpack/package.json"))("acorn") as Acorn;

const GLOBAL_OBJECTS = new Set(["window", "self", "globalThis", "global", "frames", "parent", "top"]);

const isNode = (value: unknown): value is AstNode => typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";

function walk(node: AstNode, parent: AstNode | undefined, visit: (node: AstNode, parent: AstNode | undefined) => void): void {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc") continue;
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) walk(child, node, visit);
    if (isNode(value)) walk(value, node, visit);
  }
}

/** A reference to the global Function or eval that can run code; reading Function.prototype or testing instanceof cannot. */
function runsCode(node: AstNode, parent: AstNode | undefined): boolean {
  if (node.type !== "Identifier" || (node.name !== "Function" && node.name !== "eval")) return false;
  if (!parent) return true;
  // window.eval, self.Function, globalThis.Function: the globals, reached through the global object.
  if (parent.type === "MemberExpression" && parent.property === node && !parent.computed) {
    const object = parent.object as AstNode;
    return object.type === "Identifier" && GLOBAL_OBJECTS.has(object.name as string);
  }
  // Not a reference at all: a property name.
  if ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && parent.key === node && !parent.computed) return false;
  if (parent.type === "BinaryExpression" && parent.operator === "instanceof" && parent.right === node) return false;
  if (parent.type === "UnaryExpression" && parent.operator === "typeof") return false;
  if (parent.type === "MemberExpression" && parent.object === node && !parent.computed) {
    const property = parent.property as AstNode;
    return !(property.name === "prototype" || property.name === "toString");
  }
  return true;
}

/** setTimeout("code") and setInterval("code"), called directly or on window/self/globalThis. */
function stringTimer(node: AstNode): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as AstNode;
  const name = callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" && !callee.computed ? (callee.property as AstNode).name : undefined;
  if (name !== "setTimeout" && name !== "setInterval") return false;
  const [first] = node.arguments as AstNode[];
  return first !== undefined && ((first.type === "Literal" && typeof first.value === "string") || first.type === "TemplateLiteral");
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Per generated line, its segments as [generated column, source index], from a source map's VLQ mappings. */
export function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1] ?? 0;
      segments.push([column, fields.length >= 4 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** "webpack://aula-front-office/./node_modules/x/y.js" -> "node_modules/x/y.js". */
const cleanSource = (source: string): string => source.replace(/^webpack:\/\/[^/]*\//, "").replace(/^(\.\/)+/, "").replace(/^.*?\/(node_modules\/)/, "$1");

/** The uses of eval-like code in one script; `mapText` is its source map, when it has one. */
export function evalUsesIn(file: string, code: string, mapText?: string): EvalUse[] {
  if (!/\b(Function|eval)\b|set(?:Timeout|Interval)\(\s*["'`]/.test(code)) return [];
  let ast: AstNode;
  try {
    ast = acorn.parse(code, { ecmaVersion: "latest", sourceType: file.endsWith(".mjs") ? "module" : "script", locations: true });
  } catch {
    ast = acorn.parse(code, { ecmaVersion: "latest", sourceType: "module", locations: true });
  }
  const map = mapText ? (JSON.parse(mapText) as { sources: string[]; mappings: string }) : undefined;
  const lines = map ? decodeMappings(map.mappings) : [];
  // Without a map (a file copied as is, like the pdf.js worker) the file itself, less its hash, is the source.
  const unmapped = file.replace(/\.[0-9a-f]{8,}(\.m?js)$/, "$1");
  const sourceAt = (line: number, column: number): string => {
    if (!map) return unmapped;
    const segments = lines[line - 1] ?? [];
    let found = -1;
    for (const [col, index] of segments) {
      if (col > column) break;
      found = index;
    }
    return found >= 0 ? cleanSource(map.sources[found] ?? "") : unmapped;
  };
  const uses: EvalUse[] = [];
  walk(ast, undefined, (node, parent) => {
    if (!runsCode(node, parent) && !stringTimer(node)) return;
    const { line, column } = node.loc.start;
    uses.push({ file, line, column, source: sourceAt(line, column), code: code.slice(Math.max(0, node.start - 40), node.end + 40).replace(/\s+/g, " ") });
  });
  return uses;
}

/** Every eval-like use in a build folder's scripts (js/, assets/, anything .js or .mjs). */
export function findEvalUses(dist: string): EvalUse[] {
  const uses: EvalUse[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.m?js$/.test(entry.name)) {
        const map = fs.existsSync(`${full}.map`) ? fs.readFileSync(`${full}.map`, "utf8") : undefined;
        uses.push(...evalUsesIn(path.relative(dist, full).split(path.sep).join("/"), fs.readFileSync(full, "utf8"), map));
      }
    }
  };
  visit(dist);
  return uses;
}

export const allowedReason = (use: EvalUse): string | undefined => EVAL_ALLOWED.find((a) => a.source.test(use.source))?.why;
