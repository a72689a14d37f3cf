import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanStudentBoard, KanbanTaskCard, KanbanTeacherBoard } from "../../src/contracts/kanban-base";
import { KANBAN_COLUMNS } from "../../src/contracts/kanban-base";
import { applyMove } from "../../src/client/features/kanban/kanbanRules";
import { dialogButton, findDialog } from "../support/dialogs";
import { fail, ok, type ApiCall } from "../support/client-api";
import { buildLesson, buildTestCourse, COURSE_GUID, LESSON_GUID } from "../support/lesson-data";
import { renderApp, signedInAs } from "../support/render";
import { pushRealtime, realtimeListeners } from "../support/realtime-double";
import { KANBAN_SOCKET_EVENTS, KANBAN_TAB_HEADER } from "../../src/contracts/kanban-base";
import { KANBAN_TAB_ID } from "../../src/client/features/kanban/kanbanApi";

jest.mock("../../src/client/features/notifications/realtime", () => jest.requireActual<typeof import("../support/realtime-double")>("../support/realtime-double").realtimeDouble());

/** Lazy route chunks are slow on a busy CI machine. */
const SLOW = { timeout: 10_000 };
const KANBAN_PATH = `/course/${COURSE_GUID}/lesson/${LESSON_GUID}/kanban/${LESSON_GUID}`;
const TEACHER_URL = `/api/front/courses/${COURSE_GUID}/lessons/${LESSON_GUID}/kanban`;

const JOB_A = "aaaaaaaa-0000-4000-8000-000000000001";
const JOB_B = "aaaaaaaa-0000-4000-8000-000000000002";
const JOB_C = "aaaaaaaa-0000-4000-8000-000000000003";
const NOTE = "bbbbbbbb-0000-4000-8000-000000000001";
const NEW_NOTE = "bbbbbbbb-0000-4000-8000-000000000002";
const LUCIA = "cccccccc-0000-4000-8000-000000000001";
const MARCOS = "cccccccc-0000-4000-8000-000000000002";

function task(guid: string, title: string, overrides: Partial<KanbanTaskCard> = {}): KanbanTaskCard {
  return {
    kind: "job",
    guid,
    itemGuid: `${guid.slice(0, -1)}9`,
    title,
    contentType: "CTTY_09",
    course: { guid: COURSE_GUID, name: "Matemáticas 1º ESO A" },
    lesson: { guid: LESSON_GUID, title: "Fracciones equivalentes" },
    dueAt: "2030-03-02T08:30:00.000Z",
    state: "not_started",
    late: false,
    overdue: false,
    ...overrides,
  };
}

function boardOf(columns: Partial<Record<KanbanColumn, KanbanCard[]>>, overrides: Partial<KanbanBoard> = {}): KanbanBoard {
  return {
    courseGuid: COURSE_GUID,
    lessonGuid: LESSON_GUID,
    readOnly: false,
    columns: KANBAN_COLUMNS.map((column) => ({ column, cards: columns[column] ?? [] })),
    ...overrides,
  };
}

const studentBoard = () =>
  boardOf({
    what_to_do: [task(JOB_A, "Ficha de fracciones"), task(JOB_B, "Resumen del tema", { overdue: true, dueAt: "2025-01-10T08:00:00.000Z" })],
    to_do: [{ kind: "card", guid: NOTE, text: "Repasar la tabla del 7" }],
    done: [task(JOB_C, "Vídeo de repaso", { contentType: "CTTY_03", state: "graded", late: true })],
  });

const column = (name: string) => screen.getByRole("list", { name });
const titlesIn = (name: string) => within(column(name)).queryAllByRole("listitem").map((li) => (li.querySelector("a") ?? li.querySelector("[data-card] > div > span:last-child"))?.textContent);

