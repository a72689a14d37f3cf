import type { ComputeEngine as Engine } from "@cortex-js/compute-engine";
import { DISPLAY_FORMULA, INLINE_FORMULA } from "../../../contracts/chatbot-base";

/*
 * Math without a model (issue 17, ADR 0043): a formula the user writes between dollar signs is
 * worked out by a computer algebra system, the Cortex compute engine (MIT; loaded on the first
 * formula, server side only), never guessed.
 * - Arithmetic: worked in the order taught at school, one kind of operation per step (what is in
 *   brackets, then powers and roots, then products and quotients, then sums and differences),
 *   exactly (fractions stay fractions); each step is the whole expression, as LaTeX.
 * - An equation in one unknown: its real solutions, each checked by putting it back.
 * - An expression with letters: simplified.
 * Anything else (no formula, a formula it cannot read, more than one unknown) is not answered
 * here: the question goes to the materials.
 */

type Json = number | string | Json[] | { num: string } | { sym: string } | { str: string } | { fn: Json[] };

let engine: Promise<Engine> | null = null;
async function computeEngine(): Promise<Engine> {
  engine ??= import("@cortex-js/compute-engine").then(({ ComputeEngine }) => new ComputeEngine());
  return engine;
}

/** The first formula between dollar signs in a text, by the chat's rule (spec §5; "$5 o $10" is money). */
export function formulaOf(text: string): string | null {
  const match = new RegExp(`${DISPLAY_FORMULA.source}|${INLINE_FORMULA.source}`).exec(text)?.[0] ?? "";
  const tex = match.replace(/^\$\$?|\$\$?$/g, "").trim();
  return tex === "" ? null : tex;
}

const MAX_STEPS = 12;

const isNumber = (node: Json): boolean => typeof node === "number" || (Array.isArray(node) && node[0] === "Rational" && node.length === 3 && typeof node[1] === "number" && typeof node[2] === "number");

const ARITHMETIC = new Set(["Add", "Subtract", "Multiply", "Divide", "Power", "Sqrt", "Root", "Negate", "Delimiter", "InvisibleOperator", "Rational"]);

/** Whether a tree is numbers and the four operations, powers and roots only. */
function isArithmetic(node: Json): boolean {
  if (typeof node === "number") return Number.isFinite(node);
  if (!Array.isArray(node) || typeof node[0] !== "string" || !ARITHMETIC.has(node[0])) return false;
  return node.slice(1).every(isArithmetic);
}

/** Lighter trees: bracketed numbers and juxtaposed factors made plain. */
function normalise(node: Json): Json {
  if (!Array.isArray(node)) return node;
  const [op, ...args] = node as [string, ...Json[]];
  const kids = args.map(normalise);
  if (op === "Delimiter" && kids.length === 1 && isNumber(kids[0] as Json)) return kids[0] as Json;
  if (op === "InvisibleOperator") return ["Multiply", ...kids];
  if (op === "Negate" && typeof kids[0] === "number") return -(kids[0] as number);
  return [op, ...kids];
}

/** The school order: 0 inside brackets, 1 powers and roots, 2 products and quotients, 3 sums and differences. */
function priority(op: string, bracketed: boolean): number {
  if (bracketed) return 0;
  if (op === "Power" || op === "Sqrt" || op === "Root") return 1;
  if (op === "Multiply" || op === "Divide" || op === "Negate") return 2;
  return 3;
}

/** Nodes whose operands are all numbers, with their priority and path. */
function readyNodes(node: Json, path: number[] = [], bracketed = false): Array<{ path: number[]; priority: number }> {
  if (!Array.isArray(node) || isNumber(node)) return [];
  const [op, ...args] = node as [string, ...Json[]];
  if (op !== "Delimiter" && args.every(isNumber)) return [{ path, priority: priority(op, bracketed) }];
  return args.flatMap((arg, i) => readyNodes(arg, [...path, i + 1], bracketed || op === "Delimiter"));
}

const at = (node: Json, path: readonly number[]): Json => path.reduce<Json>((n, i) => (n as Json[])[i] as Json, node);
function replaced(node: Json, path: readonly number[], value: Json): Json {
  if (path.length === 0) return value;
  const copy = [...(node as Json[])];
  const [first, ...rest] = path as [number, ...number[]];
  copy[first] = replaced(copy[first] as Json, rest, value);
  return copy;
}

