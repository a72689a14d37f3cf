import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentType } from "react";
import { QUESTION_DATA_SCHEMAS, type QuestionType } from "../../src/contracts/questions";
import type { EditorIssue, EditorProps } from "../../src/client/features/questions/authoring/editors/types";
import ClozeDragDrop from "../../src/client/features/questions/authoring/editors/QT_8";
import ClozeMath from "../../src/client/features/questions/authoring/editors/QT_9";
import LabelText from "../../src/client/features/questions/authoring/editors/QT_10";
import LabelDropdown from "../../src/client/features/questions/authoring/editors/QT_11";
import LabelDragDrop from "../../src/client/features/questions/authoring/editors/QT_12";
import Classify from "../../src/client/features/questions/authoring/editors/QT_13";
import MatchList from "../../src/client/features/questions/authoring/editors/QT_14";
import OrderList from "../../src/client/features/questions/authoring/editors/QT_15";
import LinkingLines from "../../src/client/features/questions/authoring/editors/QT_16";
import UploadFile from "../../src/client/features/questions/authoring/editors/QT_19";
import Pencil from "../../src/client/features/questions/authoring/editors/QT_20";
import ClickToFind from "../../src/client/features/questions/authoring/editors/QT_21";
import type { Language } from "../../src/contracts/common";
import { ok, reply } from "../support/client-api";
import { fixtureQuestion } from "../support/question-fixtures";
import { makeTestI18n, renderWithProviders } from "../support/render";

type Draft = Record<string, unknown>;

