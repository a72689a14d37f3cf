/*
 * Mathematical equivalence for cloze-math gaps, without a computer-algebra dependency.
 *
 * The subset: numbers (decimal point or decimal comma; no thousands separators), one-letter
 * variables (case matters; "xy" is x·y), \pi, + - * / ^ (also \cdot \times \div · × ÷ − ² ³), \frac{}{}
 * (\dfrac, \tfrac), \sqrt{} and \sqrt[n]{}, ( ) [ ] { } and \left \right, and implicit
 * multiplication (2x, 2(x+1), (a+b)(a-b), x\sqrt{2}). A digit never multiplies implicitly from the
 * right ("x2", "2 3" are refused), and an exponent takes a whole number (x^23 is x to the 23rd, as
 * typed in plain notation). "2\frac{1}{2}" is 2·½, not a mixed number.
 *
 * Comparison: two pure numbers compare exactly as rationals when both are rational (1/3 is not
 * 0.33); otherwise both sides are evaluated at pseudo-random points (fixed seed, so a score never
 * changes between runs) and must agree at 8 points where both are defined, within 1e-9 relative.
 * Points where either side is undefined (a square root of a negative, a division by zero) are
 * skipped, so expressions that only differ on such points count as equivalent.
 */

type Rational = { n: bigint; d: bigint };
type Node =
  | { k: "num"; value: Rational }
  | { k: "var"; name: string }
  | { k: "pi" }
  | { k: "neg"; a: Node }
  | { k: "add" | "sub" | "mul" | "div" | "pow"; a: Node; b: Node }
  | { k: "root"; a: Node; index: Node };

class MathSyntaxError extends Error {}

// ---- Parsing ------------------------------------------------------------------------------------

const REWRITES: Array<[RegExp, string]> = [
  // Math delimiters an answer may come wrapped in: \( \), \[ \], $ $.
  [/\\[()[\]]|\$/g, " "],
  [/\\(?:cdot|times|ast)(?![a-zA-Z])/g, "*"],
  [/\\div(?![a-zA-Z])/g, "/"],
  [/\\[dt]frac(?![a-zA-Z])/g, "\\frac"],
  [/\\(?:left|right)(?![a-zA-Z])/g, ""],
  [/\\(?:quad|qquad)(?![a-zA-Z])|\\[,;:! ]/g, " "],
  [/\*\*/g, "^"],
  [/[·×]/g, "*"],
  [/÷/g, "/"],
  [/−/g, "-"],
  [/²/g, "^2"],
  [/³/g, "^3"],
];

