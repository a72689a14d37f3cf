import crypto from "node:crypto";
import * as z from "zod";
import { CHAT_LIMITS, type ChatAnswerKind, type ChatCard, type ChatContext, type ChatImageUnreadReason, type ChatMode, type ChatSource, type ChatStreamEvent } from "../../../contracts/chatbot-base";
import type { Language } from "../../../contracts/constants";
import type { Db } from "../../db/client";
import { dataMarkers, dataRule } from "../../ai/prompt";
import { moderateOutput, moderationCategories, AiOutputBlockedError } from "../../ai/moderation";
import type { AiMessage, AiProvider, AiTool, AiToolCall } from "../../ai/types";
import { isTeacherTool, TEACHER_TOOLS } from "../../../contracts/teacher-tools-base";
import type { Caller } from "../courses/access";
import { TOOL_ROLES } from "../teacher-tools/catalogue";
import { editionCorpus } from "../teacher-tools/corpus";
import { asksForRecommendations, recommendationCards, toolCard, toolsAskedFor } from "./cards";
import { coverageOf, extractAnswer } from "./extractive";
import { formulaOf, solveFormula } from "./math";
import { asksForDiagram, outlineCard } from "./outline";
import { currentActivityPrompt, openAssessmentPrompts } from "./guard";
import { imageUnreadReason } from "./images";
import { searchPassages, type Passage, type Semantic } from "./retrieval";
import type { WebResult, WebSearch } from "../../ai/web-search";

/*
 * One answer of the assistant (issue 17, ADR 0041), streamed through `emit` as the work goes:
 * loading steps when it reaches them, text as it is written, the sources it rests on.
 * - Grounding: the passages of the contents the user may read (retrieval.ts), the lesson and
 *   class the question was asked from first.
 * - With a model (the `openai` provider): it answers from the passages, which it gets as data
 *   between markers, and may search for more with a tool; it cites them as [n].
 * - Without one (`local`): the passages' best sentences, quoted (extractive.ts); nothing is
 *   written that the materials do not say.
 * - A student with an open assessment asking one of its questions gets where to read, never the
 *   answer: the model is told to give hints; the local answer lists the sources without quoting.
 * - Cards (cards.ts): a student's recommendations and a teacher's tool links, asked for by the
 *   model with tools, or, without one, by the question's words; then they are the answer.
 */

export type AnswerRequest = {
  db: Db;
  ai: AiProvider;
  caller: Caller;
  language: Language;
  question: string;
  context: ChatContext | undefined;
  mode: ChatMode;
  /** The conversation so far, oldest first (the model reads the last few). */
  history: ReadonlyArray<{ role: "user" | "assistant"; text: string }>;
  signal: AbortSignal;
  now: Date;
  /** The question's attached image: its type and bytes (read only when a model will look at it). */
  image?: { mimeType: string; read: () => Promise<Buffer> } | undefined;
  /** The web search, when the server has one and the user turned it on (ADR 0044); else undefined. */
  webSearch?: WebSearch | undefined;
  /** Vector search's means, when the provider has an embeddings model (ADR 0045). */
  semantic?: Semantic | undefined;
};

export type AnswerResult = {
  text: string;
  kind: ChatAnswerKind;
  guarded: boolean;
  sources: ChatSource[];
  cards: ChatCard[];
  /** The question's image was not read: why. */
  imageUnread?: ChatImageUnreadReason | undefined;
};

/** A web page found by the search, as a source numbered `n`. */
export function webSourceOf(result: WebResult, n: number): ChatSource {
  let site = result.url;
  try {
    site = new URL(result.url).hostname.replace(/^www\./, "");
  } catch {
    // The search kept http(s) addresses only; the address itself names the site otherwise.
  }
  return { n, origin: "web", contentGuid: null, title: result.title, courseGuid: null, lessonGuid: null, lessonTitle: site, link: result.url, excerpt: result.snippet };
}

/** A question this close to an open assessment's question (share of its weighted words) is guarded. */
const GUARD_COVERAGE = 0.6;
/** Tool rounds a model may take before it must answer. */
const MAX_TOOL_ROUNDS = 3;
/** Earlier messages the model reads. */
const HISTORY_MESSAGES = 8;
const EXCERPT_CHARS = 280;

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { es: "Spanish", ca: "Catalan", eu: "Basque", en: "English", pt: "Portuguese" };

