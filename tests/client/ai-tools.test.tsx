import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type {
  LessonPlanResult,
  QuestionGeneratorResult,
  RubricGeneratorResult,
  StudentFeedbackResult,
  TextLevelAdapterResult,
  ToolCatalogue,
  ToolHistoryItem,
  ToolInstance,
  VocabularyCreatorResult,
} from "../../src/contracts/teacher-tools-base";
import { bandText, resultText } from "../../src/client/features/ai-tools/resultText";
import { ProfileMenuPopup } from "../../src/client/features/shell/ProfileMenuPopup";
import { formatIso } from "../../src/client/i18n/format";
import { fail, ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { buildLesson, buildTestCourse, COURSE_GUID, LESSON_GUID, UNIT_GUID } from "../support/lesson-data";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

const FIRST_WAIT = { timeout: 10_000 };
const INSTANCE = "1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a";
const VOCAB = "2b2b2b2b-2b2b-4b2b-8b2b-2b2b2b2b2b2b";
const COURSE = "3c3c3c3c-3c3c-4c3c-8c3c-3c3c3c3c3c3c";
const LESSON = "4d4d4d4d-4d4d-4d4d-8d4d-4d4d4d4d4d4d";

/** The local provider: the adapter and the vocabulary run without a model, the translator does not. */
const CATALOGUE: ToolCatalogue = {
  provider: "local",
  tools: [
    { tool: "text-level-adapter", category: "texts", available: true, mode: "local" },
    { tool: "vocabulary-creator", category: "texts", available: true, mode: "local" },
    { tool: "text-translator", category: "texts", available: false, mode: "unavailable", reason: "NO_LANGUAGE_MODEL" },
  ],
};

const TEXT = "El ciclo del agua es el recorrido que hace el agua en la naturaleza. El sol calienta los mares y el agua se evapora hacia el cielo.";
const words = (n: number) => Array.from({ length: n }, () => "palabra").join(" ");

const readability = (over: Partial<TextLevelAdapterResult["before"]> = {}): TextLevelAdapterResult["before"] => ({
  index: "szigriszt-inflesz",
  value: 48.2,
  approximate: false,
  others: [],
  words: 27,
  sentences: 2,
  syllablesPerWord: 1.85,
  wordsPerSentence: 13.5,
  verdict: "too_hard",
  ...over,
});

const ADAPTER_RESULT: TextLevelAdapterResult = {
  tool: "text-level-adapter",
  language: "es",
  languageDetected: true,
  band: { index: "szigriszt-inflesz", min: 65, max: 80, grade: 3, easiest: false },
  before: readability(),
  adapted: null,
  hardSentences: [{ text: "El sol calienta los mares y el agua se evapora hacia el cielo.", words: 13, syllablesPerWord: 1.9, longWords: ["evapora"] }],
  needChecks: [{ need: "dyslexia", rule: "max_sentence_words", limit: 12, worst: 14, passed: false }],
  notes: ["NO_LANGUAGE_MODEL"],
};

const instanceOf = (over: Partial<ToolInstance>): ToolInstance => ({
  id: INSTANCE,
  tool: "text-level-adapter",
  title: "El ciclo del agua",
  createdAt: "2026-11-20T09:30:00.000Z",
  educationLevel: "primary",
  educationYear: 3,
  specialNeeds: ["dyslexia"],
  additionalNotes: null,
  learningObjectives: null,
  text: TEXT,
  destinationLanguage: null,
  vocabularyWordCount: null,
  context: null,
  provider: "local",
  model: null,
  result: ADAPTER_RESULT,
  ...over,
});

const VOCABULARY_RESULT: VocabularyCreatorResult = {
  tool: "vocabulary-creator",
  language: "es",
  languageDetected: true,
  words: [
    { word: "evapora", occurrences: 1, sentence: "El sol calienta los mares y el agua se evapora hacia el cielo.", corpusFrequency: 0.4, syllables: 4, definition: null },
    { word: "recorrido", occurrences: 1, sentence: "El ciclo del agua es el recorrido que hace el agua en la naturaleza.", corpusFrequency: 12.5, syllables: 4, definition: null },
  ],
  corpusWords: 120000,
  notes: ["NO_LANGUAGE_MODEL"],
};

const VOCABULARY_INSTANCE = instanceOf({
  id: VOCAB,
  tool: "vocabulary-creator",
  specialNeeds: [],
  vocabularyWordCount: 10,
  context: { courseGuid: COURSE, courseName: "Ciencias 3º A", lessonGuid: LESSON, lessonTitle: "El agua", unitTitle: "Unidad 2", subject: "Ciencias de la Naturaleza" },
  result: VOCABULARY_RESULT,
});

const historyItem = (i: number): ToolHistoryItem => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  tool: i % 2 === 0 ? "text-level-adapter" : "vocabulary-creator",
  title: `Creación ${i}`,
  createdAt: `2026-11-${String(1 + (i % 25)).padStart(2, "0")}T10:00:00.000Z`,
});
const HISTORY = Array.from({ length: 25 }, (_, i) => historyItem(i + 1));
const historyPage = (call: ApiCall) => {
  const offset = Number(call.query.get("offset") ?? 0);
  const limit = Number(call.query.get("limit") ?? 20);
  return reply(200, ok({ items: HISTORY.slice(offset, offset + limit), total: HISTORY.length, limit, offset }));
};

const server = (extra: ApiRoutes = {}): ApiRoutes => ({
  "GET /api/teacher-tools": ok(CATALOGUE),
  "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
  [`GET /api/teacher-tools/instances/${INSTANCE}`]: ok(instanceOf({})),
  [`GET /api/teacher-tools/instances/${VOCAB}`]: ok(VOCABULARY_INSTANCE),
  "GET /api/teacher-tools/history": historyPage,
  ...extra,
});

const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

const teacher = signedInAs("teacher");

