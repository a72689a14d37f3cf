import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { TextLevelAdapterResult, ToolCatalogue, ToolInstance, VocabularyCreatorResult } from "../../src/contracts/teacher-tools-base";
import { fail, ok, type ApiRoutes } from "../support/client-api";
import { dialogButton, dialogClosed, findDialog } from "../support/dialogs";
import { buildDetail, buildItem, buildSummary, UNIT_GUID } from "../support/lesson-data";
import { renderApp, signedInAs } from "../support/render";

/*
 * "Add to a lesson" on /ai/tools/instance/{id}: the result becomes a text page (CTTY_02) placed as
 * a draft item of a lesson of one of the teacher's classes (POST cms/contents, then front/lesson-items).
 */

const FIRST_WAIT = { timeout: 10_000 };
const ADAPTER = "1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a";
const VOCAB = "2b2b2b2b-2b2b-4b2b-8b2b-2b2b2b2b2b2b";
const COURSE = "3c3c3c3c-3c3c-4c3c-8c3c-3c3c3c3c3c3c";
const LESSON = "4d4d4d4d-4d4d-4d4d-8d4d-4d4d4d4d4d4d";
const OTHER_LESSON = "5e5e5e5e-5e5e-4e5e-8e5e-5e5e5e5e5e5e";
const CONTENT = "6f6f6f6f-6f6f-4f6f-8f6f-6f6f6f6f6f6f";
const OTHER_COURSE = "7a7a7a7a-7a7a-4a7a-8a7a-7a7a7a7a7a7a";

const CREATE_CONTENT = "POST /api/cms/contents";
const CREATE_ITEM = "POST /api/front/lesson-items";

const CATALOGUE: ToolCatalogue = {
  provider: "openai",
  tools: [
    { tool: "text-level-adapter", category: "texts", available: true, mode: "full" },
    { tool: "vocabulary-creator", category: "texts", available: true, mode: "full" },
  ],
};

const TEXT = "El ciclo del agua es el recorrido que hace el agua en la naturaleza. El sol calienta los mares y el agua se evapora hacia el cielo.";
const ADAPTED = "El agua da vueltas por la naturaleza.\n\nEl sol calienta el mar. El agua sube al cielo.";

const readability = (value: number): TextLevelAdapterResult["before"] => ({
  index: "szigriszt-inflesz",
  value,
  approximate: false,
  others: [],
  words: 27,
  sentences: 2,
  syllablesPerWord: 1.85,
  wordsPerSentence: 13.5,
  verdict: value >= 65 ? "in_band" : "too_hard",
});

const ADAPTER_RESULT: TextLevelAdapterResult = {
  tool: "text-level-adapter",
  language: "es",
  languageDetected: true,
  band: { index: "szigriszt-inflesz", min: 65, max: 80, grade: 3, easiest: false },
  before: readability(48.2),
  adapted: { text: ADAPTED, readability: readability(72.5), attempts: 1 },
  hardSentences: [],
  needChecks: [],
  notes: [],
};

const VOCABULARY_RESULT: VocabularyCreatorResult = {
  tool: "vocabulary-creator",
  language: "es",
  languageDetected: true,
  words: [
    { word: "evapora", occurrences: 1, sentence: "El sol calienta los mares y el agua se evapora hacia el cielo.", corpusFrequency: 0.4, syllables: 4, definition: "Pasa de líquido a gas." },
    { word: "recorrido", occurrences: 1, sentence: "El ciclo del agua es el recorrido que hace el agua en la naturaleza.", corpusFrequency: 12.5, syllables: 4, definition: null },
  ],
  corpusWords: 120000,
  notes: [],
};

const CONTEXT = { courseGuid: COURSE, courseName: "Ciencias 3º A", lessonGuid: LESSON, lessonTitle: "El agua", unitTitle: "Unidad 2", subject: "Ciencias de la Naturaleza" };

const instanceOf = (over: Partial<ToolInstance>): ToolInstance => ({
  id: ADAPTER,
  tool: "text-level-adapter",
  title: "El ciclo del agua",
  createdAt: "2026-11-20T09:30:00.000Z",
  educationLevel: "primary",
  educationYear: 3,
  specialNeeds: [],
  additionalNotes: null,
  learningObjectives: null,
  text: TEXT,
  destinationLanguage: null,
  vocabularyWordCount: null,
  context: CONTEXT,
  provider: "openai",
  model: "gpt-test",
  result: ADAPTER_RESULT,
  ...over,
});

const VOCABULARY_INSTANCE = instanceOf({ id: VOCAB, tool: "vocabulary-creator", title: "Vocabulario del agua", vocabularyWordCount: 10, result: VOCABULARY_RESULT });

const card = (guid: string, name: string, myRole: "teacher" | "coteacher" | "student") => ({
  guid,
  name,
  color: "#0f6cbd",
  icon: "book",
  schoolYear: "2026-2027",
  educationLevel: "Educación Primaria",
  educationYear: "3º Primaria",
  discipline: null,
  myRole,
  studentCount: 20,
  publications: [],
});

