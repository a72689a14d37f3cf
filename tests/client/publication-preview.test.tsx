import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard, PublicationCard } from "../../src/contracts/courses";
import type { PublicationPreview } from "../../src/contracts/publication-preview";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

/*
 * Home's Programs tab cards open /publication/{guid}: a teacher previews a program or book (units,
 * lessons, contents) before adding it to a class (ADR 0023).
 */

const GUID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const CLASS_A = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const CLASS_B = "7f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5c";
const CLASS_C = "8f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5d";
const PDF = "11111111-1111-4111-8111-111111111111";
const TEST = "22222222-2222-4222-8222-222222222222";

const card: PublicationCard = {
  guid: GUID,
  title: "Matemáticas 1º ESO",
  kind: "program",
  coverUrl: null,
  discipline: "math",
  educationYear: "1º ESO",
  unitCount: 2,
};

const preview = (overrides: Partial<PublicationPreview> = {}): PublicationPreview => ({
  guid: GUID,
  title: "Matemáticas 1º ESO",
  description: "Números, álgebra y geometría.",
  kind: "program",
  coverUrl: null,
  discipline: "math",
  educationYear: "1º ESO",
  access: "licensed",
  canAddToClass: true,
  contentsLocked: false,
  units: [
    {
      guid: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
      title: "Números naturales",
      lessons: [
        {
          guid: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
          title: "Sistemas de numeración",
          summary: "Egipcio, romano y decimal.",
          contents: [
            { guid: PDF, title: "Ficha de numeración", type: "CTTY_05" },
            { guid: TEST, title: "Evaluación de la lección", type: "CTTY_18" },
          ],
        },
      ],
    },
    { guid: "cccccccc-cccc-4ccc-8ccc-cccccccccccc", title: "Fracciones", lessons: [] },
  ],
  ...overrides,
});

const course = (guid: string, name: string, overrides: Partial<CourseCard> = {}): CourseCard => ({
  guid,
  name,
  color: "#0f6cbd",
  icon: "calculator",
  schoolYear: "2025-2026",
  educationLevel: "Secundaria",
  educationYear: "1º ESO",
  discipline: "math",
  myRole: "teacher",
  studentCount: 24,
  publications: [],
  ...overrides,
});
const page = <T,>(items: T[]) => ok({ items, total: items.length, offset: 0, pageSize: 100 });
const PREVIEW = `GET /api/front/publications/${GUID}/preview`;

describe("Programs tab", () => {
  it("opens a program's preview from its card", async () => {
    const user = userEvent.setup();
    const app = renderApp("/home?tab=library", {
      auth: signedInAs("teacher"),
      api: { "GET /api/front/courses": page([]), "GET /api/front/publications": page([card]), [PREVIEW]: ok(preview()) },
    });
    await user.click(await screen.findByRole("link", { name: "Matemáticas 1º ESO" }));
    expect(app.location().pathname).toBe(`/publication/${GUID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Matemáticas 1º ESO" })).toBeInTheDocument();
  });
});

describe("/publication/:guid", () => {
  it("lists units, lessons and contents, each content opening in its viewer", async () => {
    renderApp(`/publication/${GUID}`, { auth: signedInAs("teacher"), api: { [PREVIEW]: ok(preview()) } });
    expect(await screen.findByRole("heading", { level: 2, name: "Números naturales" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Sistemas de numeración" })).toBeInTheDocument();
    expect(screen.getByText("Esta unidad aún no tiene lecciones.")).toBeInTheDocument();
    const contents = screen.getByRole("list", { name: "Contenidos de Sistemas de numeración" });
    expect(within(contents).getByRole("link", { name: "Abrir Ficha de numeración" })).toHaveAttribute("href", `/viewer/${PDF}`);
    expect(within(contents).getByRole("link", { name: "Abrir Evaluación de la lección" })).toHaveAttribute("href", `/projection/test/${TEST}`);
    expect(screen.getByText("Con licencia")).toBeInTheDocument();
    expect(screen.queryByText("Requiere licencia")).not.toBeInTheDocument();
    expect(screen.queryByText("Necesitas una licencia para abrir sus contenidos")).not.toBeInTheDocument();
    // Home > Preview.
    expect(screen.getByRole("navigation", { name: /./ })).toHaveTextContent("Vista previa");
  });

  it("shows a licensed program's structure without a licence, refusing its contents with a way to redeem one", async () => {
    const locked = preview({
      canAddToClass: false,
      contentsLocked: true,
      units: preview().units.map((u) => ({ ...u, lessons: u.lessons.map((l) => ({ ...l, contents: l.contents.map((c) => ({ ...c, guid: null })) })) })),
    });
    renderApp(`/publication/${GUID}`, { auth: signedInAs("teacher"), language: "en", api: { [PREVIEW]: ok(locked) } });
    expect(await screen.findByText("You need a licence to open its contents")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Licences" })).toHaveAttribute("href", "/license");
    const contents = screen.getByRole("list", { name: "Contents of Sistemas de numeración" });
    expect(within(contents).queryByRole("link")).not.toBeInTheDocument();
    expect(within(contents).getAllByText("Needs a licence")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Add to a class" })).not.toBeInTheDocument();
  });

  it("adds it to one of the teacher's classes and opens that class's program", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/publication/${GUID}`, {
      auth: signedInAs("teacher"),
      language: "en",
      api: {
        [PREVIEW]: ok(preview()),
        "GET /api/front/courses": page([
          course(CLASS_A, "Matemáticas 1º ESO A", { publications: [{ guid: GUID, title: "Matemáticas 1º ESO", coverUrl: null }] }),
          course(CLASS_B, "Matemáticas 1º ESO B"),
          course(CLASS_C, "Lengua (student)", { myRole: "student" }),
        ]),
        [`POST /api/front/courses/${CLASS_B}/publications`]: () => ({ status: 201, body: ok({ items: [] }) }),
        [`GET /api/front/courses/${CLASS_B}`]: () => fail(404, "NOT_FOUND"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add to a class" }));
    const dialog = await screen.findByRole("dialog", { name: "Add “Matemáticas 1º ESO” to a class" });
    expect(await within(dialog).findByRole("radio", { name: "Matemáticas 1º ESO A (already has it)" })).toBeDisabled();
    expect(within(dialog).queryByRole("radio", { name: /Lengua/ })).not.toBeInTheDocument();
    // The dialog may still be settling its focus trap on a loaded machine: wait until its button is reachable.
    await user.click(await within(dialog).findByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText("Choose a class")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: "Matemáticas 1º ESO B" }));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${CLASS_B}/program`));
    expect(app.api.callsTo(`POST /api/front/courses/${CLASS_B}/publications`)[0]?.body).toEqual({ publicationGuid: GUID });
  });

  it("says a publication it cannot find is not available", async () => {
    renderApp(`/publication/${GUID}`, { auth: signedInAs("teacher"), api: { [PREVIEW]: () => fail(404, "NOT_FOUND") } });
    expect(await screen.findByText("Este programa no está disponible")).toBeInTheDocument();
  });
});
