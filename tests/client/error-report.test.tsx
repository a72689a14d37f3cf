import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import type { ErrorReport } from "../../src/contracts/assessments";
import { ReportErrorButton } from "../../src/client/features/questions/ErrorReportDialog";
import { ErrorReportsPage } from "../../src/client/features/questions/pages/ErrorReportsPage";
import { promptExcerpt } from "../../src/client/features/questions/report-format";
import { fail, ok, type ApiCall } from "../support/client-api";
import { fixtureQuestion } from "../support/question-fixtures";
import { dialogClosed, findDialog } from "../support/dialogs";
import { renderWithProviders, signedInAs } from "../support/render";

const SLOW = { timeout: 10_000 };
const QUESTION = "5f0c8a52-9d1e-4b7a-8c3d-2e4f6a8b0c1d";
const ATTEMPT = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const SEND = "POST /api/front/error-reports";
const LIST = "GET /api/cms/error-reports";

const sentReport = (call: ApiCall) => ok({ guid: "99999999-9999-4999-8999-999999999999", status: "open", ...(call.body as object) });

function renderButton(routes: Record<string, unknown> = { [SEND]: (call: ApiCall) => ({ body: sentReport(call) }) }, language: "es" | "en" = "es") {
  return renderWithProviders(<ReportErrorButton exerciseId={QUESTION} activityInstanceId={ATTEMPT} />, {
    auth: signedInAs("student"),
    api: routes,
    language,
  });
}

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}

/** Fluent dialogs may be aria-hidden for a moment under jsdom: find them and their controls with hidden: true. */
const H = { hidden: true } as const;
const openForm = () => findDialog("Informar de un error en el ejercicio", "dialog");