const TEN = 10n;
const rational = (n: bigint, d: bigint): Rational => {
  const g = gcd(n < 0n ? -n : n, d < 0n ? -d : d) || 1n;
  const sign = d < 0n ? -1n : 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
};
function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.expr();
    this.skip();
    if (this.i < this.s.length) throw new MathSyntaxError(`unexpected "${this.s[this.i]}"`);
    return node;
  }

  private skip(): void {
    while (this.i < this.s.length && /\s/.test(this.s.charAt(this.i))) this.i += 1;
  }
  private peek(): string {
    this.skip();
    return this.s.charAt(this.i);
  }
  private eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.i += 1;
    return true;
  }
  private expect(ch: string): void {
    if (!this.eat(ch)) throw new MathSyntaxError(`expected "${ch}"`);
  }

  private expr(): Node {
    let node = this.term();
    for (;;) {
      if (this.eat("+")) node = { k: "add", a: node, b: this.term() };
      else if (this.eat("-")) node = { k: "sub", a: node, b: this.term() };
      else return node;
    }
  }

  private term(): Node {
    let node = this.unary();
    for (;;) {
      if (this.eat("*")) node = { k: "mul", a: node, b: this.unary() };
      else if (this.eat("/")) node = { k: "div", a: node, b: this.unary() };
      else if (/^[A-Za-z([{\\]$/.test(this.peek())) node = { k: "mul", a: node, b: this.power() };
      else return node;
    }
  }

  private unary(): Node {
    if (this.eat("-")) return { k: "neg", a: this.unary() };
    if (this.eat("+")) return this.unary();
    return this.power();
  }

  private power(): Node {
    const base = this.primary();
    return this.eat("^") ? { k: "pow", a: base, b: this.unary() } : base;
  }

  private primary(): Node {
    const ch = this.peek();
    if (/[0-9.,]/.test(ch)) return this.number();
    if (/[A-Za-z]/.test(ch)) {
      this.i += 1;
      return { k: "var", name: ch };
    }
    for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]] as const) {
      if (this.eat(open)) {
        const inner = this.expr();
        this.expect(close);
        return inner;
      }
    }
    if (ch === "\\") return this.command();
    throw new MathSyntaxError(ch === "" ? "unexpected end" : `unexpected "${ch}"`);
  }

  private number(): Node {
    const m = /\d+(?:[.,]\d+)?|\.\d+/y;
    m.lastIndex = this.i;
    const found = m.exec(this.s);
    if (!found) throw new MathSyntaxError("bad number");
    this.i += found[0].length;
    const [int = "", frac = ""] = found[0].split(/[.,]/);
    return { k: "num", value: rational(BigInt(int + frac || "0"), TEN ** BigInt(frac.length)) };
  }

  private command(): Node {
    const m = /\\([a-zA-Z]+)/y;
    m.lastIndex = this.i;
    const name = m.exec(this.s)?.[1];
    if (name === undefined) throw new MathSyntaxError("bad command");
    this.i += name.length + 1;
    if (name === "pi") return { k: "pi" };
    if (name === "frac") return { k: "div", a: this.argument(), b: this.argument() };
    if (name === "sqrt") {
      let index: Node = { k: "num", value: rational(2n, 1n) };
      if (this.eat("[")) {
        index = this.expr();
        this.expect("]");
      }
      return { k: "root", a: this.argument(), index };
    }
    throw new MathSyntaxError(`unknown command \\${name}`);
  }

  /** A LaTeX argument: a {group}, or a single digit or letter as in \frac12. */
  private argument(): Node {
    const ch = this.peek();
    if (ch === "{") return this.primary();
    if (/[0-9]/.test(ch)) {
      this.i += 1;
      return { k: "num", value: rational(BigInt(ch), 1n) };
    }
    if (/[A-Za-z\\]/.test(ch)) return this.primary();
    throw new MathSyntaxError("missing argument");
  }
}

/** The expression tree, or null when the text is outside the subset. */
export function parseMath(source: string): Node | null {
  // Answers are short; the cap also bounds the parser's recursion.
  if (source.length > 1000) return null;
  const rewritten = REWRITES.reduce((s, [re, to]) => s.replace(re, to), source.normalize("NFC"));
  if (rewritten.trim() === "") return null;
  try {
    return new Parser(rewritten).parse();
  } catch (err) {
    if (err instanceof MathSyntaxError) return null;
    throw err;
  }
}

// ---- Evaluating ---------------------------------------------------------------------------------

/** The exact value of a variable-free expression, or null when it is not rational (or too large to compute). */
function exact(node: Node): Rational | null {
  switch (node.k) {
    case "num":
      return node.value;
    case "var":
    case "pi":
    case "root":
      return null;
    case "neg": {
      const a = exact(node.a);
      return a && { n: -a.n, d: a.d };
    }
    default: {
      const a = exact(node.a);
      const b = exact(node.b);
      if (!a || !b) return null;
      if (node.k === "add") return rational(a.n * b.d + b.n * a.d, a.d * b.d);
      if (node.k === "sub") return rational(a.n * b.d - b.n * a.d, a.d * b.d);
      if (node.k === "mul") return rational(a.n * b.n, a.d * b.d);
      if (node.k === "div") return b.n === 0n ? null : rational(a.n * b.d, a.d * b.n);
      return exactPower(a, b);
    }
  }
}