describe("/ai/tools", () => {
  it("shows the server's tools as cards, the unavailable one disabled with its reason, and is axe-clean", async () => {
    const app = renderApp("/ai/tools", { auth: teacher, api: server() });
    const adapter = await screen.findByRole("link", { name: "Adaptador de nivel de texto" }, FIRST_WAIT);
    expect(adapter).toHaveAttribute("href", "/ai/tools/setup/text-level-adapter");
    expect(screen.getByRole("link", { name: "Creador de vocabulario" })).toHaveAttribute("href", "/ai/tools/setup/vocabulary-creator");
    // Not a link: the translator cannot run without a model, and says why.
    expect(screen.getByRole("heading", { name: "Traductor de textos" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Traductor de textos" })).not.toBeInTheDocument();
    expect(screen.getByText("Necesita un modelo de lenguaje; pide a tu administrador que configure uno.")).toBeInTheDocument();
    // What the local mode leaves out.
    expect(screen.getByText("Sin modelo de lenguaje: mide el texto y señala las frases difíciles, pero no lo reescribe.")).toBeInTheDocument();
    expect(screen.getByText("Sin modelo de lenguaje: elige las palabras, pero sin definiciones.")).toBeInTheDocument();
    // Only the tools the server lists.
    expect(screen.queryByRole("heading", { name: "Generador de rúbricas" })).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Todas" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Textos" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Historial" })).toHaveAttribute("href", "/ai/tools/history");
    expect(await violations(app.container)).toEqual([]);
  });

  it("reads in English for an English reader", async () => {
    renderApp("/ai/tools", { auth: teacher, api: server(), language: "en" });
    expect(await screen.findByRole("link", { name: "Text level adapter" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByText("Needs a language model; ask your administrator to configure one.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "AI tools" })).toBeInTheDocument();
  });

  it("turns a student away from every AI tools page and asks the server nothing", async () => {
    for (const path of ["/ai/tools", "/ai/tools/history", `/ai/tools/instance/${INSTANCE}`, "/ai/tools/setup/text-level-adapter"]) {
      const app = renderApp(path, { auth: signedInAs("student"), api: server() });
      expect(await screen.findByRole("heading", { name: "¡Vaya! Esta página no está disponible" }, FIRST_WAIT)).toBeInTheDocument();
      expect(app.api.calls.filter((c) => c.path.startsWith("/api/teacher-tools"))).toEqual([]);
      app.unmount();
    }
  });

  it("offers the AI tools in the profile menu to teachers only", async () => {
    const first = renderWithProviders(<ProfileMenuPopup name="Ana García" openOnMount />, { auth: teacher });
    expect(await screen.findByRole("menuitem", { name: "Herramientas de IA" }, FIRST_WAIT)).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<ProfileMenuPopup name="Ana García" openOnMount />, { auth: signedInAs("student") });
    expect(await screen.findByRole("menuitem", { name: "Calendario" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Herramientas de IA" })).not.toBeInTheDocument();
  });
});

describe("/ai/tools/setup/{tool}", () => {
  const open = async (path: string, extra: ApiRoutes = {}, language?: "en") => {
    const app = renderApp(path, { auth: teacher, api: server(extra), language });
    await screen.findByRole("button", { name: language === "en" ? "Create" : "Crear" }, FIRST_WAIT);
    return app;
  };
  const fillRequired = async (user: ReturnType<typeof userEvent.setup>, text = TEXT, language: "es" | "en" = "es") => {
    await user.selectOptions(screen.getByRole("combobox", { name: language === "es" ? /Etapa educativa/ : /Education level/ }), "primary");
    await user.selectOptions(screen.getByRole("combobox", { name: language === "es" ? /^Curso/ : /^Year/ }), "3");
    await user.click(screen.getByRole("textbox", { name: language === "es" ? /^Texto/ : /^Text/ }));
    await user.paste(text);
  };

  it("sends only the fields filled (no special needs, no notes) and opens the instance; the form is axe-clean", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/text-level-adapter";
    const app = await open("/ai/tools/setup/text-level-adapter", { [post]: ok(instanceOf({})) });
    expect(await violations(app.container)).toEqual([]);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/ai/tools/instance/${INSTANCE}`));
    expect(app.api.callsTo(post)).toHaveLength(1);
    expect(app.api.callsTo(post)[0]?.body).toEqual({ educationLevel: "primary", educationYear: 3, textToAdapt: TEXT });
  });

  it("sends the special needs, the notes and the vocabulary's default of 10 when filled", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/vocabulary-creator";
    const app = await open("/ai/tools/setup/vocabulary-creator", { [post]: ok(VOCABULARY_INSTANCE) });
    expect(screen.getByRole("spinbutton", { name: /Número de palabras/ })).toHaveValue(10);
    await fillRequired(user);
    await user.click(screen.getByRole("checkbox", { name: "Dislexia" }));
    await user.click(screen.getByRole("checkbox", { name: "TDAH" }));
    await user.type(screen.getByRole("textbox", { name: /Notas adicionales/ }), "Frases cortas");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/ai/tools/instance/${VOCAB}`));
    expect(app.api.callsTo(post)[0]?.body).toEqual({
      educationLevel: "primary",
      educationYear: 3,
      textToAdapt: TEXT,
      specialNeeds: ["dyslexia", "adhd"],
      additionalNotes: "Frases cortas",
      numberOfWordsToExtract: 10,
    });
  });

  it("says 'Please fill in all required fields' and sends nothing when one is missing", async () => {
    const user = userEvent.setup();
    const app = await open("/ai/tools/setup/text-level-adapter", {}, "en");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Please fill in all required fields")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/teacher-tools/text-level-adapter")).toHaveLength(0);
  });

  it("counts the words as the teacher types and blocks a text over the limit", async () => {
    const user = userEvent.setup();
    const app = await open("/ai/tools/setup/text-level-adapter");
    expect(screen.getByText("0 palabras de 1500")).toBeInTheDocument();
    await fillRequired(user, words(1501));
    expect(await screen.findByText("El texto tiene 1501 palabras; el límite es 1500.")).toBeInTheDocument();
    expect(screen.getByText("1501 palabras de 1500")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(app.api.callsTo("POST /api/teacher-tools/text-level-adapter")).toHaveLength(0);
  });

  it("shows a server error as '<context>: <message>'", async () => {
    const user = userEvent.setup();
    const app = await open("/ai/tools/setup/text-level-adapter", { "POST /api/teacher-tools/text-level-adapter": () => fail(502, "AI_PROVIDER_ERROR") }, "en");
    await fillRequired(user, TEXT, "en");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Error creating text level adapter: The AI service did not answer properly. Try again later.")).toBeInTheDocument();
    expect(app.location().pathname).toBe("/ai/tools/setup/text-level-adapter");
  });

  it("says the spec's generic message when the server gives no reason", async () => {
    const user = userEvent.setup();
    await open("/ai/tools/setup/text-level-adapter", { "POST /api/teacher-tools/text-level-adapter": () => fail(500, "INTERNAL_ERROR") }, "en");
    await fillRequired(user, TEXT, "en");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Error creating text level adapter: An error occurred while creating the tool instance. Please try again.")).toBeInTheDocument();
  });

  it("asks the real-world connection (with a model) without special needs, and the translator for its destination", async () => {
    const user = userEvent.setup();
    const full: ToolCatalogue = { provider: "openai", tools: CATALOGUE.tools.map((c) => ({ tool: c.tool, category: c.category, available: true, mode: "full" as const })) };
    full.tools.push({ tool: "real-world-connection", category: "engagement", available: true, mode: "full" });
    const rwc = "POST /api/teacher-tools/real-world-connection";
    const app = await open("/ai/tools/setup/real-world-connection", { "GET /api/teacher-tools": ok(full), [rwc]: ok(instanceOf({})) });
    expect(screen.queryByRole("checkbox", { name: "Dislexia" })).not.toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.api.callsTo(rwc)).toHaveLength(1));
    expect(app.api.callsTo(rwc)[0]?.body).toEqual({ educationLevel: "primary", educationYear: 3, textToAdapt: TEXT });
    app.unmount();

    const translate = "POST /api/teacher-tools/text-translator";
    const second = await open("/ai/tools/setup/text-translator", { "GET /api/teacher-tools": ok(full), [translate]: ok(instanceOf({})) });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Rellena todos los campos obligatorios")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: /Lengua de destino/ }), "eu");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(second.api.callsTo(translate)).toHaveLength(1));
    expect(second.api.callsTo(translate)[0]?.body).toMatchObject({ destinationLanguage: "eu" });
  });

  it("says 'Tool not found' for a tool the server does not list or cannot run", async () => {
    renderApp("/ai/tools/setup/rubric-generator", { auth: teacher, api: server(), language: "en" });
    expect(await screen.findByRole("heading", { level: 2, name: "Tool not found" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByText("The requested tool does not exist or is not available.")).toBeInTheDocument();
  });

  it("loads the lesson the URL names and sends it with the request", async () => {
    const user = userEvent.setup();
    const content = `GET /api/teacher-tools/courses/${COURSE}/lessons/${LESSON}/content`;
    const post = "POST /api/teacher-tools/vocabulary-creator";
    const app = await open(`/ai/tools/setup/vocabulary-creator?courseGuid=${COURSE}&lessonGuid=${LESSON}`, {
      [content]: ok({
        courseGuid: COURSE,
        lessonGuid: LESSON,
        lessonTitle: "El agua",
        unitTitle: "Unidad 2",
        subject: "Ciencias de la Naturaleza",
        educationLevel: "primary",
        educationYear: 3,
        text: TEXT,
        words: 27,
        truncated: false,
        sources: [{ title: "Lectura", type: "text", words: 27 }],
      }),
      [post]: ok(VOCABULARY_INSTANCE),
    });
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^Texto/ })).toHaveValue(TEXT));
    expect(screen.getByRole("combobox", { name: /Etapa educativa/ })).toHaveValue("primary");
    expect(screen.getByRole("combobox", { name: /^Curso/ })).toHaveValue("3");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.api.callsTo(post)).toHaveLength(1));
    expect(app.api.callsTo(post)[0]?.body).toMatchObject({ courseGuid: COURSE, lessonGuid: LESSON, textToAdapt: TEXT });
  });

  it("loads a lesson chosen from one of the teacher's classes", async () => {
    const user = userEvent.setup();
    const card = { guid: COURSE, name: "Ciencias 3º A", color: "#0f6cbd", icon: "book", schoolYear: "2026-2027", educationLevel: "Educación Primaria", educationYear: "3º Primaria", discipline: null, myRole: "teacher", studentCount: 20, publications: [] };
    const program = {
      courseGuid: COURSE,
      view: "teacher",
      personalised: false,
      publications: [
        { guid: UNIT_GUID, title: "Ciencias 3", kind: "book", coverUrl: null, personalised: false, units: [{ guid: UNIT_GUID, title: "Unidad 2", order: 1, hidden: false, lessons: [{ guid: LESSON, title: "El agua", summary: "", order: 1, hidden: false }] }] },
      ],
    };
    const content = `GET /api/teacher-tools/courses/${COURSE}/lessons/${LESSON}/content`;
    await open("/ai/tools/setup/text-level-adapter", {
      "GET /api/front/courses": ok({ items: [card], total: 1, offset: 0, pageSize: 100 }),
      [`GET /api/front/courses/${COURSE}/program`]: ok(program),
      [content]: ok({ courseGuid: COURSE, lessonGuid: LESSON, lessonTitle: "El agua", unitTitle: "Unidad 2", subject: "Ciencias", educationLevel: "primary", educationYear: 3, text: TEXT, words: 26, truncated: true, sources: [] }),
    });
    await user.selectOptions(await screen.findByRole("combobox", { name: "Clase" }), COURSE);
    const lesson = screen.getByRole("combobox", { name: "Lección" });
    await waitFor(() => expect(lesson).toBeEnabled());
    await user.selectOptions(lesson, LESSON);
    await user.click(screen.getByRole("button", { name: "Cargar el texto" }));
    expect(await screen.findByText("Texto de la lección «El agua» (Unidad 2, Ciencias). Se ha recortado al límite de palabras.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /^Texto/ })).toHaveValue(TEXT);
  });

  it("says 'Failed to fetch lesson content: <status>' when the lesson cannot be read", async () => {
    await open(`/ai/tools/setup/text-level-adapter?courseGuid=${COURSE}&lessonGuid=${LESSON}`, {}, "en");
    expect(await screen.findByText("Failed to fetch lesson content: 404")).toBeInTheDocument();
  });
});

describe("/ai/tools/instance/{id}", () => {
  it("shows the adapter's local report: readability against the band, hard sentences, needs, the missing model; axe-clean", async () => {
    const app = renderApp(`/ai/tools/instance/${INSTANCE}`, { auth: teacher, api: server() });
    await screen.findByRole("heading", { level: 1, name: "El ciclo del agua" }, FIRST_WAIT);
    const row = screen.getByRole("row", { name: /Texto original/ });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Szigriszt-Pazos (INFLESZ)", "48,2", "65–80", "Demasiado difícil", "13,5", "1,85"]);
    expect(screen.queryByRole("row", { name: /Texto adaptado/ })).not.toBeInTheDocument();
    expect(screen.getByText("El sol calienta los mares y el agua se evapora hacia el cielo.", { selector: "li p" })).toBeInTheDocument();
    expect(screen.getByText(/palabras largas: evapora/)).toBeInTheDocument();
    expect(screen.getByText("No cumple")).toBeInTheDocument();
    expect(screen.getByText("Dislexia: frases de 12 palabras como máximo (máximo en el texto: 14)")).toBeInTheDocument();
    expect(screen.getByText("No hay un modelo de lenguaje configurado: el texto se ha medido, pero no se ha reescrito.")).toBeInTheDocument();
    expect(screen.getByText("Algoritmos de la plataforma (sin modelo de lenguaje)")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
  });

  it("writes the easiest band open on its easy side", () => {
    const n = (x: number) => String(x);
    expect(bandText({ index: "szigriszt-inflesz", min: 80, max: 100, grade: 1, easiest: true }, n)).toBe("≥ 80");
    expect(bandText({ index: "flesch-kincaid", min: 0, max: 2, grade: 1, easiest: true }, n)).toBe("≤ 2");
    expect(bandText({ index: "lix", min: 25, max: 34, grade: 4, easiest: false }, n)).toBe("25–34");
  });

  it("shows the vocabulary as a table, without definitions when there is no model; axe-clean", async () => {
    const app = renderApp(`/ai/tools/instance/${VOCAB}`, { auth: teacher, api: server() });
    const table = await screen.findByRole("table", { name: "Palabras elegidas" }, FIRST_WAIT);
    const row = within(table).getByRole("row", { name: /evapora/ });
    expect(within(row).getByRole("rowheader")).toHaveTextContent("evapora");
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "El sol calienta los mares y el agua se evapora hacia el cielo.",
      "1",
      "4",
      "0,4",
      "Necesita un modelo de lenguaje",
    ]);
    expect(screen.getByText("Ciencias de la Naturaleza · Unidad 2 · El agua (Ciencias 3º A)")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
  });

  it("shows the energizer's activities with their time, grouping and model; axe-clean", async () => {
    const energizer = instanceOf({
      tool: "classroom-energizer",
      provider: "openai",
      model: "gpt-test",
      result: {
        tool: "classroom-energizer",
        language: "es",
        activities: [{ name: "La gota viajera", minutes: 5, grouping: "pairs", materials: ["tarjetas"], steps: ["Repartid las tarjetas.", "Contad el viaje."], link: "Repasa el ciclo del agua." }],
      },
    });
    const app = renderApp(`/ai/tools/instance/${INSTANCE}`, { auth: teacher, api: server({ [`GET /api/teacher-tools/instances/${INSTANCE}`]: ok(energizer) }) });
    expect(await screen.findByRole("heading", { level: 3, name: "La gota viajera" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByText("5 minutos")).toBeInTheDocument();
    expect(screen.getByText("Por parejas")).toBeInTheDocument();
    expect(screen.getByText("Modelo gpt-test")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
  });

  it("copies the result as plain text", async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, "writeText");
    renderApp(`/ai/tools/instance/${VOCAB}`, { auth: teacher, api: server() });
    await user.click(await screen.findByRole("button", { name: "Copiar contenido" }, FIRST_WAIT));
    expect(await screen.findByText("Contenido copiado")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("evapora\nNecesita un modelo de lenguaje\n“El sol calienta"));
  });

  it("downloads the result as a .txt file", async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => (created.push(b), "blob:result")), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("El-ciclo-del-agua-2026-11-20.txt");
    });
    renderApp(`/ai/tools/instance/${VOCAB}`, { auth: teacher, api: server() });
    await user.click(await screen.findByRole("button", { name: "Descargar" }, FIRST_WAIT));
    expect(click).toHaveBeenCalledTimes(1);
    expect(created[0]?.type).toBe("text/plain;charset=utf-8");
    click.mockRestore();
  });

  it("says 'Error copying content' when the clipboard refuses", async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    renderApp(`/ai/tools/instance/${INSTANCE}`, { auth: teacher, api: server(), language: "en" });
    await user.click(await screen.findByRole("button", { name: "Copy content" }, FIRST_WAIT));
    expect(await screen.findByText("Error copying content")).toBeInTheDocument();
  });

  it("deletes after confirmation and goes back to the history", async () => {
    const user = userEvent.setup();
    const del = `DELETE /api/teacher-tools/instances/${INSTANCE}`;
    const app = renderApp(`/ai/tools/instance/${INSTANCE}`, { auth: teacher, api: server({ [del]: () => reply(200, null) }) });
    await user.click(await screen.findByRole("button", { name: "Eliminar" }, FIRST_WAIT));
    const dialog = await findDialog("¿Eliminar esta creación?");
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(app.location().pathname).toBe("/ai/tools/history"));
    expect(app.api.callsTo(del)).toHaveLength(1);
  });
});

