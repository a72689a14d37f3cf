/*
 * The text of a PDF for the teacher tools (issue 16, ADR 0039): pdf.js (already the client's PDF
 * viewer) reads each page's text in the server process, without a worker thread, fonts or eval.
 * Lines are joined back into paragraphs: a line break stays only after a line that ends a sentence
 * (or is much shorter than a full line of the page: a heading, a paragraph's last line) and before
 * one that starts anew, so a sentence broken across lines stays one sentence for the readability
 * formulas.
 */

type TextItem = { str: string; hasEOL: boolean; transform?: number[] };
type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loaded: Promise<PdfJs> | null = null;

/** pdf.js with its worker's code in this thread (`globalThis.pdfjsWorker`): no worker file to find. */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const worker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return loaded;
}

/** Joins a page's text items into paragraphs. */
export function joinLines(items: readonly TextItem[]): string {
  const lines: string[] = [];
  let line = "";
  let y: number | undefined;
  for (const item of items) {
    // A new baseline is a new line, whether or not pdf.js marked the end of the last one (a heading
    // in another font often is not).
    const itemY = item.transform?.[5];
    if (line.trim() !== "" && itemY !== undefined && y !== undefined && Math.abs(itemY - y) > 1) {
      lines.push(line.trim());
      line = "";
    }
    if (itemY !== undefined) y = itemY;
    line += item.str;
    if (item.hasEOL) {
      lines.push(line.trim());
      line = "";
    }
  }
  lines.push(line.trim());
  const text = lines.filter((l) => l !== "");
  // A line much shorter than a full line of the page (its 75th percentile) ends a paragraph, or is a heading.
  const lengths = text.map((l) => l.length).sort((a, b) => a - b);
  const usual = lengths[Math.floor(lengths.length * 0.75)] ?? 0;
  let out = "";
  for (const [i, current] of text.entries()) {
    const next = text[i + 1] ?? "";
    out += current;
    const ends = /[.:!?»")]$/.test(current) || current.length < 0.6 * usual;
    const startsAnew = /^[\p{Lu}\d¿¡•–-]/u.test(next);
    out += ends && startsAnew ? "\n" : " ";
  }
  return out.trim();
}

/** The text of every page, pages separated by a blank line; at most `maxPages` pages are read. */
export async function pdfText(bytes: Uint8Array, maxPages = 50): Promise<string> {
  const lib = await pdfjs();
  const doc = await lib.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(joinLines(content.items.flatMap((i) => ("str" in i ? [{ str: i.str, hasEOL: i.hasEOL, transform: i.transform as number[] }] : []))));
      page.cleanup();
    }
    return pages.filter((p) => p !== "").join("\n\n");
  } finally {
    await doc.destroy();
  }
}
