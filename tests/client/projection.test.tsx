import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseProgram } from "../../src/contracts/course-program";
import type { ContentDetail, LessonDetail, LessonItem } from "../../src/contracts/lessons";
import type { QuestionFull } from "../../src/contracts/assessments";
import type { ProjectionAck, ProjectionSession } from "../../src/contracts/projection";
import type { QuestionType } from "../../src/contracts/questions";
import { ok } from "../support/client-api";
import { QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderApp, signedInAs } from "../support/render";

// The viewers are another feature's (covered by its own tests): here a stand-in shows which content is on screen.
jest.mock("../../src/client/features/viewers/ContentViewer", () => {
  const { createElement } = jest.requireActual<typeof import("react")>("react");
  const Viewer = ({ content, mode }: { content: { title: string }; mode?: string }) =>
    createElement("div", { "data-testid": "viewer", "data-mode": mode }, `viewer: ${content.title}`);
  return { __esModule: true, default: Viewer, ContentViewer: Viewer };
});

/** socket.io-client stand-in: records what the page sends and lets the test push server events. */
type Handler = (...args: unknown[]) => void;
class MockSocket {
  handlers = new Map<string, Handler[]>();
  sent: Array<{ event: string; payload: Record<string, unknown> }> = [];
  connected = false;
  options: Record<string, unknown> = {};
  reply: (event: string, payload: Record<string, unknown>) => ProjectionAck = () => ({ ok: false, error: "NOT_FOUND" });
  io = { on: () => undefined };
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  emit(event: string, payload: Record<string, unknown>, ack?: (a: ProjectionAck) => void) {
    this.sent.push({ event, payload });
    ack?.(this.reply(event, payload));
    return this;
  }
  timeout() {
    return { emit: (event: string, payload: Record<string, unknown>, ack: (err: Error | null, a?: ProjectionAck) => void) => this.emit(event, payload, (a) => ack(null, a)) };
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
}
const mockSockets: MockSocket[] = [];
jest.mock("socket.io-client", () => ({
  io: (_url: string, options: Record<string, unknown>) => {
    const socket = new MockSocket();
    socket.options = options;
    socket.reply = (event, payload) =>
      event === "projection:join"
        ? { ok: true, state: { sessionId: String(payload.sessionId), position: 0, revealed: false, itemCount: 3, remoteConnected: false } }
        : { ok: true, state: { sessionId: String(payload.sessionId), position: Number(payload.position ?? 0), revealed: payload.command === "reveal", itemCount: 3, remoteConnected: false } };
    mockSockets.push(socket);
    setTimeout(() => {
      socket.connected = true;
      socket.fire("connect");
    }, 0);
    return socket;
  },
}));

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const LESSON = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const UNIT = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const LESSON_B = "11111111-1111-4111-8111-111111111111";
const SESSION = "22222222-2222-4222-8222-222222222222";
let seq = 0;
const guid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

const lessonDetail = (overrides: Partial<LessonDetail> = {}): LessonDetail => ({
  guid: LESSON,
  title: "Sumar fracciones",
  summary: "",
  course: { guid: COURSE, name: "Matemáticas 1º A" },
  unit: { guid: UNIT, title: "Fracciones" },
  publication: { guid: guid(), title: "Matemáticas" },
  previousLessonGuid: null,
  nextLessonGuid: null,
  canEdit: true,
  ...overrides,
});

function item(title: string, position: number, status: LessonItem["status"] = "published", lessonGuid = LESSON): LessonItem {
  const id = guid();
  return {
    guid: id,
    lessonItemGuid: id,
    courseGuid: COURSE,
    lessonGuid,
    title,
    position,
    status,
    publishAt: null,
    publishedAt: null,
    settings: {},
    content: {
      guid: guid(),
      type: "CTTY_07",
      title: `Contenido de ${title}`,
      description: "",
      fileName: null,
      mimeType: null,
      sizeBytes: null,
      mine: false,
      ready: true,
      updatedAt: "2026-01-01T00:00:00.000Z",
      deleted: false,
    },
    consumption: { opened: false, finished: false },
  };
}

const detailOf = (i: LessonItem): ContentDetail => ({
  ...i.content,
  url: null,
  data: {},
  view: { viewer: "text", fileUrl: null, launchUrl: null, captionsUrl: null, captionsLanguage: null, url: null, body: "x", alt: null, packageKind: null, entries: [] },
});

const ITEMS = [item("Introducción", 1), item("Borrador", 2, "draft"), item("Ejemplo", 3), item("Ejercicios", 4)];

function lessonApi(items: LessonItem[] = ITEMS) {
  return {
    [`GET /api/front/lessons/${LESSON}`]: ok(lessonDetail()),
    [`GET /api/front/lessons/${LESSON}/items`]: ok(items),
    ...Object.fromEntries(items.map((i) => [`GET /api/front/contents/${i.content.guid}`, ok(detailOf(i))])),
  };
}

const session = (token: string): ProjectionSession => ({
  sessionId: SESSION,
  position: 0,
  revealed: false,
  itemCount: 3,
  remoteConnected: false,
  courseGuid: COURSE,
  lessonGuid: LESSON,
  shortToken: token,
  remoteUrl: `http://localhost/remote/${token}`,
  expiresAt: "2030-01-01T00:00:00.000Z",
});

const position = () => within(screen.getByRole("navigation", { name: "Controles de la proyección" })).getByText(/^\d+ \/ \d+$/).textContent;
const key = (k: string) => fireEvent.keyDown(document.body, { key: k });

/** A fixture question as the cms read gives it to a teacher (question_data with the answers). */
function projected(type: QuestionType): QuestionFull {
  const { question } = QUESTION_FIXTURES[type];
  return {
    guid: guid(),
    type,
    question_data: JSON.stringify(question.data),
    prompt: question.prompt ?? "",
    points: 1,
    kcs: [],
    media: [],
    feedback: {},
    editable: false,
    updatedAt: "2026-11-01T10:00:00.000Z",
  };
}

afterEach(() => {
  mockSockets.splice(0);
});

describe("lesson projection", () => {
  it("shows the published items one at a time and follows the keyboard", async () => {
    const app = renderApp(`/course/${COURSE}/lesson/${LESSON}/projection`, { auth: signedInAs("teacher"), api: lessonApi() });
    expect(await screen.findByRole("heading", { level: 1, name: "Introducción" })).toBeInTheDocument();
    expect(await screen.findByTestId("viewer")).toHaveTextContent("viewer: Contenido de Introducción");
    expect(screen.getByTestId("viewer")).toHaveAttribute("data-mode", "projection");
    // The draft is not projected.
    expect(position()).toBe("1 / 3");
    expect(app.api.callsTo(`GET /api/front/lessons/${LESSON}/items`)[0]?.query.get("courseGuid")).toBe(COURSE);

    key("ArrowRight");
    expect(await screen.findByRole("heading", { level: 1, name: "Ejemplo" })).toBeInTheDocument();
    expect(await screen.findByText("viewer: Contenido de Ejemplo")).toBeInTheDocument();
    expect(position()).toBe("2 / 3");
    key("End");
    expect(position()).toBe("3 / 3");
    key("PageDown");
    expect(position()).toBe("3 / 3");
    expect(screen.getByRole("button", { name: "Siguiente" })).toHaveAttribute("aria-disabled", "true");
    key("Home");
    expect(position()).toBe("1 / 3");
    expect(screen.getByRole("button", { name: "Anterior" })).toHaveAttribute("aria-disabled", "true");
    key(" ");
    expect(position()).toBe("2 / 3");
    key("PageUp");
    expect(position()).toBe("1 / 3");
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(position()).toBe("2 / 3");
    expect(screen.getByText("Diapositiva 2 de 3: Ejemplo")).toBeInTheDocument();

    key("Escape");
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${COURSE}/lesson/${LESSON}`));
  });

  it("toggles the answers and offers the classroom tools of the class", async () => {
    renderApp(`/course/${COURSE}/lesson/${LESSON}/projection`, { auth: signedInAs("teacher"), api: lessonApi() });
    const reveal = await screen.findByRole("button", { name: "Mostrar respuestas" });
    await userEvent.click(reveal);
    expect(screen.getByText("Respuestas visibles")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ocultar respuestas" })).toHaveAttribute("aria-pressed", "true");
    // Moving on hides them again.
    key("ArrowRight");
    expect(screen.queryByText("Respuestas visibles")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Herramientas de aula" })).toHaveAttribute("href", `/tools/${COURSE}`);
  });

  it("offers a student who projects the lesson no 'Mostrar respuestas': revealing is the teacher's", async () => {
    renderApp(`/course/${COURSE}/lesson/${LESSON}/projection`, {
      auth: signedInAs("student"),
      api: { ...lessonApi(), [`GET /api/front/lessons/${LESSON}`]: ok(lessonDetail({ canEdit: false })) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Introducción" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Siguiente" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mostrar respuestas" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Herramientas de aula" })).not.toBeInTheDocument();
  });

  it("says so when the lesson has nothing published", async () => {
    renderApp(`/course/${COURSE}/lesson/${LESSON}/projection`, { auth: signedInAs("teacher"), api: lessonApi([item("Borrador", 1, "draft")]) });
    expect(await screen.findByText("No hay nada que proyectar")).toBeInTheDocument();
    expect(position()).toBe("0 / 0");
  });

  it("opens the phone remote: a session, its QR code and code, live state, and another URL on demand", async () => {
    const app = renderApp(`/course/${COURSE}/lesson/${LESSON}/projection`, {
      auth: signedInAs("teacher"),
      api: {
        ...lessonApi(),
        "POST /api/projection/sessions": ok(session("ABCDEFGH")),
        [`POST /api/projection/sessions/${SESSION}/token`]: ok(session("JKMNPQRS")),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Introducción" });
    key("ArrowRight"); // the screen is already on slide 2 when the remote starts
    await userEvent.click(screen.getByRole("button", { name: "Mando del móvil" }));

    const panel = await screen.findByRole("complementary", { name: "Mando del móvil" });
    expect(await within(panel).findByRole("img", { name: /Código QR para abrir el mando en el móvil: http:\/\/localhost\/remote\/ABCDEFGH/ })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(panel).getByText("ABCDEFGH")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/projection/sessions")[0]?.body).toEqual({ courseGuid: COURSE, lessonGuid: LESSON });

    // Joined with the access token, over websocket only, with the spec's reconnection settings.
    await waitFor(() => expect(mockSockets[0]?.sent.some((s) => s.event === "projection:join")).toBe(true));
    const socket = mockSockets[0] as MockSocket;
    expect(socket.options).toMatchObject({ path: "/socket.io", transports: ["websocket"], reconnectionAttempts: 5, reconnectionDelay: 10000, reconnectionDelayMax: 20000, timeout: 20000 });
    const auth = socket.options.auth as (cb: (d: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: "access-token" }));
    expect(socket.sent.find((s) => s.event === "projection:join")?.payload).toEqual({ sessionId: SESSION });
    // The session starts where the screen is.
    await waitFor(() => expect(socket.sent).toContainEqual({ event: "projection:command", payload: { sessionId: SESSION, command: "goto", position: 1 } }));
    expect(within(panel).getByText("Esperando un móvil…")).toBeInTheDocument();

    // The phone moves the projection.
    act(() => socket.fire("projection:state", { sessionId: SESSION, position: 2, revealed: false, itemCount: 3, remoteConnected: true }));
    expect(position()).toBe("3 / 3");
    expect(await screen.findByRole("heading", { level: 1, name: "Ejercicios" })).toBeInTheDocument();
    expect(within(panel).getByText("Móvil conectado")).toBeInTheDocument();

    // The screen's own navigation reaches the phone.
    key("ArrowLeft");
    expect(socket.sent).toContainEqual({ event: "projection:command", payload: { sessionId: SESSION, command: "goto", position: 1 } });

    await userEvent.click(within(panel).getByRole("button", { name: "Generar otra URL" }));
    expect(await within(panel).findByText("JKMNPQRS")).toBeInTheDocument();
    expect(app.api.callsTo(`POST /api/projection/sessions/${SESSION}/token`)).toHaveLength(1);
  });
});

describe("unit projection", () => {
  const program: CourseProgram = {
    courseGuid: COURSE,
    view: "teacher",
    personalised: false,
    publications: [
      {
        guid: guid(),
        title: "Matemáticas",
        kind: "book",
        coverUrl: null,
        personalised: false,
        units: [
          {
            guid: UNIT,
            title: "Fracciones",
            order: 1,
            hidden: false,
            lessons: [
              { guid: LESSON_B, title: "Restar fracciones", summary: "", order: 2, hidden: false },
              { guid: guid(), title: "Oculta", summary: "", order: 3, hidden: true },
              { guid: LESSON, title: "Sumar fracciones", summary: "", order: 1, hidden: false },
            ],
          },
        ],
      },
    ],
  };
  const first = [item("Introducción", 1), item("Ejemplo", 2)];
  const second = [item("Repaso", 1, "published", LESSON_B)];

  it("projects each visible lesson's title slide and items in program order, with the presenter panel", async () => {
    renderApp(`/course/${COURSE}/projection/${UNIT}/power`, {
      auth: signedInAs("teacher"),
      api: {
        [`GET /api/front/courses/${COURSE}/program`]: ok(program),
        [`GET /api/front/lessons/${LESSON}/items`]: ok(first),
        [`GET /api/front/lessons/${LESSON_B}/items`]: ok(second),
        ...Object.fromEntries([...first, ...second].map((i) => [`GET /api/front/contents/${i.content.guid}`, ok(detailOf(i))])),
      },
    });
    expect(await screen.findByRole("heading", { level: 2, name: "Sumar fracciones" })).toBeInTheDocument();
    expect(position()).toBe("1 / 5");
    const presenter = screen.getByRole("complementary", { name: "Vista del presentador" });
    expect(within(presenter).getByText("Introducción")).toBeInTheDocument();
    expect(within(presenter).getByText("Esta lección tiene 2 elementos")).toBeInTheDocument();
    key("End");
    expect(screen.getByRole("heading", { level: 1, name: "Repaso" })).toBeInTheDocument();
    expect(within(presenter).getByText("Esta es la última diapositiva")).toBeInTheDocument();
    key("ArrowLeft");
    expect(screen.getByRole("heading", { level: 2, name: "Restar fracciones" })).toBeInTheDocument();
    expect(screen.queryByText("Oculta")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mostrar respuestas" })).toBeInTheDocument();
  });

  it("offers a student no 'Mostrar respuestas'", async () => {
    renderApp(`/course/${COURSE}/projection/${UNIT}`, {
      auth: signedInAs("student"),
      api: {
        [`GET /api/front/courses/${COURSE}/program`]: ok({ ...program, view: "student" }),
        [`GET /api/front/lessons/${LESSON}/items`]: ok(first),
        [`GET /api/front/lessons/${LESSON_B}/items`]: ok(second),
        ...Object.fromEntries([...first, ...second].map((i) => [`GET /api/front/contents/${i.content.guid}`, ok(detailOf(i))])),
      },
    });
    expect(await screen.findByRole("heading", { level: 2, name: "Sumar fracciones" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mostrar respuestas" })).not.toBeInTheDocument();
  });
});

describe("content projection", () => {
  it("projects a test's questions one by one, reveals the answers on demand and hides them on the next question", async () => {
    const user = userEvent.setup();
    const test = guid();
    const questions = [projected("QT_1"), projected("QT_3")];
    renderApp(`/projection/test/${test}?course=${COURSE}`, {
      auth: signedInAs("teacher"),
      api: {
        [`GET /api/cms/assessments/${test}`]: ok({ guid: test, title: "Evaluación de repaso", description: "", settings: {}, maxScore: 2, questions, editable: false }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Evaluación de repaso" })).toBeInTheDocument();
    const first = await screen.findByRole("article", { name: "Pregunta 1 de 2" });
    expect(await within(first).findByText("París")).toBeInTheDocument();
    expect(within(first).getByText("¿Cuál es la capital de Francia?")).toBeInTheDocument();
    // Nothing to answer on the classroom screen, and no answer shown until the teacher asks.
    expect(within(first).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(first).queryByText("Respuesta correcta")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Mostrar respuestas" }));
    expect(within(first).getByText("París").closest("li")).toHaveTextContent("Respuesta correcta");
    expect(screen.getByText("Respuestas visibles")).toBeInTheDocument();

    key("ArrowRight");
    const second = await screen.findByRole("article", { name: "Pregunta 2 de 2" });
    expect(await within(second).findByText("Verdadero")).toBeInTheDocument();
    expect(within(second).queryByText("Respuesta correcta")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mostrar respuestas" })).toBeInTheDocument();
  });

  it("projects one question, and says 'Content not available' for one that does not exist", async () => {
    const one = projected("QT_3");
    const { unmount } = renderApp(`/projection/question/${one.guid}?course=${COURSE}`, {
      auth: signedInAs("teacher"),
      api: { [`GET /api/cms/questions/${one.guid}`]: ok(one) },
    });
    expect(await screen.findByRole("article", { name: "Pregunta 1 de 1" })).toBeInTheDocument();
    unmount();
    renderApp(`/projection/question/${guid()}?course=${COURSE}`, { auth: signedInAs("teacher") });
    expect(await screen.findByText("Contenido no disponible")).toBeInTheDocument();
  });

  it("shows a video lesson full screen", async () => {
    const video = item("Vídeo", 1);
    renderApp(`/projection/videolesson/${video.content.guid}?course=${COURSE}`, {
      auth: signedInAs("teacher"),
      api: { [`GET /api/front/contents/${video.content.guid}`]: ok(detailOf(video)) },
    });
    expect(await screen.findByText("viewer: Contenido de Vídeo")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salir de la proyección" })).toBeInTheDocument();
  });
});