describe("error report dialog", () => {
  it("keeps Send disabled until a type is chosen, then sends the five fields and thanks the user", async () => {
    const user = userEvent.setup();
    const { api } = renderButton();
    await user.click(screen.getByRole("button", { name: "Informar de un error" }));
    const form = await openForm();
    const send = within(form).getByRole("button", { name: "Enviar", ...H });
    expect(send).toBeDisabled();
    const labels = ["Errata", "No sé cómo responder", "La actividad se queda en blanco", "La solución es incorrecta", "Las imágenes no cargan", "Otro"];
    expect(within(form).getAllByRole("radio", H)).toHaveLength(6);
    for (const label of labels) expect(within(form).getByRole("radio", { name: label, ...H })).not.toBeChecked();

    await user.type(within(form).getByRole("textbox", { name: "Descripción (opcional)", ...H }), "La opción B aparece dos veces");
    expect(send).toBeDisabled(); // a description alone is not enough
    expect(within(form).getByText("29 de 2000 caracteres")).toBeInTheDocument();
    await user.click(within(form).getByRole("radio", { name: "La solución es incorrecta", ...H }));
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1), SLOW);
    expect(api.callsTo(SEND)[0]?.body).toEqual({
      exerciseId: QUESTION,
      activityInstanceId: ATTEMPT,
      errorType: "La solución es incorrecta",
      errorTypeId: "wrong_solution",
      description: "La opción B aparece dos veces",
    });
    const sent = await findDialog("Aviso enviado", "dialog");
    expect(within(sent).getByText("Gracias, hemos recibido tu aviso.")).toBeInTheDocument();
    const close = defined(within(sent).getAllByRole("button", { name: "Cerrar", ...H }).at(-1));
    expect(close).toHaveFocus();

    await user.click(close);
    await waitFor(() => expect(dialogClosed()).toBe(true));
    const opener = screen.getByRole("button", { name: "Informar de un error" });
    expect(opener).toHaveFocus();

    // Reopening shows an empty form.
    await user.click(opener);
    const again = await openForm();
    expect(within(again).getAllByRole("radio", H).every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(within(again).getByRole("textbox", { name: "Descripción (opcional)", ...H })).toHaveValue("");
    expect(within(again).getByRole("button", { name: "Enviar", ...H })).toBeDisabled();
  });

  it("leaves the description out when it is blank", async () => {
    const user = userEvent.setup();
    const { api } = renderButton();
    await user.click(screen.getByRole("button", { name: "Informar de un error" }));
    const form = await openForm();
    await user.type(within(form).getByRole("textbox", { name: "Descripción (opcional)", ...H }), "   ");
    await user.click(within(form).getByRole("radio", { name: "Errata", ...H }));
    await user.click(within(form).getByRole("button", { name: "Enviar", ...H }));
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1), SLOW);
    expect(api.callsTo(SEND)[0]?.body).toEqual({ exerciseId: QUESTION, activityInstanceId: ATTEMPT, errorType: "Errata", errorTypeId: "typo" });
  });

  it("shows the failure with Try again, which returns to the kept fields so the user can resend", async () => {
    const user = userEvent.setup();
    const { api } = renderButton({ [SEND]: () => fail(500, "INTERNAL_ERROR") });
    await user.click(screen.getByRole("button", { name: "Informar de un error" }));
    const form = await openForm();
    await user.click(within(form).getByRole("radio", { name: "Las imágenes no cargan", ...H }));
    await user.type(within(form).getByRole("textbox", { name: "Descripción (opcional)", ...H }), "No se ve el mapa");
    await user.click(within(form).getByRole("button", { name: "Enviar", ...H }));

    const failed = await findDialog("No se ha podido enviar el aviso", "dialog");
    expect(within(failed).getByRole("alert", H)).toHaveTextContent("Se ha producido un error");
    const tryAgain = within(failed).getByRole("button", { name: "Inténtalo de nuevo", ...H });
    expect(tryAgain).toHaveFocus();

    api.set({ [SEND]: (call: ApiCall) => ({ body: sentReport(call) }) });
    await user.click(tryAgain);
    const back = await openForm();
    expect(within(back).getByRole("radio", { name: "Las imágenes no cargan", ...H })).toBeChecked();
    expect(within(back).getByRole("textbox", { name: "Descripción (opcional)", ...H })).toHaveValue("No se ve el mapa");
    const send = within(back).getByRole("button", { name: "Enviar", ...H });
    expect(send).toHaveFocus();
    await user.click(send);

    const sent = await findDialog("Aviso enviado", "dialog");
    expect(within(sent).getByText("Gracias, hemos recibido tu aviso.")).toBeInTheDocument();
    expect(api.callsTo(SEND)).toHaveLength(2);
    expect(api.callsTo(SEND)[1]?.body).toEqual(api.callsTo(SEND)[0]?.body);
  });

  it("clears the fields when cancelled and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderButton();
    const opener = screen.getByRole("button", { name: "Informar de un error" });
    await user.click(opener);
    const form = await openForm();
    await user.click(within(form).getByRole("radio", { name: "La actividad se queda en blanco", ...H }));
    await user.type(within(form).getByRole("textbox", { name: "Descripción (opcional)", ...H }), "Pantalla blanca");
    await user.click(within(form).getByRole("button", { name: "Cancelar", ...H }));
    await waitFor(() => expect(dialogClosed()).toBe(true));
    expect(opener).toHaveFocus();

    await user.keyboard("{Enter}"); // reopen from the keyboard
    const again = await openForm();
    expect(within(again).getByRole("radio", { name: "La actividad se queda en blanco", ...H })).not.toBeChecked();
    expect(within(again).getByRole("textbox", { name: "Descripción (opcional)", ...H })).toHaveValue("");
    expect(api.callsTo(SEND)).toHaveLength(0);
  });

  it("works in English, sending the label as shown", async () => {
    const user = userEvent.setup();
    const { api } = renderButton(undefined, "en");
    await user.click(screen.getByRole("button", { name: "Report an error" }));
    const form = await findDialog("Report an error in this exercise", "dialog");
    expect(within(form).getByRole("button", { name: "Send", ...H })).toBeDisabled();
    await user.click(within(form).getByRole("radio", { name: "I don't know how to answer", ...H }));
    await user.click(within(form).getByRole("button", { name: "Send", ...H }));
    const sent = await findDialog("Report sent", "dialog");
    expect(within(sent).getByText("Thank you, we have received your report.")).toBeInTheDocument();
    expect(api.callsTo(SEND)[0]?.body).toMatchObject({ errorType: "I don't know how to answer", errorTypeId: "dont_know" });
  });
});

// ---- The editorial list ---------------------------------------------------------------------------

const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const QT1 = fixtureQuestion("QT_1");

