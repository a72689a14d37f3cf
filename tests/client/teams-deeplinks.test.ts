import { deepLinkPath, pathToSubPageId, subPageIdToPath, teamsDeepLinkUrl } from "../../src/client/platform/deepLinks";

const C = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const L = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const A = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const J = "4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a";

describe("deep link mapping", () => {
  it.each([
    [`lesson:${C}:${L}`, `/course/${C}/lesson/${L}`],
    [`assessment:${C}:${L}:${A}`, `/course/${C}/lesson/${L}/assessment/${A}`],
    ["task", "/tasks"],
    ["tasks", "/tasks"],
    [`task:${J}`, `/tasks?job=${J}`],
  ])("maps %s to %s", (id, path) => {
    expect(subPageIdToPath(id)).toBe(path);
    expect(deepLinkPath(id)).toBe(path);
  });

  it.each([
    undefined,
    null,
    "",
    "unknown:1",
    `lesson:${C}`,
    `lesson:${C}:${L}:extra`,
    `assessment:${C}:${L}`,
    "lesson:../x:y",
    "lesson:a/b:c",
    "task:",
    `task:${J}:extra`,
    "task:../home",
    "task:x&tab=graded",
    "task:x?y",
  ])(
    "sends %p home",
    (id) => {
      expect(subPageIdToPath(id)).toBeUndefined();
      expect(deepLinkPath(id)).toBe("/home");
    },
  );

  it("falls back to a safe loginContext, never to another origin or the sign-in flow", () => {
    expect(deepLinkPath(undefined, "/profile")).toBe("/profile");
    expect(deepLinkPath(`lesson:${C}:${L}`, "/profile")).toBe(`/course/${C}/lesson/${L}`);
    expect(deepLinkPath(undefined, "//evil.example/x")).toBe("/home");
    expect(deepLinkPath(undefined, "https://evil.example")).toBe("/home");
    expect(deepLinkPath(undefined, "/auth/login")).toBe("/home");
    expect(deepLinkPath(undefined, "/\\evil")).toBe("/home");
  });

  it("turns app paths back into sub-page ids", () => {
    expect(pathToSubPageId(`/course/${C}/lesson/${L}`)).toBe(`lesson:${C}:${L}`);
    expect(pathToSubPageId(`/course/${C}/unit/u1/lesson/${L}`)).toBe(`lesson:${C}:${L}`);
    expect(pathToSubPageId(`/course/${C}/lesson/${L}/assessment/${A}?x=1`)).toBe(`assessment:${C}:${L}:${A}`);
    expect(pathToSubPageId("/tasks")).toBe("task");
    expect(pathToSubPageId("/home")).toBeUndefined();
  });

  it("keeps the open job of /tasks in the sub-page id, and only a safe one", () => {
    expect(pathToSubPageId(`/tasks?job=${J}`)).toBe(`task:${J}`);
    expect(pathToSubPageId(`/tasks?tab=graded&job=${J}#top`)).toBe(`task:${J}`);
    expect(pathToSubPageId("/tasks?tab=graded")).toBe("task");
    expect(pathToSubPageId("/tasks?job=..%2Fhome")).toBe("task");
    expect(pathToSubPageId("/tasks?job=")).toBe("task");
    // A round trip lands where it started: the link a notification opens is the link shared.
    expect(subPageIdToPath(pathToSubPageId(`/tasks?job=${J}`))).toBe(`/tasks?job=${J}`);
  });

  it("builds the Teams entity deep link with the sub-page in context", () => {
    const url = new URL(
      teamsDeepLinkUrl({ appId: "app-1", entityId: "home", subPageId: "task", webUrl: "https://aula.example/tasks", label: "Tareas" }),
    );
    expect(url.origin + url.pathname).toBe("https://teams.microsoft.com/l/entity/app-1/home");
    expect(JSON.parse(url.searchParams.get("context") ?? "{}")).toEqual({ subEntityId: "task" });
    expect(url.searchParams.get("webUrl")).toBe("https://aula.example/tasks");
  });
});
