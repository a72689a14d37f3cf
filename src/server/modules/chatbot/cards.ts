import { and, asc, eq } from "drizzle-orm";
import type { ChatCard, ChatContext } from "../../../contracts/chatbot-base";
import { TEACHER_TOOLS, type TeacherTool } from "../../../contracts/teacher-tools-base";
import type { AiProvider } from "../../ai";
import type { Db } from "../../db/client";
import { courseMembers, courses } from "../../db/schema";
import type { Caller } from "../courses/access";
import { unitRecommendations } from "../practice/unit-recommendations";
import { toolCatalogue } from "../teacher-tools/catalogue";
import { mentions, phrases } from "./intent";

/*
 * The assistant's cards (issue 17; spec §2 unit recommendations card and teacher tool cards):
 * - a student's unit and lesson recommendations, from the learner model (practice/
 *   unit-recommendations: the same units and reasons their teacher's analytics show), for the
 *   page's class or each of their classes;
 * - for teachers, a link to the AI teacher tool a question asks for.
 * The model asks for them with tools; without one, the question's words say which is wanted
 * (the words below, in the five languages, accents folded).
 */

/** Classes a student's recommendations are gathered from when the page names none. */
const MAX_CLASSES = 4;

/** Any of these (folded, as word starts) asks what to study, review or practise next. */
const RECOMMENDATION_WORDS: readonly string[] = [
  // es
  "recomienda", "recomiendas", "recomendacion", "que repaso", "que debo repasar", "que deberia repasar", "que tengo que repasar", "que estudio", "que debo estudiar", "que deberia estudiar", "en que fallo", "que practico", "que me falla",
  // ca
  "recomana", "recomanes", "recomanacio", "que repasso", "que he de repassar", "que hauria de repassar", "que estudio", "que he d estudiar", "en que fallo", "que practico",
  // eu
  "gomendio", "gomendatu", "zer errepasatu", "zer ikasi", "zer landu", "zertan huts",
  // en
  "recommend", "what should i study", "what should i review", "what should i revise", "what should i practise", "what should i practice", "what do i need to review", "what am i getting wrong",
  // pt
  "recomenda", "recomendacao", "o que devo rever", "o que devo revisar", "o que devo estudar", "o que estudo", "em que erro", "o que pratico",
];
const RECOMMENDATION_PHRASES = phrases(RECOMMENDATION_WORDS);

/** Whether a question asks for what to study next (a student's recommendations). */
export const asksForRecommendations = (question: string): boolean => mentions(question, RECOMMENDATION_PHRASES);

/** Each tool's names and the words that ask for it, folded; a question naming one gets its card. */
const TOOL_WORDS: Readonly<Record<TeacherTool, readonly string[]>> = {
  "real-world-connection": ["mundo real", "vida cotidiana", "vida real", "mon real", "vida quotidiana", "mundu erreal", "eguneroko bizitza", "real world", "everyday life", "mundo real", "cotidiano"],
  "text-level-adapter": ["adapta el texto", "adaptar el texto", "nivel del texto", "legibilidad", "simplifica el texto", "adapta el text", "nivell del text", "llegibilitat", "testua egokitu", "irakurgarritasun", "text level", "readability", "simplify the text", "adapt the text", "adaptar o texto", "nivel do texto", "legibilidade"],
  "lesson-plan-generator": ["plan de leccion", "plan de clase", "programacion de aula", "planifica la leccion", "pla de llico", "pla de classe", "ikasgai plan", "lesson plan", "plan a lesson", "plano de aula", "plano de licao", "planificar a aula"],
  "rubric-generator": ["rubrica", "errubrika", "rubric"],
  "vocabulary-creator": ["vocabulario", "vocabulari", "hiztegi", "lexiko", "vocabulary", "glossary", "glosario"],
  "text-translator": ["traduce", "traducir", "traduccion", "tradueix", "traduir", "traduccio", "itzuli", "itzulpen", "translate", "translation", "traduz", "traduzir", "traducao"],
  "student-feedback": ["retroalimentacion", "comentarios para", "feedback", "retroaccio", "atzeraelikadura", "iruzkin", "retroalimentacao", "comentarios ao"],
  "question-generator": ["genera preguntas", "crea preguntas", "preguntas sobre", "preguntes sobre", "genera preguntes", "galderak sortu", "galderak egin", "question generator", "questions about", "make questions", "write questions", "perguntas sobre", "gerar perguntas", "criar perguntas"],
  "classroom-energizer": ["dinamiza", "dinamizador", "dinamitza", "activar la clase", "activar a la clase", "energizer", "icebreaker", "warm up activity", "rompehielos", "trencaclosques", "gela dinamizatu", "dinamizar a turma", "quebra gelo"],
};

const TOOL_PHRASES = new Map(TEACHER_TOOLS.map((tool) => [tool, phrases(TOOL_WORDS[tool])]));

/** The teacher tools a question names, in the spec's order. */
export const toolsAskedFor = (question: string): TeacherTool[] => TEACHER_TOOLS.filter((tool) => mentions(question, TOOL_PHRASES.get(tool) ?? []));

/**
 * A teacher tool's card: its category and whether it runs here (the /ai/tools catalogue under the
 * provider in use), and its page, with the page's class and lesson when the question came from one.
 */
export function toolCard(tool: TeacherTool, context: ChatContext | undefined, ai: AiProvider): ChatCard {
  const entry = toolCatalogue(ai).tools.find((t) => t.tool === tool);
  const lesson = context?.courseGuid && context.lessonGuid ? `?${new URLSearchParams({ courseGuid: context.courseGuid, lessonGuid: context.lessonGuid }).toString()}` : "";
  return { kind: "tool", tool, category: entry?.category ?? "texts", available: entry?.available ?? false, link: `/ai/tools/setup/${tool}${lesson}` };
}

/**
 * A student's recommendations as cards: for the page's class (already checked to be theirs), or
 * for each of their classes in the edition (the first MAX_CLASSES by name) that has some. With
 * none anywhere, one card with no units: the client says there are no recommendations.
 */
export async function recommendationCards(db: Db, caller: Caller, context: ChatContext | undefined, now: Date): Promise<ChatCard[]> {
  if (caller.role !== "student") return [];
  const classes = context?.courseGuid
    ? [{ id: context.courseGuid, tenantId: caller.tenantId }]
    : await db
        .select({ id: courses.id, tenantId: courses.tenantId })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(and(eq(courseMembers.userId, caller.userId), eq(courseMembers.role, "student"), eq(courses.tenantId, caller.tenantId), eq(courses.archived, false)))
        .orderBy(asc(courses.name))
        .limit(MAX_CLASSES);
  const cards: ChatCard[] = [];
  for (const course of classes) {
    const units = await unitRecommendations(db, course, caller.userId, now);
    if (units.length === 0) continue;
    cards.push({
      kind: "recommendations",
      courseGuid: course.id,
      units: units.map((u) => ({
        unitGuid: u.unitId,
        title: u.title,
        lessons: u.lessons.map((l) => ({ lessonGuid: l.lessonId, title: l.title, link: `/course/${course.id}/lesson/${l.lessonId}`, alertReasons: l.alertReasons })),
      })),
    });
  }
  const first = classes[0];
  return cards.length > 0 || !first ? cards : [{ kind: "recommendations", courseGuid: first.id, units: [] }];
}
