import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { findDialog } from "../support/dialogs";
import userEvent, { PointerEventsCheckLevel } from "@testing-library/user-event";
import {
  defaultCourseDates,
  defaultPeriods,
  schoolYearOf,
  type AvailablePublication,
  type CourseDetail,
} from "../../src/contracts/course-settings";
import type { Discipline, EducationLevel } from "../../src/contracts/reference";
import { CourseFormDialog } from "../../src/client/features/classes/CourseFormDialog";
import { fail, ok, reply, type ApiCall, type ApiRoutes } from "../support/client-api";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

/*
 * Under jsdom, Tabster (Fluent's focus manager) cannot see the dialog's layout and marks the open
 * dialog aria-hidden, and the accessibility-tree check makes each role query on this large form take
 * about a second. Role queries here skip that check; they still match by role and accessible name,
 * and the "absent" assertions become stricter (nothing in the DOM at all).
 */
configure({ defaultHidden: true });

const LEVEL = "3c1f0e2a-1b2c-4d3e-8f4a-5b6c7d8e9f01";
const YEAR_1 = "3c1f0e2a-1b2c-4d3e-8f4a-5b6c7d8e9f02";
const YEAR_2 = "3c1f0e2a-1b2c-4d3e-8f4a-5b6c7d8e9f03";
const PRIMARY = "3c1f0e2a-1b2c-4d3e-8f4a-5b6c7d8e9f04";
const PRIMARY_1 = "3c1f0e2a-1b2c-4d3e-8f4a-5b6c7d8e9f05";
const MATH = "4d2a1b3c-2c3d-4e4f-9a5b-6c7d8e9f0a01";
const HISTORY = "4d2a1b3c-2c3d-4e4f-9a5b-6c7d8e9f0a02";
const BOOK = "5e3b2c4d-3d4e-4f5a-8b6c-7d8e9f0a1b01";
const OPEN_BOOK = "5e3b2c4d-3d4e-4f5a-8b6c-7d8e9f0a1b02";
const NEW_GUID = "6f4c3d5e-4e5f-4a6b-9c7d-8e9f0a1b2c01";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const year = (guid: string, code: string, name: string, order: number) => ({
  guid, code, year: name, order, education_year_guid: guid, education_year_name: name,
});
const levels: EducationLevel[] = [
  {
    guid: PRIMARY, code: "primary", level: "Primary", order: 1, education_level_guid: PRIMARY, education_level_name: "Primary",
    years: [year(PRIMARY_1, "1p", "Year 1", 1)],
  },
  {
    guid: LEVEL, code: "secondary", level: "Secondary", order: 2, education_level_guid: LEVEL, education_level_name: "Secondary",
    years: [year(YEAR_1, "1eso", "1st ESO", 1), year(YEAR_2, "2eso", "2nd ESO", 2)],
  },
];
const disciplines: Discipline[] = [
  { guid: MATH, code: "math", name: "Matemáticas" },
  { guid: HISTORY, code: "history", name: "Historia" },
];
const available: AvailablePublication[] = [
  { guid: BOOK, title: "Maths 1 (Lumen)", kind: "book", coverUrl: null, discipline: "math", educationYear: "1st ESO", access: "licensed" },
  { guid: OPEN_BOOK, title: "Open History", kind: "book", coverUrl: null, discipline: "history", educationYear: null, access: "open" },
];

const schoolYear = schoolYearOf(new Date());
const dates = defaultCourseDates(schoolYear);

function detail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    guid: NEW_GUID,
    name: "Maths 1A",
    color: "#0B6A0B",
    icon: "calculator",
    schoolYear,
    educationLevel: "Secondary",
    educationYear: "1st ESO",
    discipline: "math",
    myRole: "teacher",
    studentCount: 0,
    kind: "class",
    educationLevelGuid: LEVEL,
    educationYearGuid: YEAR_1,
    disciplineGuid: MATH,
    ...dates,
    settings: {
      teachingModel: "retro",
      devices: "personal",
      streamPermission: "students_post",
      lessonQuestions: false,
      gamification: false,
      schedule: {
        quarters: [
          { guid: "7a5d4e6f-5f6a-4b7c-8d8e-9f0a1b2c3d01", days: [{ guid: "7a5d4e6f-5f6a-4b7c-8d8e-9f0a1b2c3d02", weekday: "tuesday", start: "10:00", end: "11:00" }] },
        ],
      },
      periods: defaultPeriods("semester", dates.startDate, dates.endDate),
    },
    publications: [{ guid: BOOK, title: "Maths 1 (Lumen)", kind: "book", coverUrl: null }],
    classKey: "MATEESA2",
    classKeyExpiresAt: null,
    teacherCount: 1,
    canEdit: true,
    canManageTeachers: true,
    editionGamified: false,
    ...overrides,
  };
}

