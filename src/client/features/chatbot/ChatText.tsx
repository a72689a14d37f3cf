import { Link } from "@fluentui/react-components";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RouterLink } from "../../ui/RouterLink";
import { useKatex, type loadKatex } from "../questions/views/MathText";
import { parseChatText, type Inline } from "./chatText";

type Katex = Awaited<ReturnType<typeof loadKatex>>;

/** A formula with KaTeX once it has loaded (its source until then); KaTeX writes MathML beside its HTML for screen readers. */
function Formula({ source, display, katex }: { source: string; display: boolean; katex: Katex | null }) {
  if (!katex) return <code>{source}</code>;
  return (
    <span
      className={display ? "math-display" : "math-inline"}
      // KaTeX escapes what it renders; trust: false keeps \href and friends off.
      dangerouslySetInnerHTML={{ __html: katex.renderToString(source, { displayMode: display, throwOnError: false, output: "htmlAndMathml", trust: false }) }}
    />
  );
}

/**
 * A message's text (chatText.ts): paragraphs, lists, emphasis, formulas, citations that jump to
 * their source, links (the app's own in the app, others in a new tab). Built from React elements
 * only: the text is escaped by construction.
 */
export function ChatText({ text, citeId }: { text: string; citeId?: (n: number) => string }) {
  const { t } = useTranslation("chatbot");
  const blocks = useMemo(() => parseChatText(text), [text]);
  const hasMath = useMemo(() => blocks.some((b) => (b.kind === "paragraph" ? [b.inlines] : b.items).some((inlines) => inlines.some((i) => i.kind === "math"))), [blocks]);
  const katex = useKatex(hasMath);

  const inline = (piece: Inline, key: number): ReactNode => {
    switch (piece.kind) {
      case "text":
        return <span key={key}>{piece.value}</span>;
      case "strong":
        return <strong key={key}>{piece.value}</strong>;
      case "em":
        return <em key={key}>{piece.value}</em>;
      case "code":
        return <code key={key}>{piece.value}</code>;
      case "math":
        return <Formula key={key} source={piece.value} display={piece.display} katex={katex} />;
      case "cite":
        return citeId ? (
          <sup key={key}>
            <a href={`#${citeId(piece.n)}`} aria-label={t("answer.cite", { n: piece.n })}>
              [{piece.n}]
            </a>
          </sup>
        ) : (
          <sup key={key}>[{piece.n}]</sup>
        );
      case "link":
        return piece.href.startsWith("/") ? (
          <RouterLink key={key} to={piece.href}>
            {piece.title}
          </RouterLink>
        ) : (
          <Link key={key} href={piece.href} target="_blank" rel="noopener noreferrer" inline>
            {piece.title}
          </Link>
        );
    }
  };

  return (
    <>
      {blocks.map((block, i) =>
        block.kind === "paragraph" ? (
          <p key={i}>{block.inlines.map(inline)}</p>
        ) : block.ordered ? (
          <ol key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item.map(inline)}</li>
            ))}
          </ol>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item.map(inline)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
