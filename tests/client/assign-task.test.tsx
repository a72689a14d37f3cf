import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { CourseMember } from "../../src/contracts/course-settings";
import type { LessonItem } from "../../src/contracts/lessons";
import type { Task, TaskPage } from "../../src/contracts/tasks";
import { dueAtOf } from "../../src/client/features/tasks/AssignTaskDialog";
import { ok, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogClosed, findDialog } from "../support/dialogs";
import { buildItem, buildLesson, buildTestCourse, COURSE_GUID, LESSON_GUID, UNIT_GUID } from "../support/lesson-data";
import { renderApp, signedInAs } from "../support/render";

const SLOW = { timeout: 10_000 };
const LESSON_PATH = `/course/${COURSE_GUID}/unit/${UNIT_GUID}/lesson/${LESSON_GUID}`;
const LESSON_URL = `/api/front/lessons/${LESSON_GUID}`;
const LESSON_TASKS = `GET /api/front/courses/${COURSE_GUID}/lessons/${LESSON_GUID}/tasks`;
const MEMBERS = `GET /api/front/courses/${COURSE_GUID}/members`;
const ASSIGN = `POST /api/front/courses/${COURSE_GUID}/tasks`;
const TASK_GUID = "bbbbbbbb-0000-4000-8000-000000000001";
const TASK_URL = `/api/front/courses/${COURSE_GUID}/tasks/${TASK_GUID}`;

const member = (guid: string, firstName: string, lastName: string, role: CourseMember["role"] = "student"): CourseMember => ({
  guid,
  firstName,
  lastName,
  email: null,
  role,
  joinedAt: "2026-09-10T09:00:00.000Z",
  isOwner: false,
  assistant: null,
});
const ANA = "c0000000-0000-4000-8000-000000000001";
const LUIS = "c0000000-0000-4000-8000-000000000002";
const MARTA = "c0000000-0000-4000-8000-000000000003";
const MEMBERS_BODY = ok({
  items: [member("c0000000-0000-4000-8000-000000000009", "Profe", "Uno", "teacher"), member(ANA, "Ana", "Ruiz"), member(LUIS, "Luis", "Pérez"), member(MARTA, "Marta", "Gil")],
  myRole: "teacher",
});

function items() {
  const target = buildItem("CTTY_09", "Tarea de fracciones", 1);
  return { target, list: [target, buildItem("CTTY_19", "Pregunta suelta", 2), buildItem("CTTY_06", "Enlace de repaso", 3)] };
}

function taskOf(itemGuid: string, overrides: Partial<Task> = {}): Task {
  return {
    guid: TASK_GUID,
    courseGuid: COURSE_GUID,
    lesson: { guid: LESSON_GUID, title: "Fracciones" },
    item: { guid: itemGuid, title: "Tarea de fracciones", type: "CTTY_09", kind: "files" },
    audience: "students",
    studentGuids: [ANA],
    dueAt: "2026-12-01T16:30:00.000Z",
    instructions: "Ejercicios 1 a 5",
    maxScore: 10,
    assignedAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-20T09:00:00.000Z",
    removed: false,
    counts: { assigned: 1, notStarted: 1, turnedIn: 0, graded: 0, late: 0 },
    ...overrides,
  };
}
const pageOf = (list: Task[]): TaskPage => ({ items: list, total: list.length, offset: 0, pageSize: 100 });

function renderLesson(lessonItems: LessonItem[], api: ApiRoutes) {
  return renderApp(LESSON_PATH, {
    auth: signedInAs("teacher"),
    language: "en",
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse()),
      [`GET ${LESSON_URL}`]: ok(buildLesson()),
      [`GET ${LESSON_URL}/items`]: ok(lessonItems),
      [MEMBERS]: MEMBERS_BODY,
      ...api,
    },
  });
}

