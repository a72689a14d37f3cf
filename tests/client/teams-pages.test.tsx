import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard } from "../../src/contracts/courses";
import { loadThemeVariants } from "../../src/client/app/theme";
import { SAML_FLAG_KEY } from "../../src/client/features/auth/sso";
import { courseTabOf, TAB_PARAM } from "../../src/client/features/course/courseTabs";
import { resetTeamsDeepLink } from "../../src/client/features/teams/TeamsGate";
import { TeamsTheme } from "../../src/client/features/teams/TeamsTheme";
import { fail, ok } from "../support/client-api";
import { buildUser, renderApp, renderWithProviders, signedInAs } from "../support/render";
import { fakeTeamsHost, renderInTeams } from "../support/teams-host/fakeTeamsHost";

const mockMsal = {
  loadTeamsAuthConfig: jest.fn(async () => ({ clientId: "client-1", appIdUri: "api://aula.example/client-1" }) as unknown),
  startConsentRedirect: jest.fn(async () => undefined),
  completeConsentRedirect: jest.fn(async () => ({ ok: true }) as { ok: boolean; reason?: string }),
};
jest.mock("../../src/client/platform/msal", () => mockMsal);

const course = (guid: string, name: string, myRole: CourseCard["myRole"]): CourseCard => ({
  guid,
  name,
  color: "#0f6cbd",
  icon: "calculator",
  schoolYear: "2025-2026",
  educationLevel: null,
  educationYear: null,
  discipline: null,
  myRole,
  studentCount: 20,
  publications: [],
});
const page = <T,>(items: T[]) => ok({ items, total: items.length, offset: 0, pageSize: 100 });
const G1 = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const G2 = "7f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5c";
const G3 = "8f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5d";

beforeEach(() => {
  resetTeamsDeepLink();
  jest.clearAllMocks();
  localStorage.clear();
});

describe("/config (configurable class tab)", () => {
  const courses = page([course(G1, "Matemáticas 1º A", "teacher"), course(G2, "Historia 2º B", "coteacher"), course(G3, "Física", "student")]);

  it("offers only the classes the user teaches and is valid once a class and a screen are chosen", async () => {
    const user = userEvent.setup();
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", { host, auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses } });
    const select = await screen.findByRole("combobox", { name: /Clase/ });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Elige una clase", "Matemáticas 1º A", "Historia 2º B"]);
    expect(host.validity.at(-1)).toBe(false);
    await user.selectOptions(select, G2);
    expect(host.validity.at(-1)).toBe(false);
    await user.click(screen.getByRole("radio", { name: "Programa" }));
    await waitFor(() => expect(host.validity.at(-1)).toBe(true));

    expect(await host.save()).toEqual({
      contentUrl: `${window.location.origin}/course/${G2}?tab=program`,
      websiteUrl: `${window.location.origin}/course/${G2}?tab=program`,
      entityId: `class-${G2}`,
      suggestedDisplayName: "Historia 2º B",
    });
  });

  it("offers only screens the class page opens: its home and the program (no Tasks until tasks exist)", async () => {
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", { host, auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses } });
    await screen.findByRole("combobox", { name: /Clase/ });
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("radio", { name: "Inicio de la clase" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Programa" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Tareas" })).not.toBeInTheDocument();
  });

  it("saves a URL whose ?tab= the class page opens", async () => {
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", { host, auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses } });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: /Clase/ }), G1);
    for (const radio of screen.getAllByRole("radio")) {
      await user.click(radio);
      const { contentUrl } = await host.save();
      const url = new URL(contentUrl);
      expect(url.pathname).toBe(`/course/${G1}`);
      expect(courseTabOf(url.searchParams.get(TAB_PARAM))).toBeDefined();
    }
  });

  it("refuses to save without a choice", async () => {
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", { host, auth: signedInAs("teacher"), api: { "GET /api/front/courses": courses } });
    await screen.findByRole("combobox", { name: /Clase/ });
    await expect(host.save()).rejects.toThrow();
  });

  it("signs in with Teams SSO first", async () => {
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", {
      host,
      api: {
        "POST /api/auth/teams-sso": ok({ token: "a", refreshToken: "r", expiresIn: 3600, user: buildUser() }),
        "GET /api/front/courses": courses,
      },
    });
    expect(await screen.findByRole("combobox", { name: /Clase/ })).toBeInTheDocument();
  });

  it("says so when the teacher has no class", async () => {
    const host = fakeTeamsHost({ frameContext: "settings" });
    renderInTeams("/config", { host, auth: signedInAs("teacher"), api: { "GET /api/front/courses": page([]) } });
    expect(await screen.findByText(/No impartes ninguna clase/)).toBeInTheDocument();
  });
});