const PROGRAM = {
  courseGuid: COURSE,
  view: "teacher",
  personalised: false,
  publications: [
    {
      guid: UNIT_GUID,
      title: "Ciencias 3",
      kind: "book",
      coverUrl: null,
      personalised: false,
      units: [
        {
          guid: UNIT_GUID,
          title: "Unidad 2",
          order: 1,
          hidden: false,
          lessons: [
            { guid: OTHER_LESSON, title: "Los ríos", summary: "", order: 1, hidden: false },
            { guid: LESSON, title: "El agua", summary: "", order: 2, hidden: false },
          ],
        },
      ],
    },
  ],
};

const contentReply = (title: string) => ok(buildDetail(buildSummary("CTTY_02", title, { guid: CONTENT })));
const itemReply = (title: string) => ok(buildItem("CTTY_02", title, 3, { courseGuid: COURSE, lessonGuid: LESSON, status: "draft", publishedAt: null }));

const server = (extra: ApiRoutes = {}): ApiRoutes => ({
  "GET /api/teacher-tools": ok(CATALOGUE),
  "GET /api/front/courses": ok({ items: [card(COURSE, "Ciencias 3º A", "teacher"), card(OTHER_COURSE, "Mates 5º B", "student")], total: 2, offset: 0, pageSize: 100 }),
  [`GET /api/front/courses/${COURSE}/program`]: ok(PROGRAM),
  [`GET /api/teacher-tools/instances/${ADAPTER}`]: ok(instanceOf({})),
  [`GET /api/teacher-tools/instances/${VOCAB}`]: ok(VOCABULARY_INSTANCE),
  ...extra,
});

const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

const teacher = signedInAs("teacher");

/** Opens the instance's page and its "Add to a lesson" dialog. */
async function openDialog(id: string, extra: ApiRoutes = {}, language: "es" | "en" = "es") {
  const user = userEvent.setup();
  const app = renderApp(`/ai/tools/instance/${id}`, { auth: teacher, api: server(extra), language });
  const name = language === "es" ? "Añadir a una lección" : "Add to a lesson";
  await user.click(await screen.findByRole("button", { name }, FIRST_WAIT));
  const dialog = await findDialog(name, "dialog");
  return { app, user, dialog };
}

const combo = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole("combobox", { name, hidden: true });

