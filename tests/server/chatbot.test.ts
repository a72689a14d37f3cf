process.env.LOG_LEVEL = "silent";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ChatMessageView, ChatStreamEvent, ConversationView } from "../../src/contracts/chatbot";
import { loadConfig } from "../../src/server/config";
import type { UnitRecommendation } from "../../src/contracts/practice";
import { assessmentAttempts, assistantPassages, contents, courseMembers, coursePublications, knowledgeComponents, practiceActivities, practiceSessions, questions, users } from "../../src/server/db/schema";
import { label } from "../../src/server/modules/chatbot/outline";
import { applyAnswers } from "../../src/server/modules/learning/service";
import { bearerFor, demoAssessmentPlacement, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { startOpenAiServer, type ChatBody, type OpenAiServer, type Script } from "../support/openai-server";

/*
 * The AI assistant over HTTP (issue 17, ADR 0041): who may use it, conversations, answers streamed
 * as server-sent events and grounded in what the user may read (never another edition's contents,
 * never a licensed book they have no licence for), the content manager's writes reaching the
 * index, the open-assessment guard, and, with a model on the loopback server, the tool call and
 * the passages sent as data.
 */

let t: TestApp;
let withModel: TestApp;
let server: OpenAiServer;
let script: Script = () => ({ status: 500 });

beforeAll(async () => {
  server = await startOpenAiServer((body, i) => script(body, i));
  const ai = loadConfig({ AI_PROVIDER: "openai", AI_BASE_URL: server.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0" }).ai;
  [t, withModel] = await Promise.all([buildTestApp(), buildTestApp({ ai })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), withModel.close()]);
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const MARTA = "student1@demo.test";
const LUCIA = "teacher@demo.test";

async function api(app: TestApp, email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return app.app.inject({ method, url: `/api${url}`, headers: await bearerFor(app.app, email), ...(payload ? { payload } : {}) });
}

async function newConversation(app: TestApp, email: string): Promise<ConversationView> {
  const res = await api(app, email, "POST", "/chatbot/conversations", {});
  expect(res.statusCode).toBe(201);
  return res.json().data as ConversationView;
}

/** The SSE body as events, in order (each `event:` line names the `type` its data carries). */
function eventsOf(body: string): ChatStreamEvent[] {
  return body
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null") as ChatStreamEvent;
      expect(data.type).toBe(type);
      return data;
    });
}

async function ask(app: TestApp, email: string, text: string, context?: object, conversation?: ConversationView) {
  const c = conversation ?? (await newConversation(app, email));
  const res = await api(app, email, "POST", `/chatbot/conversations/${c.guid}/messages`, { text, ...(context ? { context } : {}) });
  return { res, conversation: c, events: res.statusCode === 200 ? eventsOf(res.body) : [] };
}

const doneOf = (events: ChatStreamEvent[]): ChatMessageView => {
  const done = events.find((e) => e.type === "done");
  if (done?.type !== "done") throw new Error(`no done event: ${JSON.stringify(events.at(-1))}`);
  return done.message;
};

describe("who may use the assistant", () => {
  it("refuses users without the chatbot flag and editions without the assistant", async () => {
    for (const email of ["student2@demo.test", "teacher@lumen.test"]) {
      const res = await api(t, email, "POST", "/chatbot/conversations", {});
      expect(res.statusCode).toBe(403);
      expect(res.json().error.key).toBe("CHATBOT_DISABLED");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/chatbot/conversations" })).statusCode).toBe(401);
  });
});

describe("conversations", () => {
  it("are listed newest first, titled by the first question, renamed and deleted by their owner only", async () => {
    const first = await newConversation(t, LUCIA);
    expect(first.title).toBe("");
    const { res } = await ask(t, LUCIA, "¿Qué es una potencia de base 10?\nY otra línea", undefined, first);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const second = await newConversation(t, LUCIA);

    const list = (await api(t, LUCIA, "GET", "/chatbot/conversations")).json().data;
    expect(list.items.map((c: ConversationView) => c.guid).slice(0, 2)).toEqual([second.guid, first.guid]);
    expect(list.items[1].title).toBe("¿Qué es una potencia de base 10?");

    const detail = (await api(t, LUCIA, "GET", `/chatbot/conversations/${first.guid}`)).json().data;
    expect(detail.messages.map((m: ChatMessageView) => m.role)).toEqual(["user", "assistant"]);

    // Someone else's conversation does not exist for them.
    expect((await api(t, MARTA, "GET", `/chatbot/conversations/${first.guid}`)).statusCode).toBe(404);
    expect((await api(t, MARTA, "DELETE", `/chatbot/conversations/${first.guid}`)).statusCode).toBe(404);

    const renamed = await api(t, LUCIA, "PATCH", `/chatbot/conversations/${first.guid}`, { title: "Potencias" });
    expect(renamed.json().data.title).toBe("Potencias");
    expect((await api(t, LUCIA, "PATCH", `/chatbot/conversations/${first.guid}`, { title: "  " })).statusCode).toBe(400);
    expect((await api(t, LUCIA, "DELETE", `/chatbot/conversations/${first.guid}`)).statusCode).toBe(204);
    expect((await api(t, LUCIA, "GET", `/chatbot/conversations/${first.guid}`)).statusCode).toBe(404);
  });
});

describe("answers with the local provider", () => {
  it("quotes the class's lesson, with its steps and sources that open the lesson", async () => {
    const marta = await demoUser(t.app, MARTA);
    const { events } = await ask(t, MARTA, "¿Qué es una potencia de base 10?", { userGuid: marta.id, currentPage: "/home", timestamp: new Date().toISOString() });
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("question");
    expect(types.at(-1)).toBe("done");
    const steps = events.flatMap((e) => (e.type === "step" ? [e.step] : []));
    expect(steps.slice(0, 2)).toEqual(["thinking", "searchingCourseMaterials"]);
    const answer = doneOf(events);
    expect(answer).toMatchObject({ role: "assistant", kind: "extractive", status: "complete", mode: "study", guarded: false });
    // Quoted from the lesson's page, cited [1].
    expect(answer.text).toMatch(/Una potencia de base 10 es un 1 seguido de tantos ceros/);
    expect(answer.text).toMatch(/\[1\]/);
    // The streamed text is the stored text.
    expect(events.flatMap((e) => (e.type === "text" ? [e.delta] : [])).join("")).toBe(answer.text);
    const source = answer.sources[0];
    expect(source?.title).toBe("Potencias de base 10");
    expect(source?.link).toBe(`/course/${source?.courseGuid}/lesson/${source?.lessonGuid}`);
    expect(source?.lessonTitle).toBe("Potencias de números naturales");
    // Every cited number has its source, numbered from 1.
    expect(answer.sources.map((s) => s.n)).toEqual(answer.sources.map((_, i) => i + 1));
  });

  it("says when nothing the user may read matches, and never reads another edition", async () => {
    const { events } = await ask(t, MARTA, "¿Qué es el material dourado?");
    const answer = doneOf(events);
    expect(answer.kind).toBe("no_match");
    expect(answer.text).toBe("");
    expect(answer.sources).toEqual([]);
  });

  it("reads a licensed book only with its licence or through a class", async () => {
    const andres = await demoUser(t.app, "newteacher@demo.test");
    await t.app.ctx.db.update(users).set({ chatbotEnabled: true }).where(eq(users.id, andres.id));
    const before = doneOf((await ask(t, "newteacher@demo.test", "raíz cuadrada exacta de un cuadrado perfecto")).events);
    expect(before.sources.map((s) => s.title)).not.toContain("Libro: raíz cuadrada");
    const redeem = await api(t, "newteacher@demo.test", "POST", "/front/redeem", { code: "AULA-TEACH-2026" });
    expect(redeem.statusCode).toBeLessThan(300);
    const after = doneOf((await ask(t, "newteacher@demo.test", "raíz cuadrada exacta de un cuadrado perfecto")).events);
    expect(after.sources.map((s) => s.title)).toContain("Libro: raíz cuadrada");
    // Reached through his licence, not a class: it opens in the viewer.
    expect(after.sources.find((s) => s.title === "Libro: raíz cuadrada")?.link).toMatch(/^\/viewer\//);
  });

  it("indexes what a teacher writes in the content manager, for her and not for students outside a class", async () => {
    const created = await api(t, LUCIA, "POST", "/cms/contents", {
      type: "CTTY_02",
      title: "Los volcanes de Canarias",
      description: "Texto de ciencias",
      body: "El Teide es un estratovolcán de la isla de Tenerife. Su última erupción fue en 1909, en el Chinyero.",
    });
    expect(created.statusCode).toBe(201);
    await t.app.ctx.background.settled();
    const id = created.json().data.guid as string;
    expect((await t.app.ctx.db.select().from(assistantPassages).where(eq(assistantPassages.contentId, id))).length).toBe(1);
    const lucia = doneOf((await ask(t, LUCIA, "¿Cuándo fue la última erupción del Teide?")).events);
    expect(lucia.kind).toBe("extractive");
    expect(lucia.text).toContain("1909");
    expect(doneOf((await ask(t, MARTA, "¿Cuándo fue la última erupción del Teide?")).events).kind).toBe("no_match");

    // Deleted: out of the index.
    expect((await api(t, LUCIA, "DELETE", `/cms/contents/${id}`)).statusCode).toBe(204);
    await t.app.ctx.background.settled();
    expect(await t.app.ctx.db.select().from(assistantPassages).where(eq(assistantPassages.contentId, id))).toEqual([]);
  });

  it("gives a student in an open assessment the places to read, not the answer", async () => {
    const marta = await demoUser(t.app, MARTA);
    const placement = await demoAssessmentPlacement(t.app, marta.id);
    const start = await api(t, MARTA, "POST", `/front/assessments/${placement.assessmentId}/attempts`, { courseGuid: placement.courseId });
    expect(start.statusCode).toBeLessThan(300);
    const [attempt] = await t.app.ctx.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, marta.id));
    const [question] = await t.app.ctx.db.select({ prompt: questions.prompt }).from(questions).where(eq(questions.contentId, attempt?.questionOrder[0] ?? ""));
    const answer = doneOf((await ask(t, MARTA, question?.prompt ?? "")).events);
    expect(answer.guarded).toBe(true);
    expect(answer.text).toBe("");
    expect(["sources_only", "no_match"]).toContain(answer.kind);
    // A formula of one of its questions, alone (no words to match), is not worked out either.
    const prompts = await t.app.ctx.db.select({ prompt: questions.prompt }).from(questions).where(inArray(questions.contentId, attempt?.questionOrder ?? []));
    const formula = prompts.map((p) => /\\\((.+?)\\\)/.exec(p.prompt)?.[1]).find((f) => f && /\d/.test(f) && !/[a-z]\b/.test(f.replace(/\\[a-z]+/g, "")));
    expect(formula).toBeDefined();
    const copied = doneOf((await ask(t, MARTA, `$${formula}$`)).events);
    expect(copied.kind).not.toBe("math");
  });

  it("refuses a message moderation stops, and empty or oversized ones, before storing anything", async () => {
    const c = await newConversation(t, MARTA);
    for (const text of ["eres un gilipollas", "   ", "x".repeat(4001)]) {
      const res = await api(t, MARTA, "POST", `/chatbot/conversations/${c.guid}/messages`, { text });
      expect(res.statusCode).toBe(text.startsWith("eres") ? 422 : 400);
      if (text.startsWith("eres")) expect(res.json().error.key).toBe("CHAT_INPUT_BLOCKED");
    }
    expect((await api(t, MARTA, "GET", `/chatbot/conversations/${c.guid}`)).json().data.messages).toEqual([]);
  });
});

describe("math without a model", () => {
  it("works a formula out in the school order, solves an equation with checked solutions, and not in practice", async () => {
    const steps = doneOf((await ask(t, MARTA, "¿Cuánto es $2^3\\cdot 5+(4-1)\\cdot 2$?")).events);
    expect(steps.kind).toBe("math");
    expect(steps.text.split("\n\n")).toEqual(["$2^{3}\\cdot 5+(4-1)\\cdot 2$", "$= 2^{3}\\cdot 5+3\\cdot 2$", "$= 8\\cdot 5+3\\cdot 2$", "$= 40+6$", "$= 46$"]);
    // Fractions stay exact.
    expect(doneOf((await ask(t, MARTA, "$\\frac{1}{2}+\\frac{1}{3}$")).events).text).toBe("$\\frac{1}{2}+\\frac{1}{3}$\n\n$= \\frac{5}{6}$");
    const equation = doneOf((await ask(t, MARTA, "Resuelve $x^2-5x+6=0$")).events);
    expect(equation.kind).toBe("math");
    expect(equation.text.split("\n\n").slice(1).sort()).toEqual(["$x = 2$", "$x = 3$"]);
    // Money is not a formula; two unknowns are not solved here: the materials answer instead.
    expect(doneOf((await ask(t, MARTA, "Cuesta $5 o $10 la potencia")).events).kind).not.toBe("math");
    expect(doneOf((await ask(t, MARTA, "$x+y=3$")).events).kind).not.toBe("math");
    // Only real solutions: $x^2=-1$ has none a school equation wants.
    expect(doneOf((await ask(t, MARTA, "$x^2=-1$")).events).kind).not.toBe("math");
    // Practising, the student works it out: no answer from the algebra system.
    const practice = { userGuid: "00000000-0000-4000-8000-000000000000", currentPage: "/chatbot-practice", timestamp: new Date().toISOString() };
    expect(doneOf((await ask(t, MARTA, "¿Cuánto es $2^3$?", practice)).events).kind).not.toBe("math");
  }, 30_000);
});

describe("answers with a language model", () => {
  it("sends the passages as data, runs the search tool, streams the text and cites renumbered sources", async () => {
    script = (body: ChatBody, i: number) => {
      if (i === 0) return { toolCalls: [{ name: "search_course_content", arguments: { query: "números romanos" } }] };
      const tool = body.messages.find((m) => m.role === "tool");
      const passages = JSON.stringify(tool?.content ?? "");
      const n = /\\"n\\":(\d+)/.exec(passages)?.[1] ?? "9";
      return { content: `Una potencia de base 10 es un 1 seguido de ceros [1]. Los romanos usaban letras [${n}].` };
    };
    const { events } = await ask(withModel, MARTA, "¿Qué es una potencia de base 10?");
    const answer = doneOf(events);
    expect(answer.kind).toBe("model");
    const chats = server.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(chats).toHaveLength(2);
    const first = chats[0]?.body as ChatBody;
    const user = first.messages.at(-1);
    // The passages go between the call's data markers; the question after them.
    expect(String(user?.content)).toMatch(/<data-[0-9a-f]{16}>[\s\S]*Potencias de base 10[\s\S]*<\/data-[0-9a-f]{16}>\n\nQuestion: ¿Qué es una potencia de base 10\?/);
    expect(first.tools?.map((tool) => tool.function.name)).toEqual(["search_course_content", "get_recommendations", "make_diagram"]);
    expect(events.some((e) => e.type === "step" && e.step === "lookingForInformation")).toBe(true);
    expect(answer.sources.map((s) => s.n)).toEqual([1, 2]);
    expect(answer.text).toBe("Una potencia de base 10 es un 1 seguido de ceros [1]. Los romanos usaban letras [2].");
  });

  it("stores a refused answer as an error and streams the error event", async () => {
    script = () => ({ content: "Eres un gilipollas." });
    const { events, conversation } = await ask(withModel, MARTA, "Dime algo de los números romanos");
    const last = events.at(-1);
    expect(last).toMatchObject({ type: "error", key: "AI_OUTPUT_BLOCKED" });
    const detail = (await api(withModel, MARTA, "GET", `/chatbot/conversations/${conversation.guid}`)).json().data;
    expect(detail.messages.map((m: ChatMessageView) => m.status)).toEqual(["complete", "error"]);
    // Nothing of the refused text was streamed.
    expect(events.some((e) => e.type === "text")).toBe(false);
  });
});

describe("practice mode (issue 17 §5: it coaches on the current activity)", () => {
  it("gives the model the activity the student is on as data, and guards a copy of its question like an open assessment's", async () => {
    for (const app of [t, withModel]) {
      const db = app.app.ctx.db;
      const marta = await demoUser(app.app, MARTA);
      const { courseId } = await demoAssessmentPlacement(app.app, marta.id);
      // A practice question whose prompt has words to match (not a bare formula).
      const [question] = await db
        .select({ id: questions.contentId, prompt: questions.prompt })
        .from(questions)
        .where(and(eq(questions.tenantId, marta.tenantId), sql`length(${questions.prompt}) > 40`, sql`strpos(${questions.prompt}, '\\') = 0`))
        .limit(1);
      if (!question) throw new Error("no question with words");
      const [session] = await db.insert(practiceSessions).values({ tenantId: marta.tenantId, userId: marta.id, courseId, challenge: "new", kcs: ["X"], status: "in_progress" }).returning();
      const [activity] = await db.insert(practiceActivities).values({ sessionId: session?.id ?? "", questionId: question.id, kc: "X", position: 0 }).returning();
      const page = `/activities/sessions/${session?.id}/activities/${activity?.id}`;
      const context = { userGuid: marta.id, currentPage: page, timestamp: new Date().toISOString() };
      script = () => ({ content: "Piensa en qué te pide el enunciado." });
      server.requests.length = 0;
      const copied = doneOf((await ask(app, MARTA, question.prompt, context)).events);
      expect(copied.mode).toBe("practice");
      expect(copied.guarded).toBe(true);
      if (app === t) {
        // Without a model: where to read, never a quotation that could hold the answer.
        expect(copied.text).toBe("");
      } else {
        const sent = server.requests.find((r) => r.path === "/v1/chat/completions")?.body as ChatBody;
        expect(String(sent.messages.at(-1)?.content)).toContain("The activity the student is practising");
        expect(String(sent.messages.at(-1)?.content)).toContain(question.prompt);
        expect(String(sent.messages[0]?.content)).toMatch(/never the answer/);
      }
      // Another student's session page gives nothing of it.
      const pablo = await demoUser(app.app, "student2@demo.test");
      const [foreign] = await db.insert(practiceSessions).values({ tenantId: pablo.tenantId, userId: pablo.id, courseId, challenge: "new", kcs: ["X"], status: "in_progress" }).returning();
      const [theirs] = await db.insert(practiceActivities).values({ sessionId: foreign?.id ?? "", questionId: question.id, kc: "X", position: 0 }).returning();
      server.requests.length = 0;
      const other = doneOf((await ask(app, MARTA, "¿Me das una pista?", { ...context, currentPage: `/activities/sessions/${foreign?.id}/activities/${theirs?.id}` })).events);
      expect(other.guarded).toBe(false);
      if (app === withModel) expect(String((server.requests[0]?.body as ChatBody).messages.at(-1)?.content)).not.toContain("The activity the student is practising");
    }
  });
});

/** Marta fails three times in a row on one of her class's knowledge components: the learner model flags it. */
async function martaFails(app: TestApp): Promise<string> {
  const db = app.app.ctx.db;
  const [marta] = await db.select().from(users).where(eq(users.email, MARTA)).limit(1);
  if (!marta) throw new Error("no Marta");
  const [member] = await db.select({ courseId: courseMembers.courseId }).from(courseMembers).where(and(eq(courseMembers.userId, marta.id), eq(courseMembers.role, "student"))).limit(1);
  if (!member) throw new Error("Marta has no class");
  const [kc] = await db
    .select({ code: knowledgeComponents.code })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, eq(coursePublications.publicationId, knowledgeComponents.publicationId))
    .where(eq(coursePublications.courseId, member.courseId))
    .orderBy(knowledgeComponents.position)
    .limit(1);
  if (!kc) throw new Error("the class has no KCs");
  const at = Date.now() - 3_600_000;
  await applyAnswers(db, {
    tenantId: marta.tenantId,
    userId: marta.id,
    source: "assessment",
    sourceId: "chatbot-cards",
    answers: Array.from({ length: 3 }, (_, i) => ({ questionId: `chatbot-${kc.code}-${i}`, kcs: [kc.code], fraction: 0, answeredAt: new Date(at + i * 60_000) })),
  });
  return member.courseId;
}

describe("cards", () => {
  it("gives a student asking what to review the learner model's units and lessons, as her class's recommendations show them", async () => {
    const courseId = await martaFails(t);
    // Asked from a page of the class: that class's recommendations.
    const { events } = await ask(t, MARTA, "¿Qué debería repasar?", { userGuid: courseId, currentPage: `/course/${courseId}`, timestamp: new Date().toISOString(), courseGuid: courseId });
    const answer = doneOf(events);
    expect(answer.kind).toBe("cards");
    expect(answer.sources).toEqual([]);
    const card = answer.cards[0];
    if (card?.kind !== "recommendations") throw new Error(`no recommendations card: ${JSON.stringify(answer.cards)}`);
    expect(events.filter((e) => e.type === "card")).toHaveLength(answer.cards.length);
    const page = await api(t, MARTA, "GET", `/front/courses/${card.courseGuid}/unit-recommendations`);
    const items = page.json().data.items as UnitRecommendation[];
    expect(items.length).toBeGreaterThan(0);
    expect(card.courseGuid).toBe(courseId);
    expect(card.units).toEqual(
      items.map((u) => ({
        unitGuid: u.unitId,
        title: u.title,
        lessons: u.lessons.map((l) => ({ lessonGuid: l.lessonId, title: l.title, link: `/course/${courseId}/lesson/${l.lessonId}`, alertReasons: l.alertReasons })),
      })),
    );
    expect(card.units.flatMap((u) => u.lessons.flatMap((l) => l.alertReasons))).toContain("repeated_failures");
    // Asked elsewhere, in other words and another language: each of her classes with recommendations, this one among them.
    const anywhere = doneOf((await ask(t, MARTA, "What should I review?")).events);
    expect(anywhere.kind).toBe("cards");
    expect(anywhere.cards.map((c) => (c.kind === "recommendations" ? c.courseGuid : null))).toContain(courseId);
  });

  it("links a teacher to the tool she asks for, disabled when it needs a model this server lacks", async () => {
    const lessonContext = { userGuid: "00000000-0000-4000-8000-000000000000", currentPage: "/home", timestamp: new Date().toISOString() };
    const { events } = await ask(t, LUCIA, "Hazme una rúbrica para evaluar la exposición oral", lessonContext);
    const answer = doneOf(events);
    expect(answer.kind).toBe("cards");
    expect(answer.cards).toEqual([{ kind: "tool", tool: "rubric-generator", category: "assessment", available: true, link: "/ai/tools/setup/rubric-generator" }]);
    const translate = doneOf((await ask(t, LUCIA, "Tradueix aquest text a l'anglès")).events);
    expect(translate.cards).toEqual([{ kind: "tool", tool: "text-translator", category: "texts", available: false, link: "/ai/tools/setup/text-translator" }]);
    // A student asking for a rubric gets no teacher tool.
    expect(doneOf((await ask(t, MARTA, "Hazme una rúbrica de potencias")).events).cards).toEqual([]);
  });

  it("draws, without a model, a concept map of what the materials say: the lesson, its contents and their telling words", async () => {
    const { events } = await ask(t, MARTA, "Hazme un esquema de las potencias de base 10");
    const answer = doneOf(events);
    expect(answer.kind).toBe("cards");
    expect(events.some((e) => e.type === "step" && e.step === "generatingDiagram")).toBe(true);
    const card = answer.cards[0];
    if (card?.kind !== "diagram") throw new Error(`no diagram: ${JSON.stringify(answer.cards)}`);
    const lines = card.code.split("\n");
    expect(lines[0]).toBe("mindmap");
    expect(lines[1]).toBe(`  root((${card.title}))`);
    expect(card.title).toBe("Potencias de números naturales");
    // Branches are the sources' titles; leaves are words of their passages (never the question's).
    const branches = lines.filter((l) => /^ {4}\S/.test(l)).map((l) => l.trim());
    expect(branches).toContain("Potencias de base 10");
    // (Mermaid reads brackets and parentheses as shapes: labels go without them.)
    for (const branch of branches) expect(answer.sources.map((s) => label(s.title))).toContain(branch);
    const leaves = lines.filter((l) => /^ {6}\S/.test(l)).map((l) => l.trim());
    expect(leaves.length).toBeGreaterThan(0);
    const bodies = answer.sources.map((s) => s.excerpt.toLowerCase()).join(" ");
    for (const leaf of leaves) expect(["potencias", "base"]).not.toContain(leaf);
    expect(leaves.some((leaf) => bodies.includes(leaf))).toBe(true);
  });

  it("lets the model show a student's recommendations and a teacher's tool with its tools", async () => {
    await martaFails(withModel);
    script = (body: ChatBody) => {
      const names = body.tools?.map((tool) => tool.function.name) ?? [];
      const tool = body.messages.find((m) => m.role === "tool");
      if (!tool && names.includes("get_recommendations")) return { toolCalls: [{ name: "get_recommendations", arguments: {} }] };
      if (!tool && names.includes("open_teacher_tool")) return { toolCalls: [{ name: "open_teacher_tool", arguments: { tool: "lesson-plan-generator" } }] };
      return { content: `Mira la tarjeta. ${String(tool?.content ?? "").slice(0, 300)}` };
    };
    const student = await ask(withModel, MARTA, "¿Por dónde sigo?");
    const answer = doneOf(student.events);
    expect(answer.kind).toBe("model");
    const card = answer.cards[0];
    expect(card?.kind).toBe("recommendations");
    // The model was told what the card shows: the units and lessons, with their reasons.
    const toolMessage = (server.requests.at(-1)?.body as ChatBody).messages.find((m) => m.role === "tool");
    expect(String(toolMessage?.content)).toContain("repeated_failures");
    if (card?.kind === "recommendations") expect(String(toolMessage?.content)).toContain(card.units[0]?.title ?? "?");

    server.requests.length = 0;
    const teacher = doneOf((await ask(withModel, LUCIA, "Necesito preparar la clase de mañana")).events);
    expect(teacher.cards).toEqual([{ kind: "tool", tool: "lesson-plan-generator", category: "planning", available: true, link: "/ai/tools/setup/lesson-plan-generator" }]);
    const tools = (server.requests[0]?.body as ChatBody).tools?.map((tool) => tool.function.name);
    expect(tools).toEqual(["search_course_content", "open_teacher_tool", "make_diagram"]);
  });

  it("shows the model's diagrams as cards, and tells it why one cannot be drawn", async () => {
    const flow = "flowchart TD\n  A[Base 10] --> B[Exponente]\n  B --> C[Ceros]";
    script = (body: ChatBody) => {
      const results = body.messages.filter((m) => m.role === "tool");
      if (results.length === 0) {
        return {
          toolCalls: [
            { name: "make_diagram", arguments: { title: "Potencias de 10", code: flow } },
            { name: "make_diagram", arguments: { title: "Con enlace", code: "flowchart TD\n  A --> B\n  click A href \"https://example.org\"" } },
            { name: "make_diagram", arguments: { title: "Sin tipo", code: "digraph { a -> b }" } },
          ],
        };
      }
      return { content: `Mira el diagrama. ${results.map((r) => String(r.content)).join(" | ")}` };
    };
    const { events } = await ask(withModel, MARTA, "Hazme un esquema de las potencias de 10");
    const answer = doneOf(events);
    expect(answer.cards).toEqual([{ kind: "diagram", title: "Potencias de 10", code: flow }]);
    expect(events.some((e) => e.type === "step" && e.step === "generatingDiagram")).toBe(true);
    // The model heard which were drawn and why the others were not.
    expect(answer.text).toContain("shownToUser");
    expect(answer.text).toContain("click handlers");
    expect(answer.text).toContain("unknown diagram type");
  });
});

it("keeps the index of contents whose type the assistant must not read empty", async () => {
  const rows = await t.app.ctx.db
    .select({ type: contents.type })
    .from(assistantPassages)
    .innerJoin(contents, eq(contents.id, assistantPassages.contentId));
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.filter((r) => ["CTTY_18", "CTTY_19", "CTTY_10"].includes(r.type))).toEqual([]);
});
