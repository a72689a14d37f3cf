import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { ChatMessageView, ChatSettings, ChatSource, ConversationView } from "../../src/contracts/chatbot-base";
import { chatModeOf, isChatHiddenOn } from "../../src/contracts/chatbot-base";
import { cleanLinkTitle, parseInline, plainText, trimLink } from "../../src/client/features/chatbot/chatText";
import { asked, chatPanelReducer, contextOf, currentStep, finished, initialChatPanelState, newChat, streamed } from "../../src/client/features/chatbot/chatbotSlice";
import { takeEvents } from "../../src/client/features/chatbot/chatbotApi";
import { ok, sse, type ApiCall } from "../support/client-api";
import { FakeXhr } from "../support/fake-xhr";
import { renderApp, signedInAs } from "../support/render";

/*
 * The assistant's panel (issue 17; spec §2, §3, §5): who sees the open button and where, the
 * greeting and empty state, a question streamed with its loading steps, the answer's note, text,
 * formula and sources, the history, and the chat input rules.
 */

const CONVERSATION = "5a0c8e2e-8b1f-4a57-9d3c-2f1e0a9b8c7d";
const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const LESSON = "7e2d3c4b-5a6f-4b7c-8d9e-0f1a2b3c4d5e";
const CONTENT = "8d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
const NOW = "2026-11-27T10:00:00.000Z";

const conversation = (over: Partial<ConversationView> = {}): ConversationView => ({ guid: CONVERSATION, title: "", createdAt: NOW, updatedAt: NOW, ...over });
const source: ChatSource = {
  n: 1,
  origin: "course",
  contentGuid: CONTENT,
  title: "Potencias de base 10",
  courseGuid: COURSE,
  lessonGuid: LESSON,
  lessonTitle: "Potencias de números naturales",
  link: `/course/${COURSE}/lesson/${LESSON}`,
  excerpt: "Una potencia de base 10 es un 1 seguido de tantos ceros como indica el exponente.",
};
const message = (over: Partial<ChatMessageView>): ChatMessageView => ({
  guid: crypto.randomUUID(),
  role: "assistant",
  text: "",
  mode: "study",
  status: "complete",
  kind: null,
  guarded: false,
  sources: [],
  cards: [],
  image: null,
  imageUnread: null,
  createdAt: NOW,
  ...over,
});

const home = { "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) };

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Abrir el asistente IA" }, { timeout: 10_000 }));
  return screen.findByRole("dialog", { name: "Asistente IA" }, { timeout: 10_000 });
}

