import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { JobDetail, TaskListItem, TaskListPage } from "../../src/contracts/tasks";
import type { TaskAmounts, TaskTab } from "../../src/contracts/tasks-base";
import { fail, ok, type ApiCall, type ApiRoutes } from "../support/client-api";
import { dialogClosed, findDialog } from "../support/dialogs";
import { pushRealtime, realtimeListeners, resetRealtime } from "../support/realtime-double";
import { renderApp, signedInAs } from "../support/render";
import { FakeXhr } from "../support/fake-xhr";

// The page listens to "notification:new" through the realtime module; the test plays the socket.
jest.mock("../../src/client/features/notifications/realtime", () => jest.requireActual<typeof import("../support/realtime-double")>("../support/realtime-double").realtimeDouble());
const push = pushRealtime;

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = undefined;
  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
});
afterEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: realXhr });
  resetRealtime();
});

const SLOW = { timeout: 10_000 };
const COURSE = { guid: "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b", name: "3º ESO B" };
const LESSON = { guid: "22222222-2222-4222-8222-222222222222", title: "Fracciones" };
const JOB_GUID = "aaaaaaaa-0000-4000-8000-000000000001";
const guidOf = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, "0")}`;

function listItem(n: number, overrides: Partial<TaskListItem> = {}): TaskListItem {
  return {
    guid: guidOf(n),
    taskGuid: `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, "0")}`,
    course: COURSE,
    lesson: LESSON,
    item: { guid: `cccccccc-0000-4000-8000-${String(n).padStart(12, "0")}`, title: `Tarea ${n}`, type: "CTTY_09", kind: "files" },
    dueAt: "2026-12-01T16:00:00.000Z",
    state: "not_started",
    late: false,
    overdue: false,
    deliveredAt: null,
    gradedAt: null,
    score: null,
    maxScore: 10,
    student: null,
    ...overrides,
  };
}

function job(overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    ...listItem(1),
    instructions: "Resuelve los ejercicios 1 a 5.",
    feedback: null,
    gradedBy: null,
    removed: false,
    viewer: "student",
    rights: { upload: true, deleteFiles: true, deliver: true, undo: false, grade: false, comment: true },
    files: [],
    comments: [],
    ...overrides,
  };
}

const pageOf = (tab: TaskTab, items: TaskListItem[], total = items.length, offset = 0): TaskListPage => ({
  items,
  total,
  offset,
  pageSize: 10,
  tab,
  view: tab === "pending" || tab === "reviewed" ? "teacher" : "student",
});

const AMOUNTS: TaskAmounts = { todo: 2, turnedIn: 1, graded: 0, pending: 0, reviewed: 0 };
const TASKS = "GET /api/front/tasks";
const COUNTS = "GET /api/front/amount-tasks";
const JOB = `GET /api/front/jobs/${JOB_GUID}`;
const PUT_JOB = `PUT /api/front/jobs/${JOB_GUID}`;

/** A student's server: todo has two (one overdue), turned in one (late), graded none. */
function studentApi(extra: ApiRoutes = {}): ApiRoutes {
  const pages: Record<string, TaskListPage> = {
    todo: pageOf("todo", [listItem(1), listItem(2, { overdue: true, dueAt: "2026-11-01T16:00:00.000Z" })]),
    turned_in: pageOf("turned_in", [listItem(3, { state: "pending", late: true, deliveredAt: "2026-11-20T10:00:00.000Z" })]),
    graded: pageOf("graded", []),
  };
  return {
    [TASKS]: (call: ApiCall) => ({ status: 200, body: ok(pages[call.query.get("tab") ?? "todo"]) }),
    [COUNTS]: ok(AMOUNTS),
    ...extra,
  };
}

const tabByName = (name: RegExp) => screen.getByRole("tab", { name });
/** The rows of the open tab's list. */
const taskRows = () => within(screen.getByRole("tabpanel")).getAllByRole("listitem");
/** The tabs, in order, each found by its accessible name (its label and its count). */
const expectTabs = (names: string[]) => {
  expect(screen.getAllByRole("tab")).toHaveLength(names.length);
  names.forEach((name, i) => expect(screen.getByRole("tab", { name })).toBe(screen.getAllByRole("tab")[i]));
};

describe("Tasks page (student)", () => {
  it("shows the student's tabs with their counts, the rows with their marks, and an empty tab; the tab is in the URL", async () => {
    const user = userEvent.setup();
    const app = renderApp("/tasks", { auth: signedInAs("student"), language: "en", api: studentApi() });
    const first = await screen.findByRole("link", { name: "Open: Tarea 1" }, SLOW);
    await waitFor(() => expectTabs(["To Do 2 tasks", "Turned in 1 task", "Grades published 0 tasks"]));
    expect(tabByName(/To Do/)).toHaveAttribute("aria-selected", "true");
    expect(app.api.callsTo(TASKS)[0]?.query.toString()).toBe("tab=todo&offset=0&pageSize=10");
    // The route's starter and the page ask the very same query: one call each, not two.
    expect(app.api.callsTo(TASKS)).toHaveLength(1);
    expect(app.api.callsTo(COUNTS)).toHaveLength(1);

    const rows = taskRows();
    expect(rows).toHaveLength(2);
    expect(first.closest("li")).toHaveTextContent("3º ESO B · Fracciones");
    expect(first.closest("li")).toHaveTextContent("Not started");
    expect(first.closest("li")).toHaveTextContent(/Due Dec 1, 2026/);
    expect(within(rows[0] as HTMLElement).queryByText("Overdue")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText("Overdue")).toBeInTheDocument();
    expect(screen.queryByText(/^Student:/)).toBeNull();

    await user.click(tabByName(/Turned in/));
    const late = await screen.findByRole("link", { name: "Open: Tarea 3" });
    expect(within(late.closest("li") as HTMLElement).getByText("Late")).toBeInTheDocument();
    expect(within(late.closest("li") as HTMLElement).getByText("Pending")).toBeInTheDocument();
    expect(app.location().search).toBe("?tab=turned_in");

    await user.click(tabByName(/Grades published/));
    expect(await screen.findByRole("heading", { name: "No grades yet" })).toBeInTheDocument();
    expect(app.location().search).toBe("?tab=graded");
  });

  it("opens a job from ?job= (a notification's link): instructions and due date; Escape closes it and clears the URL", async () => {
    const app = renderApp(`/tasks?tab=todo&job=${JOB_GUID}`, {
      auth: signedInAs("student"),
      language: "en",
      api: studentApi({ [JOB]: ok(job()) }),
    });
    const dialog = await findDialog("Tarea 1", "dialog");
    expect(within(dialog).getByText("Resuelve los ejercicios 1 a 5.")).toBeInTheDocument();
    expect(within(dialog).getByText(/Dec 1, 2026/)).toBeInTheDocument();
    expect(within(dialog).getByText("No files yet.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open Tarea 1", hidden: true })).toHaveAttribute(
      "href",
      `/course/${COURSE.guid}/lesson/${LESSON.guid}/resource/${listItem(1).item.guid}`,
    );
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(dialogClosed()).toBe(true));
    expect(app.location().search).toBe("?tab=todo");
  });

  it("uploads a hand-in with a real progress bar, then translates the server's refusal", async () => {
    const user = userEvent.setup();
    const file = { guid: "dddddddd-0000-4000-8000-000000000001", name: "deberes.pdf", mimeType: "application/pdf", sizeBytes: 2048, uploadedAt: "2026-11-25T10:00:00.000Z", url: "/api/job-files/g/deberes.pdf", viewer: "pdf" as const };
    let files: JobDetail["files"] = [];
    const app = renderApp(`/tasks?job=${JOB_GUID}`, { auth: signedInAs("student"), language: "en", api: studentApi({ [JOB]: () => ({ status: 200, body: ok(job({ files })) }) }) });
    const dialog = await findDialog("Tarea 1", "dialog");
    const input = within(dialog).getByLabelText("Add a file");
    await user.upload(input, new File(["%PDF-1.4"], "deberes.pdf", { type: "application/pdf" }));

    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe(`/api/front/jobs/${JOB_GUID}/files`);
    expect(xhr.headers.authorization).toBe("Bearer access-token");
    expect((xhr.body?.get("file") as File).name).toBe("deberes.pdf");
    act(() => xhr.progress(512, 2048));
    const bar = within(dialog).getByRole("progressbar", { hidden: true });
    expect(bar).toHaveAttribute("aria-valuenow", "0.25");
    expect(within(dialog).getByText("Uploading deberes.pdf")).toBeInTheDocument();
    act(() => xhr.progress(1536, 2048));
    expect(bar).toHaveAttribute("aria-valuenow", "0.75");

    const jobCalls = app.api.callsTo(JOB).length;
    files = [file];
    act(() => xhr.respond(201, ok(file)));
    // The upload refreshes the job (and its lists): the file is listed.
    expect(await within(dialog).findByText("deberes.pdf")).toBeInTheDocument();
    expect(app.api.callsTo(JOB).length).toBeGreaterThan(jobCalls);
    expect(within(dialog).queryByRole("progressbar", { hidden: true })).toBeNull();

    await user.upload(within(dialog).getByLabelText("Add a file"), new File(["x"], "notas.pdf", { type: "application/pdf" }));
    act(() => (FakeXhr.last as FakeXhr).respond(409, { status: "error", error: { key: "JOB_FILES_LIMIT", message: "No more", details: { max: 20 } } }));
    expect(await within(dialog).findByText("No more files can be added to this task (maximum 20).")).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText("Add a file"), new File(["x"], "virus.pdf", { type: "application/pdf" }));
    act(() => (FakeXhr.last as FakeXhr).respond(400, { status: "error", error: { key: "FILE_TYPE_NOT_ALLOWED", message: "no", details: { accept: "pdf, docx" } } }));
    expect(await within(dialog).findByText("This type of file is not accepted here (pdf, docx)")).toBeInTheDocument();
  });

  it("turns a job in and takes it back: PUT {action}, then the job, the list and the counts refresh", async () => {
    const user = userEvent.setup();
    let current = job({ files: [{ guid: "dddddddd-0000-4000-8000-000000000001", name: "deberes.pdf", mimeType: "application/pdf", sizeBytes: 2048, uploadedAt: "2026-11-25T10:00:00.000Z", url: "/api/job-files/g/deberes.pdf", viewer: "pdf" }] });
    const app = renderApp(`/tasks?job=${JOB_GUID}`, {
      auth: signedInAs("student"),
      language: "en",
      api: studentApi({
        [JOB]: () => ({ status: 200, body: ok(current) }),
        [PUT_JOB]: (call: ApiCall) => {
          const delivered = (call.body as { action: string }).action === "deliver";
          current = {
            ...current,
            state: delivered ? "pending" : "not_started",
            deliveredAt: delivered ? "2026-11-25T11:00:00.000Z" : null,
            rights: { ...current.rights, deliver: !delivered, undo: delivered },
          };
          return { status: 200, body: ok(current) };
        },
      }),
    });
    const dialog = await findDialog("Tarea 1", "dialog");
    const listCalls = app.api.callsTo(TASKS).length;
    const countCalls = app.api.callsTo(COUNTS).length;
    await user.click(within(dialog).getByRole("button", { name: "Turn in", hidden: true }));
    const undo = await within(dialog).findByRole("button", { name: "Undo turn in", hidden: true });
    expect(app.api.callsTo(PUT_JOB)[0]?.body).toEqual({ action: "deliver" });
    expect(within(dialog).getByText("Pending")).toBeInTheDocument();
    await waitFor(() => expect(app.api.callsTo(TASKS).length).toBeGreaterThan(listCalls));
    expect(app.api.callsTo(COUNTS).length).toBeGreaterThan(countCalls);

    await user.click(undo);
    expect(await within(dialog).findByRole("button", { name: "Turn in", hidden: true })).toBeInTheDocument();
    expect(app.api.callsTo(PUT_JOB)[1]?.body).toEqual({ action: "undo" });
  });

  it("deletes a file before grading and adds a comment", async () => {
    const user = userEvent.setup();
    const file = { guid: "dddddddd-0000-4000-8000-000000000001", name: "borrador.pdf", mimeType: "application/pdf", sizeBytes: 2048, uploadedAt: "2026-11-25T10:00:00.000Z", url: "/api/job-files/g/borrador.pdf", viewer: "pdf" as const };
    let current = job({ files: [file] });
    const DELETE_FILE = `DELETE /api/front/jobs/${JOB_GUID}/files/${file.guid}`;
    const COMMENT = `POST /api/front/jobs/${JOB_GUID}/comments`;
    const app = renderApp(`/tasks?job=${JOB_GUID}`, {
      auth: signedInAs("student"),
      language: "en",
      api: studentApi({
        [JOB]: () => ({ status: 200, body: ok(current) }),
        [DELETE_FILE]: () => {
          current = { ...current, files: [] };
          return { status: 200, body: null };
        },
        [COMMENT]: (call: ApiCall) => {
          const comment = { guid: "eeeeeeee-0000-4000-8000-000000000002", author: { guid: guidOf(300), name: "Ana García" }, body: (call.body as { body: string }).body, createdAt: "2026-11-25T12:00:00.000Z" };
          current = { ...current, comments: [comment] };
          return { status: 201, body: ok(comment) };
        },
      }),
    });
    const dialog = await findDialog("Tarea 1", "dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete borrador.pdf", hidden: true }));
    expect(await within(dialog).findByText("No files yet.")).toBeInTheDocument();
    expect(app.api.callsTo(DELETE_FILE)).toHaveLength(1);

    const send = within(dialog).getByRole("button", { name: "Send", hidden: true });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Add a comment", hidden: true }), "  ¿Vale en PDF?  ");
    await user.click(send);
    expect(await within(dialog).findByText("¿Vale en PDF?")).toBeInTheDocument();
    expect(app.api.callsTo(COMMENT)[0]?.body).toEqual({ body: "¿Vale en PDF?" });
    expect(within(dialog).getByRole("textbox", { name: "Add a comment", hidden: true })).toHaveValue("");
  });

  it("refreshes the lists and counts when a notification about a job arrives", async () => {
    const app = renderApp("/tasks", { auth: signedInAs("student"), language: "en", api: studentApi() });
    await screen.findByRole("link", { name: "Open: Tarea 1" }, SLOW);
    // The page's listener comes with the realtime module it imports on demand.
    await waitFor(() => expect(realtimeListeners("notification:new")).toBeGreaterThan(0));
    await act(async () => import("../../src/client/features/notifications/realtime"));
    const listCalls = app.api.callsTo(TASKS).length;
    const countCalls = app.api.callsTo(COUNTS).length;
    push("notification:new", { id: 1, type: "post", jobGuid: null });
    // Nothing about a job: nothing asked again.
    expect(app.api.callsTo(COUNTS).length).toBe(countCalls);
    push("notification:new", { id: 2, type: "assigned", jobGuid: JOB_GUID });
    await waitFor(() => expect(app.api.callsTo(COUNTS).length).toBe(countCalls + 1));
    expect(app.api.callsTo(TASKS).length).toBe(listCalls + 1);
    // Taken out of a class: its tasks leave the lists.
    push("course:left", { calendarGuids: [guidOf(900)] });
    await waitFor(() => expect(app.api.callsTo(COUNTS).length).toBe(countCalls + 2));
  });
});

describe("Tasks page (teacher)", () => {
  const pending = (n: number) => listItem(n, { state: "pending", student: { guid: guidOf(100 + n), name: `Alumno ${n}` }, deliveredAt: "2026-11-20T10:00:00.000Z", late: n === 2 });

  it("shows the teacher's tabs, student names, and pages by 10 with the total", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 12 }, (_, i) => pending(i + 1));
    const app = renderApp("/tasks", {
      auth: signedInAs("teacher"),
      language: "en",
      api: {
        [TASKS]: (call: ApiCall) => {
          const offset = Number(call.query.get("offset"));
          return { status: 200, body: ok(pageOf("pending", all.slice(offset, offset + 10), 12, offset)) };
        },
        [COUNTS]: ok({ todo: 0, turnedIn: 0, graded: 0, pending: 12, reviewed: 3 }),
      },
    });
    await screen.findByRole("link", { name: "Open: Tarea 1" }, SLOW);
    await waitFor(() => expectTabs(["Pending tasks 12 tasks", "Reviewed assessments 3 tasks"]));
    expect(app.api.callsTo(TASKS)[0]?.query.get("tab")).toBe("pending");
    expect(taskRows()).toHaveLength(10);
    expect(screen.getByText("Student: Alumno 1")).toBeInTheDocument();
    expect(within(screen.getByText("Student: Alumno 2").closest("li") as HTMLElement).getByText("Late")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Pages" });
    expect(pager).toHaveTextContent("1–10 of 12");
    expect(within(pager).getByRole("button", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");

    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("link", { name: "Open: Tarea 11" })).toBeInTheDocument();
    expect(taskRows()).toHaveLength(2);
    expect(pager).toHaveTextContent("11–12 of 12");
    expect(app.api.callsTo(TASKS).at(-1)?.query.get("offset")).toBe("10");
    expect(within(pager).getByRole("button", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");
  });

  it("grades a hand-in: the score must be within 0..max, then PUT {score, feedback}", async () => {
    const user = userEvent.setup();
    const teacherJob = job({
      viewer: "editor",
      state: "pending",
      student: { guid: guidOf(101), name: "Alumno 1" },
      rights: { upload: false, deleteFiles: false, deliver: false, undo: false, grade: true, comment: true },
      files: [{ guid: "dddddddd-0000-4000-8000-000000000001", name: "deberes.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", sizeBytes: 2048, uploadedAt: "2026-11-25T10:00:00.000Z", url: "/api/job-files/g/deberes.docx", viewer: "download" }],
    });
    const app = renderApp(`/tasks?job=${JOB_GUID}`, {
      auth: signedInAs("teacher"),
      language: "en",
      api: {
        [TASKS]: ok(pageOf("pending", [])),
        [COUNTS]: ok({ ...AMOUNTS, todo: 0, turnedIn: 0 }),
        [JOB]: ok(teacherJob),
        [PUT_JOB]: (call: ApiCall) => ({ status: 200, body: ok({ ...teacherJob, state: "graded", score: (call.body as { score: number }).score }) }),
      },
    });
    const dialog = await findDialog("Tarea 1", "dialog");
    expect(within(dialog).getByText("Alumno 1")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open deberes.docx", hidden: true })).toHaveAttribute("href", "/api/job-files/g/deberes.docx");
    expect(within(dialog).queryByLabelText("Add a file")).toBeNull();

    const score = within(dialog).getByRole("textbox", { name: /Score \(0 to 10\)/, hidden: true });
    await user.type(score, "12");
    await user.click(within(dialog).getByRole("button", { name: "Save grade", hidden: true }));
    expect(await within(dialog).findByText("Enter a score between 0 and 10.")).toBeInTheDocument();
    expect(app.api.callsTo(PUT_JOB)).toHaveLength(0);

    await user.clear(score);
    await user.type(score, "7,5");
    await user.type(within(dialog).getByRole("textbox", { name: "Feedback for the student", hidden: true }), "Buen trabajo");
    await user.click(within(dialog).getByRole("button", { name: "Save grade", hidden: true }));
    await waitFor(() => expect(app.api.callsTo(PUT_JOB)).toHaveLength(1));
    expect(app.api.callsTo(PUT_JOB)[0]?.body).toEqual({ score: 7.5, feedback: "Buen trabajo" });
    expect(within(dialog).queryByText("Enter a score between 0 and 10.")).toBeNull();
  });

  it("shows the server's error when grading fails", async () => {
    const user = userEvent.setup();
    const teacherJob = job({ viewer: "editor", state: "pending", rights: { upload: false, deleteFiles: false, deliver: false, undo: false, grade: true, comment: true } });
    renderApp(`/tasks?job=${JOB_GUID}`, {
      auth: signedInAs("teacher"),
      language: "en",
      api: { [TASKS]: ok(pageOf("pending", [])), [COUNTS]: ok(AMOUNTS), [JOB]: ok(teacherJob), [PUT_JOB]: () => fail(409, "JOB_NOT_DELIVERED") },
    });
    const dialog = await findDialog("Tarea 1", "dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Score/, hidden: true }), "5");
    await user.click(within(dialog).getByRole("button", { name: "Save grade", hidden: true }));
    expect(await screen.findByText("This task has not been turned in.")).toBeInTheDocument();
  });
});

describe("Tasks page accessibility", () => {
  it("is axe-clean with the list and with a job open (WCAG 2.1 A/AA rules that need no layout)", async () => {
    const run = async () => {
      const results = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    renderApp(`/tasks?tab=turned_in&job=${JOB_GUID}`, {
      auth: signedInAs("student"),
      language: "en",
      api: studentApi({ [JOB]: ok(job({ comments: [{ guid: "eeeeeeee-0000-4000-8000-000000000001", author: { guid: guidOf(200), name: "Profe" }, body: "¿Dudas?", createdAt: "2026-11-24T09:00:00.000Z" }] })) }),
    });
    await screen.findByRole("link", { name: "Open: Tarea 3" }, SLOW);
    await findDialog("Tarea 1", "dialog");
    expect(await run()).toEqual([]);
  });
});


