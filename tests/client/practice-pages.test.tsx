import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { PracticeActivity, PracticeSession, PracticeSummary, Recommendation } from "../../src/contracts/practice";
import { PracticeSetsPanel } from "../../src/client/features/practice/PracticeSetsPanel";
import { fail, ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

/*
 * The practice screens (issue 15, ADR 0035) against a scripted API: the player's two tries (a
 * rotating help message and the hint, then the solution), the summary asking again until the
 * learner model has caught up, the recommendation cards starting a session (and saying why not),
 * and the teacher's assign dialog refusing an incomplete set.
 */

const SESSION = "5e551011-0000-4000-8000-000000000001";
const A1 = "ac000001-0000-4000-8000-000000000001";
const A2 = "ac000002-0000-4000-8000-000000000002";
const Q1 = "9e000001-0000-4000-8000-000000000001";
const Q2 = "9e000002-0000-4000-8000-000000000002";
const COURSE = "c0c0c0c0-0000-4000-8000-000000000001";
const PABLO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const names = (es: string) => ({ es, ca: es, eu: es, en: es, pt: es });

const question = (guid: string, prompt: string) => ({
  guid,
  type: "QT_1" as const,
  prompt,
  points: 1,
  media: [],
  data: { choices: [{ id: "r8", text: "8" }, { id: "r6", text: "6" }] },
});
const activity = (over: Partial<PracticeActivity> & Pick<PracticeActivity, "activityInstanceId" | "exerciseId" | "position">): PracticeActivity => ({
  kc: "MAT.NUM.PLACE",
  state: "pending",
  tries: 0,
  question: question(over.exerciseId, `¿Pregunta ${over.position}?`),
  answer: null,
  hint: null,
  result: null,
  ...over,
});
const session = (activities: PracticeActivity[]): PracticeSession => ({
  guid: SESSION,
  state: "in_progress",
  challenge: "new",
  course: { guid: COURSE, name: "Matemáticas 1º ESO A", color: "#0f6cbd" },
  kcs: [{ code: "MAT.NUM.PLACE", names: names("Valor posicional de las cifras") }],
  assignmentGuid: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  startedAt: "2026-11-27T09:00:00.000Z",
  completedAt: null,
  activities,
});
const wrongAnswer = { type: "QT_1" as const, answer: { choiceId: "r8" } };

const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

describe("the practice player", () => {
  it("gives a help message and the hint after a wrong try, the solution after a second, then moves on", async () => {
    const user = userEvent.setup();
    const tries: unknown[] = [];
    const first = activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 });
    const retry: PracticeActivity = { ...first, state: "retry", tries: 1, answer: wrongAnswer, hint: "Cuenta los lugares desde la derecha." };
    const over: PracticeActivity = {
      ...first,
      state: "wrong",
      tries: 2,
      answer: wrongAnswer,
      result: {
        question: question(Q1, "¿Pregunta 1?"),
        solution: { choices: [{ id: "r8", text: "8", correct: false }, { id: "r6", text: "6", correct: true }] },
        answer: wrongAnswer,
        outcome: "scored",
        score: 0,
        maxScore: 1,
        correct: false,
        parts: [],
        feedback: "Cuenta los lugares desde la derecha.",
        kcs: ["MAT.NUM.PLACE"],
      },
    } as unknown as PracticeActivity;
    const api: ApiRoutes = {
      [`GET /api/front/practice/sessions/${SESSION}`]: ok(session([first, activity({ activityInstanceId: A2, exerciseId: Q2, position: 2 })])),
      [`PUT /api/front/practice/sessions/${SESSION}/activities/${A1}`]: (call: ApiCall) => {
        tries.push(call.body);
        return reply(200, ok(tries.length === 1 ? retry : over));
      },
    };
    const app = renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, { auth: signedInAs("student"), api });
    expect(await screen.findByRole("heading", { level: 2, name: "Actividad 1 de 2" })).toBeInTheDocument();

    // Checking with no answer asks for one and sends nothing.
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(screen.getByText("Responde antes de comprobar.")).toBeInTheDocument();
    expect(tries).toHaveLength(0);

    await user.click(screen.getByRole("radio", { name: "8" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("¡Casi! Revisa tu respuesta e inténtalo de nuevo.")).toBeInTheDocument();
    expect(screen.getByText("Pista: Cuenta los lugares desde la derecha.")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("No es correcto. Esta es la solución:")).toBeInTheDocument();
    expect(tries).toEqual([
      { answer: wrongAnswer, try: 1 },
      { answer: wrongAnswer, try: 2 },
    ]);
    expect(screen.queryByRole("button", { name: "Comprobar" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/activities/${A2}`));
    expect(await screen.findByRole("heading", { level: 2, name: "Actividad 2 de 2" })).toBeInTheDocument();
  });

  it("rotates the three help messages with the session's wrong tries", async () => {
    const done = activity({ activityInstanceId: A1, exerciseId: Q1, position: 1, state: "wrong", tries: 2, answer: wrongAnswer });
    const current = activity({ activityInstanceId: A2, exerciseId: Q2, position: 2, state: "retry", tries: 1, answer: wrongAnswer, hint: "Mira las centenas." });
    renderApp(`/activities/sessions/${SESSION}/activities/${A2}`, { auth: signedInAs("student"), api: { [`GET /api/front/practice/sessions/${SESSION}`]: ok(session([done, current])) } });
    // Three wrong tries so far: the third message.
    expect(await screen.findByText("Fíjate bien en el enunciado; puedes volver a intentarlo.")).toBeInTheDocument();
  });
});

describe("the summary", () => {
  it("asks again until the learner model has applied every answer, then shows each KC before and after", async () => {
    const summary = (complete: boolean): PracticeSummary => ({
      session: { ...session([]), state: "completed", completedAt: "2026-11-27T09:10:00.000Z" },
      activities: 6,
      right: 5,
      rightFirstTry: 4,
      kcs: complete
        ? [{ code: "MAT.NUM.PLACE", names: names("Valor posicional de las cifras"), answers: 6, right: 5, before: { known: 0.2, state: "not_started" }, after: { known: 0.91, state: "in_progress" } }]
        : [],
      complete,
    });
    let asked = 0;
    const app = renderApp(`/activities/sessions/${SESSION}/summary`, {
      auth: signedInAs("student"),
      api: {
        [`GET /api/front/practice/sessions/${SESSION}/summary`]: () => {
          asked++;
          return reply(200, ok(summary(asked > 2)));
        },
      },
    });
    expect(await screen.findByText("5 de 6 actividades correctas")).toBeInTheDocument();
    const row = await screen.findByRole("row", { name: /Valor posicional de las cifras/ }, { timeout: 4000 });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["5 de 6", "20\u00a0% (sin empezar)", "91\u00a0% (en progreso)(Sube)"]);
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText("Actualizando tu progreso…")).not.toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
  });
});

describe("the recommendation cards", () => {
  const card: Recommendation = {
    key: `new:${COURSE}:MAT.NUM.PLACE`,
    type: "new",
    titleIndex: 3,
    course: { guid: COURSE, name: "Matemáticas 1º ESO A", color: "#0f6cbd" },
    kcs: [{ code: "MAT.NUM.PLACE", names: names("Valor posicional de las cifras") }],
    known: 0,
    recall: null,
    assignment: null,
    sessionGuid: null,
  };
  const routes = (generate: ApiRoutes[string]): ApiRoutes => ({
    "GET /api/front/practice/recommendations": ok({ items: [card] }),
    "GET /api/front/practice/sessions": ok({ items: [] }),
    "POST /api/front/practice/activities-generation": generate,
  });

  it("start a session for the card's challenge and KCs and open its first activity", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const app = renderApp("/chatbot-practice", {
      auth: signedInAs("student"),
      api: routes((call: ApiCall) => {
        bodies.push(call.body);
        return reply(200, ok({ sessionId: SESSION, activities: [{ exerciseId: Q1, activityInstanceId: A1 }] }));
      }),
    });
    const item = (await screen.findByRole("heading", { name: "Entrena tu mente" })).closest("li") as HTMLElement;
    expect(within(item).getByText("Nuevo")).toBeInTheDocument();
    expect(within(item).getByText("Valor posicional de las cifras")).toBeInTheDocument();
    expect(screen.getByText("Todavía no has hecho ninguna práctica.")).toBeInTheDocument();
    expect(await violations(app.container)).toEqual([]);
    await user.click(within(item).getByRole("button", { name: /^Empezar/ }));
    await waitFor(() => expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/activities/${A1}`));
    expect(bodies).toEqual([{ courseGuid: COURSE, challenge: "new", kcs: ["MAT.NUM.PLACE"] }]);
  });

  it("say 'Failed to generate practice activity: {error}' when the bank has nothing", async () => {
    const user = userEvent.setup();
    renderApp("/chatbot-practice", { auth: signedInAs("student"), api: routes(() => fail(409, "PRACTICE_NO_ACTIVITIES")) });
    await user.click(await screen.findByRole("button", { name: /^Empezar/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No se ha podido generar la actividad de práctica: Todavía no hay preguntas de práctica para estas destrezas.",
    );
  });
});

describe("the teacher's practice sets", () => {
  it("refuse a set without KCs or without students, and send the chosen ones", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderWithProviders(<PracticeSetsPanel courseGuid={COURSE} />, {
      auth: signedInAs("teacher"),
      api: {
        [`GET /api/front/courses/${COURSE}/practice-assignments`]: ok({ items: [] }),
        [`GET /api/front/courses/${COURSE}/kcs`]: ok({ items: [{ code: "MAT.NUM.PLACE", names: names("Valor posicional de las cifras"), unitGuid: null, lessonGuids: [], mastery: null }] }),
        [`GET /api/front/courses/${COURSE}/members`]: ok({
          items: [{ guid: PABLO, firstName: "Pablo", lastName: "Sánchez", email: null, role: "student", joinedAt: "2026-09-01T00:00:00.000Z", isOwner: false }],
          myRole: "teacher",
        }),
        [`POST /api/front/courses/${COURSE}/practice-assignments`]: (call: ApiCall) => {
          posted.push(call.body);
          return reply(200, ok({ guid: SESSION, kcs: [], wholeClass: false, dueAt: null, createdAt: "2026-11-27T09:00:00.000Z", createdBy: "Lucía Martín", students: [] }));
        },
      },
    });
    expect(await screen.findByText("Todavía no has asignado ninguna práctica.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Asignar práctica" }));
    const dialog = await screen.findByRole("dialog", { name: "Asignar práctica" });
    await user.click(within(dialog).getByRole("button", { name: "Asignar" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Elige al menos un componente.");
    await user.click(await within(dialog).findByRole("checkbox", { name: "Valor posicional de las cifras (MAT.NUM.PLACE)" }));
    await user.click(within(dialog).getByRole("radio", { name: "Algunos estudiantes" }));
    await user.click(within(dialog).getByRole("button", { name: "Asignar" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Elige al menos un estudiante.");
    await user.click(await within(dialog).findByRole("checkbox", { name: "Pablo Sánchez" }));
    await user.click(within(dialog).getByRole("button", { name: "Asignar" }));
    await waitFor(() => expect(posted).toEqual([{ kcs: ["MAT.NUM.PLACE"], studentGuids: [PABLO], dueAt: null }]));
    expect(posted).toHaveLength(1);
  });
});