const organization = (canCreateCourse: boolean, canCreateGroup: boolean) =>
  ok({ lms: { entryPoint: "/home", canCreateCourse, canCreateGroup }, tenant: { guid: "7d0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f" } });

const referenceApi = (more: ApiRoutes = {}): ApiRoutes => ({
  "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
  "GET /api/organization": organization(true, false),
  "GET /api/education-levels": ok(levels),
  "GET /api/disciplines": ok(disciplines),
  "GET /api/front/publications/available": ok({ items: available }),
  ...more,
});

/** The form's first render and its reference lists take a few seconds under jsdom. */
const SLOW = { timeout: 15_000 };

/** Skips user-event's pointer-events check: each one styles the whole form through jsdom (slow). */
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openNewClass(api: ApiRoutes = referenceApi(), edition = {}) {
  const user = setupUser();
  const app = renderApp("/home", { auth: signedInAs("teacher"), language: "en", api, edition });
  await user.click(await screen.findByRole("button", { name: "New class" }));
  const dialog = await findDialog("New class", "dialog");
  // The reference lists have arrived once their entries show (text queries: role queries over this
  // form cost about a second each under jsdom).
  await within(dialog).findByText("Secondary", {}, SLOW);
  await within(dialog).findByText("Mathematics");
  await within(dialog).findByLabelText("Maths 1 (Lumen) (1st ESO)");
  return { user, app, dialog };
}

async function fillRequired(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
  const d = within(dialog);
  await user.type(d.getByLabelText(/^Class name/), "Maths 1A");
  await user.selectOptions(d.getByLabelText(/^Education level/), "Secondary");
  await user.selectOptions(d.getByLabelText(/^Year/), "1st ESO");
  await user.selectOptions(d.getByLabelText(/^Subject/), "Mathematics");
}

const save = (user: ReturnType<typeof setupUser>) => user.click(screen.getByText("Create", { selector: "button" }));

