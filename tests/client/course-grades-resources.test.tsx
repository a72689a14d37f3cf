import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseResources, Gradebook, ResourceGroupDetail } from "../../src/contracts/course-program";
import { defaultCourseSettings, type CourseDetail } from "../../src/contracts/course-settings";
import { ok, type ApiCall } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const MATHS = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const LANGUAGE = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const NATURALES = "11111111-1111-4111-8111-111111111111";
const FRACCIONES = "22222222-2222-4222-8222-222222222222";
const COMUNICACION = "44444444-4444-4444-8444-444444444444";
const CONTAR = "55555555-5555-4555-8555-555555555555";
const SUMAR = "66666666-6666-4666-8666-666666666666";
const LUCIA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PABLO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const TASK = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const QUIZ = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";

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
    studentCount: 2,
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

const PROGRAMS = [
  { guid: MATHS, title: "Matemáticas 1 (Lumen)" },
  { guid: LANGUAGE, title: "Lengua 1" },
];
const lucia = { guid: LUCIA, firstName: "Lucía", lastName: "Martín" };
const pablo = { guid: PABLO, firstName: "Pablo", lastName: "Ruiz" };

/** The gradebook the server would answer for a scope and program. */
function gradebookFor(call: ApiCall): Gradebook {
  const scope = call.query.get("scope") === "program" ? "program" : "workbook";
  if (scope === "workbook") {
    return {
      scope,
      programGuid: null,
      programs: PROGRAMS,
      columns: [
        { guid: TASK, title: "Tarea: fracciones", kind: "task" },
        { guid: QUIZ, title: "Prueba 1", kind: "assessment" },
      ],
      rows: [
        { student: lucia, scores: [8.5, null], average: 8.5 },
        { student: pablo, scores: [6, 7], average: 6.5 },
      ],
    };
  }
  const programGuid = call.query.get("programGuid") ?? MATHS;
  const columns =
    programGuid === MATHS
      ? [
          { guid: NATURALES, title: "Números naturales", kind: "unit" },
          { guid: FRACCIONES, title: "Fracciones", kind: "unit" },
        ]
      : [{ guid: COMUNICACION, title: "La comunicación", kind: "unit" }];
  return {
    scope,
    programGuid,
    programs: PROGRAMS,
    columns,
    rows: [{ student: lucia, scores: columns.map(() => null), average: null }],
  };
}

const GRADEBOOK = `/api/front/courses/${COURSE}/gradebook`;
/** Lazy route chunks are slow on a busy CI machine. */
const SLOW = { timeout: 5000 };

function renderCourse(path: string, api: Record<string, unknown>, course: Partial<CourseDetail> = {}, role: "teacher" | "student" = "teacher") {
  return renderApp(path, {
    auth: signedInAs(role),
    api: { [`GET /api/front/courses/${COURSE}`]: ok(buildCourse(course)), ...api },
  });
}