function buildReports(count: number): ErrorReport[] {
  return Array.from({ length: count }, (_, i) => ({
    guid: guidOf(i + 1),
    exerciseId: guidOf(1000 + i),
    activityInstanceId: guidOf(2000 + i),
    errorType: i % 2 ? "Errata" : "La solución es incorrecta",
    errorTypeId: i % 2 ? "typo" : "wrong_solution",
    description: i === 0 ? "La respuesta correcta es París, no Lyon" : null,
    status: i % 3 === 2 ? "resolved" : "open",
    createdAt: `2026-03-${String(10 + (i % 18)).padStart(2, "0")}T09:30:00.000Z`,
    reporter: i === 1 ? null : { guid: guidOf(3000 + i), name: `Lucía Martín ${i + 1}`, role: i % 2 ? "teacher" : "student" },
    question: i === 1 ? null : { type: "QT_1", prompt: QT1.prompt },
  }));
}

/** A server for the list: filters by status and pages by offset, and applies PATCHes. */
function listServer(reports: ErrorReport[]) {
  return {
    [LIST]: (call: ApiCall) => {
      const status = call.query.get("status");
      const offset = Number(call.query.get("offset") ?? 0);
      const pageSize = Number(call.query.get("pageSize") ?? 20);
      const matching = reports.filter((r) => !status || r.status === status);
      return { body: ok({ items: matching.slice(offset, offset + pageSize), total: matching.length, offset, pageSize }) };
    },
    ...Object.fromEntries(
      reports.map((r) => [
        `PATCH /api/cms/error-reports/${r.guid}`,
        (call: ApiCall) => {
          r.status = (call.body as { status: ErrorReport["status"] }).status;
          return { body: ok(r) };
        },
      ]),
    ),
  };
}

let currentSearch = "";
function SearchProbe() {
  currentSearch = useLocation().search;
  return null;
}

