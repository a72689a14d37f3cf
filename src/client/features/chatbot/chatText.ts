/*
 * A chat message's text as blocks and inline pieces (issue 17; spec §5 chat input rules), for
 * ChatText to render as React elements: nothing is ever set as HTML, so the text is escaped by
 * construction. Read:
 * - paragraphs (blank lines), list items ("- ", "* ", "1. "), **bold**, *italic*, `code`;
 * - formulas between dollar signs: $x^2$ inline, $$…$$ on their own (a "$" followed by a space or a
 *   digit after the closing one is money, not math);
 * - [n] citations of the answer's sources;
 * - links: [title](https://…) and bare addresses; a trailing ':' (and what follows it) after
 *   '.html' is trimmed; decorative emoji are removed from link titles.
 */
import { DISPLAY_FORMULA, INLINE_FORMULA } from "../../../contracts/chatbot-base";

export type Inline =
  | { kind: "text"; value: string }
  | { kind: "strong"; value: string }
  | { kind: "em"; value: string }
  | { kind: "code"; value: string }
  | { kind: "math"; value: string; display: boolean }
  | { kind: "cite"; n: number }
  | { kind: "link"; href: string; title: string };

export type Block = { kind: "paragraph"; inlines: Inline[] } | { kind: "list"; ordered: boolean; items: Inline[][] };

/** Spec §5: a link ending in ".html:" (or ".html:anything") keeps only up to ".html". */
export function trimLink(href: string): string {
  return href.replace(/(\.html):.*$/i, "$1");
}

/** Spec §5: decorative emoji (pictographs, their variation selectors and joiners, keycaps) out of a link's title. */
export function cleanLinkTitle(title: string): string {
  return title
    .replace(/\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\uFE0F|\u200D|\u20E3/gu, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

const TOKEN = new RegExp(
  String.raw`(${DISPLAY_FORMULA.source})|(${INLINE_FORMULA.source})|` +
    /(\*\*[^*\n]+\*\*)|(`[^`\n]+`)|(\[\d{1,2}\])|(\[[^\]\n]+\]\((?:https?:\/\/|\/)[^)\s]+\))|(https?:\/\/[^\s<>()]+[^\s<>().,;!?'"])|(\*[^*\s][^*\n]*\*)/.source,
  "g",
);

/** The inline pieces of a line. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const push = (piece: Inline) => {
    const last = out[out.length - 1];
    if (piece.kind === "text" && last?.kind === "text") last.value += piece.value;
    else if (piece.kind !== "text" || piece.value !== "") out.push(piece);
  };
  let at = 0;
  for (const m of line.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    push({ kind: "text", value: line.slice(at, index) });
    const [whole] = m;
    if (m[1]) push({ kind: "math", value: whole.slice(2, -2).trim(), display: true });
    else if (m[2]) push({ kind: "math", value: whole.slice(1, -1), display: false });
    else if (m[3]) push({ kind: "strong", value: whole.slice(2, -2) });
    else if (m[4]) push({ kind: "code", value: whole.slice(1, -1) });
    else if (m[5]) push({ kind: "cite", n: Number(whole.slice(1, -1)) });
    else if (m[6]) {
      const split = whole.indexOf("](");
      const title = cleanLinkTitle(whole.slice(1, split));
      const href = trimLink(whole.slice(split + 2, -1));
      push({ kind: "link", href, title: title === "" ? href : title });
    } else if (m[7]) {
      const href = trimLink(whole);
      push({ kind: "link", href, title: href });
    } else if (m[8]) push({ kind: "em", value: whole.slice(1, -1) });
    at = index + whole.length;
  }
  push({ kind: "text", value: line.slice(at) });
  return out;
}

const LIST_ITEM = /^\s*(?:([-*•])|(\d{1,3})[.)])\s+(.*)$/;

/** The text's blocks: paragraphs split on blank lines, lists from consecutive item lines. */
export function parseChatText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: "paragraph", inlines: parseInline(paragraph.join(" ")) });
      paragraph = [];
    };
    for (const line of chunk.split("\n")) {
      if (line.trim() === "") continue;
      const item = LIST_ITEM.exec(line);
      if (item) {
        flush();
        const ordered = item[2] !== undefined;
        const last = blocks[blocks.length - 1];
        const inlines = parseInline(item[3] ?? "");
        if (last?.kind === "list" && last.ordered === ordered) last.items.push(inlines);
        else blocks.push({ kind: "list", ordered, items: [inlines] });
      } else {
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

/** The text a screen reader or the read-aloud gets: the formulas' sources, citations and links' titles. */
export function plainText(text: string): string {
  return parseChatText(text)
    .flatMap((block) => (block.kind === "paragraph" ? [block.inlines] : block.items))
    .map((inlines) => inlines.map((i) => (i.kind === "cite" ? "" : i.kind === "link" ? i.title : i.value)).join(""))
    .join("\n")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