describe("the chat input rules (spec §5)", () => {
  it("reads formulas between dollar signs, not prices", () => {
    expect(parseInline("Si $x^2 = 9$ entonces cuesta $5 o $10")).toEqual([
      { kind: "text", value: "Si " },
      { kind: "math", value: "x^2 = 9", display: false },
      { kind: "text", value: " entonces cuesta $5 o $10" },
    ]);
  });
  it("trims what follows '.html:' in links and removes decorative emoji from their titles", () => {
    expect(trimLink("https://ejemplo.es/tema.html:")).toBe("https://ejemplo.es/tema.html");
    expect(trimLink("https://ejemplo.es/tema.html:12")).toBe("https://ejemplo.es/tema.html");
    expect(trimLink("https://ejemplo.es/a:b.html")).toBe("https://ejemplo.es/a:b.html");
    expect(cleanLinkTitle("👉 Lección 1️⃣ 🇪🇸 ✨")).toBe("Lección 1");
    expect(parseInline("[🚀 Guía](https://x.es/g.html:)")).toEqual([{ kind: "link", href: "https://x.es/g.html", title: "Guía" }]);
  });
  it("gives screen readers and read-aloud the plain text", () => {
    expect(plainText("La **potencia** $10^3$ vale mil [1].\n\n- uno")).toBe("La potencia 10^3 vale mil .\nuno");
  });
  it("knows the pages it is hidden on and the practice mode", () => {
    for (const page of ["/login", "/signup", "/forgot-password", "/reset-password/abc", "/error", "/credits", "/terms-of-use", "/privacy-policy", "/ai/tools", "/ai/tools/history", "/activities/sessions/s1/summary"]) {
      expect(isChatHiddenOn(page)).toBe(true);
    }
    for (const page of ["/home", "/course/x", "/activities/sessions/s1/activities/a1", "/chatbot-practice"]) expect(isChatHiddenOn(page)).toBe(false);
    expect(chatModeOf("/chatbot-practice")).toBe("practice");
    expect(chatModeOf("/activities/sessions/s1/activities/a1")).toBe("practice");
    expect(chatModeOf("/course/x/lesson/y")).toBe("study");
  });
  it("sends the page's class, unit and lesson as the context", () => {
    expect(contextOf("u1", `/course/${COURSE}/unit/${CONTENT}/lesson/${LESSON}`, new Date(NOW))).toEqual({
      userGuid: "u1",
      currentPage: `/course/${COURSE}/unit/${CONTENT}/lesson/${LESSON}`,
      timestamp: NOW,
      courseGuid: COURSE,
      unitGuid: CONTENT,
      lessonGuid: LESSON,
    });
  });
  it("reads server-sent events split across chunks", () => {
    const first = takeEvents('event: step\ndata: {"type":"step","step":"thinking"}\n\nevent: text\ndata: {"type":"te');
    expect(first.events).toEqual([{ type: "step", step: "thinking" }]);
    expect(takeEvents(`${first.rest}xt","delta":"Hola"}\n\n`).events).toEqual([{ type: "text", delta: "Hola" }]);
  });
});

describe("the answer being written", () => {
  it("shows the last loading step the server reached and the text so far, one question at a time", () => {
    let state = chatPanelReducer(initialChatPanelState, asked({ conversationGuid: CONVERSATION, question: "¿Qué es?" }));
    expect(currentStep(state.pending)).toBeNull();
    state = chatPanelReducer(state, streamed({ type: "step", step: "thinking" }));
    state = chatPanelReducer(state, streamed({ type: "step", step: "searchingCourseMaterials" }));
    expect(currentStep(state.pending)).toBe("searchingCourseMaterials");
    state = chatPanelReducer(state, streamed({ type: "text", delta: "Una " }));
    state = chatPanelReducer(state, streamed({ type: "text", delta: "potencia" }));
    expect(state.pending?.text).toBe("Una potencia");
    // No new chat while an answer is being written.
    expect(chatPanelReducer(state, newChat()).conversationGuid).toBe(CONVERSATION);
    state = chatPanelReducer(state, finished({ error: null }));
    expect(state.pending).toBeNull();
    expect(chatPanelReducer(state, newChat()).conversationGuid).toBeNull();
  });
});

