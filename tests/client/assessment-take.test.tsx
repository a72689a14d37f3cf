import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Navigate, Route, Routes, useLocation, type Location } from "react-router-dom";
import type { AssessmentDetail, AttemptSummary, AttemptView, MyAttempts, StudentQuestion } from "../../src/contracts/assessments";
import type { Language } from "../../src/contracts/common";
import type { QuestionType } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import { storageKeyOf } from "../../src/client/features/questions/answerQueue";
import { AssessmentPage } from "../../src/client/features/questions/pages/AssessmentPage";
import { fail, ok, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { fixtureQuestion } from "../support/question-fixtures";
import { renderWithProviders, signedInAs } from "../support/render";

const COURSE = "c0000000-0000-4000-8000-000000000001";
const LESSON = "10000000-0000-4000-8000-000000000001";
const ASSESSMENT = "a0000000-0000-4000-8000-000000000001";
const ATTEMPT = "b0000000-0000-4000-8000-000000000002";
const OLD_ATTEMPT = "b0000000-0000-4000-8000-000000000001";
const Q1 = "e0000000-0000-4000-8000-000000000001";
const Q2 = "e0000000-0000-4000-8000-000000000002";
const PAGE = `/course/${COURSE}/lesson/${LESSON}/assessment/${ASSESSMENT}`;
const MY_ATTEMPTS = `GET /api/front/assessments/${ASSESSMENT}/my-attempts`;
const START = `POST /api/front/assessments/${ASSESSMENT}/attempts`;
const SUBMIT = `POST /api/front/attempts/${ATTEMPT}/submit`;
const putTo = (q: string) => `PUT /api/front/attempts/${ATTEMPT}/answers/${q}`;
const SLOW = { timeout: 10_000 };

function studentQuestion(guid: string, type: QuestionType, points = 1): StudentQuestion {
  const q = fixtureQuestion(type);
  return { guid, type, prompt: q.prompt, points, media: [], data: toStudentData(type, q.data, guid) } as StudentQuestion;
}

const head = {
  guid: ASSESSMENT,
  title: "Capitales de Europa",
  description: "Responde sin mirar el mapa.",
  settings: { maxAttempts: 3, showAnswers: "after_submit" as const, shuffleQuestions: false, dueAt: "2026-06-30T10:00:00.000Z" },
  questionCount: 2,
  maxScore: 10,
};

const summary = (over: Partial<AttemptSummary>): AttemptSummary => ({
  guid: ATTEMPT,
  number: 2,
  status: "in_progress",
  startedAt: "2026-03-01T09:00:00.000Z",
  submittedAt: null,
  score: null,
  maxScore: 10,
  pendingGrading: 0,
  ...over,
});
const submittedBefore = summary({ guid: OLD_ATTEMPT, number: 1, status: "submitted", submittedAt: "2026-02-20T09:30:00.000Z", score: 7.5 });

function myAttempts(over: Partial<MyAttempts> = {}): MyAttempts {
  return { assessment: head, lessonGuid: LESSON, attempts: [submittedBefore], canStart: true, attemptsLeft: 2, closedAt: null, ...over };
}

function attemptView(over: Partial<AttemptView> = {}): AttemptView {
  return {
    ...summary({}),
    assessment: head,
    courseGuid: COURSE,
    lessonGuid: LESSON,
    questions: [studentQuestion(Q1, "QT_1", 4), studentQuestion(Q2, "QT_17", 6)],
    answers: [],
    attemptsLeft: 1,
    fileUrls: {},
    ...over,
  };
}

const saved = (call: ApiCall) => {
  const body = call.body as { seq: number };
  return ok({ questionGuid: call.path.split("/").pop(), seq: body.seq, savedAt: "2026-03-01T09:05:00.000Z", applied: true });
};
const savedReply = (call: ApiCall) => ({ status: 200, body: saved(call) });
const networkDown = () => {
  throw new TypeError("Failed to fetch");
};

/** The student resumes the attempt in progress (the page opens it at once). */
const resuming = (attempt: AttemptView = attemptView()): ApiRoutes => ({
  [MY_ATTEMPTS]: ok(myAttempts({ attempts: [submittedBefore, summary({})] })),
  [START]: ok(attempt),
  [putTo(Q1)]: savedReply,
  [putTo(Q2)]: savedReply,
  [SUBMIT]: ok({}),
});

let location: Location | undefined;
function Probe() {
  location = useLocation();
  return null;
}

function renderPage(api: ApiRoutes, { role = "student", search = "", language = "es" }: { role?: "student" | "teacher"; search?: string; language?: Language } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<Navigate to={`${PAGE}${search}`} replace />} />
        <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid" element={<AssessmentPage />} />
        <Route path="/results-assesment/:guid" element={<p>Página de resultados</p>} />
      </Routes>
      <Probe />
    </>,
    { auth: signedInAs(role), api, language },
  );
}

