process.env.LOG_LEVEL = "silent";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { JSDOM } from "jsdom";
import { AssessmentSettingsSchema } from "../../src/contracts/assessments";
import { LessonItemSchema } from "../../src/contracts/lessons";
import {
  parseQuestionData, pointInZone, QUESTION_TYPE_CODES, QuestionSchema, type Image, type Question, type QuestionType,
} from "../../src/contracts/questions";
import {
  assessmentQuestions, assessments, contents, courseMembers, lessonContents, questionImages, questions, tenants, users,
} from "../../src/server/db/schema";
import { DEMO_CLASSES, seedDemo } from "../../src/server/db/seed";
import { questionImageId, questionImageKey, SEED_IMAGES } from "../../src/server/db/seed/assessment-images";
import { ASSESSMENT_POSITION, DEMO_ASSESSMENTS, seedAssessments } from "../../src/server/db/seed/assessments";
import { seedPublications, type PublicationIds } from "../../src/server/db/seed/content";
import { seedEditions, type EditionIds } from "../../src/server/db/seed/editions";
import { seedId } from "../../src/server/db/seed/ids";
import { seedReference } from "../../src/server/db/seed/reference";
import { scoreAnswer } from "../../src/server/modules/questions/scoring";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { rightAnswer } from "../support/question-fixtures";

let t: TestApp;
let deps: { editions: EditionIds; publications: PublicationIds };
beforeAll(async () => {
  t = await buildTestApp();
  // The same ids seedDemo uses (each step is idempotent), then the assessments on top of the demo seed.
  const ref = await seedReference(db());
  const editions = await seedEditions(db());
  deps = { editions, publications: await seedPublications(db(), editions, ref) };
  await seedAssessments(db(), storage(), deps);
}, 180_000);
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const storage = () => t.app.ctx.storage;
const demo = (key: string) => {
  const found = DEMO_ASSESSMENTS.find((a) => a.key === key);
  if (!found) throw new Error(`no demo assessment ${key}`);
  return found;
};
const MATHS = demo("maths-naturales");
const LENGUA = demo("lengua-comunicacion");
const LUMEN = demo("lumen-numeracao");
const lessonIdOf = (publicationId: string) => seedId("lesson", seedId("unit", publicationId, "1"), "1");

/** An assessment's questions as stored, in order, with their contents. */
async function storedQuestions(assessmentId: string) {
  return db()
    .select({ position: assessmentQuestions.position, row: questions, content: contents })
    .from(assessmentQuestions)
    .innerJoin(questions, eq(questions.contentId, assessmentQuestions.questionId))
    .innerJoin(contents, eq(contents.id, questions.contentId))
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(assessmentQuestions.position));
}

function asQuestion(row: typeof questions.$inferSelect): Question {
  const parsed = parseQuestionData(row.type as QuestionType, row.questionData);
  if (!parsed.ok) throw new Error(`question ${row.contentId} does not parse: ${JSON.stringify(parsed.issues)}`);
  return QuestionSchema.parse({ type: row.type, data: parsed.data, prompt: row.prompt, points: row.points, kcs: row.kcs, media: row.media, feedback: row.feedback });
}

/** Every image a question shows: its own, its background, its media and its items'. */
function imagesOf(q: Question): Image[] {
  const data = q.data as Record<string, unknown>;
  const own = [data.image, data.background].filter((i): i is Image => i !== undefined);
  const items = ["choices", "items", "matches", "left", "right"].flatMap((k) => (Array.isArray(data[k]) ? (data[k] as Array<{ image?: Image }>) : []));
  return [...own, ...(q.media ?? []), ...items.flatMap((i) => (i.image ? [i.image] : []))];
}

const svgDocument = (svg: string) => new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
/** The viewBox of a seeded image, and a box of it in percent. */
function viewOf(doc: Document) {
  const [, , w, h] = (doc.documentElement.getAttribute("viewBox") ?? "").split(" ").map(Number);
  return { w: w ?? 0, h: h ?? 0 };
}
const attr = (el: Element, name: string) => Number(el.getAttribute(name));