export function sourceOf(passage: Passage, n: number): ChatSource {
  const placement = passage.placement;
  const link = placement?.lessonId ? `/course/${placement.courseId}/lesson/${placement.lessonId}` : placement ? `/course/${placement.courseId}/resources` : `/viewer/${passage.contentId}`;
  const excerpt = passage.body.length > EXCERPT_CHARS ? `${passage.body.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, "")}…` : passage.body;
  return { n, origin: "course", contentGuid: passage.contentId, title: passage.title, courseGuid: placement?.courseId ?? null, lessonGuid: placement?.lessonId ?? null, lessonTitle: placement?.lessonTitle ?? null, link, excerpt };
}

/** Renumbers the sources the text cites, in the order it first cites them; the others are dropped. */
function citedSources(text: string, sources: ChatSource[]): { text: string; sources: ChatSource[] } {
  const order: number[] = [];
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    if (sources.some((s) => s.n === n) && !order.includes(n)) order.push(n);
  }
  const renumber = new Map(order.map((n, i) => [n, i + 1]));
  return {
    text: text.replace(/\[(\d{1,2})\]/g, (whole, d: string) => {
      const to = renumber.get(Number(d));
      return to === undefined ? whole : `[${to}]`;
    }),
    sources: order.map((n, i) => ({ ...(sources.find((s) => s.n === n) as ChatSource), n: i + 1 })),
  };
}

export async function answerQuestion(request: AnswerRequest, emit: (event: ChatStreamEvent) => void): Promise<AnswerResult> {
  const unread = request.image ? imageUnreadReason(request.ai) : null;
  // An image nothing here can read, sent alone: the answer says so (and why), nothing more.
  if (unread && request.question.trim() === "") return { text: "", kind: "image_unread", guarded: false, sources: [], cards: [], imageUnread: unread };
  const result = await answerText(unread ? { ...request, image: undefined } : request, emit);
  return unread ? { ...result, imageUnread: unread } : result;
}

async function answerText(request: AnswerRequest, emit: (event: ChatStreamEvent) => void): Promise<AnswerResult> {
  const { db, caller, question, context } = request;
  emit({ type: "step", step: "thinking" });
  const [corpus, assessed, activity] = await Promise.all([editionCorpus(db, caller.tenantId), openAssessmentPrompts(db, caller), currentActivityPrompt(db, caller, request.mode, request.context)]);
  // The activity being practised is guarded like an open assessment's questions: hints, never its answer.
  const openPrompts = activity ? [...assessed, activity] : assessed;
  const guarded = openPrompts.some((prompt) => coverageOf(prompt, question, corpus) >= GUARD_COVERAGE);

  // Without a model, a formula is worked out (math.ts); not in practice mode, nor for a question of
  // an open assessment, nor for a formula one of its questions holds (formulas have no words to match).
  const formula = formulaOf(question);
  const squash = (text: string) => text.replace(/[\s$\\{}]|cdot|times/g, "");
  const formulaGuarded = formula !== null && squash(formula).length >= 3 && openPrompts.some((prompt) => squash(prompt).includes(squash(formula)));
  if (!request.ai.capabilities().chat && !guarded && !formulaGuarded && request.mode === "study") {
    const math = formula ? await solveFormula(formula) : null;
    if (math) {
      emit({ type: "step", step: "analysing" });
      emit({ type: "text", delta: math.text });
      return { text: math.text, kind: "math", guarded, sources: [], cards: [] };
    }
  }
  if (!request.ai.capabilities().chat) {
    const cards = await localCards(request);
    if (cards.length > 0) {
      emit({ type: "step", step: "lookingForInformation" });
      for (const card of cards) emit({ type: "card", card });
      return { text: "", kind: "cards", guarded, sources: [], cards };
    }
  }

  emit({ type: "step", step: "searchingCourseMaterials" });
  const passages = await searchPassages(db, caller, question, { limit: CHAT_LIMITS.sourcesMax, courseId: context?.courseGuid, lessonId: context?.lessonGuid, semantic: request.semantic });
  const sources = passages.map((p, i) => sourceOf(p, i + 1));

  // The web is searched for a student's studies, never for an open assessment's question nor in practice.
  const web = !guarded && !formulaGuarded && request.mode === "study" ? request.webSearch : undefined;
  if (request.ai.capabilities().chat) return modelAnswer({ ...request, webSearch: web }, { passages, sources, guarded, openPrompts, activity }, emit);

  if (passages.length === 0) {
    // Without a model, nothing in the materials and the web on: the pages found, with their own summaries.
    const found = web && question.trim() !== "" ? await webResults(web, request) : [];
    if (found.length === 0) return { text: "", kind: "no_match", guarded, sources: [], cards: [] };
    emit({ type: "step", step: "lookingForInformation" });
    const pages = found.map((r, i) => webSourceOf(r, i + 1));
    emit({ type: "sources", sources: pages });
    return { text: "", kind: "web", guarded, sources: pages, cards: [] };
  }
  // A concept map of what the materials say (outline.ts), unless the question is one of an open assessment.
  const outline = !guarded && asksForDiagram(question) ? outlineCard(question, passages, corpus) : null;
  if (outline) {
    emit({ type: "step", step: "generatingDiagram" });
    emit({ type: "sources", sources });
    emit({ type: "card", card: outline });
    return { text: "", kind: "cards", guarded, sources, cards: [outline] };
  }
  emit({ type: "step", step: "analysing" });
  const extracts = guarded ? [] : extractAnswer(question, passages.map((p, i) => ({ n: i + 1, body: p.body, rank: p.rank })), corpus, request.language);
  if (extracts.length === 0) {
    emit({ type: "sources", sources });
    return { text: "", kind: "sources_only", guarded, sources, cards: [] };
  }
  const raw = extracts.map((e) => `${e.sentence} [${e.n}]`).join("\n\n");
  const cited = citedSources(raw, sources);
  emit({ type: "step", step: "almostReady" });
  emit({ type: "sources", sources: cited.sources });
  const parts = cited.text.split("\n\n");
  parts.forEach((part, i) => emit({ type: "text", delta: i === 0 ? part : `\n\n${part}` }));
  return { text: cited.text, kind: "extractive", guarded, sources: cited.sources, cards: [] };
}

