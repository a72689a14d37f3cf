import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Navigate, Route, Routes } from "react-router-dom";
import type { AttemptView, MyAttempts, StudentQuestion } from "../../src/contracts/assessments";
import type { StreamPage } from "../../src/contracts/course-program";
import type { CourseMember } from "../../src/contracts/course-settings";
import type { QuestionType } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import { formatDate, formatDateTime } from "../../src/client/features/course/components/format";
import { AssessmentPage } from "../../src/client/features/questions/pages/AssessmentPage";
import { nextTabIndex } from "../../src/client/features/home/RovingTabList";
import { ok, type ApiReply } from "../support/client-api";
import { findDialog } from "../support/dialogs";
import { buildCourseCard, buildItem, buildLesson, buildTestCourse, COURSE_GUID, LESSON_GUID, UNIT_GUID } from "../support/lesson-data";
import { fixtureQuestion } from "../support/question-fixtures";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

/*
 * Issue 13 (ADR 0029): what the signed-in screens render while they load, and what they do not
 * load at all until it is opened. Each module below records when its code is first evaluated.
 */
type LoadLog = { mockLoaded?: Set<string> };
// On globalThis: jest runs these factories before this file's own constants exist (static imports).
const mockLoaded = ((globalThis as LoadLog).mockLoaded ??= new Set<string>());
jest.mock("../../src/client/features/home/ProgramsTab", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("ProgramsTab");
  return jest.requireActual("../../src/client/features/home/ProgramsTab");
});
jest.mock("../../src/client/features/lesson/components/LessonSubViews", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("LessonSubViews");
  return jest.requireActual("../../src/client/features/lesson/components/LessonSubViews");
});
jest.mock("../../src/client/features/lesson/components/AddItemForm", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("AddItemForm");
  return jest.requireActual("../../src/client/features/lesson/components/AddItemForm");
});
jest.mock("../../src/client/features/lesson/components/ItemSettingsPanel", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("ItemSettingsPanel");
  return jest.requireActual("../../src/client/features/lesson/components/ItemSettingsPanel");
});
jest.mock("../../src/client/features/questions/take-Attempt", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("take-Attempt");
  return jest.requireActual("../../src/client/features/questions/take-Attempt");
});
jest.mock("../../src/client/features/questions/authoring/AssessmentOverview", () => {
  ((globalThis as { mockLoaded?: Set<string> }).mockLoaded ??= new Set<string>()).add("AssessmentOverview");
  return jest.requireActual("../../src/client/features/questions/authoring/AssessmentOverview");
});

/** Lazy chunks are slow on a busy two-core runner. */
const SLOW = { timeout: 10_000 };
const BASE = `/api/front/courses/${COURSE_GUID}`;

/** A request the test answers when it decides (to look at the screen while it waits). */
function held(answer: unknown): { handler: () => Promise<ApiReply>; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, { status: 200, body: ok(answer) }), release };
}

/** Tabster's focus sentinels: focusable and aria-hidden, what axe's aria-hidden-focus reports. */
const focusSentinels = () => document.querySelectorAll('[data-tabster-dummy], i[aria-hidden="true"][tabindex="0"]');

/** Whether one of the element's classes is display:none under `@media (max-width: 900px)` (one column). */
function hiddenOnOneColumn(element: Element): boolean {
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.includes("max-width: 900px")) continue;
      for (const inner of Array.from(rule.cssRules)) {
        if (!(inner instanceof CSSStyleRule) || inner.style.display !== "none") continue;
        const cls = inner.selectorText.replace(/^\./, "");
        if (element.classList.contains(cls)) return true;
      }
    }
  }
  return false;
}

const CARD = buildCourseCard();
const courses = ok({ items: [CARD], total: 1, offset: 0, pageSize: 100 });
const ORGANIZATION = { lms: { entryPoint: "/home", canCreateCourse: true, canCreateGroup: true }, tenant: { guid: "7d0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f" } };

