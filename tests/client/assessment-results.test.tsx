import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import type { AttemptResult, AttemptSummary, ClassResults, IndividualResults, QuestionResult } from "../../src/contracts/assessments";
import type { Language } from "../../src/contracts/common";
import type { QuestionType } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import type { AuthRecord } from "../../src/client/features/auth/authStorage";
import { AttemptResultPage, ClassResultsPage, IndividualResultsPage } from "../../src/client/features/questions/pages/AssessmentResultsPages";
import { fail, ok, type ApiRoutes } from "../support/client-api";
import { fixtureQuestion, QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderWithProviders, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const LESSON = "11111111-1111-4111-8111-111111111111";
const ASSESSMENT = "22222222-2222-4222-8222-222222222222";
const ATTEMPT = "33333333-3333-4333-8333-333333333333";
const ATTEMPT_1 = "33333333-3333-4333-8333-000000000001";
const LUCIA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PABLO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const ANA = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const Q1 = "44444444-4444-4444-8444-000000000001";
const Q2 = "44444444-4444-4444-8444-000000000002";
const Q3 = "44444444-4444-4444-8444-000000000003";
const SLOW = { timeout: 8000 };

const HEAD: AttemptResult["assessment"] = {
  guid: ASSESSMENT,
  title: "Examen de geografía",
  description: "",
  settings: { maxAttempts: 2, showAnswers: "after_submit", shuffleQuestions: false, dueAt: null },
  questionCount: 3,
  maxScore: 7,
};

/** A result of the fixture question of a type, built as the server would send it. */
function questionResult(type: QuestionType, guid: string, over: Partial<QuestionResult> & { answered?: "right" | "wrong" | null } = {}): QuestionResult {
  const { answered = "right", ...rest } = over;
  const fixture = fixtureQuestion(type);
  const answers = QUESTION_FIXTURES[type] as { right: unknown; wrong?: unknown };
  return {
    question: {
      guid,
      type,
      prompt: fixture.prompt,
      points: fixture.points,
      media: fixture.media ?? [],
      data: toStudentData(type, fixture.data as never, guid),
    },
    solution: fixture.data,
    answer: answered === null ? null : { type, answer: answered === "right" ? answers.right : answers.wrong },
    outcome: "scored",
    score: fixture.points,
    maxScore: fixture.points,
    correct: true,
    parts: [],
    feedback: null,
    kcs: fixture.kcs,
    ...rest,
  } as QuestionResult;
}

function attemptResult(over: Partial<AttemptResult> = {}): AttemptResult {
  return {
    guid: ATTEMPT,
    number: 2,
    status: "submitted",
    startedAt: "2026-02-03T09:30:00.000Z",
    submittedAt: "2026-02-03T10:15:00.000Z",
    score: 1,
    maxScore: 7,
    pendingGrading: 1,
    assessment: HEAD,
    courseGuid: COURSE,
    lessonGuid: LESSON,
    student: { guid: LUCIA, firstName: "Lucía", lastName: "Martín" },
    showsSolutions: true,
    canGrade: false,
    grade: null,
    fileUrls: {},
    questions: [
      questionResult("QT_1", Q1, { parts: [{ id: "p2m", correct: true }] }),
      questionResult("QT_1", Q2, { answered: "wrong", score: 0, correct: false, parts: [{ id: "c7k", correct: false }] }),
      questionResult("QT_18", Q3, { outcome: "needs_grading", score: null, correct: null }),
    ],
    ...over,
  };
}

/** Renders one page at `path` through its route, as the app's route table does. */
function renderAt(path: string, routePath: string, page: ReactNode, options: { api: ApiRoutes; auth: AuthRecord; language?: Language }) {
  return renderWithProviders(
    <Routes>
      <Route path={routePath} element={page} />
      <Route path="*" element={<Navigate to={path} replace />} />
    </Routes>,
    options,
  );
}

const renderAttempt = (result: AttemptResult | ReturnType<typeof fail>, auth = signedInAs("student", { guid: LUCIA })) =>
  renderAt(`/results-assesment/${ATTEMPT}`, "/results-assesment/:guid", <AttemptResultPage />, {
    auth,
    api: { [`GET /api/front/attempts/${ATTEMPT}/result`]: "status" in result && typeof result.status === "number" ? () => result : ok(result) },
  });

const summary = (row: AttemptSummary["status"], over: Partial<AttemptSummary>): AttemptSummary => ({
  guid: ATTEMPT,
  number: 1,
  status: row,
  startedAt: "2026-02-03T09:30:00.000Z",
  submittedAt: row === "submitted" ? "2026-02-03T10:15:00.000Z" : null,
  score: null,
  maxScore: 10,
  pendingGrading: 0,
  ...over,
});

function classResults(): ClassResults {
  return {
    assessment: { ...HEAD, maxScore: 10 },
    course: { guid: COURSE, name: "Geografía 1º ESO A" },
    lessonGuid: LESSON,
    rows: [
      { student: { guid: PABLO, firstName: "Pablo", lastName: "Ruiz" }, attempts: 1, attempt: summary("in_progress", {}), grade: null },
      { student: { guid: LUCIA, firstName: "Lucía", lastName: "Martín" }, attempts: 2, attempt: summary("submitted", { score: 7.5, pendingGrading: 1 }), grade: null },
      { student: { guid: ANA, firstName: "Ana", lastName: "Gil" }, attempts: 1, attempt: summary("submitted", { score: 9, pendingGrading: 0 }), grade: 9 },
    ],
    questions: [
      { guid: Q1, type: "QT_1", prompt: "¿Cuál es la capital de Francia?", kcs: ["GEO.EU.CAPITALS"], answered: 2, fullyCorrect: 1, averageFraction: 2 / 3, pendingGrading: 0 },
      { guid: Q3, type: "QT_18", prompt: "Describe tu estación \\(x^2\\) favorita.", kcs: [], answered: 1, fullyCorrect: 0, averageFraction: null, pendingGrading: 1 },
    ],
  };
}

const CLASS_PATH = `/course/${COURSE}/lesson/${LESSON}/results-assessment/${ASSESSMENT}`;
const renderClass = (data: ClassResults) =>
  renderAt(CLASS_PATH, "/course/:guid/lesson/:lessonGuid/results-assessment/:assessmentGuid", <ClassResultsPage />, {
    auth: signedInAs("teacher"),
    api: { [`GET /api/front/assessments/${ASSESSMENT}/results`]: ok(data) },
  });

/** The cells of the row whose first cell holds `text` (row names are not computed: formulas render MathML). */
const cellsOf = (table: HTMLElement, text: RegExp) => {
  const row = within(table)
    .getAllByRole("row")
    .find((r) => text.test(within(r).queryAllByRole("cell")[0]?.textContent ?? "") || text.test(within(r).queryAllByRole("cell")[2]?.textContent ?? ""));
  if (!row) throw new Error(`no row ${String(text)}`);
  return within(row).getAllByRole("cell");
};

describe("Class results", () => {
  it("summarises the class, lists every student with a link to their detail, and shows per-question stats", async () => {
    const { api, i18n } = renderClass(classResults());
    expect(await screen.findByRole("heading", { level: 1, name: "Resultados: Examen de geografía" }, SLOW)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/front/assessments/${ASSESSMENT}/results`)[0]?.query.get("courseGuid")).toBe(COURSE);

    const facts = screen.getByLabelText("Resumen de la clase");
    expect(facts).toHaveTextContent("Estudiantes3");
    expect(facts).toHaveTextContent("Entregadas2");
    // Only graded attempts count for the average: Ana's 9.
    expect(facts).toHaveTextContent("Nota media9,0");
    expect(facts).toHaveTextContent("Respuestas por corregir1");

    const table = screen.getByRole("table", { name: "Resultados de los estudiantes en Examen de geografía" });
    expect(within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual([
      "Ana Gil",
      "Lucía Martín",
      "Pablo Ruiz",
    ]);
    const lucia = cellsOf(table, /Lucía Martín/);
    expect(lucia[1]).toHaveTextContent("2");
    expect(lucia[2]).toHaveTextContent("Entregada");
    expect(lucia[3]).toHaveTextContent("7,5 / 10 puntos");
    expect(lucia[4]).toHaveTextContent("—");
    expect(lucia[5]).toHaveTextContent("1 por corregir");
    expect(lucia[6]?.querySelector("time")).toHaveAttribute("datetime", "2026-02-03T10:15:00.000Z");
    expect(within(table).getByRole("link", { name: "Lucía Martín" })).toHaveAttribute(
      "href",
      `/results-assesment-individual/course/${COURSE}/${ASSESSMENT}/user/${LUCIA}`,
    );
    expect(cellsOf(table, /Ana Gil/)[4]).toHaveTextContent("9,0");
    expect(cellsOf(table, /Pablo Ruiz/)[2]).toHaveTextContent("En curso");
    expect(cellsOf(table, /Pablo Ruiz/)[3]).toHaveTextContent("—");

    const questions = screen.getByRole("table", { name: "Resultados por pregunta" });
    const first = cellsOf(questions, /capital de Francia/);
    expect(first.map((c) => c.textContent)).toEqual([
      "1",
      i18n.t("questions:authoring.types.QT_1.name"),
      "¿Cuál es la capital de Francia?",
      "GEO.EU.CAPITALS",
      "2",
      "1",
      expect.stringMatching(/^67\s?%$/),
      "0",
    ]);
    const second = within(questions).getAllByRole("row")[2] as HTMLElement;
    expect(within(second).getAllByRole("cell")[6]).toHaveTextContent("—");
    expect(within(second).getAllByRole("cell")[7]).toHaveTextContent("1");
    expect(screen.getByRole("link", { name: "Volver a la lección" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
  });

  it("shows an empty state when nobody has an attempt", async () => {
    const data = classResults();
    data.rows = data.rows.map((r) => ({ ...r, attempts: 0, attempt: null, grade: null }));
    renderClass(data);
    expect(await screen.findByText("Todavía no hay resultados", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("Attempt result", () => {
  it("shows the score, each question's mark and the right answer, and what waits for the teacher", async () => {
    renderAttempt(attemptResult());
    expect(await screen.findByRole("heading", { level: 1, name: "Resultado: Examen de geografía" }, SLOW)).toBeInTheDocument();
    const facts = screen.getByLabelText("Resumen del intento");
    expect(facts).toHaveTextContent("1 / 7 puntos");
    expect(facts).toHaveTextContent("Pendiente de corrección (1 respuesta por corregir)");

    const first = screen.getByRole("article", { name: "Pregunta 1" });
    expect(within(first).getByText("Correcta · 1 de 1 punto")).toBeInTheDocument();
    const paris = await within(first).findByText("París", undefined, SLOW);
    const parisItem = paris.closest("li") as HTMLElement;
    expect(parisItem).toHaveTextContent("Tu respuesta");
    expect(parisItem).toHaveTextContent("Respuesta correcta");

    const second = screen.getByRole("article", { name: "Pregunta 2" });
    expect(within(second).getByText("Incorrecta · 0 de 1 punto")).toBeInTheDocument();
    const madrid = (await within(second).findByText("Madrid", undefined, SLOW)).closest("li") as HTMLElement;
    expect(madrid).toHaveTextContent("Tu respuesta");
    expect(madrid).not.toHaveTextContent("Respuesta correcta");
    expect(within(second).getByText("París").closest("li")).toHaveTextContent("Respuesta correcta");

    const third = screen.getByRole("article", { name: "Pregunta 3" });
    expect(within(third).getByText("Pendiente de corrección · vale 5 puntos")).toBeInTheDocument();
    expect(await within(third).findByText(QUESTION_FIXTURES.QT_18.right.text, undefined, SLOW)).toBeInTheDocument();
    // No grading for the student; a way to report an error in each question.
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /informar/i })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Volver a la lección" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
  });

  it("names the answers 'Respuesta del alumno' for a teacher reading a student's attempt, never 'Tu respuesta'", async () => {
    renderAttempt(attemptResult(), signedInAs("teacher"));
    const first = await screen.findByRole("article", { name: "Pregunta 1" }, SLOW);
    const paris = (await within(first).findByText("París", undefined, SLOW)).closest("li") as HTMLElement;
    expect(paris).toHaveTextContent("Respuesta del alumno");
    expect(screen.getByText("Lucía Martín")).toBeInTheDocument();
    expect(screen.queryByText(/Tu respuesta/)).not.toBeInTheDocument();
  });

  it("shows no solution while the answers are hidden, and says when they will show", async () => {
    const questions = attemptResult().questions.map((q) => ({ ...q, solution: null }) as QuestionResult);
    renderAttempt(
      attemptResult({ showsSolutions: false, questions, assessment: { ...HEAD, settings: { ...HEAD.settings, showAnswers: "after_due", dueAt: null } } }),
    );
    expect(await screen.findByText("Las respuestas correctas se mostrarán después de la fecha límite o cuando tu profesor cierre la evaluación.", undefined, SLOW)).toBeInTheDocument();
    const second = screen.getByRole("article", { name: "Pregunta 2" });
    expect(await within(second).findByText("Madrid", undefined, SLOW)).toBeInTheDocument();
    expect(within(second).getByText("Incorrecta · 0 de 1 punto")).toBeInTheDocument();
    expect(screen.queryByText("Respuesta correcta")).not.toBeInTheDocument();
  });

  it("shows the grade once everything is graded, with the teacher's feedback, partial credit and unanswered questions", async () => {
    const [a, b, c] = attemptResult().questions as [QuestionResult, QuestionResult, QuestionResult];
    const partial = questionResult("QT_2", "44444444-4444-4444-8444-000000000004", {
      answer: { type: "QT_2", answer: QUESTION_FIXTURES.QT_2.partial?.answer ?? { choiceIds: [] } },
      score: 1.33,
      correct: false,
      parts: [{ id: "h3a", correct: true }, { id: "q8d", correct: true }, { id: "v5n", correct: false }],
    });
    const unanswered = questionResult("QT_3", "44444444-4444-4444-8444-000000000005", { answered: null, outcome: "unanswered", score: 0, correct: false });
    renderAttempt(
      attemptResult({
        score: 5.83,
        maxScore: 10,
        pendingGrading: 0,
        grade: 5.8,
        questions: [a, b, { ...c, outcome: "graded", score: 3.5, feedback: "Muy bien descrita." }, partial, unanswered],
      }),
    );
    const facts = (await screen.findByText("Nota (0-10)", undefined, SLOW)).closest("dl") as HTMLElement;
    expect(facts).toHaveTextContent("Nota (0-10)5,8");
    expect(facts).toHaveTextContent("5,83 / 10 puntos");
    expect(facts).not.toHaveTextContent("Pendiente de corrección");
    const third = screen.getByRole("article", { name: "Pregunta 3" });
    expect(within(third).getByText("Corregida · 3,5 de 5 puntos")).toBeInTheDocument();
    expect(within(third).getByText("Comentario del docente")).toBeInTheDocument();
    expect(within(third).getByText("Muy bien descrita.")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Pregunta 4" })).getByText("Parcialmente correcta · 1,33 de 2 puntos")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Pregunta 5" })).getByText("Sin responder · 0 de 1 punto")).toBeInTheDocument();
  });

  it("shows the server's refusal as the app's error state", async () => {
    renderAttempt(fail(403, "FORBIDDEN"));
    const alert = await screen.findByRole("alert", undefined, SLOW);
    expect(alert).toHaveTextContent(/permiso/i);
    expect(within(alert).getByRole("button")).toBeInTheDocument();
  });
});

const INDIVIDUAL_PATH = `/results-assesment-individual/course/${COURSE}/${ASSESSMENT}/user/${LUCIA}`;
const INDIVIDUAL_API = `GET /api/front/assessments/${ASSESSMENT}/results/users/${LUCIA}`;
const GRADE_API = `PUT /api/front/attempts/${ATTEMPT}/answers/${Q3}/grade`;

function teacherAttempt(over: Partial<AttemptResult> = {}): AttemptResult {
  return attemptResult({ canGrade: true, ...over });
}

function renderIndividual(api: ApiRoutes, language: Language = "es") {
  return renderAt(INDIVIDUAL_PATH, "/results-assesment-individual/course/:courseGuid/:assessmentGuid/user/:userGuid", <IndividualResultsPage />, {
    auth: signedInAs("teacher"),
    language,
    api,
  });
}

const attempts: AttemptSummary[] = [
  summary("submitted", { guid: ATTEMPT_1, number: 1, score: 0, maxScore: 7 }),
  summary("submitted", { guid: ATTEMPT, number: 2, score: 1, maxScore: 7, pendingGrading: 1 }),
];

describe("Individual results and grading", () => {
  it("lets a teacher grade a long-text answer and shows the new grade", async () => {
    const user = userEvent.setup();
    const graded = teacherAttempt({ score: 5, pendingGrading: 0, grade: 7.1 });
    graded.questions[2] = { ...(graded.questions[2] as QuestionResult), outcome: "graded", score: 4, feedback: "Good description" };
    let current = teacherAttempt();
    const { api } = renderIndividual(
      {
        [INDIVIDUAL_API]: () => ({ body: ok<IndividualResults>({ student: current.student, attempts, result: current }) }),
        [GRADE_API]: () => {
          current = graded;
          return { body: ok(graded) };
        },
      },
      "en",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Lucía Martín" }, SLOW)).toBeInTheDocument();
    const third = screen.getByRole("article", { name: "Question 3" });
    // The student's long text is there to read.
    expect(await within(third).findByText(QUESTION_FIXTURES.QT_18.right.text, undefined, SLOW)).toBeInTheDocument();
    // Only open answers get a grading form.
    expect(within(screen.getByRole("article", { name: "Question 1" })).queryByRole("form")).not.toBeInTheDocument();
    // The teacher reads the student's answer, not "your answer".
    expect(within(screen.getByRole("article", { name: "Question 1" })).getByText("París").closest("li")).toHaveTextContent("Student's answer");
    expect(screen.queryByText(/Your answer/)).not.toBeInTheDocument();

    const form = within(third).getByRole("form", { name: "Grade question 3" });
    await user.type(within(form).getByRole("spinbutton", { name: /Score \(0 to 5\)/ }), "4");
    await user.type(within(form).getByRole("textbox", { name: /Feedback for the student/ }), "Good description");
    const save = within(form).getByRole("button", { name: "Save grade" });
    await user.click(save);

    await waitFor(() => expect(api.callsTo(GRADE_API)).toHaveLength(1));
    expect(api.callsTo(GRADE_API)[0]?.body).toEqual({ score: 4, feedback: "Good description" });
    expect((await screen.findAllByText("Grade of question 3 saved"))[0]).toBeInTheDocument();
    expect(await within(third).findByText("Graded · 4 of 5 points")).toBeInTheDocument();
    expect(within(third).getByText("Teacher's feedback")).toBeInTheDocument();
    const facts = screen.getByLabelText("Attempt summary");
    expect(facts).toHaveTextContent("Grade (0-10)7.1");
    expect(facts).toHaveTextContent("5 / 7 points");
    // The form now changes the grade it shows.
    const again = within(third).getByRole("form", { name: "Change the grade of question 3" });
    expect(within(again).getByRole("spinbutton")).toHaveValue(4);
    expect(within(again).getByRole("textbox")).toHaveValue("Good description");
    expect(within(again).getByRole("button", { name: "Save grade" })).toHaveFocus();
  });

  it("refuses an out-of-range score before sending, and shows a refused save translated", async () => {
    const user = userEvent.setup();
    const { api } = renderIndividual({
      [INDIVIDUAL_API]: ok<IndividualResults>({ student: attemptResult().student, attempts, result: teacherAttempt() }),
      [GRADE_API]: () => fail(403, "FORBIDDEN"),
    });
    const form = await screen.findByRole("form", { name: "Corregir la pregunta 3" }, SLOW);
    const score = within(form).getByRole("spinbutton", { name: /Puntuación \(de 0 a 5\)/ });
    await user.type(score, "7");
    await user.click(within(form).getByRole("button", { name: "Guardar la corrección" }));
    expect(await within(form).findByText("La puntuación debe estar entre 0 y 5.")).toBeInTheDocument();
    expect(score).toHaveFocus();
    expect(score).toHaveAttribute("aria-invalid", "true");
    await user.click(within(form).getByRole("button", { name: "Guardar la corrección" }));
    expect(api.callsTo(GRADE_API)).toHaveLength(0);

    await user.clear(score);
    await user.type(score, "2.5");
    await user.click(within(form).getByRole("button", { name: "Guardar la corrección" }));
    await waitFor(() => expect(api.callsTo(GRADE_API)).toHaveLength(1));
    expect(api.callsTo(GRADE_API)[0]?.body).toEqual({ score: 2.5, feedback: "" });
    expect(await within(form).findByRole("alert")).toHaveTextContent(/permiso/i);
  });

  it("switches attempts with the picker, asking for the chosen one", async () => {
    const user = userEvent.setup();
    const first = attemptResult({ guid: ATTEMPT_1, number: 1, score: 0, pendingGrading: 0, grade: 0 });
    const { api } = renderIndividual({
      [INDIVIDUAL_API]: (call: { query: URLSearchParams }) => ({
        body: ok<IndividualResults>({
          student: first.student,
          attempts,
          result: call.query.get("attemptGuid") === ATTEMPT_1 ? first : teacherAttempt(),
        }),
      }),
    });
    const picker = await screen.findByRole("combobox", { name: "Intento" }, SLOW);
    expect(picker).toHaveValue(ATTEMPT);
    expect(within(picker).getAllByRole("option").map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Intento 1 · .+ · 0 \/ 7 puntos$/),
      expect.stringMatching(/^Intento 2 · .+ · 1 \/ 7 puntos · Pendiente de corrección$/),
    ]);
    await user.selectOptions(picker, ATTEMPT_1);
    await waitFor(() => expect(api.callsTo(INDIVIDUAL_API).some((c) => c.query.get("attemptGuid") === ATTEMPT_1)).toBe(true));
    const facts = await screen.findByLabelText("Resumen del intento");
    await waitFor(() => expect(facts).toHaveTextContent("Nota (0-10)0,0"));
    expect(api.callsTo(INDIVIDUAL_API)[0]?.query.get("courseGuid")).toBe(COURSE);
  });
});