function renderStudent(api: Record<string, unknown> = {}, board: KanbanBoard = studentBoard()) {
  return renderApp(KANBAN_PATH, {
    auth: signedInAs("student"),
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse({ myRole: "student", canEdit: false, canManageTeachers: false })),
      [`GET /api/front/lessons/${LESSON_GUID}`]: ok(buildLesson({ canEdit: false })),
      "GET /api/front/kanban": ok(board),
      ...api,
    },
  });
}

async function checkAxe(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
}

async function openActions(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole("button", { name: `Acciones de ${name}` }));
  return screen.findByRole("menu");
}

describe("the lesson's kanban (student)", () => {
  it("shows the four columns with their counts and the cards: tasks open on /tasks, notes are text", async () => {
    const app = renderStudent();
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    expect(screen.getByRole("heading", { level: 2, name: "Kanban: Fracciones equivalentes" })).toBeInTheDocument();
    for (const [name, count] of [
      ["Qué hacer", "2 tarjetas"],
      ["Por hacer", "1 tarjeta"],
      ["En curso", "0 tarjetas"],
      ["Hecho", "1 tarjeta"],
    ] as const) {
      expect(screen.getByRole("heading", { level: 3, name: `${name} ${count}` })).toBeInTheDocument();
    }
    expect(titlesIn("Qué hacer")).toEqual(["Ficha de fracciones", "Resumen del tema"]);
    expect(within(column("Por hacer")).getByText("Repasar la tabla del 7")).toBeInTheDocument();
    expect(within(column("En curso")).queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.getByText("Sin tarjetas")).toBeInTheDocument();

    const ficha = screen.getByRole("link", { name: "Ficha de fracciones" });
    expect(ficha).toHaveAttribute("href", `/tasks?job=${JOB_A}`);
    const fichaCard = ficha.closest("li") as HTMLElement;
    expect(within(fichaCard).getByText("Tarea")).toBeInTheDocument();
    expect(within(fichaCard).getByText("Sin empezar")).toBeInTheDocument();
    expect(within(fichaCard).getByText(/^Entrega: .*2030/)).toBeInTheDocument();
    // The lesson's board does not repeat the class and lesson of each task.
    expect(within(fichaCard).queryByText(/Matemáticas 1º ESO A ·/)).toBeNull();
    const resumen = screen.getByRole("link", { name: "Resumen del tema" }).closest("li") as HTMLElement;
    expect(within(resumen).getByText("Fuera de plazo")).toBeInTheDocument();
    const video = screen.getByRole("link", { name: "Vídeo de repaso" }).closest("li") as HTMLElement;
    expect(within(video).getByText("Calificada")).toBeInTheDocument();
    expect(within(video).getByText("Entregada tarde")).toBeInTheDocument();
    // Task cards cannot be deleted; personal cards can.
    await openActions(userEvent.setup(), "Ficha de fracciones");
    expect(screen.queryByRole("menuitem", { name: "Eliminar" })).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Por hacer" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Subir" })).toHaveAttribute("aria-disabled", "true");
    // Asked once, for this lesson's board.
    expect(app.api.callsTo("GET /api/front/kanban")[0]?.query.get("courseGuid")).toBe(COURSE_GUID);
    expect(app.api.callsTo("GET /api/front/kanban")[0]?.query.get("lessonGuid")).toBe(LESSON_GUID);
    expect(within(column("Hecho")).getAllByRole("listitem")).toHaveLength(1);
  });

  describe("moving by keyboard", () => {
    // jsdom lays nothing out: columns side by side (300 px), cards stacked 50 px apart in each.
    beforeEach(() => {
      jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        const section = this.closest("[data-kanban-column]");
        const col = section ? KANBAN_COLUMNS.indexOf(section.getAttribute("data-kanban-column") as KanbanColumn) : 0;
        const left = col * 300;
        let top = 0;
        let height = 40;
        if (this.tagName === "LI") top = 100 + (this.parentElement ? Array.from(this.parentElement.children).indexOf(this) : 0) * 50;
        else if (this.tagName === "OL") [top, height] = [100, 400];
        else if (this.tagName === "BUTTON") {
          const li = this.closest("li");
          top = 100 + (li?.parentElement ? Array.from(li.parentElement.children).indexOf(li) : 0) * 50;
        }
        return { top, bottom: top + height, left, right: left + 260, width: 260, height, x: left, y: top, toJSON: () => ({}) } as DOMRect;
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it("picks a card up with space, moves it down with the arrow, drops it with space, announcing each step", async () => {
      const user = userEvent.setup();
      const app = renderStudent({ "PUT /api/front/kanban/move": (call: ApiCall) => ({ status: 200, body: ok(applyMove(studentBoard(), call.body as never)) }) });
      const handle = await screen.findByRole("button", { name: "Arrastrar Ficha de fracciones" }, SLOW);
      expect(handle).toHaveAttribute("aria-roledescription", "tarjeta movible");
      await waitFor(() =>
        expect(document.getElementById(handle.getAttribute("aria-describedby") ?? "")).toHaveTextContent("Para mover una tarjeta, pulsa Espacio o Intro"),
      );
      handle.focus();
      await user.keyboard(" ");
      await waitFor(() => expect(screen.getByText("Has cogido Ficha de fracciones. Está en Qué hacer, posición 1 de 2.")).toBeInTheDocument());
      await user.keyboard("{ArrowDown}");
      await waitFor(() => expect(screen.getByText("Ficha de fracciones está ahora en Qué hacer, posición 2 de 2.")).toBeInTheDocument());
      await user.keyboard(" ");
      await waitFor(() => expect(app.api.callsTo("PUT /api/front/kanban/move")).toHaveLength(1));
      expect(app.api.callsTo("PUT /api/front/kanban/move")[0]?.body).toEqual({
        kind: "job",
        guid: JOB_A,
        column: "what_to_do",
        index: 1,
        courseGuid: COURSE_GUID,
        lessonGuid: LESSON_GUID,
      });
      await waitFor(() => expect(titlesIn("Qué hacer")).toEqual(["Resumen del tema", "Ficha de fracciones"]));
    });

    it("moves a card to the next column with the right arrow", async () => {
      const user = userEvent.setup();
      const app = renderStudent({ "PUT /api/front/kanban/move": (call: ApiCall) => ({ status: 200, body: ok(applyMove(studentBoard(), call.body as never)) }) });
      const handle = await screen.findByRole("button", { name: "Arrastrar Ficha de fracciones" }, SLOW);
      handle.focus();
      await user.keyboard(" ");
      await user.keyboard("{ArrowRight}");
      await waitFor(() => expect(screen.getByText("Ficha de fracciones está ahora en Por hacer, posición 1 de 2.")).toBeInTheDocument());
      await user.keyboard(" ");
      await waitFor(() => expect(app.api.callsTo("PUT /api/front/kanban/move")).toHaveLength(1));
      expect(app.api.callsTo("PUT /api/front/kanban/move")[0]?.body).toEqual({
        kind: "job",
        guid: JOB_A,
        column: "to_do",
        index: 0,
        courseGuid: COURSE_GUID,
        lessonGuid: LESSON_GUID,
      });
      await waitFor(() => expect(within(column("Por hacer")).getByRole("link", { name: "Ficha de fracciones" })).toBeInTheDocument());
    });

    it("sends nothing when the move is cancelled with Escape", async () => {
      const user = userEvent.setup();
      const app = renderStudent();
      const handle = await screen.findByRole("button", { name: "Arrastrar Ficha de fracciones" }, SLOW);
      handle.focus();
      await user.keyboard(" ");
      await user.keyboard("{ArrowDown}");
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.getByText("Movimiento cancelado: Ficha de fracciones vuelve a su sitio.")).toBeInTheDocument());
      expect(app.api.callsTo("PUT /api/front/kanban/move")).toHaveLength(0);
      expect(titlesIn("Qué hacer")).toEqual(["Ficha de fracciones", "Resumen del tema"]);
    });
  });

  it("moves a card to another column from its menu, at once, and keeps the server's board", async () => {
    const user = userEvent.setup();
    let answer: KanbanBoard | undefined;
    const app = renderStudent({
      "PUT /api/front/kanban/move": (call: ApiCall) => {
        answer = applyMove(studentBoard(), call.body as never);
        return { status: 200, body: ok(answer) };
      },
    });
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    await openActions(user, "Resumen del tema");
    await user.click(screen.getByRole("menuitem", { name: "En curso" }));
    await waitFor(() => expect(app.api.callsTo("PUT /api/front/kanban/move")).toHaveLength(1));
    expect(app.api.callsTo("PUT /api/front/kanban/move")[0]?.body).toEqual({
      kind: "job",
      guid: JOB_B,
      column: "doing",
      index: 0,
      courseGuid: COURSE_GUID,
      lessonGuid: LESSON_GUID,
    });
    await waitFor(() => expect(within(column("En curso")).getByRole("link", { name: "Resumen del tema" })).toBeInTheDocument());
    expect(titlesIn("Qué hacer")).toEqual(["Ficha de fracciones"]);
    expect(screen.getByText("Has soltado Resumen del tema en En curso, posición 1 de 1.")).toBeInTheDocument();
  });

  it("puts a card back, with a message, when the server refuses the move", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderStudent({
      "PUT /api/front/kanban/move": async () => {
        await held;
        return fail(500, "INTERNAL_ERROR");
      },
    });
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    await openActions(user, "Ficha de fracciones");
    await user.click(screen.getByRole("menuitem", { name: "Hecho" }));
    // Optimistic: it is in Done while the server thinks.
    await waitFor(() => expect(within(column("Hecho")).getByRole("link", { name: "Ficha de fracciones" })).toBeInTheDocument());
    release();
    expect(await screen.findByText("No se pudo mover la tarjeta: ha vuelto a su sitio")).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("Qué hacer")).toEqual(["Ficha de fracciones", "Resumen del tema"]));
    expect(within(column("Hecho")).queryByRole("link", { name: "Ficha de fracciones" })).toBeNull();
  });

  it("adds a personal card to the chosen column, edits its text, and deletes it only after confirmation", async () => {
    const user = userEvent.setup();
    const app = renderStudent({
      "POST /api/front/kanban/cards": (call: ApiCall) => {
        const body = call.body as { text: string; column: KanbanColumn };
        return { status: 201, body: ok({ kind: "card", guid: NEW_NOTE, text: body.text, column: body.column, index: 1, courseGuid: COURSE_GUID, lessonGuid: LESSON_GUID }) };
      },
      [`PUT /api/front/kanban/cards/${NEW_NOTE}`]: (call: ApiCall) => ({
        status: 200,
        body: ok({ kind: "card", guid: NEW_NOTE, text: (call.body as { text: string }).text, column: "done", index: 1, courseGuid: COURSE_GUID, lessonGuid: LESSON_GUID }),
      }),
      [`DELETE /api/front/kanban/cards/${NEW_NOTE}`]: { status: 204, body: null },
    });
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    const form = screen.getByRole("form", { name: "Nueva tarjeta" });
    // Empty text is refused here, before any call.
    await user.click(within(form).getByRole("button", { name: "Añadir tarjeta" }));
    expect(await within(form).findByText("Escribe el texto de la tarjeta")).toBeInTheDocument();
    await user.type(within(form).getByRole("textbox", { name: "Texto de la tarjeta" }), "  Llevar el compás  ");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Columna" }), "done");
    await user.click(within(form).getByRole("button", { name: "Añadir tarjeta" }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/kanban/cards")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/front/kanban/cards")[0]?.body).toEqual({
      text: "Llevar el compás",
      column: "done",
      courseGuid: COURSE_GUID,
      lessonGuid: LESSON_GUID,
    });
    expect(await within(column("Hecho")).findByText("Llevar el compás")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: "Texto de la tarjeta" })).toHaveValue("");

    // Edit.
    await openActions(user, "Llevar el compás");
    await user.click(screen.getByRole("menuitem", { name: "Editar" }));
    const card = within(column("Hecho")).getAllByRole("listitem")[1] as HTMLElement;
    const box = within(card).getByRole("textbox", { name: "Texto de la tarjeta" });
    await user.clear(box);
    await user.type(box, "Llevar la flauta");
    await user.click(within(card).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(app.api.callsTo(`PUT /api/front/kanban/cards/${NEW_NOTE}`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT /api/front/kanban/cards/${NEW_NOTE}`)[0]?.body).toEqual({ text: "Llevar la flauta" });
    expect(await within(column("Hecho")).findByText("Llevar la flauta")).toBeInTheDocument();

    // Delete: Cancel keeps it, Delete removes it.
    await openActions(user, "Llevar la flauta");
    await user.click(screen.getByRole("menuitem", { name: "Eliminar" }));
    let dialog = await findDialog("¿Eliminar la tarjeta?");
    expect(dialog).toHaveTextContent("«Llevar la flauta» desaparecerá del tablero");
    await user.click(dialogButton(dialog, "Cancelar"));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull(), SLOW);
    expect(app.api.callsTo(`DELETE /api/front/kanban/cards/${NEW_NOTE}`)).toHaveLength(0);
    expect(within(column("Hecho")).getByText("Llevar la flauta")).toBeInTheDocument();

    await openActions(user, "Llevar la flauta");
    await user.click(screen.getByRole("menuitem", { name: "Eliminar" }));
    dialog = await findDialog("¿Eliminar la tarjeta?");
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(app.api.callsTo(`DELETE /api/front/kanban/cards/${NEW_NOTE}`)).toHaveLength(1));
    await waitFor(() => expect(within(column("Hecho")).queryByText("Llevar la flauta")).toBeNull());
  });

  it("is axe-clean", async () => {
    const { container } = renderStudent();
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    await checkAxe(container);
  });
});

const placement = (guid: string, name: string, jobGuid: string, extra: Partial<{ state: "not_started" | "pending" | "graded"; late: boolean; overdue: boolean }> = {}) => ({
  guid,
  name,
  jobGuid,
  state: "not_started" as const,
  late: false,
  overdue: false,
  ...extra,
});

function teacherBoard(): KanbanTeacherBoard {
  return {
    course: { guid: COURSE_GUID, name: "Matemáticas 1º ESO A" },
    lesson: { guid: LESSON_GUID, title: "Fracciones equivalentes" },
    tasks: [
      {
        itemGuid: "dddddddd-0000-4000-8000-000000000001",
        title: "Ficha de fracciones",
        contentType: "CTTY_09",
        dueAt: "2030-03-02T08:30:00.000Z",
        total: 2,
        columns: [
          { column: "what_to_do", count: 0, students: [] },
          { column: "to_do", count: 0, students: [] },
          { column: "doing", count: 1, students: [placement(LUCIA, "Lucía Pérez", JOB_A, { overdue: true })] },
          { column: "done", count: 1, students: [placement(MARCOS, "Marcos Ruiz", JOB_B, { state: "graded", late: true })] },
        ],
      },
    ],
    board: boardOf({ to_do: [{ kind: "card", guid: NOTE, text: "Preparar la rúbrica" }] }),
  };
}

function renderTeacher(path = KANBAN_PATH) {
  const luciaBoard: KanbanStudentBoard = {
    student: { guid: LUCIA, name: "Lucía Pérez" },
    board: boardOf({ doing: [task(JOB_A, "Ficha de fracciones", { overdue: true })] }, { readOnly: true }),
  };
  return renderApp(path, {
    auth: signedInAs("teacher"),
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse()),
      [`GET /api/front/lessons/${LESSON_GUID}`]: ok(buildLesson()),
      [`GET ${TEACHER_URL}`]: ok(teacherBoard()),
      [`GET ${TEACHER_URL}/students/${LUCIA}`]: ok(luciaBoard),
    },
  });
}

describe("the lesson's kanban (teacher)", () => {
  it("shows, per task, how many students are in each column and who, and the teacher's own notes", async () => {
    const app = renderTeacher();
    const taskSection = await screen.findByRole("article", { name: "Ficha de fracciones" }, SLOW);
    const doing = within(taskSection).getByRole("group", { name: "En curso 1 estudiante" });
    expect(within(doing).getByRole("button", { name: "Ver el tablero de Lucía Pérez" })).toBeInTheDocument();
    expect(within(doing).getByText("Fuera de plazo")).toBeInTheDocument();
    const done = within(taskSection).getByRole("group", { name: "Hecho 1 estudiante" });
    expect(within(done).getByText("Marcos Ruiz")).toBeInTheDocument();
    expect(within(done).getByText("Calificada")).toBeInTheDocument();
    expect(within(done).getByText("Entregada tarde")).toBeInTheDocument();
    expect(within(within(taskSection).getByRole("group", { name: "Qué hacer 0 estudiantes" })).getByText("Nadie")).toBeInTheDocument();
    expect(within(taskSection).getByText("2 estudiantes")).toBeInTheDocument();
    // The teacher's own notes are a movable board of their own.
    const notes = screen.getByRole("group", { name: "Mis notas de la lección" });
    expect(within(notes).getByText("Preparar la rúbrica")).toBeInTheDocument();
    expect(within(notes).getByRole("button", { name: "Arrastrar Preparar la rúbrica" })).toBeInTheDocument();
    expect(app.api.callsTo("GET /api/front/kanban")).toHaveLength(0);
    await checkAxe(app.container);
  });

  it("views a student's board read-only: no handles, no menus, no form", async () => {
    const user = userEvent.setup();
    const app = renderTeacher();
    await user.click(await screen.findByRole("button", { name: "Ver el tablero de Lucía Pérez" }, SLOW));
    const heading = await screen.findByRole("heading", { name: "Tablero de Lucía Pérez" });
    expect(app.location().search).toBe(`?student=${LUCIA}`);
    const board = screen.getByRole("group", { name: "Tablero de Lucía Pérez" });
    expect(within(within(board).getByRole("list", { name: "En curso" })).getByRole("link", { name: "Ficha de fracciones" })).toBeInTheDocument();
    expect(within(board).queryByRole("button", { name: /^Arrastrar/ })).toBeNull();
    expect(within(board).queryByRole("button", { name: /^Acciones de/ })).toBeNull();
    expect(screen.queryByRole("article", { name: "Ficha de fracciones" })).toBeNull();
    expect(heading).toBeInTheDocument();
    await checkAxe(app.container);
    // The picker shows who is chosen, and going back closes it.
    expect(screen.getByRole("combobox", { name: "Ver como estudiante" })).toHaveValue(LUCIA);
    await user.click(screen.getByRole("button", { name: "Volver a la vista general" }));
    expect(await screen.findByRole("article", { name: "Ficha de fracciones" })).toBeInTheDocument();
    expect(app.location().search).toBe("");
  });

  it("opens a student's board from the URL, asked at navigation", async () => {
    const app = renderTeacher(`${KANBAN_PATH}?student=${LUCIA}`);
    expect(await screen.findByRole("heading", { name: "Tablero de Lucía Pérez" }, SLOW)).toBeInTheDocument();
    expect(app.api.callsTo(`GET ${TEACHER_URL}/students/${LUCIA}`).length).toBeGreaterThan(0);
  });
});

describe("the board of all one's tasks", () => {
  it("shows each task's class and lesson, and asks for the board of no lesson", async () => {
    const app = renderApp("/tasks/kanban", {
      auth: signedInAs("student"),
      api: { "GET /api/front/kanban": ok({ ...studentBoard(), courseGuid: null, lessonGuid: null }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Mi tablero de tareas" }, SLOW)).toBeInTheDocument();
    const card = screen.getByRole("link", { name: "Ficha de fracciones" }).closest("li") as HTMLElement;
    expect(within(card).getByText("Matemáticas 1º ESO A · Fracciones equivalentes")).toBeInTheDocument();
    const call = app.api.callsTo("GET /api/front/kanban")[0];
    expect(call?.query.get("courseGuid")).toBeNull();
    expect(call?.query.get("lessonGuid")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Acciones de Repasar la tabla del 7" }));
    expect(await screen.findByRole("menuitem", { name: "Editar" })).toBeInTheDocument();
  });
});

describe("a board changed elsewhere", () => {
  it("reloads when another tab or device changed it, not when this tab did, and names this tab in its changes", async () => {
    const user = userEvent.setup();
    const whole = { ...studentBoard(), courseGuid: null, lessonGuid: null };
    const app = renderApp("/tasks/kanban", {
      auth: signedInAs("student"),
      api: { "GET /api/front/kanban": ok(whole), "PUT /api/front/kanban/move": ok(whole) },
    });
    await screen.findByRole("list", { name: "Qué hacer" }, SLOW);
    await waitFor(() => expect(realtimeListeners(KANBAN_SOCKET_EVENTS.changed)).toBeGreaterThan(0));
    expect(app.api.callsTo("GET /api/front/kanban")).toHaveLength(1);

    pushRealtime(KANBAN_SOCKET_EVENTS.changed, { studentGuid: "s", courseGuid: null, origin: "another-tab" });
    await waitFor(() => expect(app.api.callsTo("GET /api/front/kanban")).toHaveLength(2));

    // This tab's own move: sent with its id, and its push does not reload the board.
    fireEvent.click(screen.getByRole("button", { name: "Acciones de Repasar la tabla del 7" }));
    await user.click(await screen.findByRole("menuitem", { name: "En curso" }));
    await waitFor(() => expect(app.api.callsTo("PUT /api/front/kanban/move")).toHaveLength(1));
    expect(app.api.callsTo("PUT /api/front/kanban/move")[0]?.headers.get(KANBAN_TAB_HEADER)).toBe(KANBAN_TAB_ID);
    pushRealtime(KANBAN_SOCKET_EVENTS.changed, { studentGuid: "s", courseGuid: null, origin: KANBAN_TAB_ID });
    await act(() => Promise.resolve());
    await act(() => Promise.resolve());
    expect(app.api.callsTo("GET /api/front/kanban")).toHaveLength(2);
    // A change from no tab (the teacher's side, a task assigned) reloads.
    pushRealtime(KANBAN_SOCKET_EVENTS.changed, { studentGuid: "s", courseGuid: null, origin: null });
    await waitFor(() => expect(app.api.callsTo("GET /api/front/kanban")).toHaveLength(3));
  });
});

describe("the way in", () => {
  it("the lesson page links to the lesson's board", async () => {
    renderApp(`/course/${COURSE_GUID}/lesson/${LESSON_GUID}`, {
      auth: signedInAs("student"),
      api: {
        [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse({ myRole: "student", canEdit: false, canManageTeachers: false })),
        [`GET /api/front/lessons/${LESSON_GUID}`]: ok(buildLesson({ canEdit: false })),
        [`GET /api/front/lessons/${LESSON_GUID}/items`]: ok([]),
      },
    });
    expect(await screen.findByRole("link", { name: "Kanban" }, SLOW)).toHaveAttribute("href", KANBAN_PATH);
  });
});