describe("Home", () => {
  it("loads the Programs tab's code only when that tab is chosen", async () => {
    const user = userEvent.setup();
    renderApp("/home", {
      auth: signedInAs("teacher"),
      api: { "GET /api/front/courses": courses, "GET /api/front/publications": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) },
    });
    expect(await screen.findByRole("link", { name: "Matemáticas 1º ESO A" }, SLOW)).toBeInTheDocument();
    expect(mockLoaded.has("ProgramsTab")).toBe(false);
    await user.click(screen.getByRole("tab", { name: "Programas" }));
    expect(await screen.findByRole("search", undefined, SLOW)).toBeInTheDocument();
    expect(mockLoaded.has("ProgramsTab")).toBe(true);
  });

  it("puts no focusable aria-hidden node in its tab list; Tab enters on the selected tab, the arrows move", async () => {
    const user = userEvent.setup();
    renderApp("/home", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses, "GET /api/organization": ok(ORGANIZATION) } });
    const list = await screen.findByRole("tablist", { name: "Secciones de inicio" });
    await waitFor(() => expect(within(list).getAllByRole("tab")).toHaveLength(3));
    expect(list).not.toHaveAttribute("data-tabster");
    expect(focusSentinels()).toHaveLength(0);
    const [classes, programs, library] = within(list).getAllByRole("tab") as [HTMLElement, HTMLElement, HTMLElement];
    // Roving tab index: only the selected tab is in the page's tab order.
    expect([classes.tabIndex, programs.tabIndex, library.tabIndex]).toEqual([0, -1, -1]);
    classes.focus();
    await user.keyboard("{ArrowRight}");
    expect(programs).toHaveFocus();
    await user.keyboard("{End}");
    expect(library).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(classes).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(library).toHaveFocus();
    // Moving focus selects nothing; Enter does, and the tab order follows the selection.
    expect(classes).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Home}{ArrowRight}{Enter}");
    await waitFor(() => expect(programs).toHaveAttribute("aria-selected", "true"));
    expect([classes.tabIndex, programs.tabIndex]).toEqual([-1, 0]);
  });

  it("moves among tabs circularly, mirrored right to left, vertically for vertical lists", () => {
    const h = { vertical: false, rtl: false };
    expect(nextTabIndex("ArrowRight", 2, 3, h)).toBe(0);
    expect(nextTabIndex("ArrowLeft", 0, 3, h)).toBe(2);
    expect(nextTabIndex("ArrowLeft", 0, 3, { vertical: false, rtl: true })).toBe(1);
    expect(nextTabIndex("ArrowDown", 0, 3, { vertical: true, rtl: false })).toBe(1);
    expect(nextTabIndex("ArrowDown", 0, 3, h)).toBeUndefined();
    expect(nextTabIndex("End", 0, 3, h)).toBe(2);
    expect(nextTabIndex("a", 0, 3, h)).toBeUndefined();
  });

  it("keeps the New class row's height while the school's flags load, so the cards do not move", async () => {
    const organization = held(ORGANIZATION);
    renderApp("/home", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses, "GET /api/organization": organization.handler } });
    expect(await screen.findByRole("link", { name: "Matemáticas 1º ESO A" }, SLOW)).toBeInTheDocument();
    // The row the button will fill (a button's height: the test renderer inserts no sizes to measure).
    const reserved = screen.getByTestId("class-actions-reserved");
    expect(reserved).toBeEmptyDOMElement();
    organization.release();
    expect(await screen.findByRole("button", { name: "Nueva clase" })).toBeInTheDocument();
    expect(screen.queryByTestId("class-actions-reserved")).not.toBeInTheDocument();
  });

});

