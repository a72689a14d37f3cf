import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LessonItem } from "../../src/contracts/lessons";
import { uploadContentFile } from "../../src/client/features/lesson/uploader";
import {
  buildDetail,
  buildItem,
  buildLesson,
  buildSummary,
  buildTestCourse,
  COURSE_GUID,
  LESSON_GUID,
  UNIT_GUID,
} from "../support/lesson-data";
import { fail, ok, type ApiCall } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { renderApp, signedInAs } from "../support/render";

// The XMLHttpRequest upload (progress events) is the network edge jsdom cannot drive; it is replaced here.
jest.mock("../../src/client/features/lesson/uploader", () => ({ uploadContentFile: jest.fn() }));
const upload = uploadContentFile as jest.MockedFunction<typeof uploadContentFile>;

const SLOW = { timeout: 10_000 };
const LESSON_PATH = `/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`;
const LESSON_URL = `/api/front/lessons/${LESSON_GUID}`;
const BATCH = "POST /api/front/lesson-items-batch";

function buildItems(): LessonItem[] {
  return [
    buildItem("CTTY_05", "Teoría de fracciones", 1),
    buildItem("CTTY_06", "Simulador de fracciones", 2, { status: "draft", publishedAt: null }),
    buildItem("CTTY_09", "Tarea de fracciones", 3),
  ];
}

function renderLesson(path: string, items: LessonItem[], api: Record<string, unknown> = {}) {
  return renderApp(path, {
    auth: signedInAs("teacher"),
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse()),
      [`GET ${LESSON_URL}`]: ok(buildLesson()),
      [`GET ${LESSON_URL}/items`]: ok(items),
      ...api,
    },
  });
}

/** The server's answer to a PUT: the item with the body's fields applied. */
const putAnswer = (item: LessonItem) => (call: ApiCall) => ({ status: 200, body: ok({ ...item, ...(call.body as Partial<LessonItem>) }) });

const inFuture = "2030-05-01T10:00";

