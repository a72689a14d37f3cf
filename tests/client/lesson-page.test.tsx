import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LessonItem } from "../../src/contracts/lessons";
import {
  buildDetail,
  buildItem,
  buildLesson,
  buildTestCourse,
  COURSE_GUID,
  LESSON_GUID,
  NEXT_LESSON_GUID,
  UNIT_GUID,
} from "../support/lesson-data";
import { fail, ok, type ApiCall } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

/** Lazy route chunks are slow on a busy CI machine. */
const SLOW = { timeout: 10_000 };
const LESSON_PATH = `/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`;
const LESSON_URL = `/api/front/lessons/${LESSON_GUID}`;

function buildItems(): LessonItem[] {
  return [
    buildItem("CTTY_05", "Teoría de fracciones", 1),
    buildItem("CTTY_06", "Simulador de fracciones", 2, { status: "draft", publishedAt: null }),
    buildItem("CTTY_15", "Paquete de ejercicios", 3, { status: "scheduled", publishAt: "2030-03-02T08:30:00.000Z", publishedAt: null }),
  ];
}

type Options = { role?: "teacher" | "student"; path?: string; items?: LessonItem[]; api?: Record<string, unknown> };

function renderLesson({ role = "teacher", path = LESSON_PATH, items = buildItems(), api = {} }: Options = {}) {
  const student = role === "student";
  return renderApp(path, {
    auth: signedInAs(student ? "student" : "teacher"),
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse(student ? { myRole: "student", canEdit: false, canManageTeachers: false } : {})),
      [`GET ${LESSON_URL}`]: ok(buildLesson({ canEdit: !student })),
      [`GET ${LESSON_URL}/items`]: (call: ApiCall) => {
        const studentView = student || call.query.get("view") === "student";
        return { status: 200, body: ok(studentView ? items.filter((i) => i.status === "published") : items) };
      },
      ...api,
    },
  });
}