function renderList(routes: Record<string, unknown>, language: "es" | "en" = "es", role: "editorial" | "teacher" = "editorial") {
  return renderWithProviders(
    <>
      <ErrorReportsPage />
      <SearchProbe />
    </>,
    { auth: signedInAs(role), api: routes, language },
  );
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

describe("error reports page", () => {
  it("lists the reports with their details and pages through them", async () => {
    const user = userEvent.setup();
    const { api } = renderList(listServer(buildReports(45)));
    expect(screen.getByRole("heading", { level: 1, name: "Avisos de errores en ejercicios" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Avisos de errores" }, SLOW);
    expect(bodyRows(table)).toHaveLength(20);
    expect(api.callsTo(LIST)[0]?.query.get("offset")).toBe("0");
    expect(api.callsTo(LIST)[0]?.query.get("pageSize")).toBe("20");
    expect(api.callsTo(LIST)[0]?.query.has("status")).toBe(false);

    const first = within(defined(bodyRows(table)[0]));
    expect(first.getByText("La solución es incorrecta")).toBeInTheDocument();
    expect(first.getByText("La respuesta correcta es París, no Lyon")).toBeInTheDocument();
    expect(first.getByText(promptExcerpt(QT1.prompt))).toBeInTheDocument();
    expect(first.getByText(guidOf(1000))).toBeInTheDocument();
    expect(first.getByText(guidOf(2000))).toBeInTheDocument();
    expect(first.getByText("Lucía Martín 1")).toBeInTheDocument();
    expect(first.getByText("Estudiante")).toBeInTheDocument();
    expect(first.getByText("Abierto")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Marcar como resuelto" })).toBeInTheDocument();
    const second = within(defined(bodyRows(table)[1]));
    expect(second.getByText("Errata")).toBeInTheDocument();
    expect(second.getByText("Sin descripción")).toBeInTheDocument();
    expect(second.getByText("Pregunta eliminada")).toBeInTheDocument();
    expect(second.getByText("Usuario eliminado")).toBeInTheDocument();
    const third = within(defined(bodyRows(table)[2]));
    expect(third.getByText("Resuelto")).toBeInTheDocument();
    expect(third.getByRole("button", { name: "Reabrir" })).toBeInTheDocument();

    const paging = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(paging).getByText("1–20 de 45")).toBeInTheDocument();
    expect(within(paging).getByRole("button", { name: "Anterior" })).toHaveAttribute("aria-disabled", "true");
    await user.click(within(paging).getByRole("button", { name: "Siguiente" }));
    expect(await within(paging).findByText("21–40 de 45", {}, SLOW)).toBeInTheDocument();
    expect(api.callsTo(LIST).at(-1)?.query.get("offset")).toBe("20");
    expect(currentSearch).toBe("?page=2");
    await user.click(within(paging).getByRole("button", { name: "Siguiente" }));
    expect(await within(paging).findByText("41–45 de 45", {}, SLOW)).toBeInTheDocument();
    expect(bodyRows(screen.getByRole("table"))).toHaveLength(5);
    expect(within(paging).getByRole("button", { name: "Siguiente" })).toHaveAttribute("aria-disabled", "true");
    await user.click(within(paging).getByRole("button", { name: "Anterior" }));
    expect(await within(paging).findByText("21–40 de 45", {}, SLOW)).toBeInTheDocument();
  });

  it("filters by status through the status query parameter, back to the first page", async () => {
    const user = userEvent.setup();
    const { api } = renderList(listServer(buildReports(45)));
    await screen.findByRole("table", {}, SLOW);
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    await screen.findByText("21–40 de 45", {}, SLOW);

    await user.click(screen.getByRole("radio", { name: "Resueltos" }));
    expect(await screen.findByText("1–15 de 15", {}, SLOW)).toBeInTheDocument();
    const last = defined(api.callsTo(LIST).at(-1));
    expect(last.query.get("status")).toBe("resolved");
    expect(last.query.get("offset")).toBe("0");
    expect(currentSearch).toBe("?status=resolved");
    expect(within(screen.getByRole("table")).queryAllByText("Abierto")).toHaveLength(0);

    await user.click(screen.getByRole("radio", { name: "Todos" }));
    expect(await screen.findByText("1–20 de 45", {}, SLOW)).toBeInTheDocument();
    expect(currentSearch).toBe("");
    expect(bodyRows(screen.getByRole("table"))).toHaveLength(20);
  });

  it("marks a report resolved with a PATCH and shows its new status", async () => {
    const user = userEvent.setup();
    const { api } = renderList(listServer(buildReports(3)));
    const table = await screen.findByRole("table", {}, SLOW);
    const first = defined(bodyRows(table)[0]);
    await user.click(within(first).getByRole("button", { name: "Marcar como resuelto" }));

    await waitFor(() => expect(api.callsTo(`PATCH /api/cms/error-reports/${guidOf(1)}`)).toHaveLength(1), SLOW);
    expect(api.callsTo(`PATCH /api/cms/error-reports/${guidOf(1)}`)[0]?.body).toEqual({ status: "resolved" });
    expect(await within(first).findByRole("button", { name: "Reabrir" }, SLOW)).toBeInTheDocument();
    expect(within(first).getByText("Resuelto")).toBeInTheDocument();
    expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2); // the list was fetched again
  });

  it("goes back a page when resolving empties the last page of open reports, keeping focus in the list", async () => {
    const user = userEvent.setup();
    const reports = buildReports(21).map((r) => ({ ...r, status: "open" as const }));
    renderList(listServer(reports));
    await screen.findByRole("table", {}, SLOW);
    await user.click(screen.getByRole("radio", { name: "Abiertos" }));
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByText("21–21 de 21", {}, SLOW)).toBeInTheDocument();
    expect(currentSearch).toBe("?status=open&page=2");

    await user.click(within(screen.getByRole("table")).getByRole("button", { name: "Marcar como resuelto" }));
    expect(await screen.findByText("1–20 de 20", {}, SLOW)).toBeInTheDocument();
    expect(currentSearch).toBe("?status=open");
    await waitFor(() => expect(screen.getByRole("region", { name: "Avisos de errores" })).toHaveFocus(), SLOW);
  });

  it("says so when there are no reports", async () => {
    renderList(listServer([]));
    expect(await screen.findByText("No hay avisos", {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a non-editorial user as the app's error state", async () => {
    renderList({ [LIST]: () => fail(403, "FORBIDDEN") }, "en", "teacher");
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("You do not have permission to do this.");
    expect(within(alert).getByRole("button", { name: /retry|try again/i })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
