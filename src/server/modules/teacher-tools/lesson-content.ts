import { eq } from "drizzle-orm";
import { isContentTypeCode, CONTENT_TYPES } from "../../../contracts/lessons-base";
import { countWords, TOOL_TEXT_MAX_WORDS, type LessonContentForTools } from "../../../contracts/teacher-tools-base";
import type { EducationLevelSeedCode } from "../../../contracts/education-levels";
import type { Db } from "../../db/client";
import { educationLevels, educationYears } from "../../db/schema";
import type { Storage } from "../../platform/storage";
import type { CourseAccess } from "../courses/access";
import { listLessonItems, type LessonItemRow } from "../lessons/items-service";
import { ensureLessonItems, loadCourseLesson, type CourseLesson } from "../lessons/service";
import { pdfText } from "./pdf-text";

/*
 * A class's lesson as text for the teacher tools (spec §7 "GET lesson content by lesson id"; issue
 * 16, ADR 0039): what its items say, in the lesson's order, as the teacher sees the lesson (drafts
 * included). Read from the items that hold text: written texts (responsive pages, assignments),
 * HTML pages, PDFs (notes, a book's pages: pdf-text.ts) and the descriptions of images (alt
 * text). Packages and media add their description only. Cut at the tools' word limit, at a sentence's end where one is near.
 */

/** HTML pages read for their text, at most (a page's markup beyond this is not lesson text). */
const HTML_MAX_BYTES = 512 * 1024;
/** PDFs (notes, a book's pages) read for their text, at most. */
const PDF_MAX_BYTES = 20 * 1024 * 1024;

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The readable text of an HTML page: no head, scripts or styles; block elements end lines; entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(head|script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr|\/section|\/article|\/blockquote|\/table)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === "#") {
        const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : " ";
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** The first `limit` words of `text`, ending at the last sentence end within them when there is one in the last fifth (unless `exact`). */
export function cutAtWords(text: string, limit: number, exact = false): { text: string; truncated: boolean } {
  const pattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
  let count = 0;
  let end = -1;
  for (const match of text.matchAll(pattern)) {
    count += 1;
    if (count === limit) {
      end = (match.index ?? 0) + match[0].length;
      break;
    }
  }
  if (end < 0 || end >= text.trimEnd().length) return { text, truncated: false };
  const head = text.slice(0, end);
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf(".\n"), head.lastIndexOf("? "), head.lastIndexOf("! "));
  const cut = !exact && sentenceEnd > head.length * 0.8 ? head.slice(0, sentenceEnd + 1) : head;
  return { text: cut.trimEnd(), truncated: true };
}

/** A content's own text (written body, image description, an HTML page's or a PDF's text); "" when it has none. The assistant's index reads it too. */
export async function itemText(storage: Storage, content: { type: string; storageKey: string | null; mimeType: string | null; data: { body?: string | undefined; alt?: string | undefined } }): Promise<string> {
  if (content.data.body) return content.data.body;
  if (content.data.alt) return content.data.alt;
  const type = isContentTypeCode(content.type) ? CONTENT_TYPES[content.type] : null;
  if (!content.storageKey) return "";
  if (type === "page_html" && content.mimeType === "text/html") {
    const size = await storage.size(content.storageKey);
    if (size !== null && size <= HTML_MAX_BYTES) return htmlText((await storage.read(content.storageKey)).toString("utf8"));
  }
  if ((type === "pdf" || type === "fixed_layout") && content.mimeType === "application/pdf") {
    const size = await storage.size(content.storageKey);
    if (size === null || size > PDF_MAX_BYTES) return "";
    // A PDF pdf.js cannot read gives its description, like any content without text.
    return pdfText(new Uint8Array(await storage.read(content.storageKey))).catch(() => "");
  }
  return "";
}

/** One of the lesson's items as the tools read it: its content, its type's name, and its text (or its description). */
export type ItemText = { content: LessonItemRow["content"]; type: string; text: string; words: number; fromDescription: boolean };

/**
 * The class's lesson and its items with their text, in the lesson's order, as the caller (a
 * teacher of the class, checked by the caller of this function) sees them. The class's items are
 * copied from the publisher's the first time anyone opens the lesson; this counts as opening it.
 */
export async function lessonItemTexts(db: Db, storage: Storage, access: CourseAccess, lessonId: string, callerId: string): Promise<{ lesson: CourseLesson; items: ItemText[] }> {
  const lesson = await loadCourseLesson(db, access.course, lessonId, "teacher");
  await ensureLessonItems(db, access.course, lesson.id);
  const rows = await listLessonItems(db, access.course, lesson.id, callerId, "teacher");
  const items: ItemText[] = [];
  for (const { content } of rows) {
    const own = (await itemText(storage, content)).trim();
    const text = own === "" ? content.description.trim() : own;
    items.push({ content, type: isContentTypeCode(content.type) ? CONTENT_TYPES[content.type] : content.type, text, words: countWords(text), fromDescription: own === "" });
  }
  return { lesson, items };
}

/** The lesson's text for a tool's form: its items' texts under their titles, cut at the word limit. */
export async function loadLessonContent(db: Db, storage: Storage, access: CourseAccess, lessonId: string, callerId: string): Promise<LessonContentForTools> {
  const { lesson, items } = await lessonItemTexts(db, storage, access, lessonId, callerId);
  const withText = items.filter((i) => i.text !== "");
  const whole = withText.map((i) => `${i.content.title}\n${i.text}`).join("\n\n");
  const sources: LessonContentForTools["sources"] = withText.map((i) => ({ title: i.content.title, type: i.type, words: i.words }));
  const { text, truncated } = cutAtWords(whole, TOOL_TEXT_MAX_WORDS);

  const course = access.course;
  const [year] = course.educationYearId
    ? await db
        .select({ level: educationLevels.code, order: educationYears.order })
        .from(educationYears)
        .innerJoin(educationLevels, eq(educationLevels.id, educationYears.levelId))
        .where(eq(educationYears.id, course.educationYearId))
        .limit(1)
    : [];
  return {
    courseGuid: course.id,
    lessonGuid: lesson.id,
    lessonTitle: lesson.title,
    unitTitle: lesson.unit.title,
    subject: lesson.publication.title,
    educationLevel: (year?.level as EducationLevelSeedCode | undefined) ?? null,
    educationYear: year?.order ?? null,
    text,
    words: countWords(text),
    truncated,
    sources,
  };
}
