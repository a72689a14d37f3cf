import { act, screen, waitFor, within } from "@testing-library/react";
import { dialogButton, findDialog } from "../support/dialogs";
import userEvent from "@testing-library/user-event";
import type { CourseProgram, ProgramUnit } from "../../src/contracts/course-program";
import { defaultCourseSettings, type CourseDetail } from "../../src/contracts/course-settings";
import { fail, ok, type ApiCall } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const MATHS = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const LANGUAGE = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const NATURALES = "11111111-1111-4111-8111-111111111111";
const FRACCIONES = "22222222-2222-4222-8222-222222222222";
const GEOMETRIA = "33333333-3333-4333-8333-333333333333";
const COMUNICACION = "44444444-4444-4444-8444-444444444444";
const CONTAR = "55555555-5555-4555-8555-555555555555";
const SUMAR = "66666666-6666-4666-8666-666666666666";
const MULTIPLICAR = "77777777-7777-4777-8777-777777777777";

let seq = 0;
const newGuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

function buildCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    guid: COURSE,
    name: "Matemáticas 1º ESO A",
    color: "#0F6CBD",
    icon: "calculator",
    schoolYear: "2025-2026",
    educationLevel: "Secundaria",
    educationYear: "1º ESO",
    discipline: "math",
    myRole: "teacher",
    studentCount: 24,
    kind: "class",
    educationLevelGuid: null,
    educationYearGuid: null,
    disciplineGuid: null,
    startDate: "2025-09-01",
    endDate: "2026-06-30",
    settings: defaultCourseSettings(newGuid, { startDate: "2025-09-01", endDate: "2026-06-30" }),
    publications: [
      { guid: MATHS, title: "Matemáticas 1 (Lumen)", kind: "book", coverUrl: null },
      { guid: LANGUAGE, title: "Lengua 1", kind: "program", coverUrl: null },
    ],
    classKey: "MATEESA2",
    classKeyExpiresAt: null,
    teacherCount: 1,
    canEdit: true,
    canManageTeachers: true,
    editionGamified: false,
    ...overrides,
  };
}

const lesson = (guid: string, title: string, order: number, hidden = false) => ({ guid, title, summary: `Resumen de ${title}`, order, hidden });

function buildProgram(overrides: Partial<CourseProgram> = {}): CourseProgram {
  return {
    courseGuid: COURSE,
    view: "teacher",
    personalised: true,
    publications: [
      {
        guid: MATHS,
        title: "Matemáticas 1 (Lumen)",
        kind: "book",
        coverUrl: null,
        personalised: false,
        units: [
          {
            guid: NATURALES,
            title: "Números naturales",
            order: 1,
            hidden: false,
            lessons: [lesson(CONTAR, "Contar y ordenar", 1), lesson(SUMAR, "Sumar y restar", 2), lesson(MULTIPLICAR, "Multiplicar", 3)],
          },
          { guid: FRACCIONES, title: "Fracciones", order: 2, hidden: false, lessons: [] },
          { guid: GEOMETRIA, title: "Geometría", order: 3, hidden: false, lessons: [] },
        ],
      },
      {
        guid: LANGUAGE,
        title: "Lengua 1",
        kind: "program",
        coverUrl: null,
        personalised: true,
        units: [{ guid: COMUNICACION, title: "La comunicación", order: 1, hidden: true, lessons: [] }],
      },
    ],
    ...overrides,
  };
}

/** The server's answer after a change: the same program with one unit's fields replaced. */
function withUnit(program: CourseProgram, unitGuid: string, change: Partial<ProgramUnit>): CourseProgram {
  return {
    ...program,
    publications: program.publications.map((p) => ({
      ...p,
      personalised: p.personalised || p.units.some((u) => u.guid === unitGuid),
      units: p.units.map((u) => (u.guid === unitGuid ? { ...u, ...change } : u)),
    })),
  };
}

const PROGRAM_URL = `/api/front/courses/${COURSE}/program`;
/** Lazy route chunks and Fluent's dialog motion are slow on a busy CI machine. */
const SLOW = { timeout: 5000 };

function renderProgram(options: { role?: "teacher" | "student"; course?: Partial<CourseDetail>; program?: CourseProgram; path?: string; api?: Record<string, unknown> } = {}) {
  return renderApp(options.path ?? `/course/${COURSE}/program`, {
    auth: signedInAs(options.role ?? "teacher"),
    api: {
      [`GET /api/front/courses/${COURSE}`]: ok(buildCourse(options.course)),
      [`GET ${PROGRAM_URL}`]: ok(options.program ?? buildProgram()),
      ...options.api,
    },
  });
}