describe("Lesson page", () => {
  it("shows a teacher every item in order with its type, publication status and the teacher's actions", async () => {
    const app = renderLesson();
    const list = await screen.findByRole("list", { name: "Contenidos de Fracciones equivalentes" }, SLOW);
    expect(screen.getByRole("heading", { level: 2, name: "Fracciones equivalentes" })).toBeInTheDocument();
    expect(screen.getByText("Unidad: Fracciones")).toBeInTheDocument();
    expect(screen.getByText("Publicación: Matemáticas 1 (Lumen)")).toBeInTheDocument();
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Teoría de fracciones",
      "Simulador de fracciones",
      "Paquete de ejercicios",
    ]);
    const [pdf, link, scorm] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pdf).getByText("PDF")).toBeInTheDocument();
    expect(within(pdf).getByText("Publicado")).toBeInTheDocument();
    expect(within(link).getByText("Enlace")).toBeInTheDocument();
    expect(within(link).getByText("Borrador")).toBeInTheDocument();
    expect(within(scorm).getByText("Paquete SCORM")).toBeInTheDocument();
    expect(within(scorm).getByText(/^Programado para el /)).toBeInTheDocument();
    expect(within(scorm).getByText(/2030/)).toBeInTheDocument();

    const scormItem = buildItems()[2];
    expect(within(scorm).getByRole("link", { name: "Resultados de Paquete de ejercicios" }).getAttribute("href")).toMatch(
      new RegExp(`^/course/${COURSE_GUID}/results-scorm/[0-9a-f-]+$`),
    );
    expect(scormItem).toBeDefined();
    expect(within(pdf).queryByRole("link", { name: /Resultados/ })).not.toBeInTheDocument();
    expect(within(pdf).getByRole("button", { name: "Configuración general de Teoría de fracciones" })).toBeInTheDocument();
    expect(within(pdf).getByRole("button", { name: "Reordenar Teoría de fracciones" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Proyectar" })).toHaveAttribute("href", `${LESSON_PATH}/projection`);
    expect(screen.getByRole("link", { name: "Lección siguiente" })).toHaveAttribute("href", `/course/${COURSE_GUID}/lesson/${NEXT_LESSON_GUID}`);
    expect(screen.getByRole("link", { name: "Añadir contenido" })).toHaveAttribute("href", `${LESSON_PATH}/new-content`);
    // The teacher's own view: no view parameter.
    expect(app.api.callsTo(`GET ${LESSON_URL}/items`)[0]?.query.get("courseGuid")).toBe(COURSE_GUID);
    expect(app.api.callsTo(`GET ${LESSON_URL}/items`)[0]?.query.get("view")).toBeNull();
  });

  it("view as student asks for the student view and shows no editing controls", async () => {
    const app = renderLesson({ path: `${LESSON_PATH}?view=student` });
    const list = await screen.findByRole("list", { name: "Contenidos de Fracciones equivalentes" }, SLOW);
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(app.api.callsTo(`GET ${LESSON_URL}/items`)[0]?.query.get("view")).toBe("student");
    expect(screen.queryByRole("button", { name: /Configuración general/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Reordenar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Proyectar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Añadir contenido" })).not.toBeInTheDocument();
    expect(screen.queryByText("Publicado")).not.toBeInTheDocument();
    // Links keep the student view.
    expect(within(list).getByRole("link", { name: "Abrir Teoría de fracciones" }).getAttribute("href")).toMatch(/\?view=student$/);
  });

  it("shows a student the published items with their own progress", async () => {
    const items = [
      buildItem("CTTY_05", "Teoría de fracciones", 1, { consumption: { opened: true, finished: true } }),
      buildItem("CTTY_03", "Vídeo de repaso", 2, { consumption: { opened: true, finished: false } }),
      buildItem("CTTY_07", "Mural", 3),
    ];
    renderLesson({ role: "student", items });
    const list = await screen.findByRole("list", { name: "Contenidos de Fracciones equivalentes" }, SLOW);
    const rows = within(list).getAllByRole("listitem");
    expect(within(rows[0] as HTMLElement).getByText("Terminado")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Abierto")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("Sin abrir")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Subir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Resultados/ })).not.toBeInTheDocument();
  });

  it("offers a teacher to add content when the lesson is empty", async () => {
    renderLesson({ items: [] });
    expect(await screen.findByText("Esta lección todavía no tiene contenidos", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Añadir contenido" })).toHaveAttribute("href", `${LESSON_PATH}/new-content`);
  });

  it("says the page is not available when the lesson is not in this class", async () => {
    renderLesson({ api: { [`GET ${LESSON_URL}`]: () => fail(404, "NOT_FOUND") } });
    expect(await screen.findByText("¡Vaya! Esta página no está disponible", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a la programación" })).toHaveAttribute("href", `/course/${COURSE_GUID}/program`);
  });

  it("opens an item in the lesson's viewer and records that it was opened", async () => {
    const user = userEvent.setup();
    const items = buildItems();
    const link = items[1] as LessonItem;
    const detail = buildDetail(link.content, {
      url: "https://example.org/simulador",
      view: { ...buildDetail(link.content).view, viewer: "link", url: "https://example.org/simulador" },
    });
    const app = renderLesson({
      items,
      api: {
        [`GET /api/front/contents/${link.content.guid}`]: ok(detail),
        "POST /api/consumptions": ok({ recorded: true }),
      },
    });
    await user.click(await screen.findByRole("link", { name: "Abrir Simulador de fracciones" }, SLOW));
    expect(app.location().pathname).toBe(`${LESSON_PATH}/content/${link.content.guid}`);
    expect(await screen.findByRole("region", { name: "Simulador de fracciones" }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(app.api.callsTo("POST /api/consumptions")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/consumptions")[0]?.body).toEqual({ courseGuid: COURSE_GUID, contentGuid: link.content.guid, event: "opened" });
    expect(app.api.callsTo(`GET /api/front/contents/${link.content.guid}`)[0]?.query.get("courseGuid")).toBe(COURSE_GUID);
    expect(screen.getByRole("link", { name: "Abrir a pantalla completa" })).toHaveAttribute(
      "href",
      `/single-activity/${COURSE_GUID}/${link.guid}/${link.content.guid}`,
    );
    await user.click(screen.getByRole("link", { name: "Volver a la lección" }));
    expect(app.location().pathname).toBe(LESSON_PATH);
  });

  it("runs the lesson in a class session: the published items one after another", async () => {
    const user = userEvent.setup();
    const items = [buildItem("CTTY_06", "Primero", 1), buildItem("CTTY_06", "Borrador oculto", 2, { status: "draft" }), buildItem("CTTY_06", "Segundo", 3)];
    const routes: Record<string, unknown> = { "POST /api/consumptions": ok({}) };
    for (const item of items) routes[`GET /api/front/contents/${item.content.guid}`] = ok(buildDetail(item.content));
    renderLesson({ items, path: `${LESSON_PATH}/session/abc`, api: routes });
    expect(await screen.findByText("Contenido 1 de 2", undefined, SLOW)).toBeInTheDocument();
    const steps = screen.getByRole("list", { name: "Contenidos de la sesión" });
    expect(within(steps).getAllByRole("button").map((b) => b.textContent)).toEqual(["Primero", "Segundo"]);
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(screen.getByText("Contenido 2 de 2")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "Segundo" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Siguiente" })).toBeDisabled();
  });

  it("new-content lists the authorable types, each leading to its add form", async () => {
    renderLesson({ path: `${LESSON_PATH}/new-content` });
    const types = await screen.findByRole("list", { name: "Tipos de contenido" }, SLOW);
    const links = within(types).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toContain("Enlace");
    expect(links.map((l) => l.textContent)).not.toContain("Pregunta");
    expect(within(types).getByRole("link", { name: "Vídeo" })).toHaveAttribute("href", `${LESSON_PATH}/add/CTTY_03`);
  });

  it("sends a student away from the editing sub-paths", async () => {
    const app = renderLesson({ role: "student", path: `${LESSON_PATH}/new-content` });
    await screen.findByRole("list", { name: "Contenidos de Fracciones equivalentes" }, SLOW);
    expect(app.location().pathname).toBe(LESSON_PATH);
  });
});