describe("seedAssessments", () => {
  it("places one assessment in the first lesson of every demo class's publication, after its other contents", async () => {
    const publications = new Set(DEMO_CLASSES.flatMap((c) => c.publications));
    expect(publications).toEqual(new Set(["matematicas-1-eso", "lengua-1-eso", "matematica-6-ano"]));
    for (const key of publications) {
      const seeded = DEMO_ASSESSMENTS.filter((a) => a.publication === key);
      expect(seeded).toHaveLength(1);
      const a = seeded[0] ?? MATHS;
      const lessonId = lessonIdOf(deps.publications.get(key) ?? "");
      expect(a.lessonId).toBe(lessonId);
      const placed = await db().select().from(lessonContents).where(eq(lessonContents.lessonId, lessonId));
      const mine = placed.find((p) => p.contentId === a.id);
      expect(mine?.position).toBe(ASSESSMENT_POSITION);
      expect(Math.max(...placed.filter((p) => p.contentId !== a.id).map((p) => p.position), 0)).toBeLessThan(ASSESSMENT_POSITION);

      const [content] = await db().select().from(contents).where(eq(contents.id, a.id));
      const [tenant] = await db().select().from(tenants).where(eq(tenants.id, content?.tenantId ?? ""));
      expect(content).toMatchObject({ type: "CTTY_18", title: a.title, createdBy: null, deletedAt: null });
      expect(content?.description.length).toBeGreaterThan(20);
      expect(tenant?.slug).toBe(a.edition);
      const [settings] = await db().select().from(assessments).where(eq(assessments.contentId, a.id));
      expect(AssessmentSettingsSchema.parse(settings?.settings)).toEqual(a.settings);
      expect(settings?.settings.maxAttempts).toBeGreaterThanOrEqual(2);
    }
    expect(MATHS.title).toBe("Evaluación: los números naturales");
    expect(LENGUA.title).toBe("Evaluación: la comunicación");
  });

  it("gives every type at least twice across Maths and Lengua, each valid, tagged and in order", async () => {
    const perType = new Map<string, number>();
    for (const a of [MATHS, LENGUA]) {
      const stored = await storedQuestions(a.id);
      expect(stored.length).toBeGreaterThanOrEqual(21);
      expect(stored.map((s) => s.position)).toEqual(stored.map((_, i) => i + 1));
      expect(stored.map((s) => s.row.contentId)).toEqual(a.questions.map((q) => q.id));
      // Each of the two holds every type.
      expect(new Set(stored.map((s) => s.row.type))).toEqual(new Set(QUESTION_TYPE_CODES));
      const kcs = new Set<string>();
      for (const { row, content } of stored) {
        perType.set(row.type, (perType.get(row.type) ?? 0) + 1);
        const q = asQuestion(row);
        // Stored as parsed: defaults filled in, nothing else.
        expect(JSON.parse(row.questionData)).toEqual(q.data);
        expect(row.kcs.length).toBeGreaterThan(0);
        for (const kc of row.kcs) expect(kc).toMatch(a === MATHS ? /^MAT\.(NUM|POW)\.[A-Z]+$/ : /^LEN\.COM\.[A-Z]+$/);
        row.kcs.forEach((kc) => kcs.add(kc));
        expect(content).toMatchObject({ type: "CTTY_19", tenantId: row.tenantId, createdBy: null });
        expect(content.title.length).toBeLessThanOrEqual(120);
        expect(row.prompt.startsWith(content.title.replace(/…$/, ""))).toBe(true);
        expect(row.points).toBeGreaterThan(0);
      }
      expect(kcs.size).toBeGreaterThanOrEqual(3);
      expect(kcs.size).toBeLessThanOrEqual(6);
    }
    expect(QUESTION_TYPE_CODES.filter((type) => (perType.get(type) ?? 0) < 2)).toEqual([]);

    // Maths writes some prompts in LaTeX and asks for a fraction in a cloze-math gap.
    const maths = (await storedQuestions(MATHS.id)).map((s) => asQuestion(s.row));
    expect(maths.filter((q) => q.prompt.includes("\\(")).length).toBeGreaterThanOrEqual(2);
    const clozeMath = maths.find((q) => q.type === "QT_9");
    expect(clozeMath?.type === "QT_9" && clozeMath.data.gaps.some((g) => g.answers.some((x) => x.includes("\\frac")))).toBe(true);
  });

  it("seeds the Lumen assessment in Portuguese with closed types only", async () => {
    const stored = await storedQuestions(LUMEN.id);
    expect(stored.length).toBeGreaterThanOrEqual(5);
    expect(stored.length).toBeLessThanOrEqual(6);
    expect(new Set(stored.map((s) => s.row.type)).size).toBe(stored.length);
    const [tenant] = await db().select().from(tenants).where(eq(tenants.slug, "lumen"));
    for (const { row } of stored) {
      expect(row.tenantId).toBe(tenant?.id);
      expect(["QT_18", "QT_19", "QT_20"]).not.toContain(row.type);
      asQuestion(row);
    }
    expect(stored.map((s) => s.row.prompt).join(" ")).toMatch(/Qual|Quais|Ordene|Complete|Relacione/);
    expect(LUMEN.title).toMatch(/^Avaliação/);
  });

  it("gives full credit to each auto-graded question's key and leaves open types to the teacher", async () => {
    for (const a of DEMO_ASSESSMENTS) {
      for (const { row } of await storedQuestions(a.id)) {
        const q = asQuestion(row);
        const right = rightAnswer(q);
        if (right === null) {
          expect(["QT_18", "QT_19", "QT_20"]).toContain(q.type);
          continue;
        }
        expect([row.contentId, scoreAnswer(q, right)]).toEqual([row.contentId, expect.objectContaining({ status: "scored", correct: true, score: q.points })]);
      }
    }
    // Teacher-graded types carry what the teacher needs.
    for (const a of [MATHS, LENGUA]) {
      const long = (await storedQuestions(a.id)).map((s) => asQuestion(s.row)).find((q) => q.type === "QT_18");
      if (long?.type !== "QT_18") throw new Error("no long-text question");
      expect((long.data.modelAnswer ?? "").length).toBeGreaterThan(80);
      expect(scoreAnswer(long, { text: "Mi respuesta." })).toEqual({ status: "needs_grading", maxScore: long.points });
    }
  });

  it("keys the click-to-find cards to the numbers drawn in them", async () => {
    const stored = (await storedQuestions(MATHS.id)).find((s) => s.row.type === "QT_21");
    if (!stored) throw new Error("no click-to-find question");
    const q = asQuestion(stored.row);
    if (q.type !== "QT_21") throw new Error("no click-to-find question");
    const image = SEED_IMAGES.find((i) => q.data.image.url.endsWith(`${questionImageId(i)}.svg`));
    const doc = svgDocument(image?.svg ?? "");
    const view = viewOf(doc);
    const cards = [...doc.querySelectorAll("text")].map((el) => ({ text: el.textContent ?? "", at: { x: (attr(el, "x") / view.w) * 100, y: (attr(el, "y") / view.h) * 100 } }));
    expect(cards).toHaveLength(12);
    for (const card of cards) {
      const hit = q.data.targets.some((target) => pointInZone(target.zone, card.at));
      const digits = card.text.replace(/\s/g, "");
      // A target exactly when its 7 stands in the hundreds place.
      expect([card.text, hit]).toEqual([card.text, digits.at(-3) === "7"]);
    }
  });

  it("draws a blank box under every label zone of the label-image questions", async () => {
    for (const a of [MATHS, LENGUA]) {
      for (const { row } of await storedQuestions(a.id)) {
        const q = asQuestion(row);
        if (q.type !== "QT_10" && q.type !== "QT_11" && q.type !== "QT_12") continue;
        const image = SEED_IMAGES.find((i) => q.data.image.url === `/${questionImageKey(i)}`);
        const doc = svgDocument(image?.svg ?? "");
        const view = viewOf(doc);
        const blanks = [...doc.querySelectorAll("rect[stroke-dasharray]")].map((el) => ({
          x: (attr(el, "x") / view.w) * 100, y: (attr(el, "y") / view.h) * 100, w: (attr(el, "width") / view.w) * 100, h: (attr(el, "height") / view.h) * 100,
        }));
        expect(blanks).toHaveLength(q.data.labels.length);
        for (const label of q.data.labels) {
          const zone = label.zone;
          if (zone.shape !== "rect") throw new Error("label zones are boxes");
          expect(blanks.some((b) => Math.abs(b.x - zone.x) < 0.01 && Math.abs(b.y - zone.y) < 0.01 && Math.abs(b.w - zone.w) < 0.01 && Math.abs(b.h - zone.h) < 0.01)).toBe(true);
        }
      }
    }
  });

  it("stores every image once, as valid SVG with its row, served at the address the questions use", async () => {
    const used = new Map<string, Image>();
    for (const a of DEMO_ASSESSMENTS) for (const { row } of await storedQuestions(a.id)) for (const image of imagesOf(asQuestion(row))) used.set(image.url, image);
    expect(used.size).toBe(SEED_IMAGES.length);
    const types = new Set((await db().select({ type: questions.type, media: questions.media }).from(questions).where(inArray(questions.contentId, [MATHS, LENGUA].flatMap((a) => a.questions.map((q) => q.id))))).filter((r) => r.media.length > 0).map((r) => r.type));
    expect(types.size).toBeGreaterThanOrEqual(2);

    for (const image of SEED_IMAGES) {
      const key = questionImageKey(image);
      expect(used.get(`/${key}`)?.alt).toBe(image.alt);
      expect(image.alt.length).toBeGreaterThan(40);
      const [row] = await db().select().from(questionImages).where(eq(questionImages.id, questionImageId(image)));
      const [tenant] = await db().select().from(tenants).where(eq(tenants.id, row?.tenantId ?? ""));
      expect(row).toMatchObject({ fileName: image.fileName, mimeType: "image/svg+xml", storageKey: key, createdBy: null });
      expect(tenant?.slug).toBe(image.edition);
      const stored = (await storage().read(key)).toString("utf8");
      expect(stored).toBe(image.svg);
      const doc = svgDocument(stored);
      expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
      expect(doc.documentElement.getAttribute("role")).toBe("img");
      expect(doc.querySelector("title")?.textContent?.length).toBeGreaterThan(10);
      expect(viewOf(doc).w).toBeGreaterThan(0);
      const res = await t.app.inject({ method: "GET", url: `/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/svg+xml");
      expect(res.body).toBe(image.svg);
    }
  });

  it("gives each demo class the assessment as its lesson's last item when the lesson is first opened", async () => {
    for (const c of DEMO_CLASSES) {
      const [tenant] = await db().select().from(tenants).where(eq(tenants.slug, c.edition));
      const courseId = seedId("course", tenant?.id ?? "", c.key);
      const [teacher] = await db()
        .select({ id: users.id, tenantId: users.tenantId, role: users.role })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, "teacher")));
      if (!teacher) throw new Error(`no member in ${c.key}`);
      for (const key of c.publications) {
        const a = DEMO_ASSESSMENTS.find((x) => x.publication === key);
        const lessonId = lessonIdOf(deps.publications.get(key) ?? "");
        const res = await t.app.inject({ method: "GET", url: `/api/front/lessons/${lessonId}/items?courseGuid=${courseId}`, headers: await bearer(t.app, teacher) });
        expect([c.key, res.statusCode]).toEqual([c.key, 200]);
        const items = LessonItemSchema.array().parse(res.json<{ data: unknown }>().data);
        expect(items.at(-1)?.content).toMatchObject({ guid: a?.id, type: "CTTY_18", title: a?.title });
        expect(items.filter((i) => i.content.type === "CTTY_18")).toHaveLength(1);
      }
    }
  });

  it("changes nothing on a second run, and writes back a missing image file", async () => {
    const tables: PgTable[] = [contents, questions, assessments, assessmentQuestions, lessonContents, questionImages];
    const counts = async () => Promise.all(tables.map(async (table) => (await db().select({ n: count() }).from(table))[0]?.n));
    const before = await counts();
    const put = jest.spyOn(storage(), "put");
    try {
      await seedAssessments(db(), storage(), deps);
      await seedDemo(db(), storage());
      expect(await counts()).toEqual(before);
      expect(put).not.toHaveBeenCalled();

      const image = SEED_IMAGES[0];
      if (!image) throw new Error("no images");
      await storage().removePrefix(questionImageKey(image));
      expect(await storage().size(questionImageKey(image))).toBeNull();
      await seedAssessments(db(), storage(), deps);
      expect(put).toHaveBeenCalledTimes(1);
      expect((await storage().read(questionImageKey(image))).toString("utf8")).toBe(image.svg);
      expect(await counts()).toEqual(before);
    } finally {
      put.mockRestore();
    }
  });
});
