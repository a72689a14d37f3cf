import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import type { AssessmentDetail, QuestionFull } from "../../src/contracts/assessments";
import { parseQuestionData, type QuestionType } from "../../src/contracts/questions";
import { AssessmentOverview } from "../../src/client/features/questions/authoring/AssessmentOverview";
import { QuestionEditorPage } from "../../src/client/features/questions/authoring/QuestionEditorPage";
import { ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { fixtureQuestion } from "../support/question-fixtures";
import { renderWithProviders, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const LESSON = "1a2b3c4d-1111-4222-8333-444455556666";
const ASSESSMENT = "a5e55e55-0000-4000-8000-000000000001";
const Q1 = "a5e55e55-0000-4000-8000-0000000000a1";
const Q2 = "a5e55e55-0000-4000-8000-0000000000a2";
const Q3 = "a5e55e55-0000-4000-8000-0000000000a3";
const BASE = `/course/${COURSE}/lesson/${LESSON}`;
const ASSESSMENT_PATH = `${BASE}/assessment/${ASSESSMENT}`;
const DETAIL_URL = `/api/cms/assessments/${ASSESSMENT}`;
const SLOW = { timeout: 15_000 };

function questionFull(guid: string, type: QuestionType): QuestionFull {
  const q = fixtureQuestion(type);
  return {
    guid,
    type,
    question_data: JSON.stringify(q.data),
    prompt: q.prompt,
    points: q.points,
    kcs: q.kcs,
    media: q.media ?? [],
    feedback: q.feedback ?? {},
    editable: true,
    updatedAt: "2026-02-01T10:00:00.000Z",
  };
}

function buildDetail(overrides: Partial<AssessmentDetail> = {}): AssessmentDetail {
  return {
    guid: ASSESSMENT,
    title: "Repaso de la unidad 3",
    description: "Tres preguntas para repasar.",
    settings: { maxAttempts: 2, showAnswers: "after_submit", shuffleQuestions: false, dueAt: null },
    maxScore: 4,
    questions: [questionFull(Q1, "QT_1"), questionFull(Q2, "QT_2"), questionFull(Q3, "QT_3")],
    editable: true,
    ...overrides,
  };
}

/** Where the router is, shown on screen for the routes the pages navigate to. */
function Here({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label}: {location.pathname}
    </p>
  );
}

/** Renders `ui` at `path` inside the app's providers; other known paths show where the router went. */
function renderAt(path: string, ui: ReactNode, pattern: string, api: ApiRoutes, language?: "en") {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={path} replace />} />
      <Route path={pattern} element={ui} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid" element={<Here label="Evaluación" />} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid/new-question/:lemonadeType" element={<Here label="Nueva" />} />
    </Routes>,
    { api, auth: signedInAs("teacher"), ...(language ? { language } : {}) },
  );
}

const renderOverview = (api: ApiRoutes, language?: "en") =>
  renderAt(
    `${BASE}/overview`,
    <AssessmentOverview assessmentGuid={ASSESSMENT} courseGuid={COURSE} lessonBasePath={BASE} />,
    "/course/:guid/lesson/:lessonGuid/overview",
    api,
    language,
  );

// The editor page's routes are children of the assessment path: mount the page for both forms.
const renderNew = (type: string, api: ApiRoutes) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`${ASSESSMENT_PATH}/new-question/${type}`} replace />} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid/new-question/:lemonadeType" element={<QuestionEditorPage />} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid" element={<Here label="Evaluación" />} />
    </Routes>,
    { api, auth: signedInAs("teacher") },
  );

const renderExisting = (guid: string, api: ApiRoutes) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`${ASSESSMENT_PATH}/question/${guid}`} replace />} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid/question/:contentGuid" element={<QuestionEditorPage />} />
      <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid" element={<Here label="Evaluación" />} />
    </Routes>,
    { api, auth: signedInAs("teacher") },
  );

/** A server that keeps the assessment: GET answers the current state, PUT applies the body. */
function assessmentServer(initial: AssessmentDetail) {
  let detail = initial;
  return {
    get detail() {
      return detail;
    },
    routes: {
      [`GET ${DETAIL_URL}`]: () => ({ status: 200, body: ok(detail) }),
      [`PUT ${DETAIL_URL}`]: (call: ApiCall) => {
        const body = call.body as { title?: string; description?: string; settings?: AssessmentDetail["settings"]; questionGuids?: string[] };
        const byGuid = new Map(detail.questions.map((q) => [q.guid, q]));
        detail = {
          ...detail,
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.settings ? { settings: body.settings } : {}),
          ...(body.questionGuids ? { questions: body.questionGuids.flatMap((g) => byGuid.get(g) ?? []) } : {}),
        };
        return { status: 200, body: ok(detail) };
      },
      [`DELETE ${DETAIL_URL}/questions/${Q2}`]: () => {
        detail = { ...detail, questions: detail.questions.filter((q) => q.guid !== Q2) };
        return { status: 200, body: ok(null) };
      },
    } satisfies ApiRoutes,
  };
}