describe("Assigning a lesson item", () => {
  it("offers Assign only on assignable items, and assigns to chosen students with a due date", async () => {
    const user = userEvent.setup();
    const { list, target } = items();
    let tasks: Task[] = [];
    const app = renderLesson(list, {
      [LESSON_TASKS]: () => ({ status: 200, body: ok(pageOf(tasks)) }),
      [ASSIGN]: (call: ApiCall) => {
        tasks = [taskOf(target.guid, { studentGuids: (call.body as { studentGuids: string[] }).studentGuids, dueAt: (call.body as { dueAt: string }).dueAt })];
        return { status: 201, body: ok({ ...tasks[0], jobs: [] }) };
      },
    });
    const assign = await screen.findByRole("button", { name: "Assign Tarea de fracciones" }, SLOW);
    expect(screen.getByRole("button", { name: "Assign Enlace de repaso" })).toBeInTheDocument();
    // A single question lives inside assessments: it cannot be assigned.
    expect(screen.queryByRole("button", { name: "Assign Pregunta suelta" })).toBeNull();
    expect(screen.queryByText(/^Assigned/)).toBeNull();

    await user.click(assign);
    const dialog = await findDialog("Assign Tarea de fracciones", "dialog");
    await user.click(within(dialog).getByRole("radio", { name: "Chosen students", hidden: true }));
    const students = await within(dialog).findByRole("group", { name: "Students", hidden: true });
    // Only the class's students are offered (not its teachers).
    const boxes = within(students).getAllByRole("checkbox", { hidden: true });
    expect(boxes).toHaveLength(3);
    ["Ana Ruiz", "Luis Pérez", "Marta Gil"].forEach((name, i) => expect(within(students).getByRole("checkbox", { name, hidden: true })).toBe(boxes[i]));

    // Choosing nobody is refused before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: "Assign", hidden: true }));
    expect(await within(dialog).findByText("Choose at least one student.")).toBeInTheDocument();
    expect(app.api.callsTo(ASSIGN)).toHaveLength(0);

    await user.click(within(students).getByRole("checkbox", { name: "Ana Ruiz", hidden: true }));
    await user.click(within(students).getByRole("checkbox", { name: "Marta Gil", hidden: true }));
    await user.type(within(dialog).getByLabelText("Due date (optional)"), "2026-12-01");
    await user.type(within(dialog).getByLabelText("Due time"), "17:30");
    await user.type(within(dialog).getByRole("textbox", { name: "Instructions (optional)", hidden: true }), "Ejercicios 1 a 5");
    await user.click(within(dialog).getByRole("button", { name: "Assign", hidden: true }));

    await waitFor(() => expect(app.api.callsTo(ASSIGN)).toHaveLength(1));
    expect(app.api.callsTo(ASSIGN)[0]?.body).toEqual({
      lessonItemGuid: target.guid,
      audience: "students",
      studentGuids: [ANA, MARTA],
      dueAt: new Date(2026, 11, 1, 17, 30).toISOString(),
      instructions: "Ejercicios 1 a 5",
    });
    await waitFor(() => expect(dialogClosed()).toBe(true));
    // The lesson's assignments are asked again: the item carries its badge.
    expect(await screen.findByText(/^Assigned · due Dec 1, 2026/)).toBeInTheDocument();
    expect(app.api.callsTo(LESSON_TASKS).length).toBeGreaterThanOrEqual(2);
  });

  it("edits an existing assignment: the dialog shows it, and saving sends a PUT with what changed", async () => {
    const user = userEvent.setup();
    const { list, target } = items();
    const existing = taskOf(target.guid);
    const app = renderLesson(list, {
      [LESSON_TASKS]: ok(pageOf([existing])),
      [`PUT ${TASK_URL}`]: (call: ApiCall) => ({ status: 200, body: ok({ ...existing, ...(call.body as object), jobs: [] }) }),
    });
    expect(await screen.findByText(/^Assigned · due Dec 1, 2026/, undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit the assignment of Tarea de fracciones" }));
    const dialog = await findDialog("Assign Tarea de fracciones", "dialog");
    expect(within(dialog).getByRole("radio", { name: "Chosen students", hidden: true })).toBeChecked();
    expect(await within(dialog).findByRole("checkbox", { name: "Ana Ruiz", hidden: true })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Luis Pérez", hidden: true })).not.toBeChecked();
    expect(within(dialog).getByRole("textbox", { name: "Instructions (optional)", hidden: true })).toHaveValue("Ejercicios 1 a 5");
    const results = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // To the whole class now, same due date (sent as it was), new instructions.
    await user.click(within(dialog).getByRole("radio", { name: "The whole class", hidden: true }));
    const instructions = within(dialog).getByRole("textbox", { name: "Instructions (optional)", hidden: true });
    await user.clear(instructions);
    await user.type(instructions, "Todos");
    await user.click(within(dialog).getByRole("button", { name: "Save changes", hidden: true }));
    await waitFor(() => expect(app.api.callsTo(`PUT ${TASK_URL}`)).toHaveLength(1));
    expect(app.api.callsTo(`PUT ${TASK_URL}`)[0]?.body).toEqual({ audience: "class", dueAt: existing.dueAt, instructions: "Todos" });
    expect(app.api.callsTo(ASSIGN)).toHaveLength(0);
  });

  it("unassigns: DELETE the task, and the badge goes", async () => {
    const user = userEvent.setup();
    const { list, target } = items();
    let tasks = [taskOf(target.guid, { dueAt: null, audience: "class", studentGuids: [] })];
    const app = renderLesson(list, {
      [LESSON_TASKS]: () => ({ status: 200, body: ok(pageOf(tasks)) }),
      [`DELETE ${TASK_URL}`]: () => {
        tasks = [];
        // The fetch stub always sends a JSON body, which a real 204 cannot carry: 200 with null stands in.
        return { status: 200, body: null };
      },
    });
    expect(await screen.findByText("Assigned", undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit the assignment of Tarea de fracciones" }));
    const dialog = await findDialog("Assign Tarea de fracciones", "dialog");
    expect(within(dialog).getByRole("radio", { name: "The whole class", hidden: true })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Unassign", hidden: true }));
    await waitFor(() => expect(app.api.callsTo(`DELETE ${TASK_URL}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText("Assigned")).toBeNull());
    // The page is aria-hidden until the closing dialog has gone: a loaded runner sees that later.
    expect(await screen.findByRole("button", { name: "Assign Tarea de fracciones" }, SLOW)).toBeInTheDocument();
  });

  it("a student's lesson asks nothing about tasks", async () => {
    const app = renderApp(LESSON_PATH, {
      auth: signedInAs("student"),
      language: "en",
      api: {
        [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse({ myRole: "student", canEdit: false, canManageTeachers: false })),
        [`GET ${LESSON_URL}`]: ok(buildLesson()),
        [`GET ${LESSON_URL}/items`]: ok(items().list),
      },
    });
    expect(await screen.findByRole("heading", { name: "Tarea de fracciones" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Assign/ })).toBeNull();
    expect(app.api.callsTo(LESSON_TASKS)).toHaveLength(0);
  });

  it("reads a due date and time as the reader's local instant (end of day without a time)", () => {
    expect(dueAtOf("", "10:00")).toBeNull();
    expect(dueAtOf("2026-12-01", "08:15")).toBe(new Date(2026, 11, 1, 8, 15).toISOString());
    expect(dueAtOf("2026-12-01", "")).toBe(new Date(2026, 11, 1, 23, 59).toISOString());
  });
});
