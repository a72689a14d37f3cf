import type { Color, PDFFont, PDFPage } from "pdf-lib";
import { NUMERATION_PDF, type PdfLesson } from "./pdf-texts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
/** Fixed so the same lesson always gives the same bytes. */
const DOCUMENT_DATE = new Date("2026-09-01T08:00:00Z");

/** Splits a paragraph into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes lines top-down and returns the next baseline. */
function writeLines(page: PDFPage, lines: string[], x: number, y: number, font: PDFFont, size: number, color: Color): number {
  let at = y;
  for (const line of lines) {
    page.drawText(line, { x, y: at, size, font, color });
    at -= size * 1.45;
  }
  return at;
}

/**
 * A lesson handout: one page per section (heading, paragraphs, an optional numbered list), the
 * document title on top and "page n of N" at the foot. Standard Helvetica with WinAnsi encoding,
 * which covers Spanish and Portuguese letters (á, ñ, ç, ã...). pdf-lib is loaded on first use, so
 * apps that never seed (or find the files already stored) do not pay for it, and from its
 * single-file build, which loads in about a third of the time of its 139-module entry (the seed
 * runs for every test app).
 */
export async function buildLessonPdf(lesson: PdfLesson = NUMERATION_PDF): Promise<Uint8Array> {
  const loaded = await import("pdf-lib/dist/pdf-lib.min.js");
  // CommonJS interop differs between loaders (node, jest, Playwright's): the names are on the module or on its default.
  const { PDFDocument, StandardFonts, rgb } = "PDFDocument" in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  const ink = rgb(0.14, 0.14, 0.14);
  const accent = rgb(0.06, 0.42, 0.74);
  const doc = await PDFDocument.create();
  doc.setTitle(lesson.title);
  doc.setSubject(lesson.subject);
  doc.setAuthor(lesson.author);
  doc.setLanguage(lesson.language);
  doc.setCreator("Aula Digital (demo seed)");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(DOCUMENT_DATE);
  doc.setModificationDate(DOCUMENT_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;

  lesson.pages.forEach((section, index) => {
    const page = doc.addPage(A4);
    let y = A4[1] - MARGIN;
    page.drawText(lesson.title, { x: MARGIN, y, size: 10, font: bold, color: accent });
    page.drawLine({ start: { x: MARGIN, y: y - 6 }, end: { x: A4[0] - MARGIN, y: y - 6 }, thickness: 1, color: accent });
    y -= 40;
    y = writeLines(page, wrap(section.heading, bold, 20, width), MARGIN, y, bold, 20, ink) - 8;
    for (const paragraph of section.paragraphs) {
      y = writeLines(page, wrap(paragraph, regular, 12, width), MARGIN, y, regular, 12, ink) - 8;
    }
    if (section.list) {
      y = writeLines(page, [section.list.title], MARGIN, y - 4, bold, 13, ink) - 2;
      section.list.items.forEach((item, i) => {
        const marker = `${i + 1}.`;
        page.drawText(marker, { x: MARGIN, y, size: 12, font: bold, color: ink });
        y = writeLines(page, wrap(item, regular, 12, width - 22), MARGIN + 22, y, regular, 12, ink) - 4;
      });
    }
    if (y < MARGIN) throw new Error(`seed pdf: section "${section.heading}" does not fit on one page`);
    const footer = lesson.footer(index + 1, lesson.pages.length);
    page.drawText(footer, { x: A4[0] - MARGIN - regular.widthOfTextAtSize(footer, 9), y: MARGIN / 2, size: 9, font: regular, color: ink });
  });
  return doc.save();
}