describe("/ai/tools/history", () => {
  it("lists twenty a page with links, tool names and dates in the UI language, and pages on; axe-clean", async () => {
    const user = userEvent.setup();
    const app = renderApp("/ai/tools/history", { auth: teacher, api: server() });
    const table = await screen.findByRole("table", { name: "Historial de creaciones" }, FIRST_WAIT);
    expect(within(table).getAllByRole("row")).toHaveLength(21);
    const first = within(table).getByRole("row", { name: /Creación 1\b/ });
    expect(within(first).getByRole("link", { name: "Creación 1" })).toHaveAttribute("href", `/ai/tools/instance/${HISTORY[0]?.id}`);
    expect(within(first).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Creador de vocabulario", formatIso(HISTORY[0]?.createdAt ?? "", "es", { dateStyle: "medium", timeStyle: "short" })]);
    expect(screen.getByRole("button", { name: "Anterior" })).toBeDisabled();
    expect(await violations(app.container)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Historial de creaciones" })).getAllByRole("row")).toHaveLength(6));
    expect(app.api.callsTo("GET /api/teacher-tools/history").map((c) => c.query.get("offset"))).toContain("20");
    expect(screen.getByText("21–25 de 25")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Siguiente" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Anterior" })).toBeEnabled();
  });

  it("says so when there is nothing yet", async () => {
    renderApp("/ai/tools/history", { auth: teacher, api: server({ "GET /api/teacher-tools/history": ok({ items: [], total: 0, limit: 20, offset: 0 }) }) });
    expect(await screen.findByRole("heading", { name: "Aún no has creado nada" }, FIRST_WAIT)).toBeInTheDocument();
  });

  it("says 'Error fetching teacher tools history: …' and retries", async () => {
    let down = true;
    const user = userEvent.setup();
    renderApp("/ai/tools/history", {
      auth: teacher,
      language: "en",
      api: server({ "GET /api/teacher-tools/history": (call: ApiCall) => (down ? fail(500, "INTERNAL_ERROR") : historyPage(call)) }),
    });
    expect(await screen.findByText("Error fetching teacher tools history: An error has occurred", {}, FIRST_WAIT)).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "Creation history" })).toBeInTheDocument();
  });
});