/** Renders an editor as its page does: the draft held in state, every change recorded. */
function renderEditor(Editor: ComponentType<EditorProps>, type: QuestionType, options: { draft?: Draft; issues?: EditorIssue[]; language?: Language } = {}) {
  const changes: Draft[] = [];
  const start = options.draft ?? (JSON.parse(JSON.stringify(fixtureQuestion(type).data)) as Draft);
  function Harness() {
    const [draft, setDraft] = useState<Draft>(start);
    return (
      <Editor
        type={type}
        draft={draft}
        issues={options.issues ?? []}
        onChange={(next) => {
          changes.push(next);
          setDraft(next);
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />, { language: options.language ?? "es" });
  const last = (): Draft => {
    const d = changes.at(-1);
    if (!d) throw new Error("no change yet");
    return d;
  };
  return { ...view, changes, last };
}

/** The schema's issues for a draft (an empty list: the draft is valid question_data). */
const problemsOf = (type: QuestionType, draft: Draft) => {
  const result = QUESTION_DATA_SCHEMAS[type].safeParse(draft);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

const rule = (key: string, language: Language = "es") => makeTestI18n(language).t(`questions:authoring.rules.${key}`);
const items = (draft: Draft, key: string) => draft[key] as Array<Record<string, unknown>>;
const UPLOAD = "POST /api/cms/question-images";

/**
 * mockApi reads every request body as JSON, and an image upload is multipart: the files are taken
 * out here (and kept, to check them) and the request goes on to mockApi's routes without a body.
 */
function acceptMultipart(): File[] {
  const sent: File[] = [];
  const routed = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) return routed(input, init);
    const form = await request.formData();
    for (const value of form.values()) if (typeof value !== "string") sent.push(value as File);
    const headers = new Headers(request.headers);
    headers.delete("content-type");
    return routed(new Request(request.url, { method: request.method, headers }));
  };
  return sent;
}
const SLOW = { timeout: 10_000 };

describe("cloze editors", () => {
  it("QT_8: «Insertar hueco» writes a marker at the cursor and adds a gap, whose token is chosen from the list", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(ClozeDragDrop, "QT_8");
    // "perros" is no gap's answer: a distractor, said in words.
    const tokens = screen.getByRole("group", { name: "Fichas" });
    expect(within(tokens).getAllByText(/Distractor/)).toHaveLength(1);

    const text = screen.getByRole("textbox", { name: /^Texto/ }) as HTMLTextAreaElement;
    text.focus();
    text.setSelectionRange(4, 4);
    fireEvent.select(text);
    await user.click(screen.getByRole("button", { name: "Insertar hueco" }));

    const draft = last();
    const gaps = items(draft, "gaps");
    expect(gaps).toHaveLength(3);
    const newId = gaps[0]?.id as string;
    expect(draft.text).toBe(`Los [[${newId}]][[a1]] vuelan y los [[a2]] nadan.`);
    expect(gaps[0]).toEqual({ id: newId, tokenId: "" });
    expect(await screen.findByText(/Se ha insertado Hueco 1 en el texto/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: /Hueco 1: ficha correcta/ }), "Ficha 3: perros");
    expect(items(last(), "gaps")[0]).toEqual({ id: newId, tokenId: "t9d" });
    expect(within(tokens).queryByText(/Distractor/)).not.toBeInTheDocument();
    expect(problemsOf("QT_8", last())).toEqual([]);
  });

  it("QT_8: shows each issue at its field, and removing a gap removes its marker too", async () => {
    const user = userEvent.setup();
    const issues: EditorIssue[] = [
      { path: ["text"], message: "marker_without_gap" },
      { path: ["gaps", 1, "tokenId"], message: "token_reused" },
      { path: ["tokens", 2, "text"], message: "required" },
    ];
    const { last } = renderEditor(ClozeDragDrop, "QT_8", { issues });
    expect(screen.getByRole("textbox", { name: /^Texto/ })).toHaveAccessibleDescription(expect.stringContaining(rule("marker_without_gap")));
    expect(screen.getByRole("combobox", { name: /Hueco 2: ficha correcta/ })).toHaveAccessibleDescription(expect.stringContaining(rule("token_reused")));
    expect(screen.getByRole("combobox", { name: /Hueco 1: ficha correcta/ })).not.toHaveAccessibleDescription(expect.stringContaining(rule("token_reused")));
    expect(screen.getByRole("textbox", { name: /^Ficha 3/ })).toHaveAccessibleDescription(expect.stringContaining(rule("required")));

    await user.click(screen.getByRole("button", { name: "Quitar Hueco 1" }));
    expect(last().text).toBe("Los  vuelan y los [[a2]] nadan.");
    expect(items(last(), "gaps")).toEqual([{ id: "a2", tokenId: "t2c" }]);
  });

  it("QT_9: a new gap takes accepted answers in LaTeX, each previewed as math", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(ClozeMath, "QT_9");
    await user.click(screen.getByRole("button", { name: "Insertar hueco" }));
    expect(items(last(), "gaps")).toHaveLength(3);
    // jsdom cannot run MathLive: the answers are text boxes taking LaTeX, previewed with KaTeX.
    const answer = await screen.findByRole("textbox", { name: /Hueco 3: respuesta aceptada 1/ }, SLOW);
    await user.click(answer);
    await user.paste("\\frac{3}{4}");
    expect(items(last(), "gaps")[2]?.answers).toEqual(["\\frac{3}{4}"]);
    // KaTeX writes MathML beside its HTML.
    await waitFor(() => expect(document.querySelectorAll("math").length).toBeGreaterThanOrEqual(3), SLOW);
    expect(screen.getAllByText("Vista previa:")).toHaveLength(3);
    expect(answer).toHaveAccessibleDescription(expect.stringContaining("notación simple (1/2)"));

    await user.click(screen.getByRole("button", { name: "Añadir otra respuesta aceptada a Hueco 3" }));
    await user.type(await screen.findByRole("textbox", { name: /Hueco 3: respuesta aceptada 2/ }), "0.75");
    expect(items(last(), "gaps")[2]?.answers).toEqual(["\\frac{3}{4}", "0.75"]);
    expect(problemsOf("QT_9", last())).toEqual([]);
  });
});

