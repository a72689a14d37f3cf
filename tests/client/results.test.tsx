import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { defaultCourseSettings, type CourseDetail } from "../../src/contracts/course-settings";
import type { IndividualResults, ItemResults, ResultRow } from "../../src/contracts/records";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const ITEM = "22222222-2222-4222-8222-222222222222";
const LUCIA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PABLO = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const ANA = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const SLOW = { timeout: 8000 };

let seq = 0;
const newGuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

function buildCourse(): CourseDetail {
  return {
    guid: COURSE,
    name: "Ciencias 1º ESO A",
    color: "#0F6CBD",
    icon: "calculator",
    schoolYear: "2025-2026",
    educationLevel: "Secundaria",
    educationYear: "1º ESO",
    discipline: "biology",
    myRole: "teacher",
    studentCount: 3,
    kind: "class",
    educationLevelGuid: null,
    educationYearGuid: null,
    disciplineGuid: null,
    startDate: "2025-09-01",
    endDate: "2026-06-30",
    settings: defaultCourseSettings(newGuid, { startDate: "2025-09-01", endDate: "2026-06-30" }),
    publications: [],
    classKey: "CIEN1234",
    classKeyExpiresAt: null,
    teacherCount: 1,
    canEdit: true,
    canManageTeachers: true,
    editionGamified: false,
  };
}

const row = (guid: string, name: string, r: Partial<ResultRow>): ResultRow => ({
  user: { guid, name },
  attempted: true,
  completion: "completed",
  success: null,
  scoreScaled: null,
  scoreRaw: null,
  statements: 0,
  lastActivityAt: "2026-02-03T10:15:00.000Z",
  ...r,
});

function itemResults(kind: "scorm" | "xapi", rows: ResultRow[]): ItemResults {
  return { itemGuid: ITEM, courseGuid: COURSE, title: "Volcano quiz", kind, rows };
}

const ROWS = [
  row(PABLO, "Pablo Ruiz", { success: "failed", scoreScaled: 0.4, statements: 12 }),
  row(LUCIA, "Lucía Martín", { success: "passed", scoreScaled: 0.9, statements: 20 }),
  row(ANA, "Ana Gil", { attempted: false, completion: null, lastActivityAt: null }),
];

function renderResults(kind: "scorm" | "xapi", data: unknown) {
  return renderApp(`/course/${COURSE}/results-${kind}/${ITEM}`, {
    language: "en",
    auth: signedInAs("teacher"),
    api: { [`GET /api/front/courses/${COURSE}`]: ok(buildCourse()), [`GET /api/front/results/${kind}/${ITEM}`]: data },
  });
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell")[0]?.textContent);

describe("Results table", () => {
  it("lists every student with status, score as a percentage and a link to their detail; sortable", async () => {
    const user = userEvent.setup();
    renderResults("scorm", ok(itemResults("scorm", ROWS)));
    const table = await screen.findByRole("table", { name: "Results of Volcano quiz" }, SLOW);
    expect(screen.getByRole("heading", { name: "SCORM results: Volcano quiz" })).toBeInTheDocument();
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Student", "Status", "Score", "Statements", "Last activity"]);
    expect(names(table)).toEqual(["Ana Gil", "Lucía Martín", "Pablo Ruiz"]);

    const lucia = within(table).getByRole("row", { name: /Lucía Martín/ });
    const cells = within(lucia).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("Completed Passed");
    expect(cells[2]).toHaveTextContent("90%");
    expect(cells[3]).toHaveTextContent("20");
    expect(cells[4]?.textContent).toMatch(/2026/);
    expect(within(lucia).getByRole("link", { name: "Lucía Martín" })).toHaveAttribute("href", `/results-scorm-individual/${ITEM}/user/${LUCIA}`);
    expect(within(within(table).getByRole("row", { name: /Ana Gil/ })).getAllByRole("cell")[1]).toHaveTextContent("Not attempted");

    // Sort by score: highest first on the second press, missing scores always last.
    const score = within(table).getByRole("columnheader", { name: "Score" });
    await user.click(within(score).getByRole("button"));
    expect(score).toHaveAttribute("aria-sort", "ascending");
    expect(names(table)).toEqual(["Pablo Ruiz", "Lucía Martín", "Ana Gil"]);
    await user.click(within(score).getByRole("button"));
    expect(score).toHaveAttribute("aria-sort", "descending");
    expect(names(table)).toEqual(["Lucía Martín", "Pablo Ruiz", "Ana Gil"]);

    await user.click(within(within(table).getByRole("columnheader", { name: "Student" })).getByRole("button"));
    await user.click(within(within(table).getByRole("columnheader", { name: "Student" })).getByRole("button"));
    expect(names(table)).toEqual(["Pablo Ruiz", "Lucía Martín", "Ana Gil"]);
  });

  it("links xAPI rows to the xAPI detail", async () => {
    renderResults("xapi", ok(itemResults("xapi", ROWS.slice(0, 1))));
    const link = await screen.findByRole("link", { name: "Pablo Ruiz" }, SLOW);
    expect(link).toHaveAttribute("href", `/results-xapi-individual/${ITEM}/user/${PABLO}`);
  });

  it("shows an empty state when nobody has attempted it", async () => {
    renderResults("scorm", ok(itemResults("scorm", [ROWS[2] as ResultRow])));
    expect(await screen.findByText("No results yet", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: /Results of/ })).not.toBeInTheDocument();
  });

  it("translates an error", async () => {
    renderResults("scorm", () => fail(403, "FORBIDDEN"));
    expect(await screen.findByRole("alert", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /retry/i })).toBeInTheDocument();
  });
});