describe("/ai/tools/instance/{id}: add to a lesson", () => {
  it("prefills the instance's class, lesson and title, says it is a draft, and is axe-clean", async () => {
    const { app, dialog } = await openDialog(ADAPTER);
    const lesson = combo(dialog, /^Lección/);
    // Its own lesson, among the class's lessons once the program has loaded.
    await waitFor(() => expect(within(lesson).getAllByRole("option", { hidden: true }).map((o) => o.textContent)).toContain("Unidad 2 · Los ríos"));
    expect(lesson).toHaveValue(LESSON);
    expect(lesson).toBeRequired();
    const course = combo(dialog, /^Clase/);
    expect(course).toHaveValue(COURSE);
    expect(course).toBeRequired();
    // Only the classes the reader teaches.
    expect(within(course).queryByRole("option", { name: "Mates 5º B", hidden: true })).not.toBeInTheDocument();
    const title = within(dialog).getByRole("textbox", { name: /^Título/, hidden: true });
    expect(title).toHaveValue("El ciclo del agua");
    expect(title).toBeRequired();
    expect(within(dialog).getByText("Se añade como borrador: publícalo desde la lección cuando lo hayas revisado.")).toBeInTheDocument();
    expect(await violations(dialog)).toEqual([]);
    // Nothing is sent just by opening it.
    expect(app.api.callsTo(CREATE_CONTENT)).toHaveLength(0);
  });

  it("adds the adapted text as a text page, then places it in the lesson as a draft; closes and links the lesson", async () => {
    const { app, user, dialog } = await openDialog(ADAPTER, { [CREATE_CONTENT]: contentReply("El agua, adaptado"), [CREATE_ITEM]: itemReply("El agua, adaptado") });
    const title = within(dialog).getByRole("textbox", { name: /^Título/, hidden: true });
    await user.clear(title);
    await user.type(title, "El agua, adaptado");
    await user.click(dialogButton(dialog, "Añadir"));

    await waitFor(() => expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(1));
    expect(app.api.callsTo(CREATE_CONTENT)).toHaveLength(1);
    // The content first, then the item with the content's guid.
    const order = app.api.calls.map((c) => `${c.method} ${c.path}`).filter((r) => r === CREATE_CONTENT || r === CREATE_ITEM);
    expect(order).toEqual([CREATE_CONTENT, CREATE_ITEM]);
    expect(app.api.callsTo(CREATE_CONTENT)[0]?.body).toMatchObject({ type: "CTTY_02", title: "El agua, adaptado", body: ADAPTED });
    expect(app.api.callsTo(CREATE_ITEM)[0]?.body).toEqual({ courseGuid: COURSE, lessonGuid: LESSON, contentGuid: CONTENT, status: "draft" });

    expect(await screen.findByText(/Se ha añadido «El agua, adaptado» a la lección como borrador\./)).toBeInTheDocument();
    await waitFor(() => expect(dialogClosed()).toBe(true));
    expect(screen.getByRole("link", { name: "Abrir la lección" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
  });

  it("adds another tool's result exactly as Copy gives it, to the lesson the teacher picks", async () => {
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    const { app, user, dialog } = await openDialog(VOCAB, { [CREATE_CONTENT]: contentReply("Vocabulario del agua"), [CREATE_ITEM]: itemReply("Vocabulario del agua") });
    const lesson = combo(dialog, /^Lección/);
    await waitFor(() => expect(lesson).toBeEnabled());
    await user.selectOptions(lesson, OTHER_LESSON);
    await user.click(dialogButton(dialog, "Añadir"));
    await waitFor(() => expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(1));
    expect(app.api.callsTo(CREATE_ITEM)[0]?.body).toEqual({ courseGuid: COURSE, lessonGuid: OTHER_LESSON, contentGuid: CONTENT, status: "draft" });
    await waitFor(() => expect(dialogClosed()).toBe(true));

    await user.click(screen.getByRole("button", { name: "Copiar contenido" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = writeText.mock.calls[0]?.[0];
    expect(copied).toContain("evapora\nPasa de líquido a gas.\n“El sol calienta");
    expect(app.api.callsTo(CREATE_CONTENT)[0]?.body).toMatchObject({ type: "CTTY_02", title: "Vocabulario del agua", body: copied });
    expect(screen.getByRole("link", { name: "Abrir la lección" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${OTHER_LESSON}`);
    writeText.mockRestore();
  });

  it("keeps the dialog open with '<context>: <message>' when the server refuses, and a retry does not create the content twice", async () => {
    const { app, user, dialog } = await openDialog(ADAPTER, { [CREATE_CONTENT]: () => fail(403, "FORBIDDEN") }, "en");
    await waitFor(() => expect(combo(dialog, /^Lesson/)).toHaveValue(LESSON));
    await user.click(dialogButton(dialog, "Add"));
    expect(await within(dialog).findByText("Error adding to the lesson: You do not have permission to do this.")).toBeInTheDocument();
    expect(dialogClosed()).toBe(false);
    expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(0);
    expect(dialogButton(dialog, "Add")).toBeEnabled();

    // The content is made but placing it fails; the retry places the same content.
    app.api.set({ [CREATE_CONTENT]: contentReply("El ciclo del agua"), [CREATE_ITEM]: () => fail(403, "FORBIDDEN") });
    await user.click(dialogButton(dialog, "Add"));
    await waitFor(() => expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(1));
    expect(await within(dialog).findByText("Error adding to the lesson: You do not have permission to do this.")).toBeInTheDocument();
    app.api.set({ [CREATE_ITEM]: itemReply("El ciclo del agua") });
    await user.click(dialogButton(dialog, "Add"));
    expect(await screen.findByText(/“El ciclo del agua” was added to the lesson as a draft\./)).toBeInTheDocument();
    expect(app.api.callsTo(CREATE_CONTENT)).toHaveLength(2);
    expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(2);
    expect(app.api.callsTo(CREATE_ITEM)[1]?.body).toMatchObject({ contentGuid: CONTENT, status: "draft" });
  });

  it("refuses without a lesson: 'Please fill in all required fields', and sends nothing", async () => {
    const { app, user, dialog } = await openDialog(ADAPTER, { [`GET /api/teacher-tools/instances/${ADAPTER}`]: ok(instanceOf({ context: null })) }, "en");
    const course = combo(dialog, /^Class/);
    expect(course).toHaveValue("");
    await waitFor(() => expect(within(course).getByRole("option", { name: "Ciencias 3º A", hidden: true })).toBeInTheDocument());
    await user.selectOptions(course, COURSE);
    await waitFor(() => expect(combo(dialog, /^Lesson/)).toBeEnabled());
    await user.click(dialogButton(dialog, "Add"));
    expect(await within(dialog).findByText("Please fill in all required fields")).toBeInTheDocument();
    expect(within(dialog).getByText("Required field")).toBeInTheDocument();
    expect(dialogClosed()).toBe(false);
    expect(app.api.callsTo(CREATE_CONTENT)).toHaveLength(0);
    expect(app.api.callsTo(CREATE_ITEM)).toHaveLength(0);
  });

  it("cancels without sending anything and unmounts the dialog", async () => {
    const { app, user, dialog } = await openDialog(ADAPTER);
    await user.click(dialogButton(dialog, "Cancelar"));
    await waitFor(() => expect(dialogClosed()).toBe(true));
    expect(app.api.callsTo(CREATE_CONTENT)).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Añadir a una lección" })).toHaveFocus();
  });
});