/** The attempt header's save status (a polite live region). */
const statusRegion = () => document.querySelector<HTMLElement>('[role="status"][aria-live="polite"][data-save-status]');

describe("Taking an assessment", () => {
  it("shows the start screen's facts and previous attempts, and starts an attempt", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ [MY_ATTEMPTS]: ok(myAttempts()), [START]: ok(attemptView()) });
    expect(await screen.findByRole("heading", { name: "Capitales de Europa" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Responde sin mirar el mapa.")).toBeInTheDocument();
    const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
    expect(fact("Preguntas")).toHaveTextContent("2");
    expect(fact("Puntuación máxima")).toHaveTextContent("10 puntos");
    expect(fact("Fecha límite")).toHaveTextContent(/30 de junio de 2026/);
    expect(fact("Intentos")).toHaveTextContent("1 de 3");
    expect(fact("Intentos restantes")).toHaveTextContent("2");

    const previous = screen.getByRole("heading", { name: "Intentos anteriores" }).parentElement as HTMLElement;
    expect(within(previous).getByText("Intento 1")).toBeInTheDocument();
    expect(within(previous).getByText("7,5 de 10 puntos")).toBeInTheDocument();
    expect(within(previous).getByRole("link", { name: "Ver resultados del intento 1" })).toHaveAttribute("href", `/results-assesment/${OLD_ATTEMPT}`);

    await user.click(screen.getByRole("button", { name: "Empezar un nuevo intento" }));
    expect(await screen.findByRole("heading", { name: "Pregunta 1 de 2" }, SLOW)).toBeInTheDocument();
    expect(api.callsTo(START)[0]?.body).toEqual({ courseGuid: COURSE });
    expect(screen.getByText("0 de 2 respondidas")).toBeInTheDocument();
    expect(screen.getByText("4 puntos")).toBeInTheDocument();
    expect(screen.getByText("¿Cuál es la capital de Francia?")).toBeInTheDocument();
  });

  it("says why a new attempt cannot start", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ [MY_ATTEMPTS]: ok(myAttempts({ canStart: false, attemptsLeft: 0 })), [START]: () => fail(409, "ATTEMPTS_EXHAUSTED") });
    const button = await screen.findByRole("button", { name: "Empezar un nuevo intento" }, SLOW);
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("Ya has usado todos los intentos.");
    await user.click(button);
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it("says when the teacher closed the assessment", async () => {
    renderPage({ [MY_ATTEMPTS]: ok(myAttempts({ canStart: false, attemptsLeft: 1, closedAt: "2026-03-02T09:30:00.000Z" })) });
    const button = await screen.findByRole("button", { name: "Empezar un nuevo intento" }, SLOW);
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("Tu profesor ha cerrado esta evaluación.");
  });

  it("shows a start the server refuses in the user's words", async () => {
    const user = userEvent.setup();
    renderPage({ [MY_ATTEMPTS]: ok(myAttempts()), [START]: () => fail(409, "ASSESSMENT_CLOSED") });
    await user.click(await screen.findByRole("button", { name: "Empezar un nuevo intento" }, SLOW));
    expect(await screen.findByRole("alert")).toHaveTextContent("La evaluación ya está cerrada");
  });

  it("autosaves a QT_1 and a QT_17 answer with idempotency keys and increasing seq", async () => {
    const user = userEvent.setup();
    const { api } = renderPage(resuming());
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    await waitFor(() => expect(api.callsTo(putTo(Q1))).toHaveLength(1));
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Guardado"));
    await user.click(screen.getByRole("radio", { name: "Roma" }));
    await waitFor(() => expect(api.callsTo(putTo(Q1))).toHaveLength(2));
    const q1 = api.callsTo(putTo(Q1));
    expect(q1.map((c) => c.body)).toEqual([
      { seq: 1, value: { type: "QT_1", answer: { choiceId: "p2m" } } },
      { seq: 2, value: { type: "QT_1", answer: { choiceId: "r9x" } } },
    ]);
    const keys = q1.map((c) => c.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).not.toBe(keys[0]);

    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    await user.type(await screen.findByRole("textbox", { name: "Pregunta 2" }, SLOW), "Lisboa");
    await waitFor(() => expect((api.callsTo(putTo(Q2)).at(-1)?.body as { value: unknown }).value).toEqual({ type: "QT_17", answer: { text: "Lisboa" } }));
    const seqs = api.callsTo(putTo(Q2)).map((c) => (c.body as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Guardado"));
    expect(screen.getByText("2 de 2 respondidas")).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeyOf(ATTEMPT))).toBeNull();
  });

  it("keeps an answer on the device while offline and sends it again, with the same key, after a reload", async () => {
    const user = userEvent.setup();
    const first = renderPage({ ...resuming(), [putTo(Q1)]: networkDown });
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    await waitFor(() =>
      expect(statusRegion()).toHaveTextContent("Sin conexión: tus respuestas se guardan en este dispositivo y se enviarán al volver la conexión"),
    );
    const failedKey = first.api.callsTo(putTo(Q1))[0]?.headers.get("idempotency-key");
    expect(window.localStorage.getItem(storageKeyOf(ATTEMPT))).toContain("p2m");
    expect(screen.getByRole("button", { name: "Pregunta 1, respondida" })).toBeInTheDocument();
    first.unmount();

    // Reload: the server never got it; the page shows the kept answer and sends it again.
    const second = renderPage(resuming());
    expect(await screen.findByRole("radio", { name: "París" }, SLOW)).toBeChecked();
    await waitFor(() => expect(second.api.callsTo(putTo(Q1))).toHaveLength(1));
    const retried = second.api.callsTo(putTo(Q1))[0];
    expect(retried?.headers.get("idempotency-key")).toBe(failedKey);
    expect(retried?.body).toEqual({ seq: 1, value: { type: "QT_1", answer: { choiceId: "p2m" } } });
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Guardado"));
    expect(window.localStorage.getItem(storageKeyOf(ATTEMPT))).toBeNull();
  });

  it("retries as soon as the browser is back online", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ ...resuming(), [putTo(Q1)]: networkDown });
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Sin conexión"));
    // Leaving the page now would lose nothing, but the browser still asks first.
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    api.set({ [putTo(Q1)]: savedReply });
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Guardado"));
    const calls = api.callsTo(putTo(Q1));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get("idempotency-key")).toBe(calls[0]?.headers.get("idempotency-key"));
    const leavingSaved = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leavingSaved);
    expect(leavingSaved.defaultPrevented).toBe(false);
  });

  it("shows an answer the server refuses next to its question, and does not retry it", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ ...resuming(), [putTo(Q1)]: () => fail(422, "VALIDATION_ERROR") });
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Esta respuesta no se ha guardado: Hay datos que no son válidos. Revísalos e inténtalo de nuevo.",
    );
    expect(statusRegion()).toHaveTextContent("Alguna respuesta no se ha podido guardar");
    expect(screen.getByRole("button", { name: "Pregunta 1, respuesta no guardada" })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeyOf(ATTEMPT))).toBeNull();
    expect(api.callsTo(putTo(Q1))).toHaveLength(1);
  });

  it("navigates with the question buttons and keeps the current question in ?q=", async () => {
    const user = userEvent.setup();
    const answered = attemptView({ answers: [{ questionGuid: Q1, value: { type: "QT_1", answer: { choiceId: "p2m" } }, seq: 3, savedAt: "2026-03-01T09:01:00.000Z" }] });
    renderPage(resuming(answered), { search: "?q=2" });
    expect(await screen.findByRole("heading", { name: "Pregunta 2 de 2" }, SLOW)).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Preguntas" });
    expect(within(nav).getByRole("button", { name: "Pregunta 2, sin responder" })).toHaveAttribute("aria-current", "step");
    expect(screen.getByText("1 de 2 respondidas")).toBeInTheDocument();

    await user.click(within(nav).getByRole("button", { name: "Pregunta 1, respondida" }));
    const heading = await screen.findByRole("heading", { name: "Pregunta 1 de 2" });
    expect(location?.search).toBe("?q=1");
    expect(heading).toHaveFocus();
    expect(within(nav).getByRole("button", { name: "Pregunta 1, respondida" })).toHaveAttribute("aria-current", "step");
    expect(screen.getByRole("radio", { name: "París" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Anterior" })).toBeDisabled();
  });

  it("hands in after confirming: saves first, then submits and goes to the results", async () => {
    const user = userEvent.setup();
    const { api } = renderPage(resuming());
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    await user.click(screen.getAllByRole("button", { name: "Entregar" })[0] as HTMLElement);
    const dialog = await findDialog("¿Entregar el intento?");
    expect(dialog).toHaveTextContent("Te queda 1 pregunta sin responder.");
    await user.click(dialogButton(dialog, "Entregar"));
    await waitFor(() => expect(location?.pathname).toBe(`/results-assesment/${ATTEMPT}`), SLOW);
    expect(api.callsTo(SUBMIT)).toHaveLength(1);
    expect(api.callsTo(putTo(Q1))).toHaveLength(1);
    expect(api.calls.indexOf(api.callsTo(putTo(Q1))[0] as ApiCall)).toBeLessThan(api.calls.indexOf(api.callsTo(SUBMIT)[0] as ApiCall));
  });

  it("does not hand in while offline, and hands in on Retry once the answers are saved", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ ...resuming(), [putTo(Q1)]: networkDown });
    await user.click(await screen.findByRole("radio", { name: "París" }, SLOW));
    await waitFor(() => expect(statusRegion()).toHaveTextContent("Sin conexión"));
    await user.click(screen.getAllByRole("button", { name: "Entregar" })[0] as HTMLElement);
    const dialog = await findDialog("¿Entregar el intento?");
    await user.click(dialogButton(dialog, "Entregar"));
    expect(await within(dialog).findByText(/No se puede entregar sin conexión/)).toBeInTheDocument();
    expect(api.callsTo(SUBMIT)).toHaveLength(0);

    api.set({ [putTo(Q1)]: savedReply });
    await user.click(dialogButton(dialog, "Reintentar"));
    await waitFor(() => expect(location?.pathname).toBe(`/results-assesment/${ATTEMPT}`), SLOW);
    expect(api.callsTo(SUBMIT)).toHaveLength(1);
  });

  it("shows teachers the assessment's overview instead", async () => {
    const detail: AssessmentDetail = {
      guid: ASSESSMENT,
      title: "Capitales de Europa",
      description: "",
      settings: head.settings,
      maxScore: 10,
      questions: [],
      editable: false,
    };
    const { api } = renderPage({ [`GET /api/cms/assessments/${ASSESSMENT}`]: ok(detail), [MY_ATTEMPTS]: ok(myAttempts()) }, { role: "teacher" });
    expect(await screen.findByRole("heading", { name: "Capitales de Europa" }, SLOW)).toBeInTheDocument();
    expect(api.callsTo(MY_ATTEMPTS)).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /Empezar/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole("link").some((a) => a.getAttribute("href") === `/course/${COURSE}/lesson/${LESSON}/results-assessment/${ASSESSMENT}`)).toBe(true);
  });

  it("speaks English: start screen with unlimited attempts", async () => {
    renderPage(
      { [MY_ATTEMPTS]: ok(myAttempts({ attempts: [], attemptsLeft: null, assessment: { ...head, settings: { ...head.settings, maxAttempts: null, dueAt: null } } })) },
      { language: "en" },
    );
    expect(await screen.findByRole("button", { name: "Start" }, SLOW)).toBeEnabled();
    const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
    expect(fact("Attempts")).toHaveTextContent("0 (unlimited)");
    expect(fact("Due date")).toHaveTextContent("No due date");
    expect(fact("Maximum score")).toHaveTextContent("10 points");
    expect(screen.queryByText("Previous attempts")).not.toBeInTheDocument();
  });
});