function exactPower(base: Rational, exp: Rational): Rational | null {
  if (exp.d !== 1n) return null;
  const e = exp.n < 0n ? -exp.n : exp.n;
  const bits = Math.max(base.n.toString(2).length, base.d.toString(2).length);
  if (bits * Number(e) > 4096) return null;
  if (exp.n < 0n) return base.n === 0n ? null : rational(base.d ** e, base.n ** e);
  return rational(base.n ** e, base.d ** e);
}

function evaluate(node: Node, at: ReadonlyMap<string, number>): number {
  switch (node.k) {
    case "num":
      return Number(node.value.n) / Number(node.value.d);
    case "var":
      return at.get(node.name) ?? Number.NaN;
    case "pi":
      return Math.PI;
    case "neg":
      return -evaluate(node.a, at);
    case "add":
      return evaluate(node.a, at) + evaluate(node.b, at);
    case "sub":
      return evaluate(node.a, at) - evaluate(node.b, at);
    case "mul":
      return evaluate(node.a, at) * evaluate(node.b, at);
    case "div": {
      const b = evaluate(node.b, at);
      return b === 0 ? Number.NaN : evaluate(node.a, at) / b;
    }
    case "pow":
      return evaluate(node.a, at) ** evaluate(node.b, at);
    case "root": {
      const a = evaluate(node.a, at);
      const n = evaluate(node.index, at);
      if (n === 0) return Number.NaN;
      // An odd root of a negative is real: \sqrt[3]{-8} = -2.
      if (a < 0 && Number.isInteger(n) && Math.abs(n) % 2 === 1) return -((-a) ** (1 / n));
      return a ** (1 / n);
    }
  }
}

function variables(node: Node, into = new Set<string>()): Set<string> {
  if (node.k === "var") into.add(node.name);
  if ("a" in node) variables(node.a, into);
  if ("b" in node) variables(node.b, into);
  if (node.k === "root") variables(node.index, into);
  return into;
}

const close = (x: number, y: number, tolerance: number) => Math.abs(x - y) <= tolerance * Math.max(1, Math.abs(x), Math.abs(y));

/** mulberry32: a small seeded generator, so the same answer always gets the same verdict. */
function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const POINTS_NEEDED = 8;
const MAX_ATTEMPTS = 64;

/** Whether two parsed expressions denote the same value (numbers) or function (with variables). */
function equivalent(a: Node, b: Node): boolean {
  const names = [...variables(a, variables(b))];
  if (names.length === 0) {
    const [ea, eb] = [exact(a), exact(b)];
    if (ea && eb) return ea.n === eb.n && ea.d === eb.d;
    const [x, y] = [evaluate(a, new Map()), evaluate(b, new Map())];
    return Number.isFinite(x) && Number.isFinite(y) && close(x, y, 1e-12);
  }
  const random = seeded(0x5eed);
  let agreed = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && agreed < POINTS_NEEDED; attempt += 1) {
    // Values in ±[0.5, 3]: both signs, away from 0 and 1 where different expressions often meet.
    const at = new Map(names.map((n) => [n, (random() < 0.5 ? -1 : 1) * (0.5 + 2.5 * random())]));
    const [x, y] = [evaluate(a, at), evaluate(b, at)];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (!close(x, y, 1e-9)) return false;
    agreed += 1;
  }
  return agreed >= POINTS_NEEDED;
}

/** An author's answer outside the subset is compared as text (spaces ignored), so it still works. */
const asText = (s: string) => s.normalize("NFC").replace(/\s+/gu, "");

/** Whether the student's input is mathematically equivalent to the expected answer. Never throws. */
export function mathEquivalent(expected: string, given: string): boolean {
  const e = parseMath(expected);
  if (!e) return asText(expected) !== "" && asText(expected) === asText(given);
  const g = parseMath(given);
  return g !== null && equivalent(e, g);
}