describe("the assistant's panel", () => {
  it("is offered only to users with the assistant, and not on the pages the spec hides it on", async () => {
    const without = renderApp("/home", { auth: signedInAs("student", { chatbotEnabled: false }), api: home });
    await screen.findByRole("main");
    await waitFor(() => expect(without.api.callsTo("GET /api/front/courses").length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: "Abrir el asistente IA" })).not.toBeInTheDocument();
    without.unmount();

    renderApp("/home", { auth: signedInAs("student", { chatbotEnabled: true }), api: home });
    expect(await screen.findByRole("button", { name: "Abrir el asistente IA" }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("greets, streams an answer, and shows the note, the formula and the sources that open the lesson", async () => {
    const user = userEvent.setup();
    const question = message({ role: "user", text: "¿Qué es $10^3$?" });
    const answer = message({ kind: "extractive", text: "Una potencia de base 10 es un 1 seguido de tantos ceros como indica el exponente [1].", sources: [source] });
    const app = renderApp(`/course/${COURSE}/lesson/${LESSON}`, {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "POST /api/chatbot/conversations": () => ({ status: 201, body: ok(conversation()) }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation(), messages: [] }),
        [`POST /api/chatbot/conversations/${CONVERSATION}/messages`]: () =>
          sse([
            { type: "question", message: question } as never,
            { type: "step", step: "thinking" } as never,
            { type: "step", step: "searchingCourseMaterials" } as never,
            { type: "sources", sources: [source] } as never,
            { type: "text", delta: answer.text } as never,
            { type: "done", message: answer } as never,
          ]),
        "GET /api/chatbot/conversations": ok({ items: [conversation({ title: "¿Qué es $10^3$?" })], total: 1, offset: 0, pageSize: 20 }),
      },
    });
    const panel = await openPanel(user);
    // Spec: focus on open, the greeting, the empty state's title and text.
    const box = within(panel).getByRole("textbox", { name: "Tu pregunta" });
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(panel).getByText("¡Hola! ¿Cómo puedo ayudarte hoy con tu aprendizaje?")).toBeInTheDocument();
    expect(within(panel).getByText("Pregúntame lo que quieras sobre tu curso, tus lecciones o cualquier otra duda que tengas.")).toBeInTheDocument();

    await user.type(box, "¿Qué es $10^3$?{Enter}");
    await waitFor(() => expect(app.api.callsTo(`POST /api/chatbot/conversations/${CONVERSATION}/messages`)).toHaveLength(1));
    const sent = app.api.callsTo(`POST /api/chatbot/conversations/${CONVERSATION}/messages`)[0] as ApiCall;
    expect(sent.body).toMatchObject({ text: "¿Qué es $10^3$?", context: { currentPage: `/course/${COURSE}/lesson/${LESSON}`, courseGuid: COURSE, lessonGuid: LESSON } });

    const log = within(panel).getByRole("log", { name: "Mensajes de la conversación" });
    expect(await within(log).findByText(/Citas de tus materiales/)).toBeInTheDocument();
    const cite = await within(log).findByRole("link", { name: "Fuente 1" });
    expect(cite.closest("p")).toHaveTextContent("Una potencia de base 10 es un 1 seguido de tantos ceros como indica el exponente [1].");
    const link = within(log).getByRole("link", { name: "Potencias de base 10 · Potencias de números naturales" });
    expect(link).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
    // The citation jumps to its source.
    expect(document.getElementById(cite.getAttribute("href")?.slice(1) ?? "")).toContainElement(link);
    // The question's formula is typeset (KaTeX writes MathML for screen readers).
    await waitFor(() => expect(log.querySelector("math")).not.toBeNull(), { timeout: 10_000 });
    expect(box).toHaveValue("");

    // The history lists it; Escape closes the panel and gives the focus back to its button.
    await user.click(within(panel).getByRole("button", { name: "Historial" }));
    expect(await within(panel).findByRole("button", { name: /^¿Qué es \$10\^3\$\?/ })).toBeInTheDocument();
    // Back to the chat; Escape from the question box closes the panel.
    await user.click(within(panel).getByRole("button", { name: "Historial" }));
    await user.click(within(panel).getByRole("textbox", { name: "Tu pregunta" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Asistente IA" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Abrir el asistente IA" })).toHaveFocus());
  });

  it("says when nothing matched, shows a refused question's error and gives the text back", async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "POST /api/chatbot/conversations": () => ({ status: 201, body: ok(conversation()) }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation(), messages: [] }),
        [`POST /api/chatbot/conversations/${CONVERSATION}/messages`]: () =>
          refuse
            ? { status: 422, body: { status: "error", error: { key: "CHAT_INPUT_BLOCKED", message: "blocked" } } }
            : sse([
                { type: "question", message: message({ role: "user", text: "volcanes" }) } as never,
                { type: "done", message: message({ kind: "no_match" }) } as never,
              ]),
      },
    });
    const panel = await openPanel(user);
    const box = within(panel).getByRole("textbox", { name: "Tu pregunta" });
    await user.type(box, "palabrota{Enter}");
    expect(await within(panel).findByRole("alert")).toHaveTextContent("El mensaje no es adecuado para el asistente. Escríbelo de otra forma.");
    expect(box).toHaveValue("palabrota");
    refuse = false;
    await user.clear(box);
    await user.type(box, "volcanes{Enter}");
    expect(await within(panel).findByText("No he encontrado nada sobre esto en los materiales a los que tienes acceso.")).toBeInTheDocument();
    expect(within(panel).queryByRole("alert")).not.toBeInTheDocument();

    const results = await axe.run(panel);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("puts a formula from the formula editor into the question between dollar signs, where the caret was", async () => {
    const user = userEvent.setup();
    renderApp("/home", { auth: signedInAs("student", { chatbotEnabled: true }), api: home });
    const panel = await openPanel(user);
    const box = within(panel).getByRole("textbox", { name: "Tu pregunta" });
    await user.type(box, "Resuelve  por favor");
    (box as HTMLTextAreaElement).setSelectionRange(9, 9);
    await user.click(within(panel).getByRole("button", { name: "Insertar una fórmula" }));
    const editor = await within(panel).findByRole("group", { name: "Editor de fórmulas" });
    // jsdom cannot run MathLive: the editor is the plain box that takes LaTeX, and it has the focus.
    const field = await within(editor).findByRole("textbox", { name: "Fórmula" });
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(editor).getByRole("button", { name: "Insertar" })).toBeDisabled();
    await user.type(field, "x^2=9");
    await user.click(within(editor).getByRole("button", { name: "Insertar" }));
    expect(box).toHaveValue("Resuelve $x^2=9$ por favor");
    await waitFor(() => expect(box).toHaveFocus());
    expect((box as HTMLTextAreaElement).selectionStart).toBe("Resuelve $x^2=9$".length);

    // Escape closes the editor, not the panel, and leaves the question as it was.
    await user.click(within(panel).getByRole("button", { name: "Insertar una fórmula" }));
    await user.type(await within(panel).findByRole("textbox", { name: "Fórmula" }), "y");
    await user.keyboard("{Escape}");
    expect(within(panel).queryByRole("group", { name: "Editor de fórmulas" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Asistente IA" })).toBeInTheDocument();
    expect(box).toHaveValue("Resuelve $x^2=9$ por favor");
  });
});

