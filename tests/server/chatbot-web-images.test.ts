process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import type { ChatImageView, ChatMessageView, ChatSettings, ChatStreamEvent, ConversationView } from "../../src/contracts/chatbot";
import { loadConfig } from "../../src/server/config";
import { assistantImages } from "../../src/server/db/schema";
import { bearerFor } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { pngOf } from "../support/images";
import { fileForm } from "../support/multipart";
import { startOpenAiServer, type ChatBody, type OpenAiServer, type Script } from "../support/openai-server";
import { startSearxngServer, type SearxngServer, type SearxScript } from "../support/searxng-server";

/*
 * The assistant's web search and attached images (issue 17, ADR 0044), over HTTP against a
 * SearXNG-compatible server and an OpenAI-compatible server on loopback:
 * - the per-user setting: off by default, refused with its reason where the server has no search;
 * - without a model, the web's pages when the materials have nothing; never for an open
 *   assessment's question; a failing search is no answer, not an error;
 * - with a model, a search_web tool only for a user who turned it on;
 * - images checked by their bytes and size, their owner's alone, read by a model that reads images
 *   and otherwise answered with the reason.
 */

let local: TestApp;
let model: TestApp;
let vision: TestApp;
let openai: OpenAiServer;
let searx: SearxngServer;
let script: Script = () => ({ status: 500 });
let web: SearxScript = () => [];