describe("the AI Tutor panel on a lesson", () => {
  it("opens from a teacher's lesson page and links each tool's form with the lesson", async () => {
    const user = userEvent.setup();
    const lessonUrl = `/api/front/lessons/${LESSON_GUID}`;
    renderApp(`/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`, {
      auth: teacher,
      api: server({
        [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse()),
        [`GET ${lessonUrl}`]: ok(buildLesson({ canEdit: true })),
        [`GET ${lessonUrl}/items`]: ok([]),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Tutor IA" }, FIRST_WAIT));
    const dialog = await findDialog("Tutor IA", "dialog");
    const link = await within(dialog).findByRole("link", { name: "Adaptador de nivel de texto", hidden: true });
    expect(link).toHaveAttribute("href", `/ai/tools/setup/text-level-adapter?courseGuid=${COURSE_GUID}&lessonGuid=${LESSON_GUID}`);
    expect(within(dialog).queryByRole("link", { name: "Traductor de textos", hidden: true })).not.toBeInTheDocument();
    expect(await violations(dialog)).toEqual([]);
  });
});

describe("the question generator and the lesson plan generator", () => {
  const QUESTIONS = "5e5e5e5e-5e5e-4e5e-8e5e-5e5e5e5e5e5e";
  const PLAN = "6f6f6f6f-6f6f-4f6f-8f6f-6f6f6f6f6f6f";
  const ASSESSMENT = "7a7a7a7a-7a7a-4a7a-8a7a-7a7a7a7a7a7a";
  const WITH_BOTH: ToolCatalogue = {
    provider: "local",
    tools: [
      ...CATALOGUE.tools,
      { tool: "question-generator", category: "assessment", available: true, mode: "local" },
      { tool: "lesson-plan-generator", category: "planning", available: true, mode: "local" },
    ],
  };
  const CONTEXT = { courseGuid: COURSE, courseName: "Ciencias 3º A", lessonGuid: LESSON, lessonTitle: "El agua", unitTitle: "Unidad 2", subject: "Ciencias de la Naturaleza" };
  const SOURCE = "El sol calienta los mares y el agua se evapora hacia el cielo.";

  const QUESTIONS_RESULT: QuestionGeneratorResult = {
    tool: "question-generator",
    language: "es",
    languageDetected: true,
    questions: [
      { type: "QT_7", prompt: "Completa la frase.", questionData: { text: "El sol calienta los mares y el agua se [[g1]] hacia el cielo.", gaps: [{ id: "g1", answers: ["evapora"] }] }, kcs: ["El ciclo del agua"], source: SOURCE },
      {
        type: "QT_1",
        prompt: "Elige la palabra que falta.\n\nEl ____ calienta los mares.",
        questionData: { choices: [{ id: "c1", text: "sol", correct: true }, { id: "c2", text: "mar", correct: false }, { id: "c3", text: "cielo", correct: false }], shuffle: true },
        kcs: [],
        source: "El sol calienta los mares.",
      },
      { type: "QT_3", prompt: "El agua se evapora por el calor del sol.", questionData: { correct: true }, kcs: ["El ciclo del agua"], source: SOURCE },
      {
        type: "QT_8",
        prompt: "Arrastra la palabra que falta.",
        questionData: {
          text: "El agua se [[g1]] hacia el cielo.",
          tokens: [{ id: "t1", text: "evapora" }, { id: "t2", text: "congela" }, { id: "t3", text: "derrite" }],
          gaps: [{ id: "g1", tokenId: "t1" }],
          reuseTokens: false,
        },
        kcs: [],
        source: SOURCE,
      },
    ],
    notes: ["NO_LANGUAGE_MODEL", "FEWER_QUESTIONS"],
  };
  const QUESTIONS_INSTANCE = instanceOf({ id: QUESTIONS, tool: "question-generator", title: "Preguntas del agua", specialNeeds: [], context: CONTEXT, result: QUESTIONS_RESULT });

  const PLAN_RESULT: LessonPlanResult = {
    tool: "lesson-plan-generator",
    language: "es",
    sessionMinutes: 50,
    readingSpeed: 110,
    objectives: ["Describir el ciclo del agua"],
    kcs: [{ code: "KC-1", name: "El ciclo del agua" }],
    sessions: [
      {
        number: 1,
        minutes: 50,
        phases: [
          { phase: "opening", minutes: 5, items: [], note: null },
          { phase: "development", minutes: 30, items: [{ title: "Lectura: el agua", type: "page_html", minutes: 12, basis: "reading" }, { title: "Vídeo del ciclo", type: "video", minutes: 7, basis: "media" }], note: "Pregunta qué pasa con un charco al sol." },
          { phase: "practice", minutes: 10, items: [{ title: "Cuestionario", type: "assessment", minutes: 8, basis: "questions" }], note: null },
          { phase: "closure", minutes: 5, items: [], note: null },
        ],
      },
    ],
    notes: ["NO_LANGUAGE_MODEL"],
  };
  const PLAN_INSTANCE = instanceOf({ id: PLAN, tool: "lesson-plan-generator", title: "Plan: El agua", specialNeeds: [], context: CONTEXT, result: PLAN_RESULT });

  const lessonContent = ok({
    courseGuid: COURSE,
    lessonGuid: LESSON,
    lessonTitle: "El agua",
    unitTitle: "Unidad 2",
    subject: "Ciencias de la Naturaleza",
    educationLevel: "primary",
    educationYear: 3,
    text: TEXT,
    words: 27,
    truncated: false,
    sources: [],
  });
  const assessmentItem = {
    guid: "8b8b8b8b-8b8b-4b8b-8b8b-8b8b8b8b8b8b",
    lessonItemGuid: "8b8b8b8b-8b8b-4b8b-8b8b-8b8b8b8b8b8b",
    courseGuid: COURSE,
    lessonGuid: LESSON,
    title: "Evaluación del agua",
    position: 1,
    status: "published",
    publishAt: null,
    publishedAt: null,
    settings: {},
    content: { guid: ASSESSMENT, type: "CTTY_18", title: "Evaluación del agua", deleted: false },
    consumption: { opened: false, finished: false },
  };
  const routes = (extra: ApiRoutes = {}) =>
    server({
      "GET /api/teacher-tools": ok(WITH_BOTH),
      [`GET /api/teacher-tools/instances/${QUESTIONS}`]: ok(QUESTIONS_INSTANCE),
      [`GET /api/teacher-tools/instances/${PLAN}`]: ok(PLAN_INSTANCE),
      [`GET /api/front/lessons/${LESSON}/items`]: ok([assessmentItem]),
      ...extra,
    });
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.selectOptions(screen.getByRole("combobox", { name: /Etapa educativa/ }), "primary");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Curso/ }), "3");
    await user.click(screen.getByRole("textbox", { name: /^Texto/ }));
    await user.paste(TEXT);
  };

  it("links both cards to their forms", async () => {
    renderApp("/ai/tools", { auth: teacher, api: routes() });
    expect(await screen.findByRole("link", { name: "Generador de preguntas" }, FIRST_WAIT)).toHaveAttribute("href", "/ai/tools/setup/question-generator");
    expect(screen.getByRole("link", { name: "Generador de planes de lección" })).toHaveAttribute("href", "/ai/tools/setup/lesson-plan-generator");
  });

  it("sends the question generator's number and types, says what the local mode writes, and needs one type; axe-clean", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/question-generator";
    const app = renderApp("/ai/tools/setup/question-generator", { auth: teacher, api: routes({ [post]: ok(QUESTIONS_INSTANCE) }) });
    const count = await screen.findByRole("spinbutton", { name: /Número de preguntas/ }, FIRST_WAIT);
    expect(count).toHaveValue(5);
    const types = ["Completar huecos (escribiendo)", "Elección única", "Completar huecos (arrastrando)", "Verdadero o falso"];
    for (const name of types) expect(screen.getByRole("checkbox", { name })).toBeChecked();
    expect(screen.getByText(/Sin modelo de lenguaje solo se escriben preguntas de completar huecos/)).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
    await fill(user);
    for (const name of types) await user.click(screen.getByRole("checkbox", { name }));
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Elige al menos un tipo de pregunta")).toBeInTheDocument();
    expect(app.api.callsTo(post)).toHaveLength(0);
    await user.click(screen.getByRole("checkbox", { name: "Completar huecos (arrastrando)" }));
    await user.click(screen.getByRole("checkbox", { name: "Completar huecos (escribiendo)" }));
    await user.clear(count);
    await user.type(count, "25");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findAllByText("Un número del 1 al 20")).not.toHaveLength(0);
    expect(app.api.callsTo(post)).toHaveLength(0);
    await user.clear(count);
    await user.type(count, "8");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/ai/tools/instance/${QUESTIONS}`));
    expect(app.api.callsTo(post)[0]?.body).toEqual({ educationLevel: "primary", educationYear: 3, textToAdapt: TEXT, numberOfQuestions: 8, questionTypes: ["QT_7", "QT_8"] });
  });

  it("previews the questions with the student views and adds the chosen ones to an assessment of the lesson; axe-clean", async () => {
    const user = userEvent.setup();
    const add = `POST /api/teacher-tools/instances/${QUESTIONS}/add-to-assessment`;
    const app = renderApp(`/ai/tools/instance/${QUESTIONS}`, {
      auth: teacher,
      api: routes({ [add]: ok({ assessmentGuid: ASSESSMENT, questionGuids: ["9c9c9c9c-9c9c-4c9c-8c9c-9c9c9c9c9c9c", "9d9d9d9d-9d9d-4d9d-8d9d-9d9d9d9d9d9d"] }) }),
    });
    const first = await screen.findByRole("article", { name: "Pregunta 1" }, FIRST_WAIT);
    expect(within(first).getByText("Completar huecos (escribiendo)")).toBeInTheDocument();
    expect(within(first).getByText("El ciclo del agua")).toBeInTheDocument();
    expect(within(first).getByText(SOURCE)).toBeInTheDocument();
    // The student's view: a gap to type in, the choices without their key, true/false to answer.
    expect(await within(first).findByRole("textbox")).toBeInTheDocument();
    const second = screen.getByRole("article", { name: "Pregunta 2" });
    expect(await within(second).findByRole("radio", { name: "sol" })).not.toBeChecked();
    expect(within(second).getByText("No se ha encontrado ninguno")).toBeInTheDocument();
    const third = screen.getByRole("article", { name: "Pregunta 3" });
    expect(await within(third).findAllByRole("radio")).toHaveLength(2);
    const fourth = screen.getByRole("article", { name: "Pregunta 4" });
    expect(await within(fourth).findByRole("button", { name: "congela" })).toBeInTheDocument();
    expect(screen.getByText("El texto ha dado menos preguntas de las que pediste.")).toBeInTheDocument();
    expect(screen.getByText("Evaluaciones de la lección «El agua» (Ciencias 3º A).")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);

    expect(screen.getByRole("button", { name: "Añadir 0 preguntas" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Elegir la pregunta 3" }));
    await user.click(screen.getByRole("checkbox", { name: "Elegir la pregunta 1" }));
    const select = screen.getByRole("combobox", { name: "Evaluación" });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, ASSESSMENT);
    await user.click(screen.getByRole("button", { name: "Añadir 2 preguntas" }));
    expect(await screen.findByText(/Se han añadido 2 preguntas a «Evaluación del agua»/)).toBeInTheDocument();
    expect(app.api.callsTo(add)[0]?.body).toEqual({ assessmentGuid: ASSESSMENT, questions: [0, 2] });
    expect(screen.getByRole("link", { name: "Abrir la evaluación" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}/assessment/${ASSESSMENT}`);
  });

  it("says 'Error adding the questions to the assessment: <reason>' when the server refuses", async () => {
    const user = userEvent.setup();
    const add = `POST /api/teacher-tools/instances/${QUESTIONS}/add-to-assessment`;
    renderApp(`/ai/tools/instance/${QUESTIONS}`, { auth: teacher, language: "en", api: routes({ [add]: () => fail(403, "FORBIDDEN") }) });
    await user.click(await screen.findByRole("checkbox", { name: "Choose question 2" }, FIRST_WAIT));
    const select = screen.getByRole("combobox", { name: "Assessment" });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, ASSESSMENT);
    await user.click(screen.getByRole("button", { name: "Add 1 question" }));
    expect(await screen.findByText("Error adding the questions to the assessment: You do not have permission to do this.")).toBeInTheDocument();
  });

  it("requires a lesson for the lesson plan, sends it with the session length and objectives, and shows the plan; axe-clean", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/lesson-plan-generator";
    const first = renderApp("/ai/tools/setup/lesson-plan-generator", { auth: teacher, api: routes({ [post]: ok(PLAN_INSTANCE) }) });
    expect(await screen.findByRole("group", { name: "Lección que planificar" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: /Duración de la sesión/ })).toHaveValue(50);
    expect(await violations(first.container)).toEqual([]);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Rellena todos los campos obligatorios")).toBeInTheDocument();
    expect(screen.getByText("Elige una clase y una lección y carga su texto: esta herramienta planifica una lección.")).toBeInTheDocument();
    expect(first.api.callsTo(post)).toHaveLength(0);
    first.unmount();

    const app = renderApp(`/ai/tools/setup/lesson-plan-generator?courseGuid=${COURSE}&lessonGuid=${LESSON}`, {
      auth: teacher,
      api: routes({ [`GET /api/teacher-tools/courses/${COURSE}/lessons/${LESSON}/content`]: lessonContent, [post]: ok(PLAN_INSTANCE) }),
    });
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^Texto/ })).toHaveValue(TEXT), FIRST_WAIT);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.api.callsTo(post)).toHaveLength(1));
    expect(app.api.callsTo(post)[0]?.body).toEqual({ educationLevel: "primary", educationYear: 3, textToAdapt: TEXT, courseGuid: COURSE, lessonGuid: LESSON, sessionMinutes: 50 });
    app.unmount();

    const again = renderApp(`/ai/tools/setup/lesson-plan-generator?courseGuid=${COURSE}&lessonGuid=${LESSON}`, {
      auth: teacher,
      api: routes({ [`GET /api/teacher-tools/courses/${COURSE}/lessons/${LESSON}/content`]: lessonContent, [post]: ok(PLAN_INSTANCE) }),
    });
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^Texto/ })).toHaveValue(TEXT), FIRST_WAIT);
    const minutes = screen.getByRole("spinbutton", { name: /Duración de la sesión/ });
    await user.clear(minutes);
    await user.type(minutes, "60");
    await user.type(screen.getByRole("textbox", { name: /Objetivos de aprendizaje/ }), "Describir el ciclo del agua{Enter}{Enter}Explicar la evaporación");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(again.location().pathname).toBe(`/ai/tools/instance/${PLAN}`));
    expect(again.api.callsTo(post)[0]?.body).toMatchObject({ sessionMinutes: 60, learningObjectives: "Describir el ciclo del agua\nExplicar la evaporación" });

    const session = await screen.findByRole("region", { name: "Sesión 1 (50 minutos)" });
    const development = within(session).getByRole("article", { name: "Desarrollo" });
    expect(within(development).getByText("30 minutos")).toBeInTheDocument();
    expect(within(development).getByText("Lectura: el agua")).toBeInTheDocument();
    expect(within(development).getByText("tiempo de lectura a 110 palabras por minuto")).toBeInTheDocument();
    expect(within(development).getByText("duración del vídeo o del audio")).toBeInTheDocument();
    expect(within(development).getByText(/Pregunta qué pasa con un charco al sol/)).toBeInTheDocument();
    expect(within(session).getByText("según su número de preguntas")).toBeInTheDocument();
    expect(screen.getByText("Describir el ciclo del agua")).toBeInTheDocument();
    expect(screen.getByText("KC-1")).toBeInTheDocument();
    expect(screen.getByText(/el plan ordena los elementos de la lección y calcula su tiempo/)).toBeInTheDocument();
    expect(await violations(again.container)).toEqual([]);
  });

  it("lets the teacher pick the class and lesson of the assessment when the text was not a lesson's", async () => {
    const user = userEvent.setup();
    const add = `POST /api/teacher-tools/instances/${QUESTIONS}/add-to-assessment`;
    const card = { guid: COURSE, name: "Ciencias 3º A", color: "#0f6cbd", icon: "book", schoolYear: "2026-2027", educationLevel: "Educación Primaria", educationYear: "3º Primaria", discipline: null, myRole: "teacher", studentCount: 20, publications: [] };
    const program = {
      courseGuid: COURSE,
      view: "teacher",
      personalised: false,
      publications: [{ guid: UNIT_GUID, title: "Ciencias 3", kind: "book", coverUrl: null, personalised: false, units: [{ guid: UNIT_GUID, title: "Unidad 2", order: 1, hidden: false, lessons: [{ guid: LESSON, title: "El agua", summary: "", order: 1, hidden: false }] }] }],
    };
    const app = renderApp(`/ai/tools/instance/${QUESTIONS}`, {
      auth: teacher,
      api: routes({
        [`GET /api/teacher-tools/instances/${QUESTIONS}`]: ok({ ...QUESTIONS_INSTANCE, context: null }),
        "GET /api/front/courses": ok({ items: [card], total: 1, offset: 0, pageSize: 100 }),
        [`GET /api/front/courses/${COURSE}/program`]: ok(program),
        [add]: ok({ assessmentGuid: ASSESSMENT, questionGuids: ["9c9c9c9c-9c9c-4c9c-8c9c-9c9c9c9c9c9c"] }),
      }),
    });
    await user.click(await screen.findByRole("checkbox", { name: "Elegir la pregunta 2" }, FIRST_WAIT));
    expect(screen.getByRole("combobox", { name: "Evaluación" })).toBeDisabled();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Clase" }), COURSE);
    const lesson = screen.getByRole("combobox", { name: "Lección" });
    await waitFor(() => expect(lesson).toBeEnabled());
    await user.selectOptions(lesson, LESSON);
    const select = screen.getByRole("combobox", { name: "Evaluación" });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, ASSESSMENT);
    await user.click(screen.getByRole("button", { name: "Añadir 1 pregunta" }));
    expect(await screen.findByText(/Se ha añadido 1 pregunta a «Evaluación del agua»/)).toBeInTheDocument();
    expect(app.api.callsTo(add)[0]?.body).toEqual({ assessmentGuid: ASSESSMENT, questions: [1] });
  });

  it("reads in English", async () => {
    const app = renderApp(`/ai/tools/instance/${QUESTIONS}`, { auth: teacher, api: routes(), language: "en" });
    expect(await screen.findByRole("article", { name: "Question 1" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByText("Fill in the gaps (typed)")).toBeInTheDocument();
    expect(screen.getByText("True or false")).toBeInTheDocument();
    expect(screen.getAllByText("Source sentence")).toHaveLength(4);
    expect(screen.getByRole("heading", { name: "Add to assessment" })).toBeInTheDocument();
    expect(screen.getByText("The text gave fewer questions than you asked for.")).toBeInTheDocument();
    app.unmount();
    renderApp(`/ai/tools/instance/${PLAN}`, { auth: teacher, api: routes(), language: "en" });
    expect(await screen.findByRole("heading", { name: "Session 1 (50 minutes)" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Closure" })).toBeInTheDocument();
    expect(screen.getByText("reading time at 110 words a minute")).toBeInTheDocument();
  });

  it("copies both as plain text with the answers and the times", () => {
    const t = ((key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`) as unknown as Parameters<typeof resultText>[1];
    const n = (x: number) => String(x);
    const questions = resultText(QUESTIONS_INSTANCE, t, n);
    expect(questions).toContain("El sol calienta los mares y el agua se ____ hacia el cielo.");
    expect(questions).toContain("[x] sol");
    expect(questions).toContain(`aiTools:questions.source: ${SOURCE}`);
    expect(questions).toContain("aiTools:questions.answer: evapora");
    const plan = resultText(PLAN_INSTANCE, t, n);
    expect(plan).toContain("- Lectura: el agua");
    expect(plan).toContain("aiTools:plan.note: Pregunta qué pasa con un charco al sol.");
  });
});

describe("the rubric generator and the student feedback", () => {
  const RUBRIC = "8c8c8c8c-8c8c-4c8c-8c8c-8c8c8c8c8c8c";
  const FEEDBACK = "9a9a9a9a-9a9a-4a9a-8a9a-9a9a9a9a9a9a";
  const STUDENT = "5b5b5b5b-5b5b-4b5b-8b5b-5b5b5b5b5b5b";
  const OTHER_STUDENT = "6c6c6c6c-6c6c-4c6c-8c6c-6c6c6c6c6c6c";
  const TEACHER_GUID = "7d7d7d7d-7d7d-4d7d-8d7d-7d7d7d7d7d7d";
  const ATTEMPT = "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e1e";
  const JOB = "2f2f2f2f-2f2f-4f2f-8f2f-2f2f2f2f2f2f";
  const SENTENCE = "El sol calienta los mares y el agua se evapora hacia el cielo.";
  const WITH_BOTH: ToolCatalogue = {
    provider: "local",
    tools: [
      ...CATALOGUE.tools,
      { tool: "rubric-generator", category: "assessment", available: true, mode: "local" },
      { tool: "student-feedback", category: "assessment", available: true, mode: "local" },
    ],
  };

  const RUBRIC_LOCAL: RubricGeneratorResult = {
    tool: "rubric-generator",
    language: "es",
    languageDetected: true,
    numberOfLevels: 4,
    maxScore: 10,
    levelShares: [1, 0.6, 0.3, 0],
    criteria: [
      {
        name: "Describir el ciclo del agua",
        source: "objective",
        kc: "KC-1",
        weight: 60,
        points: 6,
        keyTerms: ["evaporación", "condensación", "precipitación"],
        evidence: [SENTENCE],
        questions: 3,
        descriptors: null,
      },
      { name: "Explicar la evaporación", source: "kc", kc: "KC-2", weight: 40, points: 4, keyTerms: [], evidence: [], questions: 0, descriptors: null },
    ],
    notes: ["NO_LANGUAGE_MODEL"],
  };
  const DESCRIPTORS = ["Nombra y explica las tres fases con ejemplos.", "Nombra las tres fases y explica dos.", "Nombra las fases sin explicarlas.", "No reconoce las fases."];
  const RUBRIC_MODEL: RubricGeneratorResult = {
    ...RUBRIC_LOCAL,
    criteria: RUBRIC_LOCAL.criteria.map((c, i) => ({ ...c, descriptors: i === 0 ? DESCRIPTORS : ["Sin errores.", "Con algún error.", "Con muchos errores.", "No lo explica."] })),
    notes: [],
  };
  const RUBRIC_INSTANCE = instanceOf({
    id: RUBRIC,
    tool: "rubric-generator",
    title: "Rúbrica: el agua",
    specialNeeds: [],
    learningObjectives: "Describir el ciclo del agua\nExplicar la evaporación",
    result: RUBRIC_LOCAL,
  });

  const FEEDBACK_RESULT: StudentFeedbackResult = {
    tool: "student-feedback",
    language: "es",
    student: { guid: STUDENT, name: "Lucía Pérez" },
    source: {
      kind: "assessment",
      guid: ATTEMPT,
      title: "Cuestionario del agua",
      submittedAt: "2026-11-18T10:00:00.000Z",
      score: 6.5,
      maxScore: 10,
      late: true,
      pendingGrading: 1,
      teacherFeedback: "Buen trabajo; repasa la condensación.",
    },
    criteria: [
      { kc: "KC-1", name: "El ciclo del agua", score: 4, maxScore: 5, questions: 5, correct: 4, partial: 0, wrong: 1, unanswered: 0, level: "good", mastery: { known: 0.82, state: "mastered", change: 0.12 }, review: [], comments: [] },
      {
        kc: "KC-2",
        name: "La condensación",
        score: 1.5,
        maxScore: 4,
        questions: 4,
        correct: 1,
        partial: 1,
        wrong: 2,
        unanswered: 0,
        level: "needs_work",
        mastery: { known: 0.35, state: "in_progress", change: -0.05 },
        review: [{ lessonGuid: LESSON, title: "El agua" }],
        comments: ["Confunde la condensación con la evaporación."],
      },
      { kc: null, name: "", score: 1, maxScore: 1, questions: 1, correct: 1, partial: 0, wrong: 0, unanswered: 0, level: "excellent", mastery: null, review: [], comments: [] },
    ],
    message: "Lucía, has entendido muy bien el ciclo del agua. Repasa la condensación con la lección «El agua».",
    notes: ["PENDING_GRADING"],
  };
  const FEEDBACK_INSTANCE = instanceOf({ id: FEEDBACK, tool: "student-feedback", title: "Retroalimentación: Lucía Pérez", specialNeeds: [], text: "", result: FEEDBACK_RESULT });

  const card = { guid: COURSE, name: "Ciencias 3º A", color: "#0f6cbd", icon: "book", schoolYear: "2026-2027", educationLevel: "Educación Primaria", educationYear: "3º Primaria", discipline: null, myRole: "teacher", studentCount: 2, publications: [] };
  const member = (guid: string, firstName: string, lastName: string, role: "teacher" | "student") => ({ guid, firstName, lastName, email: null, role, joinedAt: "2026-09-01T08:00:00.000Z", isOwner: role === "teacher" });
  const WORK = {
    student: { guid: STUDENT, name: "Lucía Pérez" },
    items: [
      { kind: "assessment", guid: ATTEMPT, title: "Cuestionario del agua", lessonTitle: "El agua", submittedAt: "2026-11-18T10:00:00.000Z", score: 6.5, maxScore: 10, status: "graded" },
      { kind: "task", guid: JOB, title: "Mural del ciclo", lessonTitle: "El agua", submittedAt: "2026-11-19T10:00:00.000Z", score: null, maxScore: 10, status: "submitted" },
    ],
  };
  const routes = (extra: ApiRoutes = {}) =>
    server({
      "GET /api/teacher-tools": ok(WITH_BOTH),
      "GET /api/front/courses": ok({ items: [card], total: 1, offset: 0, pageSize: 100 }),
      [`GET /api/front/courses/${COURSE}/members`]: ok({
        items: [member(TEACHER_GUID, "Ana", "García", "teacher"), member(STUDENT, "Lucía", "Pérez", "student"), member(OTHER_STUDENT, "Mario", "Ruiz", "student")],
        myRole: "teacher",
      }),
      [`GET /api/teacher-tools/courses/${COURSE}/students/${STUDENT}/work`]: ok(WORK),
      [`GET /api/teacher-tools/instances/${RUBRIC}`]: ok(RUBRIC_INSTANCE),
      [`GET /api/teacher-tools/instances/${FEEDBACK}`]: ok(FEEDBACK_INSTANCE),
      ...extra,
    });
  const chooseLevel = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.selectOptions(screen.getByRole("combobox", { name: /Etapa educativa/ }), "primary");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Curso/ }), "3");
  };

  it("links both cards to their forms", async () => {
    renderApp("/ai/tools", { auth: teacher, api: routes() });
    expect(await screen.findByRole("link", { name: "Generador de rúbricas" }, FIRST_WAIT)).toHaveAttribute("href", "/ai/tools/setup/rubric-generator");
    expect(screen.getByRole("link", { name: "Retroalimentación al alumnado" })).toHaveAttribute("href", "/ai/tools/setup/student-feedback");
  });

  it("sends the rubric's objectives, levels and score (no special needs when none are ticked) and checks the score's range; axe-clean", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/rubric-generator";
    const app = renderApp("/ai/tools/setup/rubric-generator", { auth: teacher, api: routes({ [post]: ok(RUBRIC_INSTANCE) }) });
    const levels = await screen.findByRole("combobox", { name: /Número de niveles/ }, FIRST_WAIT);
    expect(levels).toHaveValue("4");
    expect(within(levels).getByRole("option", { name: "4 niveles (Excelente, Notable, Suficiente, Insuficiente)" })).toBeInTheDocument();
    const score = screen.getByRole("spinbutton", { name: /Puntuación máxima/ });
    expect(score).toHaveValue(10);
    expect(await violations(app.container)).toEqual([]);
    await chooseLevel(user);
    await user.click(screen.getByRole("textbox", { name: /^Texto/ }));
    await user.paste(TEXT);
    await user.type(screen.getByRole("textbox", { name: /Objetivos de aprendizaje/ }), "Describir el ciclo del agua{Enter}{Enter}  Explicar la evaporación ");
    await user.selectOptions(levels, "5");
    await user.clear(score);
    await user.type(score, "150");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findAllByText("Un número del 1 al 100")).not.toHaveLength(0);
    expect(app.api.callsTo(post)).toHaveLength(0);
    await user.clear(score);
    await user.type(score, "20");
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/ai/tools/instance/${RUBRIC}`));
    expect(app.api.callsTo(post)[0]?.body).toEqual({
      educationLevel: "primary",
      educationYear: 3,
      textToAdapt: TEXT,
      learningObjectives: "Describir el ciclo del agua\nExplicar la evaporación",
      numberOfLevels: 5,
      maxScore: 20,
    });
  });

  it("says why the server refused the rubric, beside the field it names", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/rubric-generator";
    let answer = () => fail(400, "TOOL_NO_CRITERIA");
    renderApp("/ai/tools/setup/rubric-generator", { auth: teacher, language: "en", api: routes({ [post]: () => answer() }) });
    await screen.findByRole("combobox", { name: /Number of levels/ }, FIRST_WAIT);
    await user.selectOptions(screen.getByRole("combobox", { name: /Education level/ }), "primary");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Year/ }), "3");
    await user.click(screen.getByRole("textbox", { name: /^Text/ }));
    await user.paste(TEXT);
    await user.type(screen.getByRole("textbox", { name: /Task description/ }), "Un mural");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(
      await screen.findByText("Error creating rubric generator: There is nothing to build the criteria from: write learning objectives or load a lesson with knowledge components."),
    ).toBeInTheDocument();
    answer = () => reply(400, { status: "error", error: { key: "VALIDATION_ERROR", message: "Invalid request", details: [{ field: "taskDescription", message: "max_chars" }] } });
    await user.click(screen.getByRole("button", { name: "Create" }));
    const task = screen.getByRole("textbox", { name: /Task description/ });
    await waitFor(() => expect(task).toHaveAccessibleDescription(expect.stringContaining("1000")));
    expect(task).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the rubric without a model: points per level and observable indicators from the key terms, the evidence, and the note; axe-clean", async () => {
    const app = renderApp(`/ai/tools/instance/${RUBRIC}`, { auth: teacher, api: routes() });
    const table = await screen.findByRole("table", { name: "Criterios y niveles de logro" }, FIRST_WAIT);
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Criterio",
      "Peso",
      "Puntos",
      "Excelente100 % de los puntos",
      "Notable60 % de los puntos",
      "Suficiente30 % de los puntos",
      "Insuficiente0 % de los puntos",
    ]);
    const first = within(table).getByRole("row", { name: /Describir el ciclo del agua/ });
    expect(within(first).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "60 %",
      "6",
      "6 puntosUsa los términos clave: evaporación, condensación, precipitación",
      "3,6 puntosUsa al menos 2 de los 3 términos clave",
      "1,8 puntosUsa al menos 1 de los 3 términos clave",
      "0 puntosNo usa los términos clave",
    ]);
    const header = within(first).getByRole("rowheader");
    expect(within(header).getByText("Objetivo de aprendizaje")).toBeInTheDocument();
    expect(within(header).getByText("3 preguntas de la lección")).toBeInTheDocument();
    expect(within(header).getByText("1 frase de la lección")).toBeInTheDocument();
    expect(within(header).getByText(SENTENCE)).toBeInTheDocument();
    // No key terms: the share of the criterion shown.
    const second = within(table).getByRole("row", { name: /Explicar la evaporación/ });
    expect(within(second).getAllByRole("cell").map((c) => c.textContent).slice(2)).toEqual([
      "4 puntosLo demuestra por completo",
      "2,4 puntosLo demuestra en parte (en torno al 60 %)",
      "1,2 puntosLo demuestra en parte (en torno al 30 %)",
      "0 puntosAún no lo demuestra",
    ]);
    expect(within(second).getByText("Componente de la lección")).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /Total/ })).toHaveTextContent("100 %");
    expect(screen.getByText(/los descriptores de cada nivel lo necesitan, así que cada celda muestra un indicador observable/)).toBeInTheDocument();
    // The teacher's objectives, in the request.
    expect(screen.getByText("Objetivos de aprendizaje", { selector: "dt" }).nextElementSibling).toHaveTextContent("Describir el ciclo del agua Explicar la evaporación", { normalizeWhitespace: true });
    expect(await violations(app.container)).toEqual([]);
  });

  it("shows the model's descriptors in the cells, without the note", async () => {
    renderApp(`/ai/tools/instance/${RUBRIC}`, { auth: teacher, api: routes({ [`GET /api/teacher-tools/instances/${RUBRIC}`]: ok({ ...RUBRIC_INSTANCE, provider: "openai", model: "gpt-test", result: RUBRIC_MODEL }) }) });
    const table = await screen.findByRole("table", { name: "Criterios y niveles de logro" }, FIRST_WAIT);
    const first = within(table).getByRole("row", { name: /Describir el ciclo del agua/ });
    expect(within(first).getAllByRole("cell").map((c) => c.textContent).slice(2)).toEqual(DESCRIPTORS.map((d, i) => `${["6 puntos", "3,6 puntos", "1,8 puntos", "0 puntos"][i]}${d}`));
    expect(screen.queryByText(/indicador observable/)).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Notas" })).not.toBeInTheDocument();
  });

  it("copies the rubric as a text table and the feedback with its message and criteria", () => {
    const t = ((key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`) as unknown as Parameters<typeof resultText>[1];
    const n = (x: number) => String(x);
    const rubric = resultText({ ...RUBRIC_INSTANCE, result: RUBRIC_MODEL }, t, n).split("\n");
    expect(rubric).toContain("| --- | --- | --- | --- | --- | --- | --- |");
    const row = rubric.find((l) => l.startsWith("| Describir el ciclo del agua |"));
    expect(row).toContain(`: ${DESCRIPTORS[0]} |`);
    expect(row).toContain(`: ${DESCRIPTORS[3]} |`);
    const feedback = resultText(FEEDBACK_INSTANCE, t, n, () => "18/11/2026");
    expect(feedback).toContain(`aiTools:feedback.message:\n${FEEDBACK_RESULT.message ?? ""}`);
    expect(feedback).toContain("- La condensación: 1.5/4 · aiTools:feedback.levels.needs_work");
    expect(feedback).toContain("- aiTools:feedback.otherQuestions: 1/1");
    expect(feedback).toContain("aiTools:feedback.submitted: 18/11/2026 (aiTools:feedback.late)");
  });

  it("loads the class's students, then the student's work, refuses without a work, and sends attemptGuid or jobGuid", async () => {
    const user = userEvent.setup();
    const post = "POST /api/teacher-tools/student-feedback";
    let posts = 0;
    const app = renderApp("/ai/tools/setup/student-feedback", {
      auth: teacher,
      api: routes({ [post]: () => (++posts === 1 ? fail(400, "TOOL_NOTHING_TO_REVIEW") : reply(200, ok(FEEDBACK_INSTANCE))) }),
    });
    const klass = await screen.findByRole("combobox", { name: /^Clase/ }, FIRST_WAIT);
    // No text to adapt, no lesson to load: the student's work is what the tool reads.
    expect(screen.queryByRole("textbox", { name: /^Texto/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cargar el texto" })).not.toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
    await chooseLevel(user);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Rellena todos los campos obligatorios")).toBeInTheDocument();

    await user.selectOptions(klass, COURSE);
    const student = screen.getByRole("combobox", { name: /^Estudiante/ });
    await waitFor(() => expect(student).toBeEnabled());
    // The class's students only, not its teacher.
    expect(within(student).getAllByRole("option").map((o) => o.textContent)).toEqual(["Elige una opción", "Lucía Pérez", "Mario Ruiz"]);
    await user.selectOptions(student, STUDENT);
    const quiz = await screen.findByRole("radio", { name: /Cuestionario del agua/ });
    const task = screen.getByRole("radio", { name: /Mural del ciclo/ });
    expect(screen.getByText(/El agua · entregado el .* · nota 6,5\/10 · Calificado/)).toBeInTheDocument();
    expect(screen.getByText(/El agua · entregado el .* · sin nota · Entregado/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Rellena todos los campos obligatorios")).toBeInTheDocument();
    expect(app.api.callsTo(post)).toHaveLength(0);

    await user.click(quiz);
    await user.click(screen.getByRole("button", { name: "Crear" }));
    expect(await screen.findByText("Error al crear la retroalimentación al alumnado: Este trabajo aún no se ha entregado: no hay nada que revisar.")).toBeInTheDocument();
    expect(app.api.callsTo(post)[0]?.body).toEqual({ educationLevel: "primary", educationYear: 3, courseGuid: COURSE, studentGuid: STUDENT, attemptGuid: ATTEMPT });

    await user.click(task);
    await user.click(screen.getByRole("checkbox", { name: "Dislexia" }));
    await user.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/ai/tools/instance/${FEEDBACK}`));
    expect(app.api.callsTo(post)[1]?.body).toEqual({ educationLevel: "primary", educationYear: 3, courseGuid: COURSE, studentGuid: STUDENT, jobGuid: JOB, specialNeeds: ["dyslexia"] });
  });

  it("shows the feedback: the work, the model's message, each criterion's level and mastery change; axe-clean", async () => {
    const app = renderApp(`/ai/tools/instance/${FEEDBACK}`, { auth: teacher, api: routes() });
    const table = await screen.findByRole("table", { name: "Resultados de Lucía Pérez por criterio" }, FIRST_WAIT);
    expect(within(within(table).getByRole("row", { name: /El ciclo del agua/ })).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "4/5",
      "Correctas: 4 · Parciales: 0 · Incorrectas: 1 · Sin responder: 0",
      "Notable",
      "82 % · dominado+12 puntos con este trabajo",
      "—",
      "—",
    ]);
    const weak = within(table).getByRole("row", { name: /La condensación/ });
    expect(within(weak).getByText("Necesita mejorar")).toBeInTheDocument();
    expect(within(weak).getByText("−5 puntos con este trabajo")).toBeInTheDocument();
    expect(within(weak).getByText("El agua")).toBeInTheDocument();
    expect(within(weak).getByText("Confunde la condensación con la evaporación.")).toBeInTheDocument();
    const other = within(table).getByRole("row", { name: /Otras preguntas/ });
    expect(within(other).getAllByRole("cell").map((c) => c.textContent)).toEqual(["1/1", "Correctas: 1 · Parciales: 0 · Incorrectas: 0 · Sin responder: 0", "Sobresaliente", "—", "—", "—"]);
    expect(screen.getByText(FEEDBACK_RESULT.message ?? "").closest("blockquote")).not.toBeNull();
    expect(screen.getByText("Entregado tarde")).toBeInTheDocument();
    expect(screen.getByText("6,5/10")).toBeInTheDocument();
    expect(screen.getByText("1 respuesta aún sin calificar")).toBeInTheDocument();
    expect(screen.getByText("Buen trabajo; repasa la condensación.")).toBeInTheDocument();
    expect(screen.getByText(/Hay respuestas pendientes de corregir/)).toBeInTheDocument();
    // No source text for this tool.
    expect(screen.queryByRole("heading", { name: "Texto de partida" })).not.toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
  });

  it("says the personal message needs a language model when there is none", async () => {
    const local = { ...FEEDBACK_INSTANCE, result: { ...FEEDBACK_RESULT, message: null, notes: ["NO_LANGUAGE_MODEL"] as StudentFeedbackResult["notes"] } };
    renderApp(`/ai/tools/instance/${FEEDBACK}`, { auth: teacher, language: "en", api: routes({ [`GET /api/teacher-tools/instances/${FEEDBACK}`]: ok(local) }) });
    expect(await screen.findByRole("table", { name: "Lucía Pérez's results by criterion" }, FIRST_WAIT)).toBeInTheDocument();
    expect(screen.getByText(/the personal message needs a language model/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Message to the student" })).not.toBeInTheDocument();
    expect(screen.getByText("Good")).toBeInTheDocument();
  });
});