const member = (i: number, role: CourseMember["role"]): CourseMember => ({
  guid: `00000000-0000-4000-8000-${String(900 + i).padStart(12, "0")}`,
  firstName: `Persona${i}`,
  lastName: "Prueba",
  email: `p${i}@example.org`,
  role,
  joinedAt: "2025-09-01T00:00:00.000Z",
  isOwner: role === "teacher",
  assistant: null,
});
const streamPage: StreamPage = {
  items: [
    {
      guid: "8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968",
      author: { guid: "0b9d7b8e-2f43-4b7a-9a49-3c2f1e0d9a11", name: "Ana García", role: "teacher" },
      body: "Mañana traed la calculadora",
      createdAt: "2026-02-03T09:15:00.000Z",
      comments: [],
      canDelete: true,
    },
  ],
  total: 1,
  offset: 0,
  pageSize: 10,
  permission: "students_comment",
  canPost: true,
  canComment: true,
};

describe("Class page", () => {
  const course = buildTestCourse({ studentCount: 3, teacherCount: 1 });
  const members = { items: [member(0, "teacher"), member(1, "student"), member(2, "student"), member(3, "student")], myRole: "teacher" };

  it("mounts no dialog, so no focus sentinel, until one opens; then the dialog works", async () => {
    const user = userEvent.setup();
    renderApp(`/course/${COURSE_GUID}`, {
      auth: signedInAs("teacher"),
      api: { [`GET ${BASE}`]: ok(course), [`GET ${BASE}/stream`]: ok(streamPage), [`GET ${BASE}/members`]: ok(members) },
    });
    expect(await screen.findByText("Mañana traed la calculadora", undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText("Persona3 Prueba")).toBeInTheDocument();
    // Delete class, delete post, remove member, new key: four closed dialogs, none in the page.
    expect(focusSentinels()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Eliminar clase" }));
    expect(await findDialog("¿Eliminar la clase «Matemáticas 1º ESO A»?")).toBeInTheDocument();
  });

  it("shows the people panel at its final size (the class's counts, e-mail lines for the teacher) while the names load", async () => {
    const pending = held(members);
    renderApp(`/course/${COURSE_GUID}`, {
      auth: signedInAs("teacher"),
      api: { [`GET ${BASE}`]: ok(course), [`GET ${BASE}/stream`]: ok(streamPage), [`GET ${BASE}/members`]: pending.handler },
    });
    const skeleton = await screen.findByRole("status", { name: "Cargando las personas de la clase" }, SLOW);
    expect(skeleton).toHaveAttribute("data-members-skeleton", "1/3");
    const rows = skeleton.querySelectorAll("li");
    expect(rows).toHaveLength(4);
    // Each row: an avatar, a name line and an e-mail line, as the teacher's rows will have.
    expect(rows[0]?.children[1]?.children).toHaveLength(2);
    pending.release();
    expect(await screen.findByText("Persona3 Prueba")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Cargando las personas de la clase" })).not.toBeInTheDocument();
  });

  it("on one column, keeps the side panels out of the page until the stream's posts are in (they would be pushed down)", async () => {
    const stream = held(streamPage);
    renderApp(`/course/${COURSE_GUID}`, {
      auth: signedInAs("teacher"),
      api: { [`GET ${BASE}`]: ok(course), [`GET ${BASE}/stream`]: stream.handler, [`GET ${BASE}/members`]: ok(members) },
    });
    const side = await screen.findByRole("complementary", { name: "Información de la clase" }, SLOW);
    expect(hiddenOnOneColumn(side)).toBe(true);
    stream.release();
    expect(await screen.findByText("Mañana traed la calculadora")).toBeInTheDocument();
    await waitFor(() => expect(hiddenOnOneColumn(side)).toBe(false));
  });
});

describe("Lesson page", () => {
  it("loads neither the sub-views nor the settings sidebar for the item list; the sidebar loads when opened", async () => {
    const user = userEvent.setup();
    const items = [buildItem("CTTY_05", "Teoría de fracciones", 1), buildItem("CTTY_06", "Simulador de fracciones", 2)];
    renderApp(`/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`, {
      auth: signedInAs("teacher"),
      api: {
        [`GET ${BASE}`]: ok(buildTestCourse()),
        [`GET /api/front/lessons/${LESSON_GUID}`]: ok(buildLesson()),
        [`GET /api/front/lessons/${LESSON_GUID}/items`]: ok(items),
      },
    });
    expect(await screen.findByRole("list", { name: "Contenidos de Fracciones equivalentes" }, SLOW)).toBeInTheDocument();
    expect(focusSentinels()).toHaveLength(0);
    expect(["LessonSubViews", "AddItemForm", "ItemSettingsPanel"].filter((m) => mockLoaded.has(m))).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Configuración general de Simulador de fracciones" }));
    expect(await screen.findByRole("complementary", { name: "Configuración general" }, SLOW)).toBeInTheDocument();
    expect(mockLoaded.has("ItemSettingsPanel")).toBe(true);
  });
});

describe("Assessment (student)", () => {
  const ASSESSMENT = "a0000000-0000-4000-8000-000000000001";
  const ATTEMPT = "b0000000-0000-4000-8000-000000000002";
  const LESSON = "10000000-0000-4000-8000-000000000001";
  const head = {
    guid: ASSESSMENT,
    title: "Capitales de Europa",
    description: "",
    settings: { maxAttempts: 3, showAnswers: "after_submit" as const, shuffleQuestions: false, dueAt: null },
    questionCount: 1,
    maxScore: 1,
  };
  const mine: MyAttempts = { assessment: head, lessonGuid: LESSON, attempts: [], canStart: true, attemptsLeft: 3, closedAt: null };
  const studentQuestion = (guid: string, type: QuestionType): StudentQuestion => {
    const q = fixtureQuestion(type);
    return { guid, type, prompt: q.prompt, points: 1, media: [], data: toStudentData(type, q.data, guid) } as StudentQuestion;
  };
  const question = studentQuestion("e0000000-0000-4000-8000-000000000001", "QT_1");
  const attempt: AttemptView = {
    guid: ATTEMPT,
    number: 1,
    status: "in_progress",
    startedAt: "2026-03-01T09:00:00.000Z",
    submittedAt: null,
    score: null,
    maxScore: 1,
    pendingGrading: 0,
    assessment: head,
    courseGuid: COURSE_GUID,
    lessonGuid: LESSON,
    questions: [question],
    answers: [],
    attemptsLeft: 2,
    fileUrls: {},
  };

  it("shows the start screen without the player's or the teacher's code; starting loads the player", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Navigate to={`/course/${COURSE_GUID}/lesson/${LESSON}/assessment/${ASSESSMENT}`} replace />} />
        <Route path="/course/:guid/lesson/:lessonGuid/assessment/:assessmentGuid" element={<AssessmentPage />} />
      </Routes>,
      {
        auth: signedInAs("student"),
        api: {
          [`GET /api/front/assessments/${ASSESSMENT}/my-attempts`]: ok(mine),
          [`POST /api/front/assessments/${ASSESSMENT}/attempts`]: ok(attempt),
        },
      },
    );
    expect(await screen.findByRole("heading", { name: "Capitales de Europa" }, SLOW)).toBeInTheDocument();
    expect(["take-Attempt", "AssessmentOverview"].filter((m) => mockLoaded.has(m))).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Empezar" }));
    expect(await screen.findByRole("heading", { name: "Pregunta 1 de 1" }, SLOW)).toBeInTheDocument();
    expect(mockLoaded.has("take-Attempt")).toBe(true);
    expect(mockLoaded.has("AssessmentOverview")).toBe(false);
  });
});

describe("Dates in the class pages", () => {
  it("build one Intl formatter per language and style, however many dates a stream shows", () => {
    const spy = jest.spyOn(Intl, "DateTimeFormat");
    try {
      for (let i = 0; i < 20; i += 1) formatDateTime(`2026-02-0${(i % 9) + 1}T09:15:00.000Z`, "es");
      for (let i = 0; i < 5; i += 1) formatDate("2027-07-01T00:00:00.000Z", "es");
      formatDate("2027-07-01T00:00:00.000Z", "en");
      expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
      expect(formatDateTime("2026-02-03T09:15:00.000Z", "es")).toMatch(/3 feb 2026/);
    } finally {
      spy.mockRestore();
    }
  });
});