describe("zone editor and label editors", () => {
  it("QT_10: a zone's numeric fields move it, and a new zone brings its label's answers", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(LabelText, "QT_10");
    const first = screen.getByRole("group", { name: "Etiqueta 1: zona" });
    const x = within(first).getByRole("spinbutton", { name: "Izquierda, x (%)" });
    await user.clear(x);
    await user.type(x, "25.5");
    expect(items(last(), "labels")[0]?.zone).toEqual({ shape: "rect", x: 25.5, y: 40, w: 20, h: 20 });

    // The circle becomes a rect in the same place.
    const second = screen.getByRole("group", { name: "Etiqueta 2: zona" });
    await user.selectOptions(within(second).getByRole("combobox", { name: "Forma" }), "Rectángulo");
    expect(items(last(), "labels")[1]?.zone).toEqual({ shape: "rect", x: 85, y: 45, w: 10, h: 10 });

    await user.click(screen.getByRole("button", { name: "Añadir zona" }));
    const added = items(last(), "labels")[2];
    expect(added).toMatchObject({ zone: { shape: "rect", x: 40, y: 40, w: 20, h: 20 }, answers: [""] });
    await user.type(screen.getByRole("textbox", { name: /Etiqueta 3: respuesta aceptada 1/ }), "citoplasma");
    await user.click(screen.getByRole("switch", { name: "Distinguir mayúsculas y minúsculas" }));
    expect(last().caseSensitive).toBe(true);
    expect(problemsOf("QT_10", last())).toEqual([]);
  });

  it("QT_21: removes a zone, shows a zone's issue in its group, and takes an optional click limit", async () => {
    const user = userEvent.setup();
    const issues: EditorIssue[] = [
      { path: ["targets", 0, "zone"], message: "zone_outside_image" },
      { path: ["maxClicks"], message: "max_clicks_below_targets" },
    ];
    const { last } = renderEditor(ClickToFind, "QT_21", { issues });
    expect(within(screen.getByRole("group", { name: "Objetivo 1: zona" })).getByText(rule("zone_outside_image"))).toBeInTheDocument();
    const maxClicks = screen.getByRole("spinbutton", { name: /Número máximo de clics/ });
    expect(maxClicks).toHaveAccessibleDescription(expect.stringContaining(rule("max_clicks_below_targets")));

    // The markers on the image are numbered like the list.
    expect(screen.getByRole("img", { name: /Objetivos que encontrar: imagen con 2 zonas/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Quitar Objetivo 1" }));
    expect(items(last(), "targets")).toEqual([{ id: "q1", zone: { shape: "circle", cx: 70, cy: 50, r: 5 } }]);
    const r = within(screen.getByRole("group", { name: "Objetivo 1: zona" })).getByRole("spinbutton", { name: "Radio (%)" });
    await user.clear(r);
    await user.type(r, "12");
    expect(items(last(), "targets")[0]?.zone).toEqual({ shape: "circle", cx: 70, cy: 50, r: 12 });

    await user.clear(maxClicks);
    expect(last()).not.toHaveProperty("maxClicks");
    await user.type(maxClicks, "3");
    expect(last().maxClicks).toBe(3);
    expect(problemsOf("QT_21", last())).toEqual([]);
  });

  // jsdom has no PointerEvent: a mouse event with a pointer id stands in for it (clientX, button).
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  const realPointerEvent = (window as { PointerEvent?: unknown }).PointerEvent;
  beforeAll(() => Object.assign(window, { PointerEvent: TestPointerEvent }));
  afterAll(() => Object.assign(window, { PointerEvent: realPointerEvent }));

  it("QT_21: with a pointer, a drag on the image draws a zone and a drag on a zone moves it", async () => {
    const { last } = renderEditor(ClickToFind, "QT_21");
    const surface = screen.getByRole("img", { name: /Objetivos que encontrar: imagen con 2 zonas/ });
    // jsdom lays nothing out: the image is 200 x 100 px here, measured on the <img> itself (ADR 0022).
    const picture = surface.parentElement?.querySelector("img") as HTMLImageElement;
    picture.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    const at = (x: number, y: number) => ({ clientX: x, clientY: y, button: 0, pointerId: 1 });
    fireEvent.pointerDown(surface, at(20, 10));
    fireEvent.pointerMove(surface, at(60, 50));
    fireEvent.pointerUp(surface, at(60, 50));
    const drawn = items(last(), "targets")[2];
    expect(drawn?.zone).toEqual({ shape: "rect", x: 10, y: 10, w: 20, h: 40 });
    expect(screen.getByRole("group", { name: "Objetivo 3: zona" })).toBeInTheDocument();

    // The first target (a rect at 10, 10) dragged 20 px right and 10 px down: +10 % and +10 %.
    const shape = surface.querySelector("rect:not([width='100'])") as SVGRectElement;
    fireEvent.pointerDown(shape, at(30, 15));
    fireEvent.pointerMove(surface, at(50, 25));
    fireEvent.pointerUp(surface, at(50, 25));
    expect(items(last(), "targets")[0]?.zone).toEqual({ shape: "rect", x: 20, y: 20, w: 10, h: 10 });
    expect(await screen.findByText("Se ha movido Objetivo 1.")).toBeInTheDocument();
    expect(problemsOf("QT_21", last())).toEqual([]);
  });

  it("QT_11: every label picks its option from the one options list", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(LabelDropdown, "QT_11");
    await user.click(screen.getByRole("button", { name: "Añadir opción" }));
    await user.type(screen.getByRole("textbox", { name: /^Opción 4/ }), "Valencia");
    await user.selectOptions(screen.getByRole("combobox", { name: /Etiqueta 2: opción correcta/ }), "Opción 4: Valencia");
    const options = items(last(), "options");
    expect(items(last(), "labels")[1]?.optionId).toBe(options[3]?.id);
    expect(problemsOf("QT_11", last())).toEqual([]);
  });

  it("QT_12: removing a token clears the labels that used it, and reuse can be allowed", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(LabelDragDrop, "QT_12");
    await user.click(screen.getByRole("button", { name: "Quitar Ficha 1" }));
    expect(items(last(), "labels")[0]?.tokenId).toBe("");
    expect(problemsOf("QT_12", last())).toContain("labels.0.tokenId: invalid_id");
    await user.selectOptions(screen.getByRole("combobox", { name: /Etiqueta 1: ficha correcta/ }), "Ficha 1: tallo");
    expect(problemsOf("QT_12", last())).toContain("labels.1.tokenId: token_reused");
    await user.click(screen.getByRole("switch", { name: /varias etiquetas/ }));
    expect(last().reuseTokens).toBe(true);
    expect(problemsOf("QT_12", last())).toEqual([]);
  });
});

