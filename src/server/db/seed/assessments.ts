import { AssessmentSettingsSchema, type AssessmentSettings } from "../../../contracts/assessments";
import { parseQuestionData, QuestionSchema, type QuestionInput, type QuestionType } from "../../../contracts/questions";
import type { Storage } from "../../platform/storage";
import type { Db } from "../client";
import { assessmentQuestions, assessments, contents, lessonContents, questionImages, questions } from "../schema";
import { questionImageId, questionImageKey, SEED_IMAGES } from "./assessment-images";
import { LENGUA_QUESTIONS } from "./assessment-questions-lengua";
import { LUMEN_QUESTIONS } from "./assessment-questions-lumen";
import { MATHS_QUESTIONS } from "./assessment-questions-maths";
import type { PublicationIds } from "./content";
import type { EditionIds, EditionSlug } from "./editions";
import { idOf, seedId } from "./ids";

/*
 * The publishers' demo assessments (issue 6): one in the first lesson of each demo class's
 * publication, placed after the lesson's other contents, so a class gets it as a lesson item the
 * first time the lesson is opened (lessons/service ensureLessonItems copies lesson_contents of any
 * type). Maths and Lengua hold every question type, so together they give at least two of each.
 */

/** A demo question: `key` names it within its assessment (its id derives from both). */
export type SeedQuestion = { key: string; question: QuestionInput };

type AssessmentSeed = {
  key: string;
  edition: EditionSlug;
  /** Natural key of the publication, and 1-based unit and lesson order within it. */
  publication: string;
  unit: number;
  lesson: number;
  title: string;
  description: string;
  settings: AssessmentSettings;
  questions: readonly SeedQuestion[];
};

const ASSESSMENTS: readonly AssessmentSeed[] = [
  {
    key: "maths-naturales",
    edition: "aula",
    publication: "matematicas-1-eso",
    unit: 1,
    lesson: 1,
    title: "Evaluación: los números naturales",
    description: "Sistema de numeración decimal y romano, valor posicional y orden de los números naturales, con preguntas de todos los tipos.",
    settings: AssessmentSettingsSchema.parse({ maxAttempts: 2, showAnswers: "after_submit" }),
    questions: MATHS_QUESTIONS,
  },
  {
    key: "lengua-comunicacion",
    edition: "aula",
    publication: "lengua-1-eso",
    unit: 1,
    lesson: 1,
    title: "Evaluación: la comunicación",
    description: "Los elementos de la comunicación, los códigos verbales y no verbales, el ruido y el contexto, con preguntas de todos los tipos.",
    settings: AssessmentSettingsSchema.parse({ maxAttempts: 2, showAnswers: "after_submit" }),
    questions: LENGUA_QUESTIONS,
  },
  {
    key: "lumen-numeracao",
    edition: "lumen",
    publication: "matematica-6-ano",
    unit: 1,
    lesson: 1,
    title: "Avaliação: sistema de numeração decimal",
    description: "Valor posicional, leitura por extenso e comparação de números naturais: questões rápidas para revisar a lição.",
    settings: AssessmentSettingsSchema.parse({ maxAttempts: 3, showAnswers: "after_submit", shuffleQuestions: true }),
    questions: LUMEN_QUESTIONS,
  },
];

/** Place of an assessment among its lesson's contents: after the publisher's others. */
export const ASSESSMENT_POSITION = 100;

const assessmentId = (a: Pick<AssessmentSeed, "edition" | "key">) => seedId("assessment", a.edition, a.key);
const questionId = (a: Pick<AssessmentSeed, "key">, q: Pick<SeedQuestion, "key">) => seedId("question", a.key, q.key);
/** Mirrors seedPublications' stable ids: the lesson at 1-based `unit`/`lesson` of a publication. */
const lessonIdOf = (publicationId: string, unit: number, lesson: number) => seedId("lesson", seedId("unit", publicationId, String(unit)), String(lesson));

/** What the seed holds, for tests and e2e (ids are stable across databases). */
export const DEMO_ASSESSMENTS = ASSESSMENTS.map((a) => ({
  key: a.key,
  id: assessmentId(a),
  edition: a.edition,
  publication: a.publication,
  unit: a.unit,
  lesson: a.lesson,
  /** The lesson's id where the seed created the editions (always in tests and e2e); elsewhere derive it from the publication's id. */
  lessonId: lessonIdOf(seedId("publication", seedId("tenant", a.edition), a.publication), a.unit, a.lesson),
  title: a.title,
  settings: a.settings,
  /** In assessment order (position 1..n). */
  questions: a.questions.map((q) => ({ id: questionId(a, q), key: q.key, type: q.question.type, points: q.question.points ?? 1 })),
  /** Question ids by type. */
  questionIds: a.questions.reduce<Partial<Record<QuestionType, string[]>>>((byType, q) => {
    (byType[q.question.type] ??= []).push(questionId(a, q));
    return byType;
  }, {}),
}));
export type DemoAssessment = (typeof DEMO_ASSESSMENTS)[number];