describe("Adding lesson items", () => {
  afterEach(() => upload.mockReset());

  it("adds a link: POST cms/contents, then POST front/lesson-items published by default, then back to the lesson", async () => {
    const user = userEvent.setup();
    const summary = buildSummary("CTTY_06", "Fracciones en la recta");
    const app = renderLesson(`${LESSON_PATH}/add/CTTY_06`, buildItems(), {
      "POST /api/cms/contents": ok(buildDetail(summary)),
      "POST /api/front/lesson-items": ok(buildItem("CTTY_06", "Fracciones en la recta", 4)),
    });
    expect(await screen.findByRole("heading", { name: "Añadir: Enlace" }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Publicado" })).toBeChecked();
    await user.type(screen.getByRole("textbox", { name: /^Título/ }), "Fracciones en la recta");
    await user.type(screen.getByRole("textbox", { name: /^Dirección web/ }), "nota");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Introduce una dirección web válida que empiece por http:// o https://")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/cms/contents")).toHaveLength(0);

    await user.clear(screen.getByRole("textbox", { name: /^Dirección web/ }));
    await user.type(screen.getByRole("textbox", { name: /^Dirección web/ }), "https://example.org/recta");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/lesson-items")).toHaveLength(1), SLOW);
    expect(app.api.callsTo("POST /api/cms/contents")[0]?.body).toEqual({
      type: "CTTY_06",
      title: "Fracciones en la recta",
      description: "",
      url: "https://example.org/recta",
    });
    expect(app.api.callsTo("POST /api/front/lesson-items")[0]?.body).toEqual({
      courseGuid: COURSE_GUID,
      lessonGuid: LESSON_GUID,
      contentGuid: summary.guid,
      title: "Fracciones en la recta",
      status: "published",
      publishAt: null,
    });
    await waitFor(() => expect(app.location().pathname).toBe(LESSON_PATH));
  });

  it("uploads a PDF with the chosen file to the server's upload target before adding the item", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const summary = buildSummary("CTTY_05", "Ejercicios resueltos");
    const uploadUrl = `/api/cms/contents/${summary.guid}/content/upload`;
    upload.mockImplementation(async (request) => {
      request.onProgress?.(0.5);
      return buildDetail({ ...summary, fileName: request.file.name });
    });
    const app = renderLesson(`${LESSON_PATH}/add/CTTY_05`, buildItems(), {
      "POST /api/cms/contents": ok(buildDetail({ ...summary, ready: false })),
      [`GET ${uploadUrl}`]: ok({ uploadUrl, method: "POST", fileField: "file", captionsField: "captions", maxBytes: 1000, accept: ["pdf"] }),
      "POST /api/front/lesson-items": ok(buildItem("CTTY_05", "Ejercicios resueltos", 4)),
    });
    await user.type(await screen.findByRole("textbox", { name: /^Título/ }, SLOW), "Ejercicios resueltos");
    const fileInput = screen.getByLabelText(/^Archivo/);
    expect(fileInput).toHaveAttribute("accept", ".pdf");
    // A file of another type is refused before anything is created.
    await user.upload(fileInput, new File(["hola"], "notas.txt", { type: "text/plain" }));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Este tipo de archivo no se admite. Formatos: pdf")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/cms/contents")).toHaveLength(0);

    const pdf = new File(["%PDF-1.4"], "ejercicios.pdf", { type: "application/pdf" });
    await user.upload(fileInput, pdf);
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/lesson-items")).toHaveLength(1), SLOW);
    expect(upload).toHaveBeenCalledTimes(1);
    const request = upload.mock.calls[0]?.[0];
    expect(request?.url).toBe(uploadUrl);
    expect(request?.file).toBe(pdf);
    expect(request?.fileField).toBe("file");
    expect(request?.token).toBe("access-token");
    expect(app.api.callsTo("POST /api/cms/contents")[0]?.body).toEqual({ type: "CTTY_05", title: "Ejercicios resueltos", description: "" });
    expect(app.api.callsTo("POST /api/front/lesson-items")[0]?.body).toMatchObject({ contentGuid: summary.guid, status: "published", settings: { allowDownload: false } });
  });

  it("scheduling needs a date, then sends status scheduled with publishAt", async () => {
    const user = userEvent.setup();
    const summary = buildSummary("CTTY_06", "Más tarde");
    const app = renderLesson(`${LESSON_PATH}/add/CTTY_06`, buildItems(), {
      "POST /api/cms/contents": ok(buildDetail(summary)),
      "POST /api/front/lesson-items": ok(buildItem("CTTY_06", "Más tarde", 4)),
    });
    await user.type(await screen.findByRole("textbox", { name: /^Título/ }, SLOW), "Más tarde");
    await user.type(screen.getByRole("textbox", { name: /^Dirección web/ }), "https://example.org/luego");
    await user.click(screen.getByRole("radio", { name: "Programado" }));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Indica cuándo se publicará")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/cms/contents")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Fecha y hora de publicación/), { target: { value: inFuture } });
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/lesson-items")).toHaveLength(1), SLOW);
    expect(app.api.callsTo("POST /api/front/lesson-items")[0]?.body).toMatchObject({
      status: "scheduled",
      publishAt: new Date(inFuture).toISOString(),
    });
  });

  it("adds an existing content from the library", async () => {
    const user = userEvent.setup();
    const existing = buildSummary("CTTY_06", "Recta numérica interactiva");
    const app = renderLesson(`${LESSON_PATH}/add/CTTY_06`, buildItems(), {
      "GET /api/cms/contents": ok({ items: [existing], total: 1, offset: 0, pageSize: 20 }),
      "POST /api/front/lesson-items": ok(buildItem("CTTY_06", "Recta numérica interactiva", 4)),
    });
    await user.click(await screen.findByRole("radio", { name: "Añadir contenido existente" }, SLOW));
    await user.click(await screen.findByRole("button", { name: "Elegir Recta numérica interactiva" }));
    expect(app.api.callsTo("GET /api/cms/contents")[0]?.query.get("type")).toBe("CTTY_06");
    await user.click(screen.getByRole("button", { name: "Guardar y publicar" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/lesson-items")).toHaveLength(1), SLOW);
    expect(app.api.callsTo("POST /api/cms/contents")).toHaveLength(0);
    expect(app.api.callsTo("POST /api/front/lesson-items")[0]?.body).toMatchObject({ contentGuid: existing.guid, status: "published" });
  });
});

describe("General-settings sidebar", () => {
  it("publishes a draft and unpublishes a published item", async () => {
    const user = userEvent.setup();
    const items = buildItems();
    const [pdf, draft] = items as [LessonItem, LessonItem];
    const app = renderLesson(LESSON_PATH, items, {
      [`PUT /api/front/lesson-items/${draft.guid}`]: putAnswer(draft),
      [`PUT /api/front/lesson-items/${pdf.guid}`]: putAnswer(pdf),
    });
    await user.click(await screen.findByRole("button", { name: "Configuración general de Simulador de fracciones" }, SLOW));
    // The sidebar's code loads when it first opens.
    const panel = await screen.findByRole("complementary", { name: "Configuración general" }, SLOW);
    expect(within(panel).getByRole("radio", { name: "Borrador" })).toBeChecked();
    expect(within(panel).queryByRole("button", { name: "Despublicar" })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Publicar" }));
    await waitFor(() => expect(app.api.callsTo(`PUT /api/front/lesson-items/${draft.guid}`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT /api/front/lesson-items/${draft.guid}`)[0]?.body).toEqual({ status: "published", publishAt: null });

    await user.click(screen.getByRole("button", { name: "Configuración general de Teoría de fracciones" }));
    const pdfPanel = screen.getByRole("complementary", { name: "Configuración general" });
    await user.click(within(pdfPanel).getByRole("button", { name: "Despublicar" }));
    await waitFor(() => expect(app.api.callsTo(`PUT /api/front/lesson-items/${pdf.guid}`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT /api/front/lesson-items/${pdf.guid}`)[0]?.body).toEqual({ status: "draft", publishAt: null });
  });

  it("a refused save says 'Error updating lesson item, try again' and keeps what was typed", async () => {
    const user = userEvent.setup();
    const items = buildItems();
    const assignment = items[2] as LessonItem;
    const url = `PUT /api/front/lesson-items/${assignment.guid}`;
    const app = renderLesson(LESSON_PATH, items, { [url]: () => fail(500, "INTERNAL_ERROR") });
    await user.click(await screen.findByRole("button", { name: "Configuración general de Tarea de fracciones" }, SLOW));
    const panel = await screen.findByRole("complementary", { name: "Configuración general" }, SLOW);
    await user.click(within(panel).getByRole("radio", { name: "Programado" }));
    await user.click(within(panel).getByRole("button", { name: "Programar" }));
    expect(await within(panel).findByText("Indica cuándo se publicará")).toBeInTheDocument();
    expect(app.api.callsTo(url)).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText(/^Fecha y hora de publicación/), { target: { value: inFuture } });
    fireEvent.change(within(panel).getByLabelText("Fecha de entrega"), { target: { value: "2030-06-01T09:00" } });
    await user.click(within(panel).getByRole("button", { name: "Programar" }));
    expect(await screen.findByText("Error al actualizar el elemento de la lección, inténtalo de nuevo", undefined, SLOW)).toBeInTheDocument();
    expect(app.api.callsTo(url)[0]?.body).toEqual({
      title: "Tarea de fracciones",
      settings: { dueAt: new Date("2030-06-01T09:00").toISOString() },
      status: "scheduled",
      publishAt: new Date(inFuture).toISOString(),
    });
    expect(within(panel).getByRole("radio", { name: "Programado" })).toBeChecked();
    expect(within(panel).getByLabelText(/^Fecha y hora de publicación/)).toHaveValue(inFuture);
    expect(within(panel).getByLabelText("Fecha de entrega")).toHaveValue("2030-06-01T09:00");
  });

  it("asks before deleting an item, then deletes it", async () => {
    const user = userEvent.setup();
    const items = buildItems();
    const draft = items[1] as LessonItem;
    const url = `DELETE /api/front/lesson-items/${draft.guid}`;
    const app = renderLesson(LESSON_PATH, items, { [url]: () => ({ status: 204, body: "" }) });
    await user.click(await screen.findByRole("button", { name: "Configuración general de Simulador de fracciones" }, SLOW));
    await user.click(within(await screen.findByRole("complementary", { name: "Configuración general" }, SLOW)).getByRole("button", { name: "Eliminar" }));
    const dialog = await findDialog("¿Eliminar «Simulador de fracciones»?");
    expect(app.api.callsTo(url)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(app.api.callsTo(url)).toHaveLength(1));
  });
});

describe("Reordering lesson items", () => {
  it("Move down sends the complete new order, and a refusal puts the list back", async () => {
    const user = userEvent.setup();
    const items = buildItems();
    const [a, b, c] = items as [LessonItem, LessonItem, LessonItem];
    const app = renderLesson(LESSON_PATH, items, { [BATCH]: () => fail(500, "INTERNAL_ERROR") });
    await user.click(await screen.findByRole("button", { name: "Bajar Teoría de fracciones" }, SLOW));
    await waitFor(() => expect(app.api.callsTo(BATCH)).toHaveLength(1));
    expect(app.api.callsTo(BATCH)[0]?.body).toEqual({ courseGuid: COURSE_GUID, lessonGuid: LESSON_GUID, order: [b.guid, a.guid, c.guid] });
    expect(await screen.findByText("No se ha podido guardar el nuevo orden, inténtalo de nuevo", undefined, SLOW)).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Contenidos de Fracciones equivalentes" });
    await waitFor(() =>
      expect(within(list).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
        "Teoría de fracciones",
        "Simulador de fracciones",
        "Tarea de fracciones",
      ]),
    );
  });

  describe("with the keyboard", () => {
    beforeEach(() => {
      jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        const index = this.parentElement ? Array.from(this.parentElement.children).indexOf(this) : 0;
        const top = index * 50;
        return { top, bottom: top + 40, left: 0, right: 600, width: 600, height: 40, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it("moves an item with space, arrow down and space, announcing each step, and sends the batch order", async () => {
      const user = userEvent.setup();
      const items = buildItems();
      const [a, b, c] = items as [LessonItem, LessonItem, LessonItem];
      const app = renderLesson(LESSON_PATH, items, { [BATCH]: ok([b, a, c]) });
      const handle = await screen.findByRole("button", { name: "Reordenar Teoría de fracciones" }, SLOW);
      handle.focus();
      await user.keyboard(" ");
      await waitFor(() => expect(screen.getByText("Has cogido Teoría de fracciones. Está en la posición 1 de 3.")).toBeInTheDocument());
      await user.keyboard("{ArrowDown}");
      await waitFor(() => expect(screen.getByText("Teoría de fracciones se ha movido a la posición 2 de 3.")).toBeInTheDocument());
      await user.keyboard(" ");
      await waitFor(() => expect(app.api.callsTo(BATCH)).toHaveLength(1));
      expect(app.api.callsTo(BATCH)[0]?.body).toEqual({ courseGuid: COURSE_GUID, lessonGuid: LESSON_GUID, order: [b.guid, a.guid, c.guid] });
    });
  });
});