describe("read-aloud (spec §4 audio playback, §5/§8 limits)", () => {
  const played: HTMLMediaElement[] = [];
  let playFails = false;
  beforeEach(() => {
    played.length = 0;
    playFails = false;
    jest.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
      if (playFails) return Promise.reject(new Error("NotAllowedError"));
      played.push(this);
      return Promise.resolve();
    });
    jest.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
    let n = 0;
    Object.assign(URL, { createObjectURL: jest.fn(() => `blob:audio-${++n}`), revokeObjectURL: jest.fn() });
  });
  afterEach(() => jest.restoreAllMocks());

  it("plays a message, stops it when chosen again, stops the current one before another, and says why it cannot play", async () => {
    const user = userEvent.setup();
    const first = message({ kind: "extractive", text: "Una potencia de base 10 es un 1 seguido de ceros [1]." });
    const second = message({ kind: "extractive", text: "El exponente indica cuántos ceros hay." });
    const citations = message({ kind: "extractive", text: "[1]" });
    const long = message({ kind: "extractive", text: "a".repeat(5001) });
    let loadFails = false;
    const app = renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "GET /api/chatbot/conversations": ok({ items: [conversation({ title: "Potencias" })], total: 1, offset: 0, pageSize: 20 }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation({ title: "Potencias" }), messages: [first, second, citations, long] }),
        "POST /api/chatbot/speech": (call: ApiCall) =>
          loadFails
            ? { status: 503, body: { status: "error", error: { key: "TTS_FAILED", message: "Failed to load audio" } } }
            : (call.body as { text: string }).text === "[1]"
              ? { status: 422, body: { status: "error", error: { key: "TTS_NO_TEXT", message: "No text to play" } } }
              : { status: 200, body: undefined, raw: { text: "ID3-audio", contentType: "audio/mpeg" } },
      },
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("button", { name: "Historial" }));
    await user.click(await within(panel).findByRole("button", { name: /^Potencias/ }));
    const log = within(panel).getByRole("log", { name: "Mensajes de la conversación" });
    await within(log).findByText(/El exponente indica/);
    const buttons = () => within(log).getAllByRole("button", { name: /^(Escuchar|Detener la lectura|Cargando el audio…)$/ });
    expect(buttons()).toHaveLength(4);

    // The first message: loading, then playing; the request carries its text.
    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(buttons()[0]).toHaveAccessibleName("Detener la lectura"));
    expect(buttons()[0]).toHaveAttribute("aria-pressed", "true");
    expect((app.api.callsTo("POST /api/chatbot/speech")[0] as ApiCall).body).toEqual({ text: first.text });
    expect(played).toHaveLength(1);

    // Another message stops the first before it plays.
    await user.click(buttons()[1] as HTMLElement);
    await waitFor(() => expect(buttons()[1]).toHaveAccessibleName("Detener la lectura"));
    expect(buttons()[0]).toHaveAccessibleName("Escuchar");
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(played).toHaveLength(2);

    // It ends on its own: idle again. Played again, the audio is not fetched twice.
    played[1]?.dispatchEvent(new Event("ended"));
    await waitFor(() => expect(buttons()[1]).toHaveAccessibleName("Escuchar"));
    await user.click(buttons()[1] as HTMLElement);
    await waitFor(() => expect(buttons()[1]).toHaveAccessibleName("Detener la lectura"));
    expect(app.api.callsTo("POST /api/chatbot/speech")).toHaveLength(2);
    // Chosen while playing: it stops.
    await user.click(buttons()[1] as HTMLElement);
    await waitFor(() => expect(buttons()[1]).toHaveAccessibleName("Escuchar"));

    // The spec's errors: nothing to read (the server found only citation numbers), too long (no request), playback and loading failures.
    await user.click(buttons()[2] as HTMLElement);
    expect(await within(log).findByRole("alert")).toHaveTextContent("No hay texto para reproducir");
    await user.click(buttons()[3] as HTMLElement);
    expect(await within(log).findByRole("alert")).toHaveTextContent("El texto es demasiado largo (máximo 5000 caracteres)");
    expect(app.api.callsTo("POST /api/chatbot/speech")).toHaveLength(3);
    playFails = true;
    await user.click(buttons()[0] as HTMLElement);
    expect(await within(log).findByRole("alert")).toHaveTextContent("No se ha podido reproducir el audio");
    // (A message whose audio was fetched plays from it: this one's was refused, so it is asked again.)
    loadFails = true;
    playFails = false;
    await user.click(buttons()[2] as HTMLElement);
    await waitFor(() => expect(within(log).getByRole("alert")).toHaveTextContent("No se ha podido cargar el audio"));
    expect(buttons()[2]).toHaveAccessibleName("Escuchar");

    const results = await axe.run(panel);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe("cards (spec §2)", () => {
  it("shows recommended units with their lessons in order and reasons, 'no recommendations', and teacher tools (an unavailable one not a link)", async () => {
    const user = userEvent.setup();
    const UNIT = "9c4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b";
    const answer = message({
      kind: "cards",
      cards: [
        {
          kind: "recommendations",
          courseGuid: COURSE,
          units: [
            {
              unitGuid: UNIT,
              title: "Unidad 1. Los números naturales",
              lessons: [
                { lessonGuid: LESSON, title: "Potencias de números naturales", link: `/course/${COURSE}/lesson/${LESSON}`, alertReasons: ["low_mastery", "repeated_failures"] },
                { lessonGuid: CONTENT, title: "Raíces cuadradas", link: `/course/${COURSE}/lesson/${CONTENT}`, alertReasons: ["review_needed"] },
              ],
            },
          ],
        },
        { kind: "recommendations", courseGuid: CONTENT, units: [] },
        { kind: "tool", tool: "rubric-generator", category: "assessment", available: true, link: "/ai/tools/setup/rubric-generator" },
        { kind: "tool", tool: "text-translator", category: "texts", available: false, link: "/ai/tools/setup/text-translator" },
      ],
    });
    renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "POST /api/chatbot/conversations": () => ({ status: 201, body: ok(conversation()) }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation(), messages: [] }),
        [`POST /api/chatbot/conversations/${CONVERSATION}/messages`]: () =>
          sse([
            { type: "question", message: message({ role: "user", text: "¿Qué repaso?" }) } as never,
            { type: "step", step: "lookingForInformation" } as never,
            ...answer.cards.map((card) => ({ type: "card", card }) as never),
            { type: "done", message: answer } as never,
          ]),
      },
    });
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("textbox", { name: "Tu pregunta" }), "¿Qué repaso?{Enter}");
    const log = within(panel).getByRole("log", { name: "Mensajes de la conversación" });
    const [card, empty] = await within(log).findAllByRole("group", { name: "Lecciones para repasar" });
    expect(within(card as HTMLElement).getByRole("heading", { name: "Unidad 1. Los números naturales" })).toBeInTheDocument();
    const lessons = within(card as HTMLElement).getAllByRole("listitem").filter((li) => li.closest("ol"));
    expect(lessons.map((li) => li.textContent)).toEqual(["Potencias de números naturalesDominio bajoFallos repetidos", "Raíces cuadradasNecesita repaso"]);
    expect(within(card as HTMLElement).getByRole("link", { name: "Potencias de números naturales" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
    expect(within(empty as HTMLElement).getByText("No hay recomendaciones.")).toBeInTheDocument();
    // Tool cards: title, description, category; the unavailable one is not a link.
    expect(within(log).getByRole("link", { name: "Generador de rúbricas" })).toHaveAttribute("href", "/ai/tools/setup/rubric-generator");
    expect(within(log).getByText("Crea una rúbrica con criterios y niveles de logro.")).toBeInTheDocument();
    expect(within(log).queryByRole("link", { name: "Traductor de textos" })).not.toBeInTheDocument();
    expect(within(log).getByText("Traductor de textos")).toBeInTheDocument();
    expect(within(log).getByText(/Textos · no disponible en este servidor/)).toBeInTheDocument();

    const results = await axe.run(panel);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe("the Tutor AI tab bar, web search, images and the edition's chat tool (ADR 0044)", () => {
  const settings = (over: Partial<ChatSettings> = {}): ChatSettings => ({
    webSearch: false,
    webSearchAvailable: true,
    webSearchReason: null,
    imageReading: false,
    imageReason: "NO_LANGUAGE_MODEL",
    chatTool: null,
    ...over,
  });
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.last = undefined;
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
    Object.assign(URL, { createObjectURL: jest.fn(() => "blob:preview-1"), revokeObjectURL: jest.fn() });
  });
  afterEach(() => Object.assign(globalThis, { XMLHttpRequest: realXhr }));

  it("turns web search on from the Settings tab, and shows it disabled with the reason where the server has none", async () => {
    const user = userEvent.setup();
    let state = settings();
    const app = renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "GET /api/chatbot/settings": () => ({ status: 200, body: ok(state) }),
        "PUT /api/chatbot/settings": (call: ApiCall) => {
          state = { ...state, ...(call.body as { webSearch: boolean }) };
          return { status: 200, body: ok(state) };
        },
      },
    });
    const panel = await openPanel(user);
    const tabs = within(panel).getByRole("tablist", { name: "Tutor IA" });
    // A student has the conversation and the settings; the tools are a teacher's.
    expect(within(tabs).getAllByRole("tab")).toHaveLength(2);
    expect(within(tabs).getByRole("tab", { name: "Conversación", selected: true })).toBeInTheDocument();
    expect(within(tabs).queryByRole("tab", { name: "Herramientas" })).not.toBeInTheDocument();
    await user.click(within(tabs).getByRole("tab", { name: "Ajustes" }));
    const web = await within(panel).findByRole("switch", { name: "Buscar también en la web" });
    expect(web).not.toBeChecked();
    expect(web).toHaveAccessibleDescription(/buscará en la web con búsqueda segura/);
    expect(within(panel).getByText(/no tiene un modelo de lenguaje: el asistente no puede ver imágenes/)).toBeInTheDocument();
    await user.click(web);
    await waitFor(() => expect(web).toBeChecked());
    expect(app.api.callsTo("PUT /api/chatbot/settings").map((c) => c.body)).toEqual([{ webSearch: true }]);
    expect((await axe.run(panel)).violations.map((v) => v.id)).toEqual([]);
    // Back to the conversation: the question box is there again.
    await user.click(within(tabs).getByRole("tab", { name: "Conversación" }));
    expect(within(panel).getByRole("textbox", { name: "Tu pregunta" })).toBeInTheDocument();
  });

  it("says why web search cannot be turned on", async () => {
    const user = userEvent.setup();
    renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: { ...home, "GET /api/chatbot/settings": ok(settings({ webSearchAvailable: false, webSearchReason: "NO_SEARCH_PROVIDER", imageReason: "NO_VISION_MODEL" })) },
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("tab", { name: "Ajustes" }));
    const web = await within(panel).findByRole("switch", { name: "Buscar también en la web" });
    expect(web).toBeDisabled();
    expect(web).toHaveAccessibleDescription("No disponible: este servidor no tiene configurado un servicio de búsqueda web.");
    expect(within(panel).getByText(/El modelo de lenguaje de este servidor no lee imágenes/)).toBeInTheDocument();
  });

  it("gives a teacher the AI tools in the Tools tab, an unavailable one disabled, for the page's lesson", async () => {
    const user = userEvent.setup();
    renderApp(`/course/${COURSE}/lesson/${LESSON}`, {
      auth: signedInAs("teacher", { chatbotEnabled: true }),
      api: {
        ...home,
        "GET /api/chatbot/settings": ok(settings()),
        "GET /api/teacher-tools": ok({
          provider: "local",
          tools: [
            { tool: "text-level-adapter", category: "texts", available: true, mode: "local" },
            { tool: "rubric-generator", category: "assessment", available: false, mode: "full", reason: "NO_LANGUAGE_MODEL" },
          ],
        }),
      },
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("tab", { name: "Herramientas" }));
    const adapter = await within(panel).findByRole("link", { name: "Adaptador de nivel de texto" });
    expect(adapter).toHaveAttribute("href", `/ai/tools/setup/text-level-adapter?courseGuid=${COURSE}&lessonGuid=${LESSON}`);
    expect(within(panel).queryByRole("link", { name: /rúbrica/i })).not.toBeInTheDocument();
    expect(within(panel).getByText(/no disponible en este servidor/)).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Historial" })).toHaveAttribute("href", "/ai/tools/history");
  });

  it("attaches an image with progress, sends it with the question, and shows why it was not read", async () => {
    const user = userEvent.setup();
    const image = { guid: "9a9a9a9a-0000-4000-8000-000000000001", url: "/api/chatbot/images/ci-x.1.sig", mimeType: "image/png", width: 2, height: 2 };
    const question = message({ role: "user", text: "", image });
    const answer = message({ kind: "image_unread", imageUnread: "NO_LANGUAGE_MODEL" });
    const app = renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "GET /api/chatbot/settings": ok(settings()),
        "POST /api/chatbot/conversations": () => ({ status: 201, body: ok(conversation()) }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation(), messages: [] }),
        [`POST /api/chatbot/conversations/${CONVERSATION}/messages`]: () => sse([{ type: "question", message: question } as never, { type: "done", message: answer } as never]),
      },
    });
    const panel = await openPanel(user);
    const send = within(panel).getByRole("button", { name: "Enviar" });
    expect(send).toBeDisabled();
    const input = panel.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    // Checked before it is sent: a PDF is not an image.
    // (The file dialog would offer images only; a drop or an "all files" choice can still pick a PDF.)
    await userEvent.setup({ applyAccept: false }).upload(input, new File(["%PDF"], "tema.pdf", { type: "application/pdf" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Adjunta una imagen PNG, JPEG, WebP o GIF");
    expect(FakeXhr.last).toBeUndefined();

    await user.click(within(panel).getByRole("button", { name: "Adjuntar una imagen" }));
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "ejercicio.png", { type: "image/png" }));
    const chip = await within(panel).findByRole("group", { name: "Imagen adjunta" });
    expect(within(chip).getByRole("img", { name: "ejercicio.png" })).toHaveAttribute("src", "blob:preview-1");
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe("/api/chatbot/images");
    expect((xhr.body?.get("file") as File).name).toBe("ejercicio.png");
    act(() => xhr.progress(1, 2));
    expect(within(chip).getByRole("progressbar", { name: "Subiendo la imagen" })).toHaveAttribute("aria-valuenow", "0.5");
    expect(send).toBeDisabled();
    act(() => xhr.respond(201, ok(image)));
    // Before sending, the chip says the image will not be read here.
    expect(await within(chip).findByText(/no puede ver imágenes y responderá solo a tu texto/)).toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(app.api.callsTo(`POST /api/chatbot/conversations/${CONVERSATION}/messages`)).toHaveLength(1));
    expect(app.api.callsTo(`POST /api/chatbot/conversations/${CONVERSATION}/messages`)[0]?.body).toMatchObject({ text: "", imageGuid: image.guid });
    const log = within(panel).getByRole("log", { name: "Mensajes de la conversación" });
    expect(await within(log).findByRole("img", { name: "Imagen enviada" })).toHaveAttribute("src", image.url);
    expect(within(log).getByText(/No puedo ver la imagen: este servidor no tiene un modelo de lenguaje/)).toBeInTheDocument();
    expect(within(panel).queryByRole("group", { name: "Imagen adjunta" })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
  });

  it("marks web pages among the sources and opens them in a new tab", async () => {
    const user = userEvent.setup();
    const web: ChatSource = { n: 1, origin: "web", contentGuid: null, title: "Material dourado", courseGuid: null, lessonGuid: null, lessonTitle: "es.wikipedia.org", link: "https://es.wikipedia.org/wiki/Material_dourado", excerpt: "Cubos de base diez." };
    renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: {
        ...home,
        "GET /api/chatbot/settings": ok(settings({ webSearch: true })),
        "GET /api/chatbot/conversations": ok({ items: [conversation({ title: "dourado" })], total: 1, offset: 0, pageSize: 20 }),
        [`GET /api/chatbot/conversations/${CONVERSATION}`]: ok({ conversation: conversation(), messages: [message({ role: "user", text: "dourado" }), message({ kind: "web", sources: [web] })] }),
      },
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("button", { name: "Historial" }));
    await user.click(await within(panel).findByRole("button", { name: /^dourado/ }));
    const log = within(panel).getByRole("log", { name: "Mensajes de la conversación" });
    expect(await within(log).findByText(/No está en tus materiales. Páginas web encontradas con búsqueda segura/)).toBeInTheDocument();
    const link = within(log).getByRole("link", { name: "Material dourado" });
    expect(link).toHaveAttribute("href", web.link);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(log).getByText("(web · es.wikipedia.org)")).toBeInTheDocument();
  });

  it("opens the edition's chat tool full screen in a frame that gets the language and nothing else", async () => {
    const user = userEvent.setup();
    renderApp("/home", {
      auth: signedInAs("student", { chatbotEnabled: true }),
      api: { ...home, "GET /api/chatbot/settings": ok(settings({ chatTool: { title: "Tutor de la editorial", url: "https://chat.editorial.example/aula?x=1" } })) },
    });
    const panel = await openPanel(user);
    await user.click(await within(panel).findByRole("button", { name: "Abrir Tutor de la editorial" }));
    const dialog = await screen.findByRole("dialog", { name: "Tutor de la editorial" });
    const frame = dialog.querySelector("iframe") as HTMLIFrameElement;
    expect(frame).toHaveAttribute("title", "Tutor de la editorial (herramienta externa)");
    expect(frame).toHaveAttribute("src", "https://chat.editorial.example/aula?x=1&lang=es");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-forms allow-popups");
  });
});