describe("image field", () => {
  it("uploads the chosen image, asks for its alt text, and can remove it (QT_20 background)", async () => {
    const user = userEvent.setup();
    const { last, api } = renderEditor(Pencil, "QT_20", { draft: {} });
    api.set({ [UPLOAD]: ok({ url: "/media/questions/q1/grid.png", name: "grid.png" }) });
    const sent = acceptMultipart();
    const input = screen.getByLabelText("Imagen de fondo (opcional): archivo de imagen");
    await user.upload(input, new File(["png"], "grid.png", { type: "image/png" }));

    expect(await screen.findByText("Escribe el texto alternativo de la imagen.", {}, SLOW)).toBeInTheDocument();
    expect(api.callsTo(UPLOAD)).toHaveLength(1);
    expect(sent.map((f) => f.name)).toEqual(["grid.png"]);
    expect(last()).toEqual({ background: { url: "/media/questions/q1/grid.png", alt: "" } });
    expect(problemsOf("QT_20", last())).toEqual(["background.alt: required"]);

    await user.type(screen.getByRole("textbox", { name: /Imagen de fondo \(opcional\): texto alternativo/ }), "Cuadrícula de 1 cm");
    expect(last()).toEqual({ background: { url: "/media/questions/q1/grid.png", alt: "Cuadrícula de 1 cm" } });
    expect(screen.getByRole("img", { name: "Cuadrícula de 1 cm" })).toHaveAttribute("src", "/media/questions/q1/grid.png");
    expect(problemsOf("QT_20", last())).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Imagen de fondo (opcional): Quitar imagen" }));
    expect(last()).toEqual({});
  });

  it("refuses a file that is no image without calling the server, and translates the server's refusal", async () => {
    // As if the author picked "all files" in the browser's dialog.
    const user = userEvent.setup({ applyAccept: false });
    const { api } = renderEditor(Pencil, "QT_20", { draft: {} });
    const tooLarge = { status: "error", error: { key: "FILE_TOO_LARGE", message: "too large", details: { max: "10 MB" } } };
    api.set({ [UPLOAD]: () => reply(413, tooLarge) });
    acceptMultipart();
    const input = screen.getByLabelText("Imagen de fondo (opcional): archivo de imagen");
    await user.upload(input, new File(["x"], "notas.txt", { type: "text/plain" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Este archivo no es una imagen admitida");
    expect(api.callsTo(UPLOAD)).toHaveLength(0);

    await user.upload(input, new File(["png"], "mapa.png", { type: "image/png" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(makeTestI18n("es").t("errors:FILE_TOO_LARGE", { max: "10 MB" })), SLOW);
    expect(api.callsTo(UPLOAD)).toHaveLength(1);
  });
});

describe("item list editors", () => {
  it("QT_13: a new item gets a text and a category", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(Classify, "QT_13");
    await user.click(screen.getByRole("button", { name: "Añadir elemento" }));
    await user.type(screen.getByRole("textbox", { name: /^Elemento 5: texto/ }), "Gorrión");
    await user.selectOptions(screen.getByRole("combobox", { name: /Elemento 5: categoría/ }), "Categoría 2: Aves");
    expect(items(last(), "items")[4]).toMatchObject({ text: "Gorrión", categoryId: "ca" });
    // Clearing a text leaves it out (the item then needs an image).
    await user.clear(screen.getByRole("textbox", { name: /^Elemento 1: texto/ }));
    expect(items(last(), "items")[0]).not.toHaveProperty("text");
    expect(problemsOf("QT_13", last())).toEqual(["items.0.text: text_or_image_required"]);
  });

  it("QT_14: «add item with its match» pairs them; matches nobody uses are distractors", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(MatchList, "QT_14");
    const matches = screen.getByRole("group", { name: "Parejas (columna derecha)" });
    expect(within(matches).getAllByText(/Distractor/)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Añadir elemento con su pareja" }));
    await user.type(screen.getByRole("textbox", { name: /^Elemento 4: texto/ }), "Portugal");
    await user.type(screen.getByRole("textbox", { name: /^Pareja 5: texto/ }), "Lisboa");
    const draft = last();
    expect(items(draft, "items")[3]?.matchId).toBe(items(draft, "matches")[4]?.id);
    expect(within(matches).getAllByText(/Distractor/)).toHaveLength(1);
    expect(problemsOf("QT_14", draft)).toEqual([]);
  });

  it("QT_15: up and down buttons set the right order", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(OrderList, "QT_15");
    expect(screen.getByText(/Los alumnos los verán desordenados/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Bajar Posición 1" }));
    expect(items(last(), "items").map((i) => i.id)).toEqual(["b7", "k4", "z1", "m3"]);
    expect(await screen.findByText("Se ha movido Posición 1 (Infancia) a la posición 2 de 4.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Subir Posición 4" }));
    expect(items(last(), "items").map((i) => i.id)).toEqual(["b7", "k4", "m3", "z1"]);
    expect(problemsOf("QT_15", last())).toEqual([]);
  });

  it("QT_16: the links are a grid of labelled checkboxes; removing an item removes its lines", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(LinkingLines, "QT_16");
    const box = screen.getByRole("checkbox", { name: "Unir Izquierda 3 (4) con Derecha 3 (primo)" });
    expect(box).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Unir Izquierda 1 (2) con Derecha 3 (primo)" })).toBeChecked();
    await user.click(box);
    expect(items(last(), "links")).toContainEqual({ leftId: "n4", rightId: "prime" });
    await user.click(screen.getByRole("button", { name: "Quitar Derecha 2" }));
    expect(items(last(), "links").some((l) => l.rightId === "odd")).toBe(false);
    expect(items(last(), "right").map((i) => i.id)).toEqual(["even", "prime"]);
    expect(problemsOf("QT_16", last())).toEqual([]);
  });

  it("QT_19: extensions from presets and typed ones, lower case without the dot; max files 1 to 10", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(UploadFile, "QT_19");
    await user.click(screen.getByRole("button", { name: "+ jpg" }));
    expect(last().accept).toEqual(["pdf", "docx", "jpg"]);
    await user.type(screen.getByRole("textbox", { name: /^Extensión/ }), " .PNG, zip{Enter}");
    expect(last().accept).toEqual(["pdf", "docx", "jpg", "png", "zip"]);
    await user.type(screen.getByRole("textbox", { name: /^Extensión/ }), "tar.gz{Enter}");
    expect(screen.getByRole("textbox", { name: /^Extensión/ })).toHaveAccessibleDescription(expect.stringContaining("No es una extensión válida: tar.gz"));
    await user.click(screen.getByRole("button", { name: "docx Quitar" }));
    expect(last().accept).toEqual(["pdf", "jpg", "png", "zip"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Número máximo de archivos" }), "5");
    expect(last().maxFiles).toBe(5);
    expect(problemsOf("QT_19", last())).toEqual([]);
  });
});

describe("incomplete drafts", () => {
  // What a starter draft may lack: every list. Each editor still shows its fields and grows its lists.
  const EDITORS: Array<[QuestionType, ComponentType<EditorProps>, string, string]> = [
    ["QT_8", ClozeDragDrop, "Añadir ficha", "tokens"],
    ["QT_9", ClozeMath, "Insertar hueco", "gaps"],
    ["QT_10", LabelText, "Añadir zona", "labels"],
    ["QT_11", LabelDropdown, "Añadir opción", "options"],
    ["QT_12", LabelDragDrop, "Añadir ficha", "tokens"],
    ["QT_13", Classify, "Añadir categoría", "categories"],
    ["QT_14", MatchList, "Añadir elemento con su pareja", "matches"],
    ["QT_15", OrderList, "Añadir elemento", "items"],
    ["QT_16", LinkingLines, "Añadir elemento a la derecha", "right"],
    ["QT_19", UploadFile, "+ pdf", "accept"],
    ["QT_21", ClickToFind, "Añadir zona", "targets"],
  ];
  it.each(EDITORS)("%s starts from an empty draft", async (type, Editor, add, list) => {
    const user = userEvent.setup();
    const { last } = renderEditor(Editor, type, { draft: {} });
    await user.click(screen.getByRole("button", { name: add }));
    expect(last()[list]).toHaveLength(1);
  });
});

describe("in English", () => {
  it("QT_8 speaks English: insert a gap and pick its token", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor(ClozeDragDrop, "QT_8", { language: "en", issues: [{ path: ["tokens"], message: "min_items" }] });
    expect(screen.getByText(rule("min_items", "en"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Insert gap" }));
    await user.selectOptions(screen.getByRole("combobox", { name: /Gap 3: right token/ }), "Token 3: perros");
    expect(screen.getByRole("switch", { name: "A token may be the answer to several gaps" })).not.toBeChecked();
    expect(problemsOf("QT_8", last())).toEqual([]);
  });
});