function individual(kind: "scorm" | "xapi", overrides: Partial<IndividualResults> = {}): IndividualResults {
  return {
    itemGuid: ITEM,
    courseGuid: COURSE,
    title: "Volcano quiz",
    kind,
    user: { guid: LUCIA, name: "Lucía Martín" },
    summary: row(LUCIA, "Lucía Martín", { success: "passed", scoreScaled: 0.9, statements: 2 }),
    interactions: [{ id: "q1", type: "choice", response: "b", result: "correct", correct: "b" }],
    statements: [
      {
        id: "11111111-aaaa-4aaa-8aaa-000000000001",
        verb: "attempted",
        verbId: "http://adlnet.gov/expapi/verbs/attempted",
        object: "Volcano quiz",
        result: null,
        timestamp: "2026-02-03T10:00:00.000Z",
      },
      {
        id: "11111111-aaaa-4aaa-8aaa-000000000002",
        verb: "passed",
        verbId: "http://adlnet.gov/expapi/verbs/passed",
        object: "Volcano quiz",
        result: { completion: true, success: true, scoreScaled: 0.9, scoreRaw: 9, response: null, duration: "PT5M" },
        timestamp: "2026-02-03T10:15:00.000Z",
      },
    ],
    ...overrides,
  };
}

describe("Individual results", () => {
  it("shows the summary, the interactions and the statements, most recent first", async () => {
    renderApp(`/results-scorm-individual/${ITEM}/user/${LUCIA}`, {
      language: "en",
      auth: signedInAs("teacher"),
      api: { [`GET /api/front/results/scorm/${ITEM}/users/${LUCIA}`]: ok(individual("scorm")) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Lucía Martín" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText("90%", { selector: "dd" })).toBeInTheDocument();
    const interactions = screen.getByRole("table", { name: "Interactions" });
    expect(within(interactions).getByRole("row", { name: /q1/ })).toHaveTextContent("q1choicebbcorrect");
    const timeline = screen.getByRole("list", { name: "Activity statements" });
    const items = within(timeline).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("passed Volcano quiz");
    expect(items[0]).toHaveTextContent("Passed · Completed · 90%");
    expect(items[0]?.querySelector("time")).toHaveAttribute("datetime", "2026-02-03T10:15:00.000Z");
    expect(items[1]).toHaveTextContent("attempted Volcano quiz");
    expect(screen.getByRole("link", { name: "Back to the results" })).toHaveAttribute("href", `/course/${COURSE}/results-scorm/${ITEM}`);
  });

  it("lists xAPI statements without an interactions table, and an empty state before any attempt", async () => {
    const first = renderApp(`/results-xapi-individual/${ITEM}/user/${LUCIA}`, {
      language: "en",
      auth: signedInAs("teacher"),
      api: { [`GET /api/front/results/xapi/${ITEM}/users/${LUCIA}`]: ok(individual("xapi")) },
    });
    expect(await screen.findByRole("list", { name: "Activity statements" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Interactions" })).not.toBeInTheDocument();
    first.unmount();

    renderApp(`/results-xapi-individual/${ITEM}/user/${LUCIA}`, {
      language: "en",
      auth: signedInAs("teacher"),
      api: {
        [`GET /api/front/results/xapi/${ITEM}/users/${LUCIA}`]: ok(
          individual("xapi", { statements: [], summary: row(LUCIA, "Lucía Martín", { attempted: false, completion: null }) }),
        ),
      },
    });
    await waitFor(() => expect(screen.getByText("This student has not attempted the activity yet")).toBeInTheDocument(), SLOW);
  });
});