type QuestionRow = Omit<typeof questions.$inferInsert, "contentId" | "tenantId">;

/** A demo question checked as the authoring API checks one; one that fails is a bug in the seed. */
export function checkedQuestion(seed: SeedQuestion): QuestionRow {
  const { type } = seed.question;
  const parsed = parseQuestionData(type, JSON.stringify(seed.question.data));
  if (!parsed.ok) throw new Error(`seed: question ${seed.key} has invalid question_data: ${JSON.stringify(parsed.issues)}`);
  const whole = QuestionSchema.safeParse({ ...seed.question, data: parsed.data });
  if (!whole.success) throw new Error(`seed: question ${seed.key} is invalid: ${JSON.stringify(whole.error.issues)}`);
  return {
    type,
    questionData: JSON.stringify(parsed.data),
    prompt: whole.data.prompt,
    points: whole.data.points,
    kcs: whole.data.kcs,
    media: whole.data.media ?? [],
    feedback: whole.data.feedback ?? {},
  };
}

/** A question's content title: its prompt, cut as the authoring API cuts it. */
const excerpt = (prompt: string) => (prompt.length > 120 ? `${prompt.slice(0, 119)}…` : prompt);

type Deps = { editions: EditionIds; publications: PublicationIds };

/**
 * The demo assessments, their questions and images, each placed in its lesson. Idempotent: rows
 * have stable ids and are inserted ON CONFLICT DO NOTHING, and an image file is written only when
 * storage lacks it at its size, so a second run changes nothing.
 */
export async function seedAssessments(db: Db, storage: Storage, { editions, publications }: Deps): Promise<void> {
  // Files first: a committed image row always has its file.
  for (const image of SEED_IMAGES) {
    const key = questionImageKey(image);
    const bytes = Buffer.from(image.svg, "utf8");
    if ((await storage.size(key)) !== bytes.byteLength) await storage.put(key, bytes);
  }
  await db
    .insert(questionImages)
    .values(
      SEED_IMAGES.map((image) => ({
        id: questionImageId(image),
        tenantId: idOf(editions.tenants, image.edition, "edition"),
        fileName: image.fileName,
        mimeType: "image/svg+xml",
        storageKey: questionImageKey(image),
        createdBy: null,
      })),
    )
    .onConflictDoNothing();

  const contentRows: Array<typeof contents.$inferInsert> = [];
  const questionRows: Array<typeof questions.$inferInsert> = [];
  const assessmentRows: Array<typeof assessments.$inferInsert> = [];
  const orderRows: Array<typeof assessmentQuestions.$inferInsert> = [];
  const placeRows: Array<typeof lessonContents.$inferInsert> = [];

  for (const a of ASSESSMENTS) {
    const tenantId = idOf(editions.tenants, a.edition, "edition");
    const id = assessmentId(a);
    contentRows.push({ id, tenantId, type: "CTTY_18", title: a.title, description: a.description, createdBy: null });
    assessmentRows.push({ contentId: id, tenantId, settings: a.settings });
    a.questions.forEach((q, i) => {
      const row = checkedQuestion(q);
      const contentId = questionId(a, q);
      contentRows.push({ id: contentId, tenantId, type: "CTTY_19", title: excerpt(row.prompt), createdBy: null });
      questionRows.push({ contentId, tenantId, ...row });
      orderRows.push({ assessmentId: id, questionId: contentId, position: i + 1 });
    });
    const publicationId = idOf(publications, a.publication, "publication");
    placeRows.push({ lessonId: lessonIdOf(publicationId, a.unit, a.lesson), contentId: id, position: ASSESSMENT_POSITION });
  }

  await db.insert(contents).values(contentRows).onConflictDoNothing();
  await db.insert(questions).values(questionRows).onConflictDoNothing();
  await db.insert(assessments).values(assessmentRows).onConflictDoNothing();
  await db.insert(assessmentQuestions).values(orderRows).onConflictDoNothing();
  await db.insert(lessonContents).values(placeRows).onConflictDoNothing();
}
