import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { AnalyticsClassSummary, ClassAnalytics, KcEvidencePage } from "../../src/contracts/analytics-base";
import { drawBarChart } from "../../src/client/features/analytics/chartjs";
import { ProfileMenuPopup } from "../../src/client/features/shell/ProfileMenuPopup";
import { fail, ok, reply, type ApiRoutes } from "../support/client-api";
import { findDialog } from "../support/dialogs";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

// Chart.js draws on a canvas jsdom does not have: the test sees what the page asks it to draw.
jest.mock("../../src/client/features/analytics/chartjs", () => ({ drawBarChart: jest.fn(() => ({ destroy: () => undefined })) }));
const drawn = jest.mocked(drawBarChart);

const CLASS = "11111111-1111-4111-8111-111111111111";
const ANA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BRUNO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const L1 = "c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1";
const L2 = "c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2";
const UNIT = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
const names = (es: string) => ({ es, ca: es, eu: es, en: es, pt: es });

const SUMMARY: AnalyticsClassSummary = {
  guid: CLASS,
  name: "Matemáticas 1º ESO A",
  discipline: "math",
  color: "#0f6cbd",
  students: 2,
  kcs: 3,
  masteredShare: 1 / 6,
  alerts: 3,
  worstStatus: "alert",
  lessonStatuses: { on_track: 1, at_risk: 0, alert: 1 },
};

const EVIDENCE = [
  { questionId: "q3", source: "practice", correct: false, fraction: 0, knownBefore: 0.1721, knownAfter: 0.1715, recallBefore: 0.95, answeredAt: "2027-01-18T09:03:00.000Z" },
  { questionId: "q2", source: "practice", correct: false, fraction: 0, knownBefore: 0.1758, knownAfter: 0.1721, recallBefore: 0.96, answeredAt: "2027-01-18T09:02:00.000Z" },
  { questionId: "q1", source: "assessment", correct: false, fraction: 0.25, knownBefore: 0.2, knownAfter: 0.1758, recallBefore: 0, answeredAt: "2027-01-18T09:01:00.000Z" },
];

const ANALYTICS: ClassAnalytics = {
  class: { guid: CLASS, name: "Matemáticas 1º ESO A", discipline: "math", color: "#0f6cbd" },
  summary: { students: 2, kcs: 3, masteredShare: 1 / 6, alerts: 3, worstStatus: "alert", lessonStatuses: { on_track: 1, at_risk: 0, alert: 1 } },
  generatedAt: "2027-01-18T10:00:00.000Z",
  students: [
    { guid: ANA, firstName: "Ana", lastName: "Alonso" },
    { guid: BRUNO, firstName: "Bruno", lastName: "Blanco" },
  ],
  kcs: [
    { code: "MAT.NUM.A", names: names("Números naturales"), unitGuid: UNIT, lessonGuids: [L1], counts: { mastered: 1, in_progress: 1, not_started: 0 }, meanKnown: 0.5744, reviewNeeded: 0, alerts: { low_mastery: 1, repeated_failures: 1, review_needed: 0 } },
    { code: "MAT.NUM.B", names: names("Divisibilidad"), unitGuid: UNIT, lessonGuids: [L1], counts: { mastered: 0, in_progress: 0, not_started: 2 }, meanKnown: null, reviewNeeded: 0, alerts: { low_mastery: 0, repeated_failures: 0, review_needed: 0 } },
    { code: "MAT.GEO.C", names: names("Ángulos"), unitGuid: UNIT, lessonGuids: [L2], counts: { mastered: 0, in_progress: 1, not_started: 1 }, meanKnown: 0.6, reviewNeeded: 1, alerts: { low_mastery: 0, repeated_failures: 0, review_needed: 1 } },
  ],
  lessons: [
    { guid: L1, title: "Los números naturales", unitGuid: UNIT, unitTitle: "Unidad 1", kcs: ["MAT.NUM.A", "MAT.NUM.B"], status: "alert", practised: 2, struggling: 1, reviewNeeded: 0, meanKnown: 0.5744, alerts: 2 },
    { guid: L2, title: "Ángulos", unitGuid: UNIT, unitTitle: "Unidad 2", kcs: ["MAT.GEO.C"], status: "on_track", practised: 1, struggling: 0, reviewNeeded: 1, meanKnown: 0.6, alerts: 1 },
  ],
  cells: [
    { student: ANA, kc: "MAT.NUM.A", state: "mastered", known: 0.9774, answers: 3, correct: 3, recall: 0.99, reviewNeeded: false, alerts: [], lastAnswerAt: "2027-01-18T09:00:00.000Z" },
    { student: BRUNO, kc: "MAT.NUM.A", state: "in_progress", known: 0.1715, answers: 3, correct: 0, recall: 0.95, reviewNeeded: false, alerts: ["low_mastery", "repeated_failures"], lastAnswerAt: "2027-01-18T09:03:00.000Z" },
    { student: BRUNO, kc: "MAT.GEO.C", state: "in_progress", known: 0.6, answers: 1, correct: 1, recall: 0.41, reviewNeeded: true, alerts: ["review_needed"], lastAnswerAt: "2026-01-10T09:00:00.000Z" },
  ],
  diagnostics: {
    reteach: [{ kc: "MAT.NUM.A", practised: 2, lowMastery: 1, share: 0.5, students: [BRUNO] }],
    groups: [],
    reviews: [{ kc: "MAT.GEO.C", students: [ANA, BRUNO] }],
  },
};