describe("the AI Tutor panel's creation history", () => {
  const openPanel = async (extra: ApiRoutes = {}, language?: "en") => {
    const user = userEvent.setup();
    const lessonUrl = `/api/front/lessons/${LESSON_GUID}`;
    const app = renderApp(`/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`, {
      auth: teacher,
      language,
      api: server({
        [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse()),
        [`GET ${lessonUrl}`]: ok(buildLesson({ canEdit: true })),
        [`GET ${lessonUrl}/items`]: ok([]),
        ...extra,
      }),
    });
    await user.click(await screen.findByRole("button", { name: language === "en" ? "AI Tutor" : "Tutor IA" }, FIRST_WAIT));
    const dialog = await findDialog(language === "en" ? "AI Tutor" : "Tutor IA", "dialog");
    return { app, user, dialog };
  };
  const FIRST = HISTORY[0] as ToolHistoryItem;

  it("lists the latest creations with a link, the tool and the date, and copies one's content", async () => {
    const { app, user, dialog } = await openPanel({ [`GET /api/teacher-tools/instances/${FIRST.id}`]: ok({ ...VOCABULARY_INSTANCE, id: FIRST.id }) });
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = jest.spyOn(navigator.clipboard, "writeText");
    const table = await within(dialog).findByRole("table", { name: "Historial de creaciones", hidden: true });
    expect(within(table).getAllByRole("row", { hidden: true })).toHaveLength(21);
    const row = within(table).getByRole("row", { name: /Creación 1\b/, hidden: true });
    expect(within(row).getByRole("link", { name: "Creación 1", hidden: true })).toHaveAttribute("href", `/ai/tools/instance/${FIRST.id}`);
    expect(within(row).getAllByRole("cell", { hidden: true }).map((c) => c.textContent).slice(0, 2)).toEqual([
      "Creador de vocabulario",
      formatIso(FIRST.createdAt, "es", { dateStyle: "medium", timeStyle: "short" }),
    ]);
    await user.click(within(row).getByRole("button", { name: "Copiar el contenido de «Creación 1»", hidden: true }));
    expect(await within(dialog).findByText("Contenido de «Creación 1» copiado")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("evapora\nNecesita un modelo de lenguaje\n“El sol calienta"));
    expect(app.api.callsTo("GET /api/teacher-tools/history")[0]?.query.get("offset")).toBe("0");
    expect(await violations(dialog)).toEqual([]);
  });

  it("says 'Error copying content' when the creation cannot be fetched", async () => {
    const { user, dialog } = await openPanel({ [`GET /api/teacher-tools/instances/${FIRST.id}`]: () => fail(500, "INTERNAL_ERROR") }, "en");
    const row = await within(dialog).findByRole("row", { name: /Creación 1\b/, hidden: true });
    await user.click(within(row).getByRole("button", { name: "Copy the content of “Creación 1”", hidden: true }));
    expect(await within(dialog).findByText("Error copying content")).toBeInTheDocument();
  });

  it("says 'Error copying content' when the clipboard refuses", async () => {
    const { user, dialog } = await openPanel({ [`GET /api/teacher-tools/instances/${FIRST.id}`]: ok({ ...VOCABULARY_INSTANCE, id: FIRST.id }) }, "en");
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    const row = await within(dialog).findByRole("row", { name: /Creación 1\b/, hidden: true });
    await user.click(within(row).getByRole("button", { name: "Copy the content of “Creación 1”", hidden: true }));
    expect(await within(dialog).findByText("Error copying content")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByText(/copied/)).not.toBeInTheDocument();
  });
});
