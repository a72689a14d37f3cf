import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

// pdf.js needs a real canvas and worker; the viewer has its own e2e coverage.
jest.mock("../../src/client/features/platform/PdfViewer", () => ({
  PdfViewer: ({ url, title }: { url: string; title: string }) => <div role="document" aria-label={`PDF ${title}`}>{url}</div>,
}));

const health = (overrides: Record<string, unknown> = {}) =>
  ok({
    platform_health_status: JSON.stringify({
      frontoffice: {
        version: "2025.10.31",
        status: "ok",
        database: { status: "up", driver: "pglite", latencyMs: 3.4 },
        uptimeSeconds: 2 * 86400 + 3 * 3600 + 125,
        startedAt: "2025-11-01T08:00:00.000Z",
        ...overrides,
      },
    }),
  });

describe("Status page", () => {
  it("shows the version, database state and driver, and the uptime", async () => {
    renderApp("/status", { api: { "GET /api/health": health() } });
    expect(await screen.findByText("2025.10.31")).toBeInTheDocument();
    expect(screen.getByText("Disponible (PGlite)")).toBeInTheDocument();
    expect(screen.getByText("Funcionando")).toBeInTheDocument();
    expect(screen.getByText("2 días y 3 horas")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Estado del servicio" })).toBeInTheDocument();
  });

  it("refreshes on demand", async () => {
    const user = userEvent.setup();
    const app = renderApp("/status", { api: { "GET /api/health": health() } });
    await screen.findByText("Disponible (PGlite)");
    app.api.set({ "GET /api/health": health({ database: { status: "down", driver: "postgres", latencyMs: 0 }, status: "degraded" }) });
    await user.click(screen.getByRole("button", { name: "Actualizar" }));
    expect(await screen.findByText("No disponible (PostgreSQL)")).toBeInTheDocument();
    expect(screen.getByText("Con incidencias")).toBeInTheDocument();
  });

  it("offers Retry when the health call fails", async () => {
    renderApp("/status", { api: { "GET /api/health": () => fail(503, "INTERNAL_ERROR") } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Vaya, algo ha ido mal");
  });
});

describe("Legal pages", () => {
  it("shows privacy in the PDF viewer when the scope's value is a PDF", async () => {
    const app = renderApp("/privacy", {
      api: { "GET /api/languages/scopes/privacy": ok({ scope: "privacy", language: "es", value: "/legal/lumen-privacy.pdf" }) },
    });
    expect(await screen.findByRole("document", { name: "PDF Política de privacidad" })).toHaveTextContent("/legal/lumen-privacy.pdf");
    expect(app.api.callsTo("GET /api/languages/scopes/privacy")[0]?.query.get("lang")).toBe("es");
  });

  it("shows privacy as paragraphs of text otherwise, in the current language", async () => {
    const app = renderApp("/privacy", {
      language: "en",
      api: {
        "GET /api/languages/scopes/privacy": ok({ scope: "privacy", language: "en", value: "We keep little data.\n\nYou can ask us to delete it." }),
      },
    });
    expect(await screen.findByText("We keep little data.")).toBeInTheDocument();
    expect(screen.getByText("You can ask us to delete it.")).toBeInTheDocument();
    expect(screen.queryByRole("document")).not.toBeInTheDocument();
    expect(app.api.callsTo("GET /api/languages/scopes/privacy")[0]?.query.get("lang")).toBe("en");
  });
});

describe("Error and not-found pages", () => {
  it("says the page is not available and goes home", async () => {
    const user = userEvent.setup();
    const app = renderApp("/error", { auth: signedInAs("student"), api: { "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "¡Vaya! Esta página no está disponible" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ir a la página de inicio" }));
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
  });

  it("answers unknown paths with the not-found page", async () => {
    renderApp("/no/such/place", { language: "en" });
    expect(await screen.findByRole("heading", { level: 1, name: "We can't find this page" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to homepage" })).toBeInTheDocument();
  });
});