const EVIDENCE_PAGE: KcEvidencePage = {
  student: { guid: BRUNO, firstName: "Bruno", lastName: "Blanco" },
  kc: { code: "MAT.NUM.A", names: names("Números naturales") },
  mastery: { state: "in_progress", known: 0.1715, answers: 3, correct: 0, recall: 0.95, reviewNeeded: false, nextReviewAt: "2027-01-19T09:03:00.000Z" },
  items: EVIDENCE,
  total: 3,
  offset: 0,
  pageSize: 50,
};

const server = (extra: ApiRoutes = {}): ApiRoutes => ({
  "GET /api/front/analytics": ok({ items: [SUMMARY] }),
  [`GET /api/front/analytics/${CLASS}`]: ok(ANALYTICS),
  [`GET /api/front/analytics/${CLASS}/students/${BRUNO}/kcs/MAT.NUM.A/evidence`]: ok(EVIDENCE_PAGE),
  ...extra,
});

const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

beforeEach(() => drawn.mockClear());

describe("/analytics", () => {
  it("lists the teacher's classes with their state, each a link to its analytics, and is axe-clean", async () => {
    const app = renderApp("/analytics", { auth: signedInAs("teacher"), api: server() });
    const table = await screen.findByRole("table", { name: "Estado de tus clases" });
    const row = within(table).getByRole("row", { name: /Matemáticas 1º ESO A/ });
    expect(within(row).getByRole("rowheader")).toHaveTextContent("Matemáticas 1º ESO A");
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Matemáticas", "2", "3", "17\u00a0%", "3", "Alerta"]);
    expect(within(row).getByRole("link", { name: "Matemáticas 1º ESO A" })).toHaveAttribute("href", `/analytics/${CLASS}`);
    expect(await violations(app.container)).toEqual([]);
  });

  it("says 'Error loading analytics: {error}' and retries", async () => {
    // Down until the retry (the head start at navigation and the page's own ask both fail).
    let down = true;
    const user = userEvent.setup();
    renderApp("/analytics", {
      auth: signedInAs("teacher"),
      api: server({ "GET /api/front/analytics": () => (down ? fail(500, "INTERNAL_ERROR") : reply(200, ok({ items: [SUMMARY] }))) }),
    });
    expect(await screen.findByText("Error al cargar la analítica: Se ha producido un error")).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("table", { name: "Estado de tus clases" })).toBeInTheDocument();
  });

  it("shows a student the product's error page and asks the server nothing", async () => {
    const app = renderApp("/analytics", { auth: signedInAs("student"), api: server() });
    expect(await screen.findByRole("heading", { name: "¡Vaya! Esta página no está disponible" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(app.api.callsTo("GET /api/front/analytics")).toHaveLength(0);
  });

  it("offers the analytics in the profile menu to teachers only", async () => {
    renderWithProviders(<ProfileMenuPopup name="Ana García" openOnMount />, { auth: signedInAs("teacher") });
    expect(await screen.findByRole("menuitem", { name: "Analítica" })).toBeInTheDocument();
  });

  it("offers no analytics entry to students", async () => {
    renderWithProviders(<ProfileMenuPopup name="Ana García" openOnMount />, { auth: signedInAs("student") });
    expect(await screen.findByRole("menuitem", { name: "Calendario" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Analítica" })).not.toBeInTheDocument();
  });
});

describe("/analytics/{classId}", () => {
  const open = async (tab?: string) => {
    const app = renderApp(`/analytics/${CLASS}${tab ? `?tab=${tab}` : ""}`, { auth: signedInAs("teacher"), api: server() });
    await screen.findByRole("heading", { level: 1, name: "Matemáticas 1º ESO A" });
    return app;
  };

  it("shows the lessons with their status in words, their chart drawn from the same figures, and is axe-clean", async () => {
    const app = await open();
    const table = screen.getByRole("table", { name: "Lecciones de la clase y su estado" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["Los números naturalesUnidad 1", "ÁngulosUnidad 2"]);
    expect(within(rows[0] as HTMLElement).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Alerta", "2 de 2", "1", "0", "0,57", "2"]);
    // The chart is an image that names the table holding its data.
    const chart = screen.getByRole("img", { name: /P\(L\) media por lección/ });
    expect(chart).toHaveAttribute("aria-describedby", table.id);
    await waitFor(() => expect(drawn).toHaveBeenCalled());
    expect(drawn.mock.calls.at(-1)?.[1]).toMatchObject({ labels: ["Los números naturales", "Ángulos"], datasets: [{ data: [0.5744, 0.6] }], max: 1 });
    expect(await violations(app.container)).toEqual([]);
  });

  it("shows each KC's distribution as a table and a stacked chart, filtered by lesson", async () => {
    const user = userEvent.setup();
    const app = await open("kcs");
    const table = screen.getByRole("table", { name: "Distribución del dominio por componente de conocimiento" });
    expect(within(table).getAllByRole("rowheader").map((h) => h.textContent)).toEqual(["Números naturalesMAT.NUM.A", "DivisibilidadMAT.NUM.B", "ÁngulosMAT.GEO.C"]);
    await waitFor(() => expect(drawn).toHaveBeenCalled());
    expect(drawn.mock.calls.at(-1)?.[1]).toMatchObject({ labels: ["MAT.NUM.A", "MAT.NUM.B", "MAT.GEO.C"], stacked: true, horizontal: true, datasets: [{ data: [1, 0, 0] }, { data: [1, 0, 1] }, { data: [0, 2, 1] }] });
    await user.selectOptions(screen.getByRole("combobox", { name: "Lección" }), "Ángulos");
    await waitFor(() => expect(within(screen.getByRole("table", { name: /Distribución/ })).getAllByRole("rowheader")).toHaveLength(1));
    expect(app.location().search).toContain(`lesson=${L2}`);
    expect(await violations(app.container)).toEqual([]);
  });

  it("shows students × KCs as a table with row and column headers, state in words, and opens the answers behind a cell", async () => {
    const user = userEvent.setup();
    const app = await open("students");
    const table = screen.getByRole("table", { name: /Estudiantes × componentes de conocimiento/ });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Estudiante", "MAT.NUM.A Números naturales", "MAT.NUM.B Divisibilidad", "MAT.GEO.C Ángulos"]);
    const bruno = within(table).getByRole("row", { name: /Bruno Blanco/ });
    const cells = within(bruno).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual([
      "P En progreso, P(L) 0,17 ⚠, alertas: Dominio bajo y Fallos repetidos",
      "—Sin empezar",
      "P En progreso, P(L) 0,60 ⚠, alertas: Necesita repaso",
    ]);
    expect(await violations(app.container)).toEqual([]);
    await user.click(within(cells[0] as HTMLElement).getByRole("button"));
    const dialog = await findDialog("Bruno Blanco · Números naturales", "dialog");
    const evidence = await within(dialog).findByRole("table", { name: /Respuestas que han movido la estimación/, hidden: true });
    const first = within(evidence).getAllByRole("row", { hidden: true })[1] as HTMLElement;
    expect(within(first).getAllByRole("cell", { hidden: true }).map((c) => c.textContent)).toEqual(["q3", "Práctica", "Incorrecta (0\u00a0%)", "0,17 → 0,17", "0,95"]);
    expect(app.api.callsTo(`GET /api/front/analytics/${CLASS}/students/${BRUNO}/kcs/MAT.NUM.A/evidence`)).toHaveLength(1);
    expect(await violations(dialog)).toEqual([]);
  });

  it("opens the lessons a student should revisit from their name in the heat map", async () => {
    const user = userEvent.setup();
    const lessons = `GET /api/front/courses/${CLASS}/unit-recommendations`;
    const app = renderApp(`/analytics/${CLASS}?tab=students`, {
      auth: signedInAs("teacher"),
      api: server({
        [lessons]: ok({
          items: [
            {
              unitId: UNIT,
              title: "Números",
              order: 1,
              lessons: [{ lessonId: L1, title: "Los números naturales", order: 1, alertReasons: ["low_mastery", "repeated_failures"], kcs: [{ code: "MAT.NUM.A", names: names("Números naturales"), alerts: ["low_mastery", "repeated_failures"], known: 0.17 }] }],
            },
          ],
        }),
      }),
    });
    const table = await screen.findByRole("table", { name: /Estudiantes × componentes de conocimiento/ });
    await user.click(within(table).getByRole("button", { name: "Bruno Blanco: lecciones para repasar" }));
    const dialog = await findDialog("Lecciones para repasar: Bruno Blanco", "dialog");
    const link = await within(dialog).findByRole("link", { name: "Los números naturales", hidden: true });
    expect(link).toHaveAttribute("href", `/course/${CLASS}/unit/${UNIT}/lesson/${L1}`);
    expect(within(dialog).getByText("Fallos repetidos")).toBeInTheDocument();
    expect(app.api.callsTo(lessons).map((c) => c.query.get("studentGuid"))).toEqual([BRUNO]);
    expect(await violations(dialog)).toEqual([]);
  });

  it("lists alerts per lesson with their reasons and the answers behind them", async () => {
    const user = userEvent.setup();
    const app = await open("alerts");
    const lesson = screen.getByRole("region", { name: "Los números naturales" });
    expect(within(lesson).getByText("Alerta")).toBeInTheDocument();
    expect(within(lesson).getByRole("heading", { level: 3 })).toHaveTextContent("Bruno Blanco · Números naturales");
    expect(within(lesson).getByRole("list", { name: "Motivos" })).toHaveTextContent("Dominio bajo: P(L) 0,17 tras 3 respuestas (por debajo de 0,40)Fallos repetidos: las últimas 3 respuestas son incorrectas");
    const toggle = within(lesson).getByRole("button", { name: "Ver las últimas 3 respuestas" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    // Asked when opened: the first page of the answers, its newest shown.
    await waitFor(() => expect(within(lesson).getAllByRole("row")).toHaveLength(4));
    expect(app.api.callsTo(`GET /api/front/analytics/${CLASS}/students/${BRUNO}/kcs/MAT.NUM.A/evidence`)).toHaveLength(1);
    const angles = screen.getByRole("region", { name: "Ángulos" });
    expect(within(angles).getByRole("list", { name: "Motivos" })).toHaveTextContent(/Necesita repaso: recuerdo previsto del 41 %/);
    expect(await violations(app.container)).toEqual([]);
  });

  it("gives the diagnostics with their recommendations", async () => {
    const app = await open("diagnostics");
    expect(screen.getByRole("region", { name: "Volver a enseñar" })).toHaveTextContent("Números naturales (MAT.NUM.A): 1 de 2 estudiantes que lo han practicado (50 %) con dominio bajo: Bruno Blanco.");
    expect(screen.getByRole("region", { name: "Agrupar estudiantes" })).toHaveTextContent("No hay estudiantes que compartan las mismas dificultades.");
    expect(screen.getByRole("region", { name: "Programar repasos" })).toHaveTextContent("Ángulos (MAT.GEO.C): 2 estudiantes (Ana Alonso y Bruno Blanco).");
    expect(await violations(app.container)).toEqual([]);
  });

  it("downloads the CSV the server writes, with its name and a BOM", async () => {
    const user = userEvent.setup();
    await open();
    const mocked = globalThis.fetch;
    const csv = "\uFEFFEstudiante,Código del KC\r\nAna Alonso,MAT.NUM.A\r\n";
    Object.assign(globalThis, {
      fetch: jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const url = new URL(request.url);
        if (url.pathname !== `/api/front/analytics/${CLASS}/export`) return mocked(input, init);
        expect(url.searchParams.get("lang")).toBe("es");
        return new Response(csv, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="analitica-matematicas-2027-01-18.csv"' } });
      }),
    });
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), "blob:analytics"), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("analitica-matematicas-2027-01-18.csv");
    });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(saved).toHaveLength(1);
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1));
  });

  it("says plainly that a class of another subject has no analytics, without a pointless retry", async () => {
    renderApp(`/analytics/${CLASS}`, { auth: signedInAs("teacher"), api: server({ [`GET /api/front/analytics/${CLASS}`]: () => fail(409, "ANALYTICS_NOT_AVAILABLE") }) });
    expect(await screen.findByText("La analítica solo está disponible para las clases de Matemáticas y de Lengua.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reintentar" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a la analítica" })).toHaveAttribute("href", "/analytics");
  });

  it("says 'Error loading analytics: {error}' with a Retry when the load fails", async () => {
    const user = userEvent.setup();
    let down = true;
    renderApp(`/analytics/${CLASS}`, {
      auth: signedInAs("teacher"),
      api: server({ [`GET /api/front/analytics/${CLASS}`]: () => (down ? fail(503, "INTERNAL_ERROR") : reply(200, ok(ANALYTICS))) }),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error al cargar la analítica: Se ha producido un error");
    down = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Matemáticas 1º ESO A" })).toBeInTheDocument();
  });
});