describe("consent popup pages", () => {
  it("/tab-auth-start sends the window to Entra with our redirect", async () => {
    const host = fakeTeamsHost({ frameContext: "authentication" });
    renderInTeams("/tab-auth-start", { host });
    await waitFor(() => expect(mockMsal.startConsentRedirect).toHaveBeenCalledTimes(1));
    expect(mockMsal.startConsentRedirect).toHaveBeenCalledWith(
      { clientId: "client-1", appIdUri: "api://aula.example/client-1" },
      `${window.location.origin}/tab-auth-end`,
      "ana.garcia@example.org",
    );
  });

  it("/tab-auth-start reports 'Consent failed' when Teams sign-in is not configured", async () => {
    mockMsal.loadTeamsAuthConfig.mockResolvedValueOnce(undefined);
    const host = { ...fakeTeamsHost({ frameContext: "authentication" }), completeAuth: jest.fn() };
    renderInTeams("/tab-auth-start", { host });
    expect(await screen.findByRole("heading", { name: "Error en el consentimiento" })).toBeInTheDocument();
    expect(host.completeAuth).toHaveBeenCalledWith({ ok: false, reason: "Consent failed" });
  });

  it("/tab-auth-end reports success and asks to close the window", async () => {
    const host = { ...fakeTeamsHost({ frameContext: "authentication" }), completeAuth: jest.fn() };
    renderInTeams("/tab-auth-end", { host });
    expect(await screen.findByRole("heading", { name: "Permiso concedido" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Ya puedes cerrar esta ventana.");
    expect(host.completeAuth).toHaveBeenCalledWith({ ok: true, result: "consented" });
  });

  it("/tab-auth-end reports 'Consent failed'", async () => {
    mockMsal.completeConsentRedirect.mockResolvedValueOnce({ ok: false, reason: "access_denied" });
    const host = { ...fakeTeamsHost({ frameContext: "authentication" }), completeAuth: jest.fn() };
    renderInTeams("/tab-auth-end", { host });
    expect(await screen.findByRole("heading", { name: "Error en el consentimiento" })).toBeInTheDocument();
    expect(host.completeAuth).toHaveBeenCalledWith({ ok: false, reason: "Consent failed" });
  });
});

describe("deep link routes", () => {
  const C = G1;
  const L = G2;
  it("/deeplink follows ?subEntityId=", async () => {
    const app = renderApp(`/deeplink?subEntityId=lesson:${C}:${L}`, { auth: signedInAs("teacher") });
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${C}/lesson/${L}`));
  });

  it("/deeplink with an unknown id goes home", async () => {
    const app = renderApp("/deeplink?subEntityId=nope", { auth: signedInAs("teacher"), api: { "GET /api/front/courses": page([]) } });
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
  });

  it("/auth/login/:token/deeplink signs in with the token and lands on the deep link's screen", async () => {
    const app = renderApp("/auth/login/one-time/deeplink?subEntityId=task", {
      api: { "POST /api/auth/token-login": ok({ token: "a", refreshToken: "r", expiresIn: 3600, user: buildUser() }) },
    });
    await waitFor(() => expect(app.location().pathname).toBe("/tasks"));
    expect(app.api.callsTo("POST /api/auth/token-login")[0]?.headers.get("authorization")).toBe("Bearer one-time");
  });
});

describe("SSO callbacks", () => {
  it("/oidc/callback/:token exchanges the token", async () => {
    const app = renderApp("/oidc/callback/tok-1", {
      api: {
        "POST /api/auth/token-login": ok({ token: "a", refreshToken: "r", expiresIn: 3600, user: buildUser() }),
        "GET /api/front/courses": page([]),
        "GET /api/front/publications": page([]),
      },
    });
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
    expect(localStorage.getItem(SAML_FLAG_KEY)).toBeNull();
  });

  it("/saml/callback/:token exchanges the token and persists the SAML flag", async () => {
    const app = renderApp("/saml/callback/tok-2", {
      api: {
        "POST /api/auth/token-login": ok({ token: "a", refreshToken: "r", expiresIn: 3600, user: buildUser() }),
        "GET /api/front/courses": page([]),
        "GET /api/front/publications": page([]),
      },
    });
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
    expect(localStorage.getItem(SAML_FLAG_KEY)).toBe("1");
  });

  it("/saml/callback/error explains the account is not synchronised yet", async () => {
    renderApp("/saml/callback/error");
    expect(await screen.findByRole("alert")).toHaveTextContent("Tu usuario todavía no se ha sincronizado. Ponte en contacto con el administrador.");
  });

  it("logout forgets the SAML flag", async () => {
    localStorage.setItem(SAML_FLAG_KEY, "1");
    const app = renderApp("/logout", { auth: signedInAs("teacher"), api: { "POST /api/auth/logout": ok({ ok: true }) } });
    await waitFor(() => expect(app.location().pathname).toBe("/auth/login"));
    expect(localStorage.getItem(SAML_FLAG_KEY)).toBeNull();
  });
});

describe("SSO buttons on the login page", () => {
  const providers = [
    { id: "g", kind: "oidc", brand: "google", label: "Google", startUrl: "/api/auth/sso/g/start" },
    { id: "m", kind: "oidc", brand: "microsoft", label: "Microsoft", startUrl: "/api/auth/sso/m/start" },
    { id: "s", kind: "saml", brand: "generic", label: "Mi colegio", startUrl: "https://idp.example/start?x=1" },
  ];

  it("shows one link per provider that starts its flow and comes back where the reader was going", async () => {
    renderApp("/auth/login", { api: { "GET /api/auth/providers": ok(providers) } });
    const google = await screen.findByRole("link", { name: "Continuar con Google" });
    expect(google).toHaveAttribute("href", "/api/auth/sso/g/start?returnTo=%2Fhome");
    expect(screen.getByRole("link", { name: "Continuar con Microsoft" })).toHaveAttribute("href", "/api/auth/sso/m/start?returnTo=%2Fhome");
    expect(screen.getByRole("link", { name: "Continuar con Mi colegio" })).toHaveAttribute(
      "href",
      "https://idp.example/start?x=1&returnTo=%2Fhome",
    );
  });

  it("keeps the guarded page as returnTo", async () => {
    renderApp("/profile", { api: { "GET /api/auth/providers": ok(providers) } });
    expect(await screen.findByRole("link", { name: "Continuar con Google" })).toHaveAttribute(
      "href",
      "/api/auth/sso/g/start?returnTo=%2Fprofile",
    );
  });

  it.each([
    ["no providers", () => ({ status: 200, body: ok([]) })],
    ["a failed call", () => fail(500, "INTERNAL_ERROR")],
  ])("renders nothing with %s", async (_, handler) => {
    const app = renderApp("/auth/login", { api: { "GET /api/auth/providers": handler } });
    await screen.findByRole("button", { name: "Iniciar sesión" });
    await waitFor(() => expect(app.api.callsTo("GET /api/auth/providers")).toHaveLength(1));
    expect(screen.queryByRole("group", { name: "Otras formas de iniciar sesión" })).toBeNull();
    expect(screen.queryAllByRole("link", { name: /^Continuar con/ })).toHaveLength(0);
  });
});

describe("Teams theme", () => {
  it("wears Teams' theme and follows live changes", async () => {
    // The shell listens too: have its dark/contrast chunk ready so it updates synchronously.
    await loadThemeVariants();
    const host = fakeTeamsHost({ theme: "default" });
    const { container } = renderWithProviders(<TeamsTheme>content</TeamsTheme>, { host });
    const themed = () => container.querySelector("[data-teams-theme]");
    expect(themed()).toHaveAttribute("data-teams-theme", "default");
    act(() => host.pushTheme("dark"));
    expect(themed()).toHaveAttribute("data-teams-theme", "dark");
    act(() => host.pushTheme("contrast"));
    expect(themed()).toHaveAttribute("data-teams-theme", "contrast");
  });
});