describe("Class gradebook", () => {
  it("shows the Workbook scope as a table, with a row per student and the average", async () => {
    renderCourse(`/course/${COURSE}/grades`, { [`GET ${GRADEBOOK}`]: (call: ApiCall) => ({ status: 200, body: ok(gradebookFor(call)) }) });
    const table = await screen.findByRole("table", { name: "Calificaciones del cuaderno" }, SLOW);
    expect(screen.getByRole("tab", { name: "Cuaderno" })).toHaveAttribute("aria-selected", "true");
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Estudiante", "Tarea: fracciones", "Prueba 1", "Media"]);
    const luciaRow = within(table).getByRole("row", { name: /Lucía Martín/ });
    const cells = within(luciaRow).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("8,5");
    // A score not given yet reads as such, not as a bare dash.
    expect(within(cells[1] as HTMLElement).getByText("Sin calificar todavía")).toBeInTheDocument();
    expect(within(cells[1] as HTMLElement).getByText("—")).toHaveAttribute("aria-hidden", "true");
    expect(cells[2]).toHaveTextContent("8,5");
    expect(within(table).getByRole("rowheader", { name: "Pablo Ruiz" })).toBeInTheDocument();
  });

  it("switches to the Program scope and to another of the class's programs", async () => {
    const user = userEvent.setup();
    const app = renderCourse(`/course/${COURSE}/grades`, {
      [`GET ${GRADEBOOK}`]: (call: ApiCall) => ({ status: 200, body: ok(gradebookFor(call)) }),
    });
    await screen.findByRole("table", { name: "Calificaciones del cuaderno" }, SLOW);
    expect(app.api.callsTo(`GET ${GRADEBOOK}`)[0]?.query.get("scope")).toBe("workbook");

    await user.click(screen.getByRole("tab", { name: "Programación" }));
    const table = await screen.findByRole("table", { name: "Calificaciones de Matemáticas 1 (Lumen)" }, SLOW);
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Estudiante", "Números naturales", "Fracciones", "Media"]);
    const programCall = app.api.callsTo(`GET ${GRADEBOOK}`).at(-1);
    expect(programCall?.query.get("scope")).toBe("program");
    expect(app.location().search).toContain("scope=program");

    const select = screen.getByRole("combobox", { name: "Programa" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Matemáticas 1 (Lumen)", "Lengua 1"]);
    await user.selectOptions(select, LANGUAGE);
    expect(await screen.findByRole("table", { name: "Calificaciones de Lengua 1" }, SLOW)).toBeInTheDocument();
    const last = app.api.callsTo(`GET ${GRADEBOOK}`).at(-1);
    expect(last?.query.get("scope")).toBe("program");
    expect(last?.query.get("programGuid")).toBe(LANGUAGE);
  });

  it("says nothing is graded yet when there are no columns", async () => {
    const empty: Gradebook = { scope: "workbook", programGuid: null, programs: PROGRAMS, columns: [], rows: [{ student: lucia, scores: [], average: null }] };
    renderCourse(`/course/${COURSE}/grades`, { [`GET ${GRADEBOOK}`]: ok(empty) });
    expect(await screen.findByRole("heading", { name: "Todavía no hay nada calificado" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Las pruebas y las tareas aparecerán aquí.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says the class has no students yet, and how they join, when there are no rows", async () => {
    const noStudents: Gradebook = { ...gradebookFor({ query: new URLSearchParams() } as ApiCall), rows: [] };
    renderCourse(`/course/${COURSE}/grades`, { [`GET ${GRADEBOOK}`]: ok(noStudents) });
    expect(await screen.findByRole("heading", { name: "Todavía no hay estudiantes en esta clase" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Cuando se unan con la clave de la clase, aquí verás sus calificaciones.")).toBeInTheDocument();
  });
});

const RESOURCES = `/api/front/courses/${COURSE}/resources`;
const resources: CourseResources = {
  sections: [
    {
      guid: MATHS,
      title: "Matemáticas 1 (Lumen)",
      coverUrl: null,
      groups: [
        { guid: NATURALES, title: "Números naturales", itemCount: 2 },
        { guid: FRACCIONES, title: "Fracciones", itemCount: 1 },
      ],
    },
    { guid: LANGUAGE, title: "Lengua 1", coverUrl: null, groups: [] },
  ],
};
const group: ResourceGroupDetail = {
  section: { guid: MATHS, title: "Matemáticas 1 (Lumen)" },
  group: { guid: NATURALES, title: "Números naturales" },
  items: [
    { guid: CONTAR, title: "Contar y ordenar", summary: "Los números hasta el millón", kind: "lesson" },
    { guid: SUMAR, title: "Sumar y restar", summary: "", kind: "lesson" },
  ],
};

describe("Class resources", () => {
  it("lists each publication's groups as links with their item counts", async () => {
    renderCourse(`/course/${COURSE}/resources`, { [`GET ${RESOURCES}`]: ok(resources) });
    const maths = await screen.findByRole("region", { name: "Matemáticas 1 (Lumen)" }, SLOW);
    const links = within(maths).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Números naturales", "Fracciones"]);
    expect(links[0]).toHaveAttribute("href", `/course/${COURSE}/resources/${MATHS}/${NATURALES}`);
    expect(within(maths).getByText("2 recursos")).toBeInTheDocument();
    expect(within(maths).getByText("1 recurso")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Lengua 1" })).getByText("Esta publicación todavía no tiene grupos de recursos.")).toBeInTheDocument();
  });

  it("opens a group: its lessons link to the lesson page, and a link goes back", async () => {
    const user = userEvent.setup();
    const app = renderCourse(`/course/${COURSE}/resources`, {
      [`GET ${RESOURCES}`]: ok(resources),
      [`GET ${RESOURCES}/${MATHS}/${NATURALES}`]: ok(group),
    });
    await user.click(await screen.findByRole("link", { name: "Números naturales" }, SLOW));
    const section = await screen.findByRole("region", { name: "Números naturales" }, SLOW);
    expect(app.location().pathname).toBe(`/course/${COURSE}/resources/${MATHS}/${NATURALES}`);
    const items = within(section).getByRole("list");
    expect(within(items).getAllByRole("link").map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Contar y ordenar", `/course/${COURSE}/unit/${NATURALES}/lesson/${CONTAR}`],
      ["Sumar y restar", `/course/${COURSE}/unit/${NATURALES}/lesson/${SUMAR}`],
    ]);
    expect(within(section).getByText("Los números hasta el millón")).toBeInTheDocument();
    await user.click(within(section).getByRole("link", { name: "Volver a los recursos" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${COURSE}/resources`));
  });

  it("tells editors how resources arrive when the class has none", async () => {
    renderCourse(`/course/${COURSE}/resources`, { [`GET ${RESOURCES}`]: ok({ sections: [] }) });
    expect(await screen.findByRole("heading", { name: "Todavía no hay recursos" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Añade publicaciones desde Editar clase/)).toBeInTheDocument();
  });
});
