import { useEffect, useState, type ElementType } from "react";

/*
 * Text that may hold LaTeX between \( \) (inline) or $$ $$ (display), rendered with KaTeX. KaTeX
 * (and its stylesheet) loads only when a text actually holds math; until then, and for text
 * without math, the source shows as plain text. KaTeX writes MathML beside its HTML, so screen
 * readers read the formula.
 */

type Segment = { kind: "text"; value: string } | { kind: "math"; value: string; display: boolean };

const MATH = /\\\(([\s\S]+?)\\\)|\$\$([\s\S]+?)\$\$/g;

export function mathSegments(source: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of source.matchAll(MATH)) {
    if (m.index > last) out.push({ kind: "text", value: source.slice(last, m.index) });
    out.push(m[1] !== undefined ? { kind: "math", value: m[1], display: false } : { kind: "math", value: m[2] ?? "", display: true });
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push({ kind: "text", value: source.slice(last) });
  return out;
}

type Katex = typeof import("katex").default;
let katexLoad: Promise<Katex> | null = null;
/** KaTeX and its stylesheet, loaded once. */
export function loadKatex(): Promise<Katex> {
  katexLoad ??= Promise.all([
    import(/* webpackChunkName: "katex" */ "katex"),
    import(/* webpackChunkName: "katex" */ "katex/dist/katex.min.css"),
  ]).then(([m]) => m.default);
  return katexLoad;
}

/** KaTeX once `needed` (null until it has loaded, and while nothing needs it). */
export function useKatex(needed: boolean): Katex | null {
  const [katex, setKatex] = useState<Katex | null>(null);
  useEffect(() => {
    if (!needed || katex) return;
    let live = true;
    void loadKatex().then((k) => live && setKatex(() => k));
    return () => {
      live = false;
    };
  }, [needed, katex]);
  return katex;
}

export function MathText({ text, as: Tag = "span", className }: { text: string; as?: ElementType; className?: string }) {
  const segments = mathSegments(text);
  const hasMath = segments.some((s) => s.kind === "math");
  const katex = useKatex(hasMath);

  if (!hasMath) return <Tag className={className}>{text}</Tag>;
  return (
    <Tag className={className}>
      {segments.map((s, i) =>
        s.kind === "text" ? (
          <span key={i}>{s.value}</span>
        ) : katex ? (
          <span
            key={i}
            className={s.display ? "math-display" : "math-inline"}
            // KaTeX escapes the source it renders; trust: "false" keeps \href and friends off.
            dangerouslySetInnerHTML={{ __html: katex.renderToString(s.value, { displayMode: s.display, throwOnError: false, output: "htmlAndMathml", trust: false }) }}
          />
        ) : (
          <span key={i}>{s.value}</span>
        ),
      )}
    </Tag>
  );
}