/** The names of a list's direct items' first heading (units) in order. */
const unitTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent?.replace(/^\d+\./, "").trim());

describe("Class program", () => {
  it("shows each publication with its units in the server's order, and a unit's lessons as links", async () => {
    const user = userEvent.setup();
    renderProgram();
    const maths = await screen.findByRole("list", { name: "Unidades de Matemáticas 1 (Lumen)" }, SLOW);
    expect(unitTitles(maths)).toEqual(["Números naturales", "Fracciones", "Geometría"]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(["Matemáticas 1 (Lumen)", "Lengua 1"]),
    );
    // Only the personalised publication carries the label.
    const language = screen.getByRole("region", { name: "Lengua 1" });
    expect(within(language).getByText("Versión personalizada")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Matemáticas 1 (Lumen)" })).queryByText("Versión personalizada")).not.toBeInTheDocument();
    // A hidden unit stays listed for the teacher, labelled.
    expect(within(language).getByText("Oculta al alumnado")).toBeInTheDocument();

    const toggle = screen.getByRole("button", { name: "Números naturales" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const lessons = screen.getByRole("list", { name: "Lecciones de Números naturales" });
    const links = within(lessons).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Contar y ordenar", "Sumar y restar", "Multiplicar"]);
    expect(links[0]).toHaveAttribute("href", `/course/${COURSE}/unit/${NATURALES}/lesson/${CONTAR}`);
    expect(within(lessons).getByText("Resumen de Sumar y restar")).toBeInTheDocument();
  });

  it("hides a unit for the class: PATCH { hidden: true } to the unit, shown as hidden at once", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = renderProgram({
      api: {
        [`PATCH ${PROGRAM_URL}/units/${FRACCIONES}`]: async () => {
          await gate;
          return { status: 200, body: ok(withUnit(buildProgram(), FRACCIONES, { hidden: true })) };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Ocultar la unidad Fracciones" }, SLOW));
    // Optimistic: the label and the opposite action are there before the server answers.
    const maths = screen.getByRole("region", { name: "Matemáticas 1 (Lumen)" });
    expect(await within(maths).findByText("Oculta al alumnado")).toBeInTheDocument();
    expect(within(maths).getByText("Versión personalizada")).toBeInTheDocument();
    const calls = app.api.callsTo(`PATCH ${PROGRAM_URL}/units/${FRACCIONES}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ hidden: true });
    act(() => release());
    expect(await screen.findByRole("button", { name: "Mostrar la unidad Fracciones" }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ocultar la unidad Números naturales" })).toBeInTheDocument();
  });

  it("hides a lesson through the lessons URL", async () => {
    const user = userEvent.setup();
    const app = renderProgram({ api: { [`PATCH ${PROGRAM_URL}/lessons/${SUMAR}`]: ok(buildProgram()) } });
    await user.click(await screen.findByRole("button", { name: "Números naturales" }, SLOW));
    await user.click(screen.getByRole("button", { name: "Ocultar la lección Sumar y restar" }));
    await waitFor(() => expect(app.api.callsTo(`PATCH ${PROGRAM_URL}/lessons/${SUMAR}`)).toHaveLength(1));
    expect(app.api.callsTo(`PATCH ${PROGRAM_URL}/lessons/${SUMAR}`)[0]?.body).toEqual({ hidden: true });
  });

  it("Move down sends the publication's units with the two swapped, and the list follows", async () => {
    const user = userEvent.setup();
    const swapped = buildProgram();
    const maths = swapped.publications[0];
    if (!maths) throw new Error("fixture");
    const [a, b, c] = maths.units;
    if (!a || !b || !c) throw new Error("fixture");
    maths.units = [
      { ...b, order: 1 },
      { ...a, order: 2 },
      { ...c, order: 3 },
    ];
    const app = renderProgram({ api: { [`PUT ${PROGRAM_URL}/order`]: ok(swapped) } });
    await user.click(await screen.findByRole("button", { name: "Bajar la unidad Números naturales" }, SLOW));
    const list = screen.getByRole("list", { name: "Unidades de Matemáticas 1 (Lumen)" });
    expect(unitTitles(list)).toEqual(["Fracciones", "Números naturales", "Geometría"]);
    await waitFor(() => expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)[0]?.body).toEqual({
      scope: "units",
      parentGuid: MATHS,
      order: [FRACCIONES, NATURALES, GEOMETRIA],
    });
    // The first unit cannot go further up; the last cannot go down.
    expect(screen.getByRole("button", { name: "Subir la unidad Fracciones" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Bajar la unidad Geometría" })).toHaveAttribute("aria-disabled", "true");
  });

  it("Move up on a lesson sends the unit's lessons in their new order", async () => {
    const user = userEvent.setup();
    const app = renderProgram({ api: { [`PUT ${PROGRAM_URL}/order`]: ok(buildProgram()) } });
    await user.click(await screen.findByRole("button", { name: "Números naturales" }, SLOW));
    await user.click(screen.getByRole("button", { name: "Subir la lección Multiplicar" }));
    await waitFor(() => expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)[0]?.body).toEqual({
      scope: "lessons",
      parentGuid: NATURALES,
      order: [CONTAR, MULTIPLICAR, SUMAR],
    });
  });

  describe("keyboard drag and drop", () => {
    // jsdom lays nothing out: give each list item a 40 px row, stacked by its position in the list.
    beforeEach(() => {
      jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        const index = this.parentElement ? Array.from(this.parentElement.children).indexOf(this) : 0;
        const top = index * 50;
        return { top, bottom: top + 40, left: 0, right: 600, width: 600, height: 40, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      });
    });

    it("moves a unit with space, arrow down, space and announces each step", async () => {
      const user = userEvent.setup();
      const app = renderProgram({ api: { [`PUT ${PROGRAM_URL}/order`]: ok(buildProgram()) } });
      const handle = await screen.findByRole("button", { name: "Reordenar la unidad Números naturales" }, SLOW);
      expect(handle).toHaveAttribute("aria-roledescription", "elemento reordenable");
      // dnd-kit writes its instructions once the list has mounted (the list renders in a background pass).
      await waitFor(() =>
        expect(document.getElementById(handle.getAttribute("aria-describedby") ?? "")).toHaveTextContent("Para mover un elemento, pulsa Espacio o Intro"),
      );
      handle.focus();
      await user.keyboard(" ");
      await waitFor(() => expect(screen.getByText("Has cogido Números naturales. Está en la posición 1 de 3.")).toBeInTheDocument());
      await user.keyboard("{ArrowDown}");
      await waitFor(() => expect(screen.getByText("Números naturales se ha movido a la posición 2 de 3.")).toBeInTheDocument());
      await user.keyboard(" ");
      await waitFor(() => expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)).toHaveLength(1));
      expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)[0]?.body).toEqual({
        scope: "units",
        parentGuid: MATHS,
        order: [FRACCIONES, NATURALES, GEOMETRIA],
      });
    });

    it("sends nothing when the move is cancelled with Escape", async () => {
      const user = userEvent.setup();
      const app = renderProgram();
      const handle = await screen.findByRole("button", { name: "Reordenar la unidad Números naturales" }, SLOW);
      handle.focus();
      await user.keyboard(" ");
      await user.keyboard("{ArrowDown}");
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.getByText("Movimiento cancelado: Números naturales vuelve a su posición.")).toBeInTheDocument());
      expect(app.api.callsTo(`PUT ${PROGRAM_URL}/order`)).toHaveLength(0);
    });
  });

  it("asks before resetting a publication, and Cancel leaves it as it is", async () => {
    const user = userEvent.setup();
    const app = renderProgram();
    const language = await screen.findByRole("region", { name: "Lengua 1" }, SLOW);
    // Only the personalised publication offers the reset.
    expect(within(screen.getByRole("region", { name: "Matemáticas 1 (Lumen)" })).queryByRole("button", { name: "Restablecer el original" })).toBeNull();
    await user.click(within(language).getByRole("button", { name: "Restablecer el original" }));
    const dialog = await findDialog("¿Restablecer «Lengua 1»?");
    expect(dialog).toHaveTextContent("Volverán el orden y la visibilidad de unidades y lecciones que propone la editorial");
    await user.click(dialogButton(dialog, "Cancelar"));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull(), SLOW);
    expect(app.api.callsTo(`DELETE ${PROGRAM_URL}/personalisation`)).toHaveLength(0);
    expect(within(language).getByText("Versión personalizada")).toBeInTheDocument();
  });

  it("resets a publication after confirmation: DELETE for that publication, the publisher's version comes back", async () => {
    const user = userEvent.setup();
    const original = withUnit(buildProgram(), COMUNICACION, { hidden: false });
    const languageOriginal = original.publications[1];
    if (languageOriginal) languageOriginal.personalised = false;
    const app = renderProgram({ api: { [`DELETE ${PROGRAM_URL}/personalisation`]: ok(original) } });
    const language = await screen.findByRole("region", { name: "Lengua 1" }, SLOW);
    await user.click(within(language).getByRole("button", { name: "Restablecer el original" }));
    const dialog = await findDialog("¿Restablecer «Lengua 1»?");
    expect(app.api.callsTo(`DELETE ${PROGRAM_URL}/personalisation`)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Restablecer"));
    await waitFor(() => expect(app.api.callsTo(`DELETE ${PROGRAM_URL}/personalisation`)).toHaveLength(1));
    expect(app.api.callsTo(`DELETE ${PROGRAM_URL}/personalisation`)[0]?.query.get("publicationGuid")).toBe(LANGUAGE);
    await waitFor(() => expect(within(language).queryByText("Versión personalizada")).not.toBeInTheDocument());
    expect(within(language).queryByText("Oculta al alumnado")).not.toBeInTheDocument();
    expect(within(language).queryByRole("button", { name: "Restablecer el original" })).not.toBeInTheDocument();
    expect(await screen.findByText("«Lengua 1» vuelve a ser como el original")).toBeInTheDocument();
  });

  it("shows students the program without controls or hidden units", async () => {
    const user = userEvent.setup();
    const student = withUnit(buildProgram({ view: "student" }), COMUNICACION, {});
    const languagePub = student.publications[1];
    if (languagePub) languagePub.units = [];
    const app = renderProgram({ role: "student", course: { myRole: "student", canEdit: false, canManageTeachers: false, classKey: null }, program: student });
    const maths = await screen.findByRole("list", { name: "Unidades de Matemáticas 1 (Lumen)" }, SLOW);
    expect(unitTitles(maths)).toEqual(["Números naturales", "Fracciones", "Geometría"]);
    await user.click(screen.getByRole("button", { name: "Números naturales" }));
    expect(screen.getByRole("link", { name: "Sumar y restar" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^(Ocultar|Mostrar|Subir|Bajar|Reordenar) / })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Restablecer el original" })).not.toBeInTheDocument();
    expect(screen.queryByText("Versión personalizada")).not.toBeInTheDocument();
    expect(app.api.callsTo(`GET ${PROGRAM_URL}`)[0]?.query.get("view")).toBeNull();
  });

  it("asks for the student view when a teacher views the class as a student, and leaves hidden items out", async () => {
    // Even if a hidden lesson slipped through, the student view does not list it.
    const program = buildProgram({ view: "student" });
    const naturales = program.publications[0]?.units[0];
    if (naturales) naturales.lessons = [lesson(CONTAR, "Contar y ordenar", 1), lesson(SUMAR, "Sumar y restar", 2, true)];
    const user = userEvent.setup();
    const app = renderProgram({ path: `/course/${COURSE}/program?view=student`, program });
    await user.click(await screen.findByRole("button", { name: "Números naturales" }, SLOW));
    expect(screen.getByRole("link", { name: "Contar y ordenar" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sumar y restar" })).not.toBeInTheDocument();
    expect(screen.queryByText("La comunicación")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^(Ocultar|Mostrar|Subir|Bajar|Reordenar) / })).not.toBeInTheDocument();
    const calls = app.api.callsTo(`GET ${PROGRAM_URL}`);
    expect(calls.map((c: ApiCall) => c.query.get("view"))).toEqual(["student"]);
  });

  it("puts a unit back and says so when the change cannot be saved", async () => {
    const user = userEvent.setup();
    const app = renderProgram({ api: { [`PATCH ${PROGRAM_URL}/units/${NATURALES}`]: () => fail(500, "INTERNAL_ERROR") } });
    await user.click(await screen.findByRole("button", { name: "Ocultar la unidad Números naturales" }, SLOW));
    expect(await screen.findByText("No se han podido guardar los cambios, inténtalo de nuevo")).toBeInTheDocument();
    expect(app.api.callsTo(`PATCH ${PROGRAM_URL}/units/${NATURALES}`)).toHaveLength(1);
    // The cache is put back as the mutation settles, which may be just after the toast shows.
    expect(await screen.findByRole("button", { name: "Ocultar la unidad Números naturales" })).toBeInTheDocument();
    const maths = screen.getByRole("region", { name: "Matemáticas 1 (Lumen)" });
    expect(within(maths).queryByText("Oculta al alumnado")).not.toBeInTheDocument();
    expect(within(maths).queryByText("Versión personalizada")).not.toBeInTheDocument();
  });

  it("tells editors how to add publications when the class has none", async () => {
    renderProgram({ program: buildProgram({ publications: [], personalised: false }) });
    expect(await screen.findByRole("heading", { name: "Esta clase todavía no tiene programas" })).toBeInTheDocument();
    expect(screen.getByText("Añade publicaciones desde Editar clase para ver aquí sus unidades y lecciones.")).toBeInTheDocument();
  });
});