beforeAll(async () => {
  [openai, searx] = await Promise.all([startOpenAiServer((body, i) => script(body, i)), startSearxngServer((q, p) => web(q, p))]);
  const search = { SEARCH_PROVIDER: "searxng", SEARCH_URL: searx.url, SEARCH_TIMEOUT_MS: "400" };
  const withModel = { AI_PROVIDER: "openai", AI_BASE_URL: openai.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0" };
  [local, model, vision] = await Promise.all([
    buildTestApp({ ai: loadConfig(search).ai, assistantChatTools: { aula: CHAT_TOOL } }),
    buildTestApp({ ai: loadConfig(withModel).ai }),
    buildTestApp({ ai: loadConfig({ ...withModel, ...search, AI_VISION: "true" }).ai }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([local.close(), model.close(), vision.close()]);
  await Promise.all([openai.close(), searx.close()]);
});
beforeEach(() => {
  openai.requests.length = 0;
  searx.requests.length = 0;
  web = () => [];
});

const CHAT_TOOL = { title: "Tutor de la editorial", url: "https://chat.editorial.example/aula?x=1" };
const MARTA = "student1@demo.test";
const LUCIA = "teacher@demo.test";
const NOT_IN_MATERIALS = "¿Qué es el material dourado?";

async function api(app: TestApp, email: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return app.app.inject({ method, url: `/api${url}`, headers: await bearerFor(app.app, email), ...(payload ? { payload } : {}) });
}

const eventsOf = (body: string): ChatStreamEvent[] =>
  body
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null") as ChatStreamEvent);

async function ask(app: TestApp, email: string, body: { text: string; imageGuid?: string }, conversation?: ConversationView) {
  const c = conversation ?? ((await api(app, email, "POST", "/chatbot/conversations", {})).json().data as ConversationView);
  const res = await api(app, email, "POST", `/chatbot/conversations/${c.guid}/messages`, body);
  const events = res.statusCode === 200 ? eventsOf(res.body) : [];
  const done = events.find((e) => e.type === "done");
  const question = events.find((e) => e.type === "question");
  return {
    res,
    conversation: c,
    events,
    answer: done?.type === "done" ? done.message : (null as unknown as ChatMessageView),
    question: question?.type === "question" ? question.message : null,
  };
}

async function setWebSearch(app: TestApp, email: string, on: boolean) {
  return api(app, email, "PUT", "/chatbot/settings", { webSearch: on });
}

async function upload(app: TestApp, email: string, fileName: string, data: Buffer) {
  const form = fileForm("file", fileName, data);
  return app.app.inject({ method: "POST", url: "/api/chatbot/images", payload: form.payload, headers: { ...form.headers, ...(await bearerFor(app.app, email)) } });
}

describe("the web-search setting (spec §1)", () => {
  it("is off by default, turned on and off per user, and refused with its reason where the server has no search provider", async () => {
    const before = (await api(local, LUCIA, "GET", "/chatbot/settings")).json().data as ChatSettings;
    expect(before).toEqual({ webSearch: false, webSearchAvailable: true, webSearchReason: null, imageReading: false, imageReason: "NO_LANGUAGE_MODEL", chatTool: CHAT_TOOL });
    expect((await setWebSearch(local, LUCIA, true)).json().data.webSearch).toBe(true);
    expect((await api(local, LUCIA, "GET", "/chatbot/settings")).json().data.webSearch).toBe(true);
    // Another user's setting is their own.
    expect((await api(local, MARTA, "GET", "/chatbot/settings")).json().data.webSearch).toBe(false);
    expect((await setWebSearch(local, LUCIA, false)).json().data.webSearch).toBe(false);

    const none = await api(model, LUCIA, "GET", "/chatbot/settings");
    expect(none.json().data).toEqual({ webSearch: false, webSearchAvailable: false, webSearchReason: "NO_SEARCH_PROVIDER", imageReading: false, imageReason: "NO_VISION_MODEL", chatTool: null });
    const refused = await setWebSearch(model, LUCIA, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ key: "WEB_SEARCH_UNAVAILABLE", details: { reason: "NO_SEARCH_PROVIDER" } });
    expect((await setWebSearch(model, LUCIA, false)).statusCode).toBe(200);
    expect((await api(vision, LUCIA, "GET", "/chatbot/settings")).json().data).toMatchObject({ webSearchAvailable: true, imageReading: true, imageReason: null });

    expect((await api(local, LUCIA, "PUT", "/chatbot/settings", { webSearch: "yes" })).statusCode).toBe(400);
    expect((await api(local, "student2@demo.test", "GET", "/chatbot/settings")).statusCode).toBe(403);
    expect((await local.app.inject({ method: "GET", url: "/api/chatbot/settings" })).statusCode).toBe(401);
  });
});

describe("the edition's external chat tool (spec §2 full-screen modal)", () => {
  it("is named in the settings of its edition's users and is the one other origin the page may frame", async () => {
    const res = await api(local, MARTA, "GET", "/chatbot/settings");
    expect(res.json().data.chatTool).toEqual(CHAT_TOOL);
    expect(res.headers["content-security-policy"]).toMatch(/frame-src 'self' blob: https:\/\/chat\.editorial\.example(;|$)/);
    expect((await api(model, MARTA, "GET", "/chatbot/settings")).headers["content-security-policy"]).toMatch(/frame-src 'self' blob:(;|$)/);
    expect(() => loadConfig({ ASSISTANT_CHAT_TOOLS: "{nope" })).toThrow(/ASSISTANT_CHAT_TOOLS must be JSON/);
    expect(() => loadConfig({ ASSISTANT_CHAT_TOOLS: JSON.stringify({ aula: { title: "X", url: "http://chat.example.com/" } }) })).toThrow(/aula.url: an https address/);
    expect(loadConfig({ ASSISTANT_CHAT_TOOLS: JSON.stringify({ aula: { title: "X", url: "http://127.0.0.1:9/" } }) }).assistantChatTools).toEqual({ aula: { title: "X", url: "http://127.0.0.1:9/" } });
  });
});

describe("web search without a model", () => {
  it("gives the web's pages when the materials have nothing, only to a user who turned it on, with strict safe search", async () => {
    web = () => [
      { url: "https://es.wikipedia.org/wiki/Material_dourado", title: "Material dourado - Wikipedia", content: "El <b>material dourado</b> es un recurso manipulativo para el sistema decimal." },
      { url: "javascript:alert(1)", title: "Trampa", content: "no" },
      { url: "https://ejemplo.es/malo", title: "Una gilipollas página", content: "texto" },
      { url: "https://www.educa.es/dourado", title: "Dourado en el aula", content: "Unidades, decenas y centenas con cubos." },
    ];
    await setWebSearch(local, MARTA, false);
    const off = await ask(local, MARTA, { text: NOT_IN_MATERIALS });
    expect(off.answer.kind).toBe("no_match");
    expect(searx.requests).toHaveLength(0);

    await setWebSearch(local, MARTA, true);
    const on = await ask(local, MARTA, { text: NOT_IN_MATERIALS });
    expect(on.answer.kind).toBe("web");
    expect(on.answer.text).toBe("");
    expect(on.answer.sources).toEqual([
      { n: 1, origin: "web", contentGuid: null, title: "Material dourado - Wikipedia", courseGuid: null, lessonGuid: null, lessonTitle: "es.wikipedia.org", link: "https://es.wikipedia.org/wiki/Material_dourado", excerpt: "El material dourado es un recurso manipulativo para el sistema decimal." },
      { n: 2, origin: "web", contentGuid: null, title: "Dourado en el aula", courseGuid: null, lessonGuid: null, lessonTitle: "educa.es", link: "https://www.educa.es/dourado", excerpt: "Unidades, decenas y centenas con cubos." },
    ]);
    expect(on.events.some((e) => e.type === "step" && e.step === "lookingForInformation")).toBe(true);
    const [request] = searx.requests;
    expect(Object.fromEntries(request ?? [])).toEqual({ q: NOT_IN_MATERIALS, format: "json", language: "es", safesearch: "2", pageno: "1" });
    // The stored answer keeps its web sources.
    const stored = (await api(local, MARTA, "GET", `/chatbot/conversations/${on.conversation.guid}`)).json().data.messages as ChatMessageView[];
    expect(stored.at(-1)?.sources.map((s) => s.origin)).toEqual(["web", "web"]);

    // What the materials answer is answered from them: the web is not asked.
    searx.requests.length = 0;
    expect((await ask(local, MARTA, { text: "¿Qué es una potencia de base 10?" })).answer.kind).toBe("extractive");
    expect(searx.requests).toHaveLength(0);
  });

  it("goes on without the web when the search fails or is too slow, and never searches in practice", async () => {
    await setWebSearch(local, MARTA, true);
    web = () => ({ status: 500 });
    expect((await ask(local, MARTA, { text: NOT_IN_MATERIALS })).answer.kind).toBe("no_match");
    web = () => ({ delayMs: 1_500, results: [{ url: "https://tarde.es", title: "Tarde" }] });
    expect((await ask(local, MARTA, { text: NOT_IN_MATERIALS })).answer.kind).toBe("no_match");
    const searched = searx.requests.length;
    web = () => [{ url: "https://es.wikipedia.org/wiki/Material_dourado", title: "Material dourado" }];
    const c = (await api(local, MARTA, "POST", "/chatbot/conversations", {})).json().data as ConversationView;
    const practice = await api(local, MARTA, "POST", `/chatbot/conversations/${c.guid}/messages`, {
      text: NOT_IN_MATERIALS,
      context: { userGuid: "00000000-0000-4000-8000-000000000000", currentPage: "/chatbot-practice", timestamp: new Date().toISOString() },
    });
    const done = eventsOf(practice.body).find((e) => e.type === "done");
    expect(done?.type === "done" && done.message.kind).toBe("no_match");
    expect(searx.requests).toHaveLength(searched);
  });
});

describe("web search with a model", () => {
  it("offers the model a search_web tool only when the user turned it on, and cites the pages it found", async () => {
    web = (q) => [{ url: "https://es.wikipedia.org/wiki/Material_dourado", title: "Material dourado", content: `Resultado para ${q}: cubos de base diez.` }];
    script = (body: ChatBody) => {
      const tool = body.messages.find((m) => m.role === "tool");
      if (!tool && body.tools?.some((t) => t.function.name === "search_web")) return { toolCalls: [{ name: "search_web", arguments: { query: "material dourado" } }] };
      const n = /n\\*":(\d+)/.exec(String(tool?.content ?? ""))?.[1];
      return { content: n ? `Son cubos de base diez [${n}].` : "No lo sé." };
    };
    await setWebSearch(vision, MARTA, false);
    await ask(vision, MARTA, { text: NOT_IN_MATERIALS });
    const firstOff = openai.requests.find((r) => r.path === "/v1/chat/completions")?.body as ChatBody;
    expect(firstOff.tools?.map((tool) => tool.function.name)).not.toContain("search_web");
    expect(searx.requests).toHaveLength(0);

    openai.requests.length = 0;
    await setWebSearch(vision, MARTA, true);
    const { answer } = await ask(vision, MARTA, { text: NOT_IN_MATERIALS });
    const first = openai.requests.find((r) => r.path === "/v1/chat/completions")?.body as ChatBody;
    expect(first.tools?.map((tool) => tool.function.name)).toContain("search_web");
    expect(first.messages[0]?.content).toMatch(/search_web/);
    expect(searx.requests.map((p) => p.get("q"))).toEqual(["material dourado"]);
    expect(answer.kind).toBe("model");
    expect(answer.text).toBe("Son cubos de base diez [1].");
    expect(answer.sources).toEqual([expect.objectContaining({ n: 1, origin: "web", link: "https://es.wikipedia.org/wiki/Material_dourado", lessonTitle: "es.wikipedia.org" })]);
  });
});

describe("attached images (spec §1 image attach)", () => {
  it("are checked by their bytes, size and pixels, and opened only at their owner's signed address", async () => {
    const ok = await upload(local, MARTA, "foto.png", pngOf(3, 2));
    expect(ok.statusCode).toBe(201);
    const image = ok.json().data as ChatImageView;
    expect(image).toMatchObject({ mimeType: "image/png", width: 3, height: 2 });
    const file = await local.app.inject({ method: "GET", url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(pngOf(3, 2))).toBe(true);
    // A forged or altered address opens nothing.
    expect((await local.app.inject({ method: "GET", url: image.url.replace(/.$/, (c) => (c === "a" ? "b" : "a")) })).statusCode).toBe(404);
    expect((await local.app.inject({ method: "GET", url: `/api/chatbot/images/ci-${image.guid}.9999999999.x` })).statusCode).toBe(404);

    // Text named .png is refused (the bytes decide), as is a name that is not an image's.
    const text = await upload(local, MARTA, "foto.png", Buffer.from("no soy una imagen"));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.key).toBe("CHAT_IMAGE_TYPE");
    expect((await upload(local, MARTA, "virus.exe", pngOf())).json().error.key).toBe("CHAT_IMAGE_TYPE");
    const huge = await upload(local, MARTA, "enorme.png", pngOf(8000, 6000, { headerOnly: true }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ key: "CHAT_IMAGE_TOO_LARGE", details: { megapixels: 40 } });
    const heavy = await upload(local, MARTA, "pesada.png", Buffer.concat([pngOf(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().error.key).toBe("FILE_TOO_LARGE");
    expect((await upload(local, "student2@demo.test", "foto.png", pngOf())).statusCode).toBe(403);
  });

  it("without a model that reads images: the question is answered from its text and the answer says why the image was not read", async () => {
    const image = (await upload(local, MARTA, "foto.png", pngOf())).json().data as ChatImageView;
    // Another user cannot send it.
    expect((await ask(local, LUCIA, { text: "", imageGuid: image.guid })).res.statusCode).toBe(404);
    const alone = await ask(local, MARTA, { text: "", imageGuid: image.guid });
    expect(alone.answer).toMatchObject({ kind: "image_unread", imageUnread: "NO_LANGUAGE_MODEL", text: "" });
    expect(alone.question?.image).toMatchObject({ guid: image.guid, width: 1, height: 1 });
    // Sent once: it cannot be sent again.
    expect((await ask(local, MARTA, { text: "otra vez", imageGuid: image.guid })).res.statusCode).toBe(404);
    // Nothing at all is not a question.
    expect((await ask(local, MARTA, { text: "  " })).res.statusCode).toBe(400);

    const second = (await upload(local, MARTA, "foto.png", pngOf())).json().data as ChatImageView;
    const withText = await ask(local, MARTA, { text: "¿Qué es una potencia de base 10?", imageGuid: second.guid });
    expect(withText.answer).toMatchObject({ kind: "extractive", imageUnread: "NO_LANGUAGE_MODEL" });

    const third = (await upload(model, MARTA, "foto.png", pngOf())).json().data as ChatImageView;
    script = () => ({ content: "Una potencia de base 10 es un 1 seguido de ceros." });
    const noVision = await ask(model, MARTA, { text: "¿Qué es una potencia de base 10?", imageGuid: third.guid });
    expect(noVision.answer).toMatchObject({ kind: "model", imageUnread: "NO_VISION_MODEL" });
    const sent = openai.requests.find((r) => r.path === "/v1/chat/completions")?.body as ChatBody;
    expect(typeof sent.messages.at(-1)?.content).toBe("string");

    // Deleting the conversation deletes its image.
    const stored = (await api(local, MARTA, "GET", `/chatbot/conversations/${alone.conversation.guid}`)).json().data.messages as ChatMessageView[];
    const url = stored[0]?.image?.url ?? "";
    expect((await local.app.inject({ method: "GET", url })).statusCode).toBe(200);
    expect((await api(local, MARTA, "DELETE", `/chatbot/conversations/${alone.conversation.guid}`)).statusCode).toBe(204);
    expect((await local.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect(await local.app.ctx.db.select().from(assistantImages).where(eq(assistantImages.id, image.guid))).toEqual([]);
  });

  it("with a model that reads images: the picture goes with the question", async () => {
    await setWebSearch(vision, MARTA, false);
    const image = (await upload(vision, MARTA, "ejercicio.png", pngOf(2, 2))).json().data as ChatImageView;
    script = (body: ChatBody) => {
      const last = body.messages.at(-1)?.content;
      return { content: Array.isArray(last) && last.some((p) => p.type === "image_url") ? "Veo un cuadrado rojo." : "No veo ninguna imagen." };
    };
    const { answer } = await ask(vision, MARTA, { text: "", imageGuid: image.guid });
    expect(answer).toMatchObject({ kind: "model", text: "Veo un cuadrado rojo.", imageUnread: null });
    const sent = openai.requests.find((r) => r.path === "/v1/chat/completions");
    expect(sent?.invalid).toBeUndefined();
    const parts = (sent?.body as ChatBody).messages.at(-1)?.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts.map((p) => p.type)).toEqual(["text", "image_url"]);
    expect(parts[1]?.image_url?.url).toBe(`data:image/png;base64,${pngOf(2, 2).toString("base64")}`);
  });
});
