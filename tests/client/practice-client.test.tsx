import fs from "node:fs";
import path from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { PracticeActivity, PracticeAssignment, PracticeSession, PracticeSessionItem, PracticeSummary } from "../../src/contracts/practice";
import { LANGUAGES } from "../../src/contracts/constants";
import { RECOMMENDATION_TITLE_COUNT } from "../../src/contracts/practice-base";
import { startNavigation } from "../../src/client/app/navigation";
import { makeStore } from "../../src/client/app/store";
import { baseApi } from "../../src/client/app/api";
import { PracticeSetsPanel } from "../../src/client/features/practice/PracticeSetsPanel";
import { changeOf, helpKey, resumeActivity, titleKey, wrongTriesOf } from "../../src/client/features/practice/practiceRules";
import { fail, ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

/*
 * The practice client beyond the happy paths of practice-pages.test.tsx: the rules the screens
 * share (rotating titles and help messages, where a session resumes), the player's error report,
 * focus and refusals, the summary taken from "complete", resuming from the recent sessions, the
 * spec's toast when a session cannot be generated, the teacher's list and delete, and the data the
 * home and a class page start at navigation.
 */

const SESSION = "5e551011-0000-4000-8000-000000000011";
const A1 = "ac000001-0000-4000-8000-000000000011";
const A2 = "ac000002-0000-4000-8000-000000000012";
const Q1 = "9e000001-0000-4000-8000-000000000011";
const Q2 = "9e000002-0000-4000-8000-000000000012";
const COURSE = "c0c0c0c0-0000-4000-8000-000000000011";
const SET = "5e7a5e70-0000-4000-8000-000000000011";
const PABLO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbb11";
const MARTA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaa11";
const names = (es: string) => ({ es, ca: es, eu: es, en: `${es} (en)`, pt: es });
const KC = { code: "MAT.NUM.PLACE", names: names("Valor posicional de las cifras") };

const question = (guid: string, prompt: string) => ({
  guid,
  type: "QT_1" as const,
  prompt,
  points: 1,
  media: [],
  data: { choices: [{ id: "r8", text: "8" }, { id: "r6", text: "6" }] },
});
const right = { type: "QT_1" as const, answer: { choiceId: "r6" } };
const wrong = { type: "QT_1" as const, answer: { choiceId: "r8" } };
const activity = (over: Partial<PracticeActivity> & Pick<PracticeActivity, "activityInstanceId" | "exerciseId" | "position">): PracticeActivity => ({
  kc: KC.code,
  state: "pending",
  tries: 0,
  question: question(over.exerciseId, `¿Pregunta ${over.position}?`),
  answer: null,
  hint: null,
  result: null,
  ...over,
});
/** An activity that is over, with its result as the server presents it (the solution, the question's feedback). */
const finished = (base: PracticeActivity, correct: boolean, tries: number): PracticeActivity => {
  const answer = correct ? right : wrong;
  return {
    ...base,
    state: correct ? "right" : "wrong",
    tries,
    answer,
    result: {
      question: question(base.exerciseId, base.question.prompt),
      solution: { choices: [{ id: "r8", text: "8" }, { id: "r6", text: "6", correct: true }] },
      answer,
      outcome: "scored",
      score: correct ? 1 : 0,
      maxScore: 1,
      correct,
      parts: [],
      feedback: correct ? "Seis decenas: 60." : "Las decenas son la segunda cifra por la derecha.",
      kcs: [KC.code],
    },
  } as unknown as PracticeActivity;
};
const session = (activities: PracticeActivity[], over: Partial<PracticeSession> = {}): PracticeSession => ({
  guid: SESSION,
  state: "in_progress",
  challenge: "review",
  course: { guid: COURSE, name: "Matemáticas 1º ESO A", color: "#0f6cbd" },
  kcs: [KC],
  assignmentGuid: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  startedAt: "2026-11-27T09:00:00.000Z",
  completedAt: null,
  activities,
  ...over,
});
const summary = (complete: boolean): PracticeSummary => {
  const { activities: _, ...head } = session([], { state: "completed", completedAt: "2026-11-27T09:10:00.000Z" });
  return {
    session: head,
    activities: 2,
    right: 1,
    rightFirstTry: 1,
    kcs: [{ ...KC, answers: 2, right: 1, before: { known: 0.62, state: "in_progress" }, after: { known: 0.55, state: "in_progress" } }],
    complete,
  };
};

const SESSION_URL = `/api/front/practice/sessions/${SESSION}`;
const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

describe("practice rules", () => {
  it("wraps any title index into the twelve rotating titles, each a distinct one in every language", () => {
    expect([0, 11, 12, 25, -1].map(titleKey)).toEqual(["titles.0", "titles.11", "titles.0", "titles.1", "titles.11"]);
    for (const lng of LANGUAGES) {
      const file = JSON.parse(fs.readFileSync(path.join(__dirname, `../../src/client/i18n/locales/${lng}/practice.json`), "utf8")) as { titles: string[]; help: string[] };
      expect({ lng, titles: new Set(file.titles).size }).toEqual({ lng, titles: RECOMMENDATION_TITLE_COUNT });
      expect({ lng, help: new Set(file.help).size }).toEqual({ lng, help: 3 });
    }
  });

  it("counts a session's wrong tries and turns the three help messages with them", () => {
    expect(wrongTriesOf({ state: "pending", tries: 0 })).toBe(0);
    expect(wrongTriesOf({ state: "retry", tries: 1 })).toBe(1);
    expect(wrongTriesOf({ state: "right", tries: 1 })).toBe(0);
    expect(wrongTriesOf({ state: "right", tries: 2 })).toBe(1);
    expect(wrongTriesOf({ state: "wrong", tries: 2 })).toBe(2);
    // The first wrong try of a session reads the first message, then they take turns.
    expect(helpKey([{ state: "retry", tries: 1 }])).toBe("help.0");
    expect(helpKey([{ state: "right", tries: 2 }, { state: "retry", tries: 1 }])).toBe("help.1");
    expect(helpKey([{ state: "wrong", tries: 2 }, { state: "retry", tries: 1 }])).toBe("help.2");
    expect(helpKey([{ state: "wrong", tries: 2 }, { state: "wrong", tries: 2 }])).toBe("help.0");
  });

  it("resumes at the first activity not over, else the last; says whether mastery went up or down", () => {
    const list = [{ id: 1, state: "right" as const }, { id: 2, state: "retry" as const }, { id: 3, state: "pending" as const }];
    expect(resumeActivity(list)?.id).toBe(2);
    expect(resumeActivity([{ id: 1, state: "wrong" as const }, { id: 2, state: "right" as const }])?.id).toBe(2);
    expect(resumeActivity([])).toBeUndefined();
    expect([changeOf(0.2, 0.5), changeOf(0.62, 0.55), changeOf(0.5, 0.503)]).toEqual(["up", "down", "same"]);
  });
});

describe("the practice player", () => {
  it("uses the help message of the session's rotation and says right answers with the question's feedback", async () => {
    const user = userEvent.setup();
    const first = finished(activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 }), false, 2);
    const second = activity({ activityInstanceId: A2, exerciseId: Q2, position: 2 });
    const api: ApiRoutes = {
      [`GET ${SESSION_URL}`]: ok(session([first, second])),
      [`PUT ${SESSION_URL}/activities/${A2}`]: () => reply(200, ok(finished(second, true, 1))),
    };
    const app = renderApp(`/activities/sessions/${SESSION}/activities/${A2}`, { auth: signedInAs("student"), api });
    expect(await screen.findByRole("heading", { level: 2, name: "Actividad 2 de 2" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Actividad 2 de 2" })).toBeInTheDocument();
    await user.click(await screen.findByRole("radio", { name: "6" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("¡Correcto!")).toBeInTheDocument();
    expect(screen.getByText("Seis decenas: 60.")).toBeInTheDocument();
    // The check that ended the activity took its button away: the focus is on what comes next.
    expect(screen.getByRole("button", { name: "Terminar" })).toHaveFocus();
    expect(app.api.callsTo(`PUT ${SESSION_URL}/activities/${A2}`).map((c) => c.body)).toEqual([{ answer: right, try: 1 }]);
    expect(await violations(app.container)).toEqual([]);
  });

  it("asks for an answer before checking without calling it an unsaved answer, and refuses nothing twice", async () => {
    const user = userEvent.setup();
    renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, {
      auth: signedInAs("student"),
      api: { [`GET ${SESSION_URL}`]: ok(session([activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 })])) },
    });
    await user.click(await screen.findByRole("button", { name: "Comprobar" }));
    expect(screen.getByText("Responde antes de comprobar.")).toBeInTheDocument();
    expect(screen.queryByText(/no se ha guardado/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "8" }));
    expect(screen.queryByText("Responde antes de comprobar.")).not.toBeInTheDocument();
  });

  it("shows the activity as it stands when it was already over (answered in another tab)", async () => {
    const user = userEvent.setup();
    const pending = activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 });
    let over = false;
    const api: ApiRoutes = {
      [`GET ${SESSION_URL}`]: () => reply(200, ok(session([over ? finished(pending, true, 1) : pending]))),
      [`PUT ${SESSION_URL}/activities/${A1}`]: () => {
        over = true;
        return fail(409, "PRACTICE_ACTIVITY_FINISHED");
      },
    };
    renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, { auth: signedInAs("student"), api });
    await user.click(await screen.findByRole("radio", { name: "6" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("¡Correcto!")).toBeInTheDocument();
    expect(screen.queryByText(/no se ha guardado/)).not.toBeInTheDocument();
  });

  it("reports an error in a question from its solution, with the exercise and the activity instance", async () => {
    const user = userEvent.setup();
    const over = finished(activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 }), false, 2);
    const app = renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, {
      auth: signedInAs("student"),
      api: {
        [`GET ${SESSION_URL}`]: ok(session([over, activity({ activityInstanceId: A2, exerciseId: Q2, position: 2 })])),
        "POST /api/front/error-reports": ok({ guid: SET }),
      },
    });
    expect(await screen.findByText("No es correcto. Esta es la solución:")).toBeInTheDocument();
    expect(screen.getByText("Incorrecta · 0 de 1 punto")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Informar de un error" }));
    const dialog = await findDialog("Informar de un error en el ejercicio", "dialog");
    await user.click(within(dialog).getByRole("radio", { name: "La solución es incorrecta", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Enviar", hidden: true }));
    await waitFor(() => expect(app.api.callsTo("POST /api/front/error-reports")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/front/error-reports")[0]?.body).toMatchObject({ exerciseId: Q1, activityInstanceId: A1, errorTypeId: "wrong_solution" });
  });

  it("finishes the last activity: complete, then the summary from its answer without asking again", async () => {
    const user = userEvent.setup();
    const done = finished(activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 }), true, 1);
    const app = renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, {
      auth: signedInAs("student"),
      api: {
        [`GET ${SESSION_URL}`]: ok(session([done])),
        [`POST ${SESSION_URL}/complete`]: ok(summary(true)),
        [`GET ${SESSION_URL}/summary`]: ok(summary(true)),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Terminar" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/summary`));
    expect(await screen.findByText("1 de 2 actividades correctas")).toBeInTheDocument();
    const row = screen.getByRole("row", { name: /Valor posicional de las cifras/ });
    expect(within(row).getByText("(Baja)")).toBeInTheDocument();
    expect(app.api.callsTo(`GET ${SESSION_URL}/summary`)).toHaveLength(0);
  });

  it("says why a session cannot be finished", async () => {
    const user = userEvent.setup();
    const done = finished(activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 }), true, 1);
    const app = renderApp(`/activities/sessions/${SESSION}/activities/${A1}`, {
      auth: signedInAs("student"),
      api: { [`GET ${SESSION_URL}`]: ok(session([done])), [`POST ${SESSION_URL}/complete`]: () => fail(409, "PRACTICE_SESSION_INCOMPLETE") },
    });
    await user.click(await screen.findByRole("button", { name: "Terminar" }));
    expect(await screen.findByText("Aún quedan actividades por responder en esta práctica.")).toBeInTheDocument();
    expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/activities/${A1}`);
  });
});

describe("the summary", () => {
  it("toasts 'Failed to generate practice activity' when practising again fails", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/activities/sessions/${SESSION}/summary`, {
      auth: signedInAs("student"),
      api: {
        [`GET ${SESSION_URL}/summary`]: ok(summary(true)),
        "POST /api/front/practice/activities-generation": () => fail(409, "PRACTICE_NO_ACTIVITIES"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Practicar otra vez" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No se ha podido generar la actividad de práctica: Todavía no hay preguntas de práctica para estas destrezas.",
    );
    expect(app.api.callsTo("POST /api/front/practice/activities-generation")[0]?.body).toEqual({ courseGuid: COURSE, challenge: "review", kcs: [KC.code] });
    expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/summary`);
  });
});

describe("the practice page", () => {
  const item = (over: Partial<PracticeSessionItem>): PracticeSessionItem => {
    const { activities: _, ...head } = session([]);
    return { ...head, activities: 2, right: 1, ...over };
  };

  it("resumes an unfinished session at its first activity not over, and links a completed one to its summary", async () => {
    const user = userEvent.setup();
    const DONE = "5e551011-0000-4000-8000-0000000000d0";
    const app = renderApp("/chatbot-practice", {
      auth: signedInAs("student"),
      api: {
        "GET /api/front/practice/recommendations": ok({ items: [] }),
        "GET /api/front/practice/sessions": ok({ items: [item({}), item({ guid: DONE, state: "completed", completedAt: "2026-11-26T10:00:00.000Z" })] }),
        [`GET ${SESSION_URL}`]: ok(session([finished(activity({ activityInstanceId: A1, exerciseId: Q1, position: 1 }), true, 1), activity({ activityInstanceId: A2, exerciseId: Q2, position: 2 })])),
      },
    });
    expect(await screen.findByRole("link", { name: "Ver resumen" })).toHaveAttribute("href", `/activities/sessions/${DONE}/summary`);
    // Sessions are not read until one is resumed.
    expect(app.api.callsTo(`GET ${SESSION_URL}`)).toHaveLength(0);
    expect(await violations(app.container)).toEqual([]);
    await user.click(screen.getByRole("button", { name: /^Continuar/ }));
    await waitFor(() => expect(app.location().pathname).toBe(`/activities/sessions/${SESSION}/activities/${A2}`));
  });

  it("offers Retry when the cards cannot be loaded", async () => {
    const user = userEvent.setup();
    let down = true;
    renderApp("/chatbot-practice", {
      auth: signedInAs("student"),
      api: {
        "GET /api/front/practice/recommendations": () => (down ? fail(500, "INTERNAL_ERROR") : reply(200, ok({ items: [] }))),
        "GET /api/front/practice/sessions": ok({ items: [] }),
      },
    });
    // The route's first load (its chunk, then the failed call) may take a while on a busy machine.
    expect(await screen.findByText("No se han podido cargar tus recomendaciones: Se ha producido un error", {}, { timeout: 10_000 })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText(/No hay recomendaciones ahora mismo/)).toBeInTheDocument();
  });
});

describe("the teacher's practice sets", () => {
  const set: PracticeAssignment = {
    guid: SET,
    kcs: [KC],
    wholeClass: false,
    dueAt: "2026-12-04T22:59:00.000Z",
    createdAt: "2026-11-27T09:00:00.000Z",
    createdBy: "Lucía Martín",
    students: [
      { guid: MARTA, firstName: "Marta", lastName: "López", state: "completed", right: 5, activities: 6, completedAt: "2026-11-28T09:00:00.000Z" },
      { guid: PABLO, firstName: "Pablo", lastName: "Sánchez", state: "not_started", right: 0, activities: 0, completedAt: null },
    ],
  };
  const SETS = `/api/front/courses/${COURSE}/practice-assignments`;

  it("lists each set's KCs, who it is for, its due date and each student's state, and deletes one after confirming", async () => {
    const user = userEvent.setup();
    let deleted = false;
    const { api, container } = renderWithProviders(<PracticeSetsPanel courseGuid={COURSE} />, {
      auth: signedInAs("teacher"),
      api: {
        [`GET ${SETS}`]: () => reply(200, ok({ items: deleted ? [] : [set] })),
        [`DELETE ${SETS}/${SET}`]: () => {
          deleted = true;
          return reply(204, null);
        },
      },
    });
    const panel = await screen.findByRole("region", { name: "Prácticas asignadas" });
    expect(await within(panel).findByText("Valor posicional de las cifras")).toBeInTheDocument();
    expect(within(panel).getByText(/^2 estudiantes · Entrega: 4 dic 2026 · 1 de 2 la han completado$/)).toBeInTheDocument();
    expect(within(panel).getByText("Marta López: Completada (5 de 6)")).toBeInTheDocument();
    expect(within(panel).getByText("Pablo Sánchez: Sin empezar")).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);

    await user.click(within(panel).getByRole("button", { name: "Eliminar: Valor posicional de las cifras" }));
    const dialog = await findDialog("¿Eliminar esta práctica?");
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(api.callsTo(`DELETE ${SETS}/${SET}`)).toHaveLength(1));
    expect(await within(panel).findByText("Todavía no has asignado ninguna práctica.")).toBeInTheDocument();
  });

  it("keeps the confirmation open with the reason when the delete fails", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PracticeSetsPanel courseGuid={COURSE} />, {
      auth: signedInAs("teacher"),
      api: { [`GET ${SETS}`]: ok({ items: [set] }), [`DELETE ${SETS}/${SET}`]: () => fail(403, "FORBIDDEN") },
    });
    await user.click(await screen.findByRole("button", { name: "Eliminar: Valor posicional de las cifras" }));
    const dialog = await findDialog("¿Eliminar esta práctica?");
    await user.click(dialogButton(dialog, "Eliminar"));
    expect(await within(dialog).findByText(/No tienes permiso/)).toBeInTheDocument();
  });

  it("offers at most six KCs in the assign dialog", async () => {
    const user = userEvent.setup();
    const kcs = Array.from({ length: 7 }, (_, i) => ({ code: `MAT.K${i}`, names: names(`Destreza ${i}`), unitGuid: null, lessonGuids: [], mastery: null }));
    renderWithProviders(<PracticeSetsPanel courseGuid={COURSE} />, {
      auth: signedInAs("teacher"),
      api: {
        [`GET ${SETS}`]: ok({ items: [] }),
        [`GET /api/front/courses/${COURSE}/kcs`]: ok({ items: kcs }),
        [`GET /api/front/courses/${COURSE}/members`]: ok({ items: [], myRole: "teacher" }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Asignar práctica" }));
    const dialog = await screen.findByRole("dialog", { name: "Asignar práctica" });
    for (let i = 0; i < 6; i++) await user.click(await within(dialog).findByRole("checkbox", { name: `Destreza ${i} (MAT.K${i})` }));
    expect(within(dialog).getByRole("checkbox", { name: "Destreza 6 (MAT.K6)" })).toBeDisabled();
    // The search narrows the list; no students in the class is said, not left blank.
    await user.type(within(dialog).getByRole("textbox", { name: "Buscar un componente" }), "destreza 6");
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(1);
    await user.click(within(dialog).getByRole("radio", { name: "Algunos estudiantes" }));
    expect(await within(dialog).findByText("Esta clase aún no tiene estudiantes.")).toBeInTheDocument();
  });
});

describe("data at navigation", () => {
  const stores: Array<ReturnType<typeof makeStore>> = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.dispatch(baseApi.util.resetApiState());
  });
  /** Records every call and answers none: what is asked cannot depend on an answer. */
  const silentNetwork = (): ApiCall[] => {
    const calls: ApiCall[] = [];
    Object.assign(globalThis, {
      fetch: jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const url = new URL(request.url);
        calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body: undefined, headers: request.headers });
        return new Promise<Response>(() => undefined);
      }),
    });
    return calls;
  };
  const start = (pathname: string, role: "student" | "teacher") => {
    const store = makeStore({ auth: { record: signedInAs(role) } });
    stores.push(store);
    startNavigation({ pathname, search: "" }, { store, data: true });
  };
  const practiceCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.includes("/practice/") || c.path.endsWith("/unit-recommendations")).map((c) => `${c.path}${c.query.toString() ? `?${c.query.toString()}` : ""}`);

  it("asks a student's cards with the home, their cards and lessons to revisit with a class, and the player's session and the summary from their URL", async () => {
    const calls = silentNetwork();
    start("/home", "student");
    start(`/course/${COURSE}`, "student");
    start(`/activities/sessions/${SESSION}/activities/${A1}`, "student");
    start(`/activities/sessions/${SESSION}/summary`, "student");
    start("/chatbot-practice", "student");
    await waitFor(() => expect(practiceCalls(calls)).toHaveLength(7));
    expect(practiceCalls(calls).sort()).toEqual(
      [
        "/api/front/practice/recommendations",
        `/api/front/practice/recommendations?courseGuid=${COURSE}`,
        `/api/front/courses/${COURSE}/unit-recommendations`,
        `/api/front/practice/sessions/${SESSION}`,
        `/api/front/practice/sessions/${SESSION}/summary`,
        "/api/front/practice/recommendations",
        "/api/front/practice/sessions",
      ].sort(),
    );
  });

  it("asks no cards for a teacher's home", async () => {
    const calls = silentNetwork();
    start("/home", "teacher");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/front/courses")).toBe(true));
    expect(practiceCalls(calls)).toEqual([]);
  });
});
