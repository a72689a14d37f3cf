import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard } from "../../src/contracts/courses";
import { baseApi } from "../../src/client/app/api";
import { makeStore } from "../../src/client/app/store";
import { startTeamsSso, takeEarlyTeamsSso } from "../../src/client/features/teams/earlySso";
import { teamsSsoApplies } from "../../src/client/features/teams/ssoRules";
import { resetTeamsDeepLink } from "../../src/client/features/teams/TeamsGate";
import { fail, mockApi, ok } from "../support/client-api";
import { buildUser, signedInAs } from "../support/render";
import { fakeTeamsHost, renderInTeams } from "../support/teams-host/fakeTeamsHost";

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
  publications: [],
  ...overrides,
});
const page = <T,>(items: T[]) => ok({ items, total: items.length, offset: 0, pageSize: 100 });
const session = () => ok({ token: "access", refreshToken: "refresh", expiresIn: 3600, user: buildUser() });
const homeApi = { "GET /api/front/courses": page([course()]), "GET /api/front/publications": page([]) };

beforeEach(() => resetTeamsDeepLink());

describe("Teams SSO", () => {
  it("signs in with the host's token and opens the requested page, then notifies success", async () => {
    const app = renderInTeams("/home", { api: { "POST /api/auth/teams-sso": session(), ...homeApi } });
    expect(await screen.findByText("Matemáticas 1º ESO A")).toBeInTheDocument();
    const call = app.api.callsTo("POST /api/auth/teams-sso")[0];
    expect(call?.headers.get("authorization")).toBe("Bearer teams-sso-token");
    expect(app.store.getState().auth.record?.token).toBe("access");
    expect(app.location().pathname).toBe("/home");
    await waitFor(() => expect(app.host.notifyReady).toHaveBeenCalled());
    expect(app.host.notifyFailure).not.toHaveBeenCalled();
  });

  it("never shows the login page inside Teams while signing in", async () => {
    const host = fakeTeamsHost();
    host.getToken.mockImplementation(() => new Promise(() => undefined));
    const app = renderInTeams("/home", { host });
    expect(await screen.findByRole("heading", { name: "Iniciando sesión con Microsoft Teams" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/home");
    expect(host.notifyReady).not.toHaveBeenCalled();
  });

  it.each(["TEAMS_USER_UNKNOWN", "TEAMS_TENANT_UNKNOWN"])("explains an unregistered account (%s)", async (key) => {
    const app = renderInTeams("/home", { api: { "POST /api/auth/teams-sso": () => fail(403, key) } });
    expect(await screen.findByRole("heading", { name: "Tu cuenta no está registrada" })).toBeInTheDocument();
    expect(screen.getByText(/Ponte en contacto con tu centro educativo/)).toBeInTheDocument();
    // Shown, not hidden behind Teams' error screen.
    expect(app.host.notifyReady).toHaveBeenCalled();
  });

  it("reports other failures to Teams and offers a retry", async () => {
    const user = userEvent.setup();
    const app = renderInTeams("/home", { api: { "POST /api/auth/teams-sso": () => fail(401, "TEAMS_TOKEN_INVALID"), ...homeApi } });
    expect(await screen.findByRole("heading", { name: "No se ha podido iniciar sesión" })).toBeInTheDocument();
    expect(app.host.notifyFailure).toHaveBeenCalledWith("TEAMS_TOKEN_INVALID");
    app.api.set({ "POST /api/auth/teams-sso": session() });
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Matemáticas 1º ESO A")).toBeInTheDocument();
  });

  it("asks for consent, opens the consent window and retries SSO", async () => {
    const user = userEvent.setup();
    const host = fakeTeamsHost();
    host.getToken.mockRejectedValueOnce(new Error("resourceRequiresConsent"));
    const app = renderInTeams("/home", { host, api: { "POST /api/auth/teams-sso": session(), ...homeApi } });
    await user.click(await screen.findByRole("button", { name: "Dar permiso" }));
    expect(host.openAuthWindow).toHaveBeenCalledWith(`${window.location.origin}/tab-auth-start`);
    expect(await screen.findByText("Matemáticas 1º ESO A")).toBeInTheDocument();
    expect(app.store.getState().auth.record).toBeDefined();
  });

  it("treats an invalid_grant from the server as needing consent", async () => {
    renderInTeams("/home", { api: { "POST /api/auth/teams-sso": () => fail(403, "invalid_grant") } });
    expect(await screen.findByRole("button", { name: "Dar permiso" })).toBeInTheDocument();
  });

  it("says 'Consent failed' when the consent window fails or is closed", async () => {
    const user = userEvent.setup();
    const host = fakeTeamsHost();
    host.getToken.mockRejectedValue(new Error("resourceRequiresConsent"));
    host.openAuthWindow.mockRejectedValue(new Error("CancelledByUser"));
    renderInTeams("/home", { host });
    await user.click(await screen.findByRole("button", { name: "Dar permiso" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Error en el consentimiento");
  });

  it("keeps an existing session and follows a deep link's sub-page once", async () => {
    const host = fakeTeamsHost({ subPageId: "task" });
    const app = renderInTeams("/home", { host, auth: signedInAs("teacher"), api: homeApi });
    await waitFor(() => expect(app.location().pathname).toBe("/tasks"));
    expect(app.api.callsTo("POST /api/auth/teams-sso")).toHaveLength(0);
  });

  it("uses the SSO attempt started at boot instead of asking the host again", async () => {
    const host = fakeTeamsHost();
    mockApi({ "POST /api/auth/teams-sso": session() });
    const boot = makeStore();
    startTeamsSso(boot, host);
    const attempt = takeEarlyTeamsSso();
    await expect(attempt).resolves.toMatchObject({ token: "access" });
    expect(takeEarlyTeamsSso()).toBeUndefined();
    expect(host.getToken).toHaveBeenCalledTimes(1);
    boot.dispatch(baseApi.util.resetApiState());
  });

  it("applies only inside Teams, outside the consent popup and the sign-in flows", () => {
    const teams = fakeTeamsHost().context;
    expect(teamsSsoApplies(teams, "/home")).toBe(true);
    expect(teamsSsoApplies(teams, "/config")).toBe(true);
    expect(teamsSsoApplies(teams, "/auth/login/abc")).toBe(false);
    expect(teamsSsoApplies(teams, "/tab-auth-start")).toBe(false);
    expect(teamsSsoApplies({ ...teams, frameContext: "authentication" }, "/home")).toBe(false);
    expect(teamsSsoApplies({ ...teams, kind: "standalone" }, "/home")).toBe(false);
  });

  it("leaves the consent popup's pages alone", async () => {
    const host = fakeTeamsHost({ frameContext: "authentication" });
    renderInTeams("/saml/callback/error", { host });
    expect(await screen.findByRole("alert")).toHaveTextContent("Tu usuario todavía no se ha sincronizado");
    expect(host.getToken).not.toHaveBeenCalled();
  });
});
