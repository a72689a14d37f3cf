import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/*
 * The text of a PDF for the teacher tools (issue 16, ADR 0039): pdf.js (already the client's PDF
 * viewer) reads each page's text, without fonts or eval, in a worker thread of its own for each
 * PDF. Its Node build (the "legacy" one: Node 20 lacks what the modern build needs) installs
 * core-js polyfills over globals such as JSON.stringify, which must not reach the server's own
 * thread; the worker also keeps a large PDF's parsing off the event loop, and is ended after
 * PDF_TIMEOUT_MS whatever happens.
 * Lines are joined back into paragraphs: a line break stays only after a line that ends a sentence
 * (or is much shorter than a full line of the page: a heading, a paragraph's last line) and before
 * one that starts anew, so a sentence broken across lines stays one sentence for the readability
 * formulas.
 */

type TextItem = { str: string; hasEOL: boolean; transform?: number[] };

const PDF_TIMEOUT_MS = 20_000;

const resolve = createRequire(__filename).resolve;

/**
 * The worker's code (run with `eval`, so there is no file to ship or find): loads pdf.js with its
 * worker's code in the same thread, reads every page's text items, posts them back.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  try {
    globalThis.pdfjsWorker = await import(workerData.workerUrl);
    const lib = await import(workerData.pdfUrl);
    const doc = await lib.getDocument({ data: workerData.bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
    const pages = [];
    for (let n = 1; n <= Math.min(doc.numPages, workerData.maxPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.filter((i) => "str" in i).map((i) => ({ str: i.str, hasEOL: i.hasEOL, transform: i.transform })));
      page.cleanup();
    }
    await doc.destroy();
    parentPort.postMessage({ pages });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
})();
`;

/** Every page's text items, read by pdf.js in a worker thread. */
function readPages(bytes: Uint8Array, maxPages: number): Promise<TextItem[][]> {
  const workerData = {
    bytes,
    maxPages,
    pdfUrl: pathToFileURL(resolve("pdfjs-dist/legacy/build/pdf.mjs")).href,
    workerUrl: pathToFileURL(resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href,
  };
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER, { eval: true, workerData });
    const timer = setTimeout(() => {
      void worker.terminate();
      fail(new Error(`pdf.js took more than ${PDF_TIMEOUT_MS} ms`));
    }, PDF_TIMEOUT_MS);
    worker.once("message", (message: { pages?: TextItem[][]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.pages) done(message.pages);
      else fail(new Error(message.error ?? "pdf.js failed"));
    });
    worker.once("error", (err) => {
      clearTimeout(timer);
      fail(err);
    });
  });
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
  const pages = await readPages(bytes, maxPages);
  return pages
    .map(joinLines)
    .filter((p) => p !== "")
    .join("\n\n");
}