/** A rational's LaTeX, a negative one in brackets where a sign could be misread. */
function numberTex(node: Json, wrapNegative: boolean): string {
  const wrap = (s: string, negative: boolean) => (negative && wrapNegative ? `(${s})` : s);
  if (typeof node === "number") return wrap(String(node).replace("e+", "\\cdot 10^{").replace(/(\{.*)$/, "$1}"), node < 0);
  const [, p, q] = node as [string, number, number];
  return wrap(`${p < 0 ? "-" : ""}\\frac{${Math.abs(p)}}{${q}}`, p < 0);
}

/** LaTeX of an arithmetic tree, in the order it was written. */
export function texOf(node: Json, wrapNegative = false): string {
  if (isNumber(node)) return numberTex(node, wrapNegative);
  const [op, ...args] = node as [string, ...Json[]];
  const operand = (arg: Json) => {
    const tex = texOf(arg, true);
    return Array.isArray(arg) && (arg[0] === "Add" || arg[0] === "Subtract") ? `(${tex})` : tex;
  };
  switch (op) {
    case "Delimiter":
      return `(${args.map((a) => texOf(a)).join(", ")})`;
    case "Add":
      return args.map((a, i) => (i === 0 ? texOf(a, wrapNegative) : typeof a === "number" && a < 0 ? `-${texOf(-a)}` : Array.isArray(a) && a[0] === "Negate" ? `-${operand(a[1] as Json)}` : `+${texOf(a)}`)).join("");
    case "Subtract":
      return `${texOf(args[0] as Json, wrapNegative)}-${operand(args[1] as Json)}`;
    case "Multiply":
      return args.map(operand).join("\\cdot ");
    case "Divide":
      return `\\frac{${texOf(args[0] as Json)}}{${texOf(args[1] as Json)}}`;
    case "Power": {
      const base = args[0] as Json;
      const baseTex = isNumber(base) && typeof base === "number" && base >= 0 ? texOf(base) : `(${texOf(base)})`;
      return `${baseTex}^{${texOf(args[1] as Json)}}`;
    }
    case "Sqrt":
      return `\\sqrt{${texOf(args[0] as Json)}}`;
    case "Root":
      return `\\sqrt[${texOf(args[1] as Json)}]{${texOf(args[0] as Json)}}`;
    case "Negate":
      return `-${operand(args[0] as Json)}`;
    default:
      return "?";
  }
}

/** A number node as the engine computed it (exact), or null when it is not a plain rational. */
function valueOf(ce: Engine, node: Json): Json | null {
  const value = ce.box(node as never).evaluate();
  const json = value.json as Json;
  if (typeof json === "number" && Number.isFinite(json)) return json;
  if (Array.isArray(json) && json[0] === "Rational") return json;
  if (Array.isArray(json) && json[0] === "Negate" && typeof json[1] === "number") return -json[1];
  // A root or a quotient left exact (\sqrt{2}): the arithmetic stops at what is exact.
  return null;
}

export type MathAnswer = { text: string };

/** The steps of an arithmetic expression, each the whole expression as LaTeX, or null when it cannot be worked out exactly. */
function arithmeticSteps(ce: Engine, tree: Json): string[] | null {
  let current = normalise(tree);
  const steps = [texOf(current)];
  for (let i = 0; i < MAX_STEPS && !isNumber(current); i++) {
    const ready = readyNodes(current);
    if (ready.length === 0) return null;
    const first = Math.min(...ready.map((r) => r.priority));
    for (const { path } of ready.filter((r) => r.priority === first).reverse()) {
      const value = valueOf(ce, at(current, path));
      if (value === null) return null;
      current = normalise(replaced(current, path, value));
    }
    // A quotient that is already a fraction reads the same: not a step.
    const tex = texOf(current);
    if (tex !== steps[steps.length - 1]) steps.push(tex);
  }
  return isNumber(current) ? steps : null;
}

/** A formula (formulaOf's) worked out, or null when this cannot work it out. */
export async function solveFormula(tex: string): Promise<MathAnswer | null> {
  const ce = await computeEngine();
  const raw = ce.parse(tex, { form: "raw" });
  if (!raw.isValid) return null;
  const tree = raw.json as Json;

  if (isArithmetic(tree)) {
    const steps = arithmeticSteps(ce, tree);
    if (!steps || steps.length < 2) return null;
    return { text: steps.map((s, i) => (i === 0 ? `$${s}$` : `$= ${s}$`)).join("\n\n") };
  }

  const expr = ce.parse(tex);
  if (!expr.isValid) return null;
  if (expr.operator === "Equal") {
    const unknowns = expr.unknowns;
    if (unknowns.length !== 1) return null;
    const x = unknowns[0] as string;
    // Real solutions only (a school's equations); each checked: both sides equal once it is put in.
    const roots = ((expr.solve(x) ?? []) as ReadonlyArray<{ latex: string; N(): { re: number; im: number } }>).filter((root) => {
      const value = root.N();
      return Number.isFinite(value.re) && value.im === 0;
    });
    const sides = expr.json as unknown as Json[];
    const lhs = sides.length === 3 ? ce.box(sides[1] as never) : null;
    const rhs = sides.length === 3 ? ce.box(sides[2] as never) : null;
    const checked = roots.filter((root) => {
      if (!lhs || !rhs) return false;
      const left = lhs.subs({ [x]: root as never }).N().re;
      const right = rhs.subs({ [x]: root as never }).N().re;
      return Number.isFinite(left) && Number.isFinite(right) && Math.abs(left - right) <= 1e-9 * Math.max(1, Math.abs(left), Math.abs(right));
    });
    if (checked.length === 0) return null;
    return { text: [`$${tex}$`, ...checked.map((root) => `$${x} = ${root.latex}$`)].join("\n\n") };
  }
  const simplified = expr.simplify();
  if (simplified.isSame(expr) && simplified.latex === tex) return null;
  return { text: `$${tex} = ${simplified.latex}$` };
}