const DIAGRAM_MAX_CHARS = 6000;
const DIAGRAMS_MAX = 2;
/** Mermaid's diagram types a card draws (the first word of the code). */
const DIAGRAM_TYPES = ["flowchart", "graph", "mindmap", "timeline", "sequenceDiagram", "classDiagram", "stateDiagram", "stateDiagram-v2", "erDiagram", "pie", "journey", "quadrantChart", "gantt", "xychart-beta"];

/** Why Mermaid code cannot be a card (not a known diagram type; links, click handlers or HTML), or null. */
export function diagramRefusal(code: string): string | null {
  const first = code.replace(/^\s*(%%.*\n\s*)*/, "").split(/\s/)[0] ?? "";
  if (!DIAGRAM_TYPES.includes(first)) return `unknown diagram type "${first.slice(0, 30)}": use one of ${DIAGRAM_TYPES.join(", ")}`;
  if (/^\s*(click|href)\b|<\s*(script|iframe|img|a)\b|javascript:|%%\{\s*init/im.test(code)) return "links, click handlers, HTML and init directives are not allowed";
  return null;
}

/** Without a model: the cards the question's words ask for (a student's recommendations; a teacher's tools). */
async function localCards(request: AnswerRequest): Promise<ChatCard[]> {
  const { caller, question, context } = request;
  if (caller.role === "student") return asksForRecommendations(question) ? recommendationCards(request.db, caller, context, request.now) : [];
  if (TOOL_ROLES.includes(caller.role)) return toolsAskedFor(question).map((tool) => toolCard(tool, context, request.ai));
  return [];
}

const SearchArgs = z.object({ query: z.string().min(1).max(300) });

/** The web's results for the question (the search's own failures give none). */
async function webResults(web: WebSearch, request: AnswerRequest, query = request.question): Promise<WebResult[]> {
  return web.search(query.replace(/\s+/g, " ").trim().slice(0, 300), { language: request.language, signal: request.signal });
}
const ToolArgs = z.object({ tool: z.enum(TEACHER_TOOLS) });
const DiagramArgs = z.object({ title: z.string().min(1).max(120), code: z.string().min(1).max(DIAGRAM_MAX_CHARS) });
const NoArgs = z.object({});

/** Parses a tool call's JSON arguments with its schema; null when they are not JSON or do not fit. */
function argsOf<T>(call: AiToolCall, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(call.arguments === "" ? "{}" : call.arguments));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function systemPrompt(request: AnswerRequest, tag: string, guarded: boolean): string {
  const context = request.context;
  const where = [context?.courseName && `class "${context.courseName}"`, context?.unitName && `unit "${context.unitName}"`, context?.lessonTitle && `lesson "${context.lessonTitle}"`].filter(Boolean).join(", ");
  const lines = [
    `You are the learning assistant of a school platform, talking with a ${request.caller.role === "student" ? "student (a minor)" : request.caller.role}.`,
    `Answer in ${LANGUAGE_NAMES[request.language]} unless the user writes in another language.`,
    "Answer from the course passages you are given and from what the search_course_content tool returns; cite each fact with the passage's number in square brackets, like [1].",
    request.webSearch ? "When the course passages do not cover the question, you may search the web with search_web; cite its pages by number the same way, and say when a fact comes from the web rather than the course." : "",
    "When the passages do not cover the question, say so plainly; do not make facts up.",
    "Write mathematical formulas between single dollar signs in LaTeX, like $x^2+1$. Use short paragraphs and Markdown lists when useful.",
    "When a diagram would help (a process, a classification, a timeline, a concept map), draw it with the make_diagram tool and refer to it in your answer.",
    where ? `The user is on the ${where}.` : "",
    request.mode === "practice"
      ? "The student is practising an activity: coach them with questions and hints towards the answer; never give the answer itself."
      : "The user is studying: explain clearly, with an example when it helps.",
    guarded ? "The student is taking an assessment that asks this question: give a hint or say where to read about it, never the answer." : "",
    dataRule(tag),
  ];
  return lines.filter((l) => l !== "").join("\n");
}

function passagesData(passages: ReadonlyArray<{ n: number; title: string; body: string }>, tag: string): string {
  const { open, close } = dataMarkers(tag);
  return `${open}\n${JSON.stringify(passages.map((p) => ({ n: p.n, title: p.title, text: p.body })))}\n${close}`;
}

async function modelAnswer(
  request: AnswerRequest,
  found: { passages: Passage[]; sources: ChatSource[]; guarded: boolean; openPrompts: string[]; activity: string | null },
  emit: (event: ChatStreamEvent) => void,
): Promise<AnswerResult> {
  const { ai, caller, signal } = request;
  const tag = crypto.randomBytes(8).toString("hex");
  const sources = [...found.sources];
  const bodies = found.passages.map((p, i) => ({ n: i + 1, title: p.title, body: p.body }));
  const messages: AiMessage[] = [
    { role: "system", content: systemPrompt(request, tag, found.guarded) },
    ...request.history.slice(-HISTORY_MESSAGES).map((m): AiMessage => (m.role === "user" ? { role: "user", content: m.text } : { role: "assistant", content: m.text })),
    {
      role: "user",
      content: `Course passages:\n${passagesData(bodies, tag)}\n\n${found.activity ? `The activity the student is practising (coach on it; never give its answer):\n${dataMarkers(tag).open}\n${found.activity}\n${dataMarkers(tag).close}\n\n` : ""}Question: ${request.question}`,
    },
  ];
  if (request.image) {
    // A model that reads images gets the picture with the question (imageUnreadReason said it can).
    const last = messages[messages.length - 1] as { role: "user"; content: string };
    messages[messages.length - 1] = {
      role: "user",
      content: [
        { type: "text", text: `${last.content}\n\nThe user attached the image below: describe what matters in it for the question, in plain words a student understands.` },
        { type: "image", mime: request.image.mimeType, base64: (await request.image.read()).toString("base64") },
      ],
    };
  }
  const tools: AiTool[] = [{ name: "search_course_content", description: "Search the user's course materials; returns numbered passages to cite.", parameters: SearchArgs }];
  if (caller.role === "student") {
    tools.push({ name: "get_recommendations", description: "The units and lessons the student should go back to, from their mastery of the class's knowledge components; shown to them as a card.", parameters: NoArgs });
  }
  if (TOOL_ROLES.includes(caller.role)) {
    tools.push({ name: "open_teacher_tool", description: `Shows the teacher a link to one of the platform's AI teacher tools (${TEACHER_TOOLS.join(", ")}) when they ask for what it makes.`, parameters: ToolArgs });
  }
  if (request.webSearch) {
    tools.push({
      name: "search_web",
      description: "Searches the web (safe search) when the course passages do not cover the question; returns numbered pages to cite like the passages. Prefer the course materials.",
      parameters: SearchArgs,
    });
  }
  tools.push({
    name: "make_diagram",
    description: "Shows the user a diagram (a concept map, a flowchart, a timeline...) drawn from Mermaid code: flowchart, mindmap, timeline, sequenceDiagram, pie... Plain labels, no links or click handlers.",
    parameters: DiagramArgs,
  });
  const cards: ChatCard[] = [];

  let text = "";
  // What is written is shown a sentence at a time, each checked against the word list first.
  let pending = "";
  const release = (final: boolean) => {
    const cut = final ? pending.length : Math.max(pending.lastIndexOf(". "), pending.lastIndexOf("\n"));
    if (cut <= 0) return;
    const piece = pending.slice(0, final ? cut : cut + 1);
    const categories = moderationCategories([piece]);
    if (categories.length > 0) throw new AiOutputBlockedError(categories);
    pending = pending.slice(piece.length);
    text += piece;
    emit({ type: "text", delta: piece });
  };

  emit({ type: "step", step: "analysing" });
  for (let round = 0; ; round += 1) {
    const calls: AiToolCall[] = [];
    let written = "";
    for await (const event of ai.chat({ messages, tools: round < MAX_TOOL_ROUNDS ? tools : undefined, signal, tenantId: caller.tenantId, userId: caller.userId, purpose: "assistant" })) {
      if (event.type === "text") {
        written += event.delta;
        pending += event.delta;
        release(false);
      } else if (event.type === "tool_call") calls.push(event.call);
    }
    if (calls.length === 0) break;
    emit({ type: "step", step: "lookingForInformation" });
    messages.push({ role: "assistant", content: written === "" ? null : written, toolCalls: calls });
    for (const call of calls) {
      let result: unknown = { error: "unknown tool or invalid arguments" };
      if (call.name === "search_course_content") {
        const args = argsOf(call, SearchArgs);
        if (args) {
          const more = await searchPassages(request.db, caller, args.query, { limit: CHAT_LIMITS.sourcesMax, courseId: request.context?.courseGuid, lessonId: request.context?.lessonGuid, semantic: request.semantic });
          const fresh = more.filter((p) => !sources.some((s) => s.contentGuid === p.contentId && s.excerpt === sourceOf(p, 0).excerpt));
          const numbered = fresh.map((p) => ({ passage: p, n: sources.length + 1 + fresh.indexOf(p) }));
          for (const { passage, n } of numbered) sources.push(sourceOf(passage, n));
          result = { passages: passagesData(numbered.map(({ passage, n }) => ({ n, title: passage.title, body: passage.body })), tag) };
        }
      } else if (call.name === "search_web" && request.webSearch) {
        const args = argsOf(call, SearchArgs);
        if (args) {
          emit({ type: "step", step: "lookingForInformation" });
          const found = (await webResults(request.webSearch, request, args.query)).filter((r) => !sources.some((s) => s.link === r.url));
          const numbered = found.map((r, i) => webSourceOf(r, sources.length + 1 + i));
          sources.push(...numbered);
          result = { pages: passagesData(numbered.map((p) => ({ n: p.n, title: `${p.title} (${p.lessonTitle ?? ""})`, body: p.excerpt })), tag) };
        }
      } else if (call.name === "get_recommendations" && caller.role === "student" && argsOf(call, NoArgs)) {
        const made = cards.some((c) => c.kind === "recommendations") ? [] : await recommendationCards(request.db, caller, request.context, request.now);
        for (const card of made) {
          cards.push(card);
          emit({ type: "card", card });
        }
        const shown = cards.flatMap((c) => (c.kind === "recommendations" ? c.units : []));
        result = { shownToStudent: true, units: shown.map((u) => ({ unit: u.title, lessons: u.lessons.map((l) => ({ lesson: l.title, reasons: l.alertReasons })) })) };
      } else if (call.name === "make_diagram") {
        const args = argsOf(call, DiagramArgs);
        const refused = args ? diagramRefusal(args.code) : "invalid arguments";
        const blocked = args ? moderationCategories([args.title, args.code]) : [];
        if (args && !refused && blocked.length === 0 && cards.filter((c) => c.kind === "diagram").length < DIAGRAMS_MAX) {
          emit({ type: "step", step: "generatingDiagram" });
          const card: ChatCard = { kind: "diagram", title: args.title, code: args.code };
          cards.push(card);
          emit({ type: "card", card });
          result = { shownToUser: true };
        } else {
          result = { error: refused ?? (blocked.length > 0 ? "not suitable for a school" : `at most ${DIAGRAMS_MAX} diagrams an answer`) };
        }
      } else if (call.name === "open_teacher_tool" && TOOL_ROLES.includes(caller.role)) {
        const args = argsOf(call, ToolArgs);
        if (args && isTeacherTool(args.tool)) {
          if (!cards.some((c) => c.kind === "tool" && c.tool === args.tool)) {
            const card = toolCard(args.tool, request.context, ai);
            cards.push(card);
            emit({ type: "card", card });
          }
          result = { shownToTeacher: true, tool: args.tool };
        }
      }
      messages.push({ role: "tool", toolCallId: call.id, content: JSON.stringify(result) });
    }
  }
  release(true);
  emit({ type: "step", step: "almostReady" });
  await moderateOutput(ai, { tenantId: caller.tenantId, signal }, [text]);
  const cited = citedSources(text, sources);
  // The streamed text cites the original numbers; the stored answer and its sources are renumbered.
  emit({ type: "sources", sources: cited.sources });
  return { text: cited.text, kind: "model", guarded: found.guarded, sources: cited.sources, cards };
}