const cardPrompts = () => screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent + " " + (a.textContent ?? ""));

describe("Assessment overview", () => {
  it("saves the title and settings with PUT, and refuses an empty title without sending", async () => {
    const user = userEvent.setup();
    const server = assessmentServer(buildDetail());
    const { api } = renderOverview(server.routes);

    const title = await screen.findByRole("textbox", { name: /^Título/ }, SLOW);
    await user.clear(title);
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText("Este campo es obligatorio.")).toBeInTheDocument();
    expect(api.callsTo(`PUT ${DETAIL_URL}`)).toHaveLength(0);

    await user.type(title, "Examen final");
    await user.click(screen.getByRole("switch", { name: "Intentos ilimitados" }));
    expect(screen.queryByRole("spinbutton", { name: /Intentos permitidos/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Mostrar las respuestas correctas" }), "after_due");
    await user.click(screen.getByRole("switch", { name: "Mezclar el orden de las preguntas" }));
    fireEvent.change(screen.getByLabelText(/^Fecha límite/), { target: { value: "2030-05-01T10:00" } });
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    await waitFor(() => expect(api.callsTo(`PUT ${DETAIL_URL}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${DETAIL_URL}`)[0]?.body).toEqual({
      title: "Examen final",
      description: "Tres preguntas para repasar.",
      settings: { maxAttempts: null, showAnswers: "after_due", shuffleQuestions: true, dueAt: new Date("2030-05-01T10:00").toISOString() },
    });
    expect(await screen.findByText("Cambios guardados.")).toBeInTheDocument();
  });

  it("moves a question down with its button: PUT questionGuids, announced, focus kept on the moved question's button", async () => {
    const user = userEvent.setup();
    const server = assessmentServer(buildDetail());
    const { api } = renderOverview(server.routes);

    await screen.findByText("¿Cuál es la capital de Francia?", {}, SLOW);
    const down = screen.getByRole("button", { name: "Bajar la pregunta 1" });
    await user.click(down);

    await waitFor(() => expect(api.callsTo(`PUT ${DETAIL_URL}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${DETAIL_URL}`)[0]?.body).toEqual({ questionGuids: [Q2, Q1, Q3] });
    expect(await screen.findByText("Pregunta movida a la posición 2 de 3.")).toBeInTheDocument();
    await waitFor(() => {
      const cards = cardPrompts();
      expect(cards[0]).toContain("¿Qué números son primos?");
      expect(cards[1]).toContain("¿Cuál es la capital de Francia?");
    });
    // The moved question is now the second one, and focus followed it.
    expect(screen.getByRole("button", { name: "Bajar la pregunta 2" })).toHaveFocus();
    // The first question cannot go further up: its button says so but stays focusable.
    expect(screen.getByRole("button", { name: "Subir la pregunta 1" })).toHaveAttribute("aria-disabled", "true");
  });

  it("asks before deleting a question, then sends DELETE", async () => {
    const user = userEvent.setup();
    const server = assessmentServer(buildDetail());
    const { api } = renderOverview(server.routes);

    await user.click(await screen.findByRole("button", { name: "Eliminar la pregunta 2" }, SLOW));
    const dialog = await findDialog("¿Eliminar la pregunta 2?");
    expect(api.callsTo(`DELETE ${DETAIL_URL}/questions/${Q2}`)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Eliminar la pregunta"));

    await waitFor(() => expect(api.callsTo(`DELETE ${DETAIL_URL}/questions/${Q2}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText("¿Qué números son primos?")).not.toBeInTheDocument());
    // Tabster gives the page back to screen readers on its own timer (250 ms) once the dialog is gone.
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2), SLOW);
  });

  it("offers the 21 types with their descriptions and opens the new-question editor of the one chosen with the keyboard (in English)", async () => {
    const user = userEvent.setup();
    const server = assessmentServer(buildDetail());
    renderOverview(server.routes, "en");

    await user.click(await screen.findByRole("button", { name: "Add question" }, SLOW));
    const dialog = await findDialog("Choose the question type", "dialog");
    const links = within(dialog).getAllByRole("link", { hidden: true });
    expect(links).toHaveLength(21);
    const shortAnswer = within(dialog).getByRole("link", { name: "Short answer", hidden: true });
    expect(shortAnswer).toHaveAccessibleDescription("Type a short answer that is marked automatically.");

    shortAnswer.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText(`Nueva: ${ASSESSMENT_PATH}/new-question/QT_17`)).toBeInTheDocument();
  });

  it("is read-only with a note when the assessment may not be changed", async () => {
    const server = assessmentServer(buildDetail({ editable: false }));
    renderOverview(server.routes);

    expect(await screen.findByText(/Solo puedes consultar esta evaluación/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Intentos permitidos")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Añadir pregunta" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Guardar cambios" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar la pregunta/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver resultados" })).toHaveAttribute("href", `${BASE}/results-assessment/${ASSESSMENT}`);
  });
});

describe("Question editor", () => {
  const ADD_URL = `/api/cms/assessments/${ASSESSMENT}/questions`;

  it("writes a new single-choice question and saves a valid question_data, then goes back to the assessment", async () => {
    const user = userEvent.setup();
    const { api } = renderNew("QT_1", { [`POST ${ADD_URL}`]: (call: ApiCall) => ({ status: 200, body: ok({ ...questionFull(Q1, "QT_1"), ...(call.body as object) }) }) });

    await user.type(await screen.findByRole("textbox", { name: /^Enunciado/ }, SLOW), "¿Cuál es la capital de Italia? \\(x\\)");
    await user.type(await screen.findByRole("textbox", { name: "Texto de la opción 1" }, SLOW), "Madrid");
    await user.type(screen.getByRole("textbox", { name: "Texto de la opción 2" }), "Roma");
    await user.click(screen.getByRole("button", { name: "Añadir opción" }));
    await user.type(screen.getByRole("textbox", { name: "Texto de la opción 3" }), "París");
    await user.click(screen.getByRole("radio", { name: "Opción 2: Roma" }));
    await user.type(screen.getByRole("textbox", { name: "Código de KC" }), "GEO.EU{Enter}");
    const points = screen.getByRole("spinbutton", { name: /^Puntos/ });
    await user.clear(points);
    await user.type(points, "2");
    // The live preview shows the question as students will answer it.
    expect(await screen.findByRole("radio", { name: "Roma" }, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));
    await waitFor(() => expect(api.callsTo(`POST ${ADD_URL}`)).toHaveLength(1));
    const body = api.callsTo(`POST ${ADD_URL}`)[0]?.body as { type: string; question_data: string; prompt: string; points: number; kcs: string[] };
    expect(body).toMatchObject({ type: "QT_1", prompt: "¿Cuál es la capital de Italia? \\(x\\)", points: 2, kcs: ["GEO.EU"] });
    const parsed = parseQuestionData("QT_1", body.question_data);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.choices.map((c) => [c.text, c.correct])).toEqual([
      ["Madrid", false],
      ["Roma", true],
      ["París", false],
    ]);
    expect(await screen.findByText(`Evaluación: ${ASSESSMENT_PATH}`)).toBeInTheDocument();
  });

  it("lists the problems of an invalid draft, moves focus to them and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderNew("QT_2", { [`POST ${ADD_URL}`]: ok(questionFull(Q1, "QT_2")) });

    await user.type(await screen.findByRole("textbox", { name: "Texto de la opción 1" }, SLOW), "2");
    await user.type(screen.getByRole("textbox", { name: "Texto de la opción 2" }), "4");
    await user.click(screen.getByRole("checkbox", { name: "La opción 1 es correcta" }));
    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));

    const summary = await screen.findByRole("region", { name: /Revisa la pregunta antes de guardarla/ });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByText("Marca al menos una opción correcta.")).toBeInTheDocument();
    expect(within(summary).getByText(/Enunciado/)).toBeInTheDocument();
    // The same problems next to their fields.
    expect(screen.getAllByText("Este campo es obligatorio.").length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(`POST ${ADD_URL}`)).toHaveLength(0);
    expect(screen.getByText("La vista previa aparecerá cuando la pregunta esté completa y sea válida.")).toBeInTheDocument();

    // Fixing it clears the summary as the author types.
    await user.click(screen.getByRole("checkbox", { name: "La opción 1 es correcta" }));
    await user.type(screen.getByRole("textbox", { name: /^Enunciado/ }), "¿Cuál es par?");
    await waitFor(() => expect(screen.queryByRole("region", { name: /Revisa la pregunta/ })).not.toBeInTheDocument());
  });

  it("shows the server's VALIDATION_ERROR details when it refuses the question", async () => {
    const user = userEvent.setup();
    renderNew("QT_3", {
      [`POST ${ADD_URL}`]: () =>
        reply(400, {
        status: "error",
          error: { key: "VALIDATION_ERROR", message: "Invalid request", details: [{ field: "question_data.correct", message: "required" }] },
        }),
    });

    await user.type(await screen.findByRole("textbox", { name: /^Enunciado/ }, SLOW), "El Sol es una estrella.");
    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));
    const summary = await screen.findByRole("region", { name: "No se ha guardado la pregunta" });
    expect(within(summary).getByText("El servidor ha rechazado estos campos:")).toBeInTheDocument();
    expect(within(summary).getByText(/Datos de la pregunta › Correcta/)).toBeInTheDocument();
    expect(within(summary).getByText(/Este campo es obligatorio\./)).toBeInTheDocument();
  });

  it("inserts a gap at the cursor of a cloze text, taking the selected word as its answer", async () => {
    const user = userEvent.setup();
    const { api } = renderNew("QT_7", { [`POST ${ADD_URL}`]: ok(questionFull(Q1, "QT_7")) });

    await user.type(await screen.findByRole("textbox", { name: /^Enunciado/ }, SLOW), "Completa la frase.");
    const text = await screen.findByRole("textbox", { name: /^Texto con huecos/ }, SLOW);
    await user.type(text, "El agua hierve a 100 grados.");
    (text as HTMLTextAreaElement).setSelectionRange(17, 20);
    await user.click(screen.getByRole("button", { name: "Insertar hueco" }));

    expect((text as HTMLTextAreaElement).value).toMatch(/^El agua hierve a \[\[[A-Za-z0-9]+\]\] grados\.$/);
    expect(screen.getByRole("textbox", { name: "Respuesta aceptada 1" })).toHaveValue("100");
    expect(await screen.findByText("Se ha insertado el hueco 1.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));
    await waitFor(() => expect(api.callsTo(`POST ${ADD_URL}`)).toHaveLength(1));
    const body = api.callsTo(`POST ${ADD_URL}`)[0]?.body as { question_data: string };
    const parsed = parseQuestionData("QT_7", body.question_data);
    expect(parsed.ok && parsed.data.gaps.map((g) => g.answers)).toEqual([["100"]]);
  });

  it("builds a matrix table: each row picks its column, and a removed column's rows move to the first one left", async () => {
    const user = userEvent.setup();
    const { api } = renderNew("QT_5", { [`POST ${ADD_URL}`]: ok(questionFull(Q1, "QT_5")) });

    await user.type(await screen.findByRole("textbox", { name: /^Enunciado/ }, SLOW), "Clasifica cada animal.");
    await user.type(await screen.findByRole("textbox", { name: "Texto de la columna 1" }, SLOW), "Ave");
    await user.type(screen.getByRole("textbox", { name: "Texto de la columna 2" }), "Mamífero");
    await user.click(screen.getByRole("button", { name: "Añadir columna" }));
    await user.type(screen.getByRole("textbox", { name: "Texto de la columna 3" }), "Reptil");
    await user.type(screen.getByRole("textbox", { name: "Texto de la fila 1" }), "Ballena");
    await user.selectOptions(screen.getByRole("combobox", { name: "Columna correcta de la fila 1" }), "Columna 2: Mamífero");
    await user.click(screen.getByRole("button", { name: "Añadir fila" }));
    await user.type(screen.getByRole("textbox", { name: "Texto de la fila 2" }), "Lagarto");
    await user.selectOptions(screen.getByRole("combobox", { name: "Columna correcta de la fila 2" }), "Columna 3: Reptil");

    // Move "Reptil" up, then remove "Mamífero": the whale's row falls back to the first column.
    await user.click(screen.getByRole("button", { name: "Subir Columna 3" }));
    expect(screen.getByRole("textbox", { name: "Texto de la columna 2" })).toHaveValue("Reptil");
    expect(await screen.findByText("Columna 3 está ahora en la posición 2 de 3.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Quitar Columna 3" }));
    expect(screen.getByRole("button", { name: "Añadir columna" })).toHaveFocus();
    expect(screen.getByRole("combobox", { name: "Columna correcta de la fila 1" })).toHaveDisplayValue("Columna 1: Ave");

    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));
    await waitFor(() => expect(api.callsTo(`POST ${ADD_URL}`)).toHaveLength(1));
    const parsed = parseQuestionData("QT_5", (api.callsTo(`POST ${ADD_URL}`)[0]?.body as { question_data: string }).question_data);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const columnText = (id: string) => parsed.data.columns.find((c) => c.id === id)?.text;
    expect(parsed.data.columns.map((c) => c.text)).toEqual(["Ave", "Reptil"]);
    expect(parsed.data.rows.map((r) => [r.text, columnText(r.correctColumnId)])).toEqual([
      ["Ballena", "Ave"],
      ["Lagarto", "Reptil"],
    ]);
  });

  it("loads an existing question into the form and saves the change with PUT", async () => {
    const user = userEvent.setup();
    const stored = questionFull(Q2, "QT_17");
    const { api } = renderExisting(Q2, {
      [`GET /api/cms/questions/${Q2}`]: ok(stored),
      [`PUT /api/cms/questions/${Q2}`]: (call: ApiCall) => ({ status: 200, body: ok({ ...stored, ...(call.body as object) }) }),
    });

    expect(await screen.findByRole("textbox", { name: /^Enunciado/ }, SLOW)).toHaveValue(stored.prompt);
    expect(screen.getByRole("heading", { name: "Editar pregunta: Respuesta corta" })).toBeInTheDocument();
    const answers = JSON.parse(stored.question_data) as { answers: string[] };
    expect(await screen.findByRole("textbox", { name: "Respuesta aceptada 1" }, SLOW)).toHaveValue(answers.answers[0]);

    await user.click(screen.getByRole("button", { name: "Añadir respuesta" }));
    await user.type(screen.getByRole("textbox", { name: `Respuesta aceptada ${answers.answers.length + 1}` }), "Lisbon");
    await user.click(screen.getByRole("button", { name: "Guardar pregunta" }));

    await waitFor(() => expect(api.callsTo(`PUT /api/cms/questions/${Q2}`)).toHaveLength(1));
    const body = api.callsTo(`PUT /api/cms/questions/${Q2}`)[0]?.body as { question_data: string; prompt: string; kcs: string[] };
    expect(body.prompt).toBe(stored.prompt);
    expect(body.kcs).toEqual(stored.kcs);
    expect((JSON.parse(body.question_data) as { answers: string[] }).answers).toEqual([...answers.answers, "Lisbon"]);
    expect(await screen.findByText(`Evaluación: ${ASSESSMENT_PATH}`)).toBeInTheDocument();
  });

  it("shows the not-found page for an unknown question type", async () => {
    renderNew("QT_99", {});
    expect(await screen.findByRole("heading", { level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Guardar pregunta" })).not.toBeInTheDocument();
  });
});

describe("Closing the assessment in the class", () => {
  it("closes it with the button (PUT closure), says so, and reopens it", async () => {
    const user = userEvent.setup();
    const server = assessmentServer(buildDetail({ editable: false }));
    const CLOSURE_URL = `/api/front/assessments/${ASSESSMENT}/closure`;
    let closedAt: string | null = null;
    const { api } = renderOverview({
      ...server.routes,
      [`GET ${CLOSURE_URL}`]: () => reply(200, ok({ closed: closedAt !== null, closedAt, canChange: true })),
      [`PUT ${CLOSURE_URL}`]: (call: ApiCall) => {
        closedAt = (call.body as { closed: boolean }).closed ? "2026-03-02T09:30:00.000Z" : null;
        return reply(200, ok({ closed: closedAt !== null, closedAt, canChange: true }));
      },
    });

    expect(await screen.findByText("Abierta: los alumnos pueden empezar intentos.", {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cerrar la evaluación" }));
    await waitFor(() => expect(api.callsTo(`PUT ${CLOSURE_URL}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${CLOSURE_URL}`)[0]?.body).toEqual({ courseGuid: COURSE, closed: true });
    expect(await screen.findByText(/^Cerrada el .*no se pueden empezar intentos/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Volver a abrir" }));
    await waitFor(() => expect(api.callsTo(`PUT ${CLOSURE_URL}`)).toHaveLength(2));
    expect(api.callsTo(`PUT ${CLOSURE_URL}`)[1]?.body).toEqual({ courseGuid: COURSE, closed: false });
    expect(await screen.findByText("Abierta: los alumnos pueden empezar intentos.")).toBeInTheDocument();
  });
});
