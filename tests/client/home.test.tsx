import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard, PublicationCard } from "../../src/contracts/courses";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const course = (overrides: Partial<CourseCard> = {}): CourseCard => ({
  guid: "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b",
  name: "Matemáticas 1º ESO A",
  color: "#0f6cbd",
  icon: "calculator",
  schoolYear: "2025-2026",
  educationLevel: "Secundaria",
  educationYear: "1º ESO",
  discipline: "math",
  myRole: "teacher",
  studentCount: 24,
  publications: [{ guid: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", title: "Matemáticas 1 (Lumen)", coverUrl: null }],
  ...overrides,
});

const page = <T,>(items: T[]) => ok({ items, total: items.length, offset: 0, pageSize: 100 });

const publication: PublicationCard = {
  guid: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  title: "Lengua y Literatura 2",
  kind: "program",
  coverUrl: null,
  discipline: "language",
  educationYear: "2º ESO",
  unitCount: 12,
};

/** Tab labels in order (Fluent renders each label twice, once hidden, to reserve bold width). */
const tabNames = (tablist: HTMLElement) =>
  within(tablist)
    .getAllByRole("tab")
    .map((tab) => tab.querySelector(".fui-Tab__content:not(.fui-Tab__content--reserved-space)")?.textContent);

describe("Home", () => {
  it("shows teachers the Classrooms, Programs and My library tabs, Classrooms first", async () => {
    renderApp("/home", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": page([course()]) } });
    const tabs = await screen.findByRole("tablist", { name: "Secciones de inicio" });
    await waitFor(() => expect(tabNames(tabs)).toEqual(["Clases", "Programas", "Mi biblioteca"]));
    expect(within(tabs).getByRole("tab", { name: "Clases" })).toHaveAttribute("aria-selected", "true");
  });

  it("drops the My library tab when the edition turns it off", async () => {
    renderApp("/home", {
      auth: signedInAs("teacher"),
      edition: { features: { libraryTab: false } },
      api: { "GET /api/front/courses": page([]) },
    });
    // The edition (and so its flags) has loaded once the document carries its name.
    await waitFor(() => expect(document.title).toBe("Aula Digital"));
    expect(tabNames(screen.getByRole("tablist"))).toEqual(["Clases", "Programas"]);
  });

  it("shows students no tabs, only their class cards", async () => {
    renderApp("/home", { auth: signedInAs("student"), api: { "GET /api/front/courses": page([course({ myRole: "student" })]) } });
    expect(await screen.findByRole("link", { name: "Matemáticas 1º ESO A" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("renders class cards from the API as links to the class, with year, subject and students", async () => {
    renderApp("/home", {
      auth: signedInAs("teacher"),
      api: { "GET /api/front/courses": page([course(), course({ guid: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", name: "Historia 2º B", discipline: "history", studentCount: 1 })]) },
    });
    const link = await screen.findByRole("link", { name: "Matemáticas 1º ESO A" });
    expect(link).toHaveAttribute("href", "/course/6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b");
    const card = link.closest("article");
    if (!card) throw new Error("card not found");
    expect(within(card).getByText("1º ESO · Matemáticas")).toBeInTheDocument();
    expect(within(card).getByText("24 estudiantes")).toBeInTheDocument();
    expect(within(card).getByText("Matemáticas 1 (Lumen)")).toBeInTheDocument();
    expect(screen.getByText("1 estudiante")).toBeInTheDocument();
  });

  it("greets the user by name in the page heading", async () => {
    renderApp("/home", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": page([]) } });
    expect(await screen.findByRole("heading", { level: 1, name: /Ana$/ })).toBeInTheDocument();
    expect(await screen.findByText("Todavía no tienes clases")).toBeInTheDocument();
  });

  it("lists publications on the Programs tab", async () => {
    const user = userEvent.setup();
    const app = renderApp("/home", {
      auth: signedInAs("teacher"),
      api: { "GET /api/front/courses": page([]), "GET /api/front/publications": page([publication]) },
    });
    await user.click(await screen.findByRole("tab", { name: "Programas" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" })).toBeInTheDocument();
    expect(screen.getByText("12 unidades")).toBeInTheDocument();
    expect(screen.getByText("Programa")).toBeInTheDocument();
    expect(app.location().search).toBe("?tab=library");
  });

  it("shows the coming-soon notice on My library", async () => {
    const user = userEvent.setup();
    renderApp("/home?tab=my-library", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": page([]) } });
    await user.click(await screen.findByRole("button", { name: "Abrir mi biblioteca" }));
    expect(await screen.findByText("Próximamente")).toBeInTheDocument();
  });

  it("offers Retry when the classes fail to load, and recovers", async () => {
    const user = userEvent.setup();
    const app = renderApp("/home", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": () => fail(500, "INTERNAL_ERROR") } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Vaya, algo ha ido mal");
    app.api.set({ "GET /api/front/courses": page([course()]) });
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("link", { name: "Matemáticas 1º ESO A" })).toBeInTheDocument();
  });

  it("gives teachers a New class button when the school allows creating classes", async () => {
    renderApp("/home", {
      auth: signedInAs("teacher"),
      api: {
        "GET /api/front/courses": page([course()]),
        "GET /api/organization": ok({ lms: { entryPoint: "/home", canCreateCourse: true, canCreateGroup: true }, tenant: { guid: "7d0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f" } }),
      },
    });
    expect(await screen.findByRole("button", { name: "Nueva clase" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unirse a una clase" })).not.toBeInTheDocument();
  });

  it("gives students a Join a class button and never asks for the school's creation flags", async () => {
    const app = renderApp("/home", { auth: signedInAs("student"), api: { "GET /api/front/courses": page([]) } });
    expect(await screen.findByRole("button", { name: "Unirse a una clase" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Nueva clase" })).not.toBeInTheDocument();
    expect(app.api.callsTo("GET /api/organization")).toHaveLength(0);
  });
});