describe("New class dialog", () => {
  it("shows every setting of the new-class flow", async () => {
    const { dialog } = await openNewClass(referenceApi(), { gamified: true });
    const d = within(dialog);
    for (const legend of ["Class details", "Timetable", "Teaching", "Appearance", "Publications", "Evaluation periods"]) {
      expect(d.getByRole("group", { name: legend })).toBeInTheDocument();
    }
    expect(d.getByRole("textbox", { name: "Class name" })).toHaveAttribute("maxlength", "80");
    expect(d.getByText("0/80 characters")).toBeInTheDocument();
    expect(d.getByRole("combobox", { name: "School year" })).toHaveValue(schoolYear);
    expect(d.getByLabelText(/^Start date/)).toHaveValue(dates.startDate);
    expect(d.getByLabelText(/^End date/)).toHaveValue(dates.endDate);
    const models = d.getByRole("radiogroup", { name: "Teaching model" });
    expect(within(models).getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual([
      "vanilla", "retro", "primary-2022", "secondary-2022", "secondary-pqlco", "unoi",
    ]);
    expect(within(models).getByRole("radio", { name: "Retro" })).toHaveAccessibleDescription("Warm colours and classic notebook lettering");
    expect(d.getByRole("radio", { name: "1:1" })).toBeChecked();
    expect(d.getByRole("radio", { name: "Personal" })).toBeInTheDocument();
    const stream = d.getByRole("radiogroup", { name: "Class stream permissions" });
    expect(within(stream).getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual(["teacher_only", "students_comment", "students_post"]);
    expect(within(stream).getByRole("radio", { name: "Only the teacher comments and publishes" })).toBeInTheDocument();
    expect(d.getByRole("switch", { name: "Q&A in lessons" })).toBeChecked();
    expect(d.getByRole("switch", { name: "Gamification (points, medals and levels)" })).toBeChecked();
    expect(d.getByRole("radio", { name: "Blue" })).toBeChecked();
    expect(within(d.getByRole("radiogroup", { name: "Colour" })).getAllByRole("radio")).toHaveLength(10);
    expect(within(d.getByRole("radiogroup", { name: "Icon" })).getAllByRole("radio")).toHaveLength(12);
    expect(d.getByRole("radio", { name: "Calculator" })).toBeInTheDocument();
    expect(d.getByText("Licensed")).toBeInTheDocument();
    expect(d.getByRole("link", { name: "Redeem a licence code to add more publications" })).toHaveAttribute("href", "/license");
    expect(d.getByRole("combobox", { name: "Period type" })).toHaveValue("quarter");
    expect(d.getAllByRole("group", { name: /^Period \d$/ })).toHaveLength(3);
  });

  it("hides the gamification switch outside a gamified edition, and the type choice when only classes are allowed", async () => {
    const { dialog } = await openNewClass();
    expect(within(dialog).queryByRole("switch", { name: /Gamification/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("radiogroup", { name: "Type" })).not.toBeInTheDocument();
  });

  it("starts with the default timetable: 3 quarters, each with a Monday 08:00-09:00 slot", async () => {
    const { dialog } = await openNewClass();
    const quarters = within(dialog).getAllByRole("group", { name: /^Quarter \d$/ });
    expect(quarters).toHaveLength(3);
    quarters.forEach((quarter, i) => {
      const q = within(quarter);
      expect(q.getAllByRole("combobox", { name: "Day" })).toHaveLength(1);
      expect(q.getByRole("combobox", { name: "Day" })).toHaveValue("monday");
      expect(q.getByLabelText("Start")).toHaveValue("08:00");
      expect(q.getByLabelText("End")).toHaveValue("09:00");
      expect(q.getByRole("button", { name: `Remove Monday 08:00-09:00 slot, quarter ${i + 1}` })).toBeInTheDocument();
    });
  });

  it("adds and removes timetable slots", async () => {
    const { user, dialog } = await openNewClass();
    const quarter = within(within(dialog).getByRole("group", { name: "Quarter 2" }));
    await user.click(quarter.getByRole("button", { name: "Add a slot to quarter 2" }));
    expect(quarter.getAllByRole("combobox", { name: "Day" }).map((s) => (s as HTMLSelectElement).value)).toEqual(["monday", "tuesday"]);
    await user.click(quarter.getByRole("button", { name: "Remove Monday 08:00-09:00 slot, quarter 2" }));
    expect(quarter.getAllByRole("combobox", { name: "Day" }).map((s) => (s as HTMLSelectElement).value)).toEqual(["tuesday"]);
  });

  it("follows the level with its years", async () => {
    const { user, dialog } = await openNewClass();
    const yearSelect = within(dialog).getByRole("combobox", { name: "Year" });
    expect(yearSelect).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Education level" }), "Secondary");
    expect(within(yearSelect).getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose an option", "1st ESO", "2nd ESO"]);
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Education level" }), "Primary");
    // A level with one year chooses it.
    expect(yearSelect).toHaveValue(PRIMARY_1);
  });

  it("requires a name, sends nothing and focuses the name", async () => {
    const { user, dialog, app } = await openNewClass();
    await save(user);
    const name = within(dialog).getByRole("textbox", { name: "Class name" });
    expect(await within(dialog).findAllByText("This field is required")).toHaveLength(4);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(0);
  });

  it("refuses an end date before the start date and keeps what was typed", async () => {
    const { user, dialog, app } = await openNewClass();
    await fillRequired(user, dialog);
    const end = within(dialog).getByLabelText(/^End date/);
    fireEvent.change(end, { target: { value: dates.startDate.replace(/^(\d{4})-09-01$/, "$1-08-01") } });
    await save(user);
    expect(await within(dialog).findByText("The course end date must be after the start date")).toBeInTheDocument();
    expect(end).toHaveFocus();
    expect(within(dialog).getByRole("textbox", { name: "Class name" })).toHaveValue("Maths 1A");
    expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(0);
  });

  it("regenerates the periods from the type and refuses overlapping ones", async () => {
    const { user, dialog, app } = await openNewClass();
    await fillRequired(user, dialog);
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Period type" }), "Semester");
    expect(within(dialog).getAllByRole("group", { name: /^Period \d$/ })).toHaveLength(2);
    const first = within(within(dialog).getByRole("group", { name: "Period 1" }));
    const second = within(within(dialog).getByRole("group", { name: "Period 2" }));
    const [semester1] = defaultPeriods("semester", dates.startDate, dates.endDate).items;
    expect(first.getByLabelText("Start")).toHaveValue(semester1?.start);
    expect(second.getByLabelText("End")).toHaveValue(dates.endDate);
    fireEvent.change(second.getByLabelText("Start"), { target: { value: semester1?.end } });
    await save(user);
    expect(await second.findByText("There are overlapping dates")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(0);
  });

  it("refuses a time it cannot read and an end time before the start", async () => {
    const { user, dialog, app } = await openNewClass();
    await fillRequired(user, dialog);
    const quarter1 = within(within(dialog).getByRole("group", { name: "Quarter 1" }));
    const quarter3 = within(within(dialog).getByRole("group", { name: "Quarter 3" }));
    fireEvent.change(quarter1.getByLabelText("Start"), { target: { value: "08:00:30" } });
    fireEvent.change(quarter3.getByLabelText("End"), { target: { value: "07:00" } });
    await save(user);
    expect(await quarter1.findByText("Enter a valid time")).toBeInTheDocument();
    expect(quarter1.getByLabelText("Start")).toHaveFocus();
    expect(quarter3.getByText("The end time must be after the start time")).toBeInTheDocument();
    expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(0);
  });

  it("creates the class with the exact body, then opens it", async () => {
    const api = referenceApi({
      "POST /api/front/courses": () => reply(201, ok(detail())),
      [`GET /api/front/courses/${NEW_GUID}`]: ok(detail()),
    });
    const { user, dialog, app } = await openNewClass(api);
    const d = within(dialog);
    await fillRequired(user, dialog);
    expect(d.getByText("8/80 characters")).toBeInTheDocument();
    await user.click(d.getByRole("radio", { name: "Retro" }));
    await user.click(d.getByRole("radio", { name: "Personal" }));
    await user.click(d.getByRole("radio", { name: "Students can comment and post" }));
    await user.click(d.getByRole("switch", { name: "Q&A in lessons" }));
    await user.click(d.getByRole("radio", { name: "Green" }));
    await user.click(d.getByRole("radio", { name: "Calculator" }));
    await user.type(d.getByRole("searchbox", { name: "Filter publications" }), "lumen");
    expect(d.queryByRole("checkbox", { name: /Open History/ })).not.toBeInTheDocument();
    await user.click(d.getByRole("checkbox", { name: "Maths 1 (Lumen) (1st ESO)" }));
    await save(user);

    await waitFor(() => expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(1));
    const body = app.api.callsTo("POST /api/front/courses")[0]?.body;
    const slot = { guid: expect.stringMatching(UUID), weekday: "monday", start: "08:00", end: "09:00" };
    expect(body).toEqual({
      kind: "class",
      name: "Maths 1A",
      educationLevelGuid: LEVEL,
      educationYearGuid: YEAR_1,
      disciplineGuid: MATH,
      schoolYear,
      startDate: dates.startDate,
      endDate: dates.endDate,
      color: "#0B6A0B",
      icon: "calculator",
      publicationGuids: [BOOK],
      settings: {
        teachingModel: "retro",
        devices: "personal",
        streamPermission: "students_post",
        lessonQuestions: false,
        gamification: false,
        schedule: { quarters: [0, 1, 2].map(() => ({ guid: expect.stringMatching(UUID), days: [slot] })) },
        periods: defaultPeriods("quarter", dates.startDate, dates.endDate),
      },
    });
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${NEW_GUID}`));
    expect(await screen.findByText("Class created")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "New class" })).not.toBeInTheDocument();
  });

  it("shows a server VALIDATION_ERROR under its field and keeps the form", async () => {
    const api = referenceApi({
      "POST /api/front/courses": () =>
        reply(400, {
          status: "error",
          error: { key: "VALIDATION_ERROR", message: "invalid", details: [{ field: "settings.periods.items.1.start", message: "outside_course_dates" }] },
        }),
    });
    const { user, dialog, app } = await openNewClass(api);
    await fillRequired(user, dialog);
    await save(user);
    const period2 = within(await within(dialog).findByRole("group", { name: "Period 2" }));
    expect(await period2.findByText("The period must fall within the course dates")).toBeInTheDocument();
    expect(period2.getByLabelText("Start")).toHaveFocus();
    expect(within(dialog).getByRole("textbox", { name: "Class name" })).toHaveValue("Maths 1A");
    expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(1);
  });

  it("translates other refusals from the server", async () => {
    const api = referenceApi({ "POST /api/front/courses": () => fail(403, "COURSE_CREATION_DISABLED") });
    const { user, dialog } = await openNewClass(api);
    await fillRequired(user, dialog);
    await save(user);
    expect(await within(dialog).findByText("Your school does not allow creating classes")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Class name" })).toHaveValue("Maths 1A");
  });
});

describe("New class entry point", () => {
  it("is absent when the school allows neither classes nor groups", async () => {
    const app = renderApp("/home", { auth: signedInAs("teacher"), language: "en", api: referenceApi({ "GET /api/organization": organization(false, false) }) });
    expect(await screen.findByText("You have no classes yet")).toBeInTheDocument();
    await waitFor(() => expect(app.api.callsTo("GET /api/organization")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("button", { name: /New (class|group)/ })).not.toBeInTheDocument();
  });

  it("offers the class/group choice only when both are allowed", async () => {
    const { dialog } = await openNewClass(referenceApi({ "GET /api/organization": organization(true, true) }));
    const kind = within(dialog).getByRole("radiogroup", { name: "Type" });
    expect(within(kind).getByRole("radio", { name: "Class" })).toBeChecked();
    expect(within(kind).getByRole("radio", { name: "Group" })).toBeInTheDocument();
  });

  it("creates a group when the school only allows groups", async () => {
    const user = setupUser();
    const app = renderApp("/home", {
      auth: signedInAs("coteacher"),
      language: "en",
      api: referenceApi({ "GET /api/organization": organization(false, true), "POST /api/front/courses": () => reply(201, ok(detail({ kind: "group" }))) }),
    });
    await user.click(await screen.findByRole("button", { name: "New group" }));
    const dialog = await findDialog("New group", "dialog");
    await within(dialog).findByText("Secondary", {}, SLOW);
    await within(dialog).findByText("Mathematics");
    await fillRequired(user, dialog);
    await save(user);
    await waitFor(() => expect(app.api.callsTo("POST /api/front/courses")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/front/courses")[0]?.body).toMatchObject({ kind: "group", name: "Maths 1A" });
  });
});

describe("Class settings (edit mode)", () => {
  it("prefills from the class and saves with PUT", async () => {
    const user = setupUser();
    const onSaved = jest.fn();
    const onClose = jest.fn();
    const course = detail();
    const { api } = renderWithProviders(<CourseFormDialog open mode="edit" course={course} onClose={onClose} onSaved={onSaved} />, {
      auth: signedInAs("teacher"),
      language: "en",
      api: referenceApi({ [`PUT /api/front/courses/${NEW_GUID}`]: ({ body }: ApiCall) => ({ status: 200, body: ok({ ...course, ...(body as object) }) }) }),
    });
    const dialog = await findDialog("Class settings", "dialog");
    const d = within(dialog);
    await d.findByText("1st ESO", {}, SLOW);
    await d.findByText("Mathematics");
    expect(d.getByRole("textbox", { name: "Class name" })).toHaveValue("Maths 1A");
    expect(d.getByRole("combobox", { name: "Education level" })).toHaveValue(LEVEL);
    expect(d.getByRole("combobox", { name: "Year" })).toHaveValue(YEAR_1);
    expect(d.getByRole("combobox", { name: "Subject" })).toHaveValue(MATH);
    expect(d.getByRole("radio", { name: "Retro" })).toBeChecked();
    expect(d.getByRole("radio", { name: "Personal" })).toBeChecked();
    expect(d.getByRole("radio", { name: "Students can comment and post" })).toBeChecked();
    expect(d.getByRole("switch", { name: "Q&A in lessons" })).not.toBeChecked();
    expect(d.getByRole("radio", { name: "Green" })).toBeChecked();
    expect(d.getByRole("radio", { name: "Calculator" })).toBeChecked();
    expect(await d.findByRole("checkbox", { name: "Maths 1 (Lumen) (1st ESO)" })).toBeChecked();
    expect(d.getByRole("combobox", { name: "Period type" })).toHaveValue("semester");
    expect(d.getAllByRole("group", { name: /^Quarter \d$/ })).toHaveLength(1);
    expect(d.getByRole("button", { name: "Remove Tuesday 10:00-11:00 slot, quarter 1" })).toBeInTheDocument();
    expect(d.queryByRole("radiogroup", { name: "Type" })).not.toBeInTheDocument();

    const name = d.getByRole("textbox", { name: "Class name" });
    await user.clear(name);
    await user.type(name, "Maths 1B");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.callsTo(`PUT /api/front/courses/${NEW_GUID}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/front/courses/${NEW_GUID}`)[0]?.body).toEqual({
      kind: "class",
      name: "Maths 1B",
      educationLevelGuid: LEVEL,
      educationYearGuid: YEAR_1,
      disciplineGuid: MATH,
      schoolYear,
      startDate: dates.startDate,
      endDate: dates.endDate,
      color: "#0B6A0B",
      icon: "calculator",
      publicationGuids: [BOOK],
      settings: course.settings,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: "Maths 1B" })));
    expect(onClose).toHaveBeenCalled();
    // The toast and the polite live region both carry the text.
    expect((await screen.findAllByText("Changes saved"))[0]).toBeInTheDocument();
  });
});
