import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContentCard } from "../../src/contracts/contents";
import type { PublicationCard } from "../../src/contracts/courses";
import { ok, type ApiCall } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const content = (n: number, overrides: Partial<ContentCard> = {}): ContentCard => ({
  guid: uuid(n),
  name: `Matemáticas ${String(n).padStart(2, "0")}`,
  description: "",
  kind: "book",
  isBook: true,
  coverUrl: null,
  discipline: "math",
  educationYear: "1º ESO",
  access: "open",
  unitCount: 10,
  ...overrides,
});

const program: PublicationCard = {
  guid: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  title: "Lengua y Literatura 2",
  kind: "program",
  coverUrl: null,
  discipline: "language",
  educationYear: "2º ESO",
  unitCount: 12,
};

const CONTENTS = "GET /api/front/contents";
const ALL = Array.from({ length: 20 }, (_, i) => content(i + 1, i === 0 ? { access: "licensed" } : {}));

/** A fake search: names containing the words (case-insensitive), paged like the server. */
function contentsServer(catalogue: ContentCard[]) {
  return (call: ApiCall) => {
    const words = (call.query.get("search") ?? "").toLowerCase();
    const isBook = call.query.get("isBook");
    const matches = catalogue.filter(
      (c) => c.name.toLowerCase().includes(words) && (isBook === null || c.isBook === (isBook === "1")),
    );
    const offset = Number(call.query.get("offset"));
    const pageSize = Number(call.query.get("pageSize"));
    return { status: 200, body: ok({ items: matches.slice(offset, offset + pageSize), total: matches.length, offset, pageSize }) };
  };
}

function renderPrograms(catalogue: ContentCard[] = ALL) {
  return renderApp("/home?tab=library", {
    auth: signedInAs("teacher"),
    language: "en",
    api: {
      "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
      "GET /api/front/publications": ok({ items: [program], total: 1, offset: 0, pageSize: 100 }),
      [CONTENTS]: contentsServer(catalogue),
    },
  });
}

const searchBox = () => screen.getByRole("searchbox", { name: "Search books and programs" });

describe("Book search on the Programs tab", () => {
  it("keeps the publications list until a search or filter is set", async () => {
    const app = renderPrograms();
    expect(await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" })).toBeInTheDocument();
    expect(searchBox()).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "All" })).toBeChecked();
    expect(app.api.callsTo(CONTENTS)).toHaveLength(0);
  });

  it("searches books with search, isBook=1, pageSize=16, offset=0, orderBy=name asc, once typing pauses", async () => {
    const user = userEvent.setup();
    const app = renderPrograms();
    await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" });
    await user.click(screen.getByRole("radio", { name: "Books" }));
    await user.type(searchBox(), "mate");

    await waitFor(() => expect(app.api.callsTo(CONTENTS).at(-1)?.query.get("search")).toBe("mate"));
    // The books-only list (before the words) gives way to a loading grid, then to the matches.
    await waitFor(() => expect(screen.queryByRole("status", { name: "Searching" })).not.toBeInTheDocument());
    const results = await screen.findByRole("list", { name: "Search results" });
    const last = app.api.callsTo(CONTENTS).at(-1);
    expect(last?.query.toString()).toBe("search=mate&isBook=1&pageSize=16&offset=0&orderBy=name+asc");
    // Debounced: no request for "m", "ma" or "mat".
    const searched = app.api.callsTo(CONTENTS).map((c) => c.query.get("search"));
    expect(searched.filter((s) => s !== null && s !== "mate")).toEqual([]);

    await waitFor(() => expect(within(results).getAllByRole("listitem")).toHaveLength(16));
    expect(screen.queryByRole("heading", { name: "Lengua y Literatura 2" })).not.toBeInTheDocument();
    expect(screen.getByText("20 results")).toHaveAttribute("aria-live", "polite");
    const first = within(results).getByRole("heading", { level: 2, name: "Matemáticas 01" }).closest("article");
    if (!first) throw new Error("card not found");
    expect(within(first).getByText("ESO Year 1 · Mathematics")).toBeInTheDocument();
    expect(within(first).getByText("Book")).toBeInTheDocument();
    expect(within(first).getByText("Licensed")).toBeInTheDocument();
    const second = within(results).getByRole("heading", { level: 2, name: "Matemáticas 02" }).closest("article");
    if (!second) throw new Error("card not found");
    expect(within(second).queryByText("Licensed")).not.toBeInTheDocument();
  });

  it("leaves isBook out for All and sends isBook=0 for Programs", async () => {
    const user = userEvent.setup();
    const app = renderPrograms();
    await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" });
    await user.type(searchBox(), "mate");
    await screen.findByRole("list", { name: "Search results" });
    expect(app.api.callsTo(CONTENTS).at(-1)?.query.has("isBook")).toBe(false);
    await user.click(screen.getByRole("radio", { name: "Programs" }));
    await waitFor(() => expect(app.api.callsTo(CONTENTS).at(-1)?.query.get("isBook")).toBe("0"));
  });

  it("loads the next 16 with Load more (offset=16) and stops when all are shown", async () => {
    const user = userEvent.setup();
    const app = renderPrograms();
    await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" });
    await user.type(searchBox(), "matem");
    const results = await screen.findByRole("list", { name: "Search results" });
    expect(screen.getByText("Showing 16 of 20")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(results).getAllByRole("listitem")).toHaveLength(20));
    const more = app.api.callsTo(CONTENTS).at(-1);
    expect(more?.query.get("offset")).toBe("16");
    expect(more?.query.get("pageSize")).toBe("16");
    expect(more?.query.get("search")).toBe("matem");
    expect(within(results).getByRole("heading", { level: 2, name: "Matemáticas 20" })).toBeInTheDocument();
    expect(screen.getByText("Showing 20 of 20")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("says when nothing matches, naming the words", async () => {
    const user = userEvent.setup();
    renderPrograms();
    await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" });
    await user.type(searchBox(), "zzz");
    expect(await screen.findByRole("heading", { level: 2, name: "No results for «zzz»" })).toBeInTheDocument();
    expect(screen.getByText("0 results")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Search results" })).not.toBeInTheDocument();
  });

  it("goes back to the publications list when the search is cleared", async () => {
    const user = userEvent.setup();
    renderPrograms();
    await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" });
    await user.type(searchBox(), "mate");
    await screen.findByRole("list", { name: "Search results" });
    await user.clear(searchBox());
    expect(await screen.findByRole("heading", { level: 2, name: "Lengua y Literatura 2" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Search results" })).not.toBeInTheDocument();
  });
});
