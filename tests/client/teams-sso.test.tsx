import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CourseCard } from "../../src/contracts/courses";
import { baseApi } from "../../src/client/app/api";
import { makeStore } from "../../src/client/app/store";
import { sessionStarted } from "../../src/client/features/auth/authSlice";
import { AUTH_STORAGE_KEY, loadAuthRecord, saveAuthRecord, type AuthRecord } from "../../src/client/features/auth/authStorage";
import { prepareTeamsSession, startTeamsSso, takeEarlyTeamsSso } from "../../src/client/features/teams/earlySso";
import { belongsToTeamsUser, teamsUserOf } from "../../src/client/features/teams/teamsUser";
import { teamsSsoApplies } from "../../src/client/features/teams/ssoRules";
import { resetTeamsDeepLink } from "../../src/client/features/teams/TeamsGate";
import { fail, mockApi, ok } from "../support/client-api";
import { buildUser, signedInAs } from "../support/render";
import { FAKE_TEAMS_USER, fakeTeamsHost, renderInTeams } from "../support/teams-host/fakeTeamsHost";

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

describe("a shared computer: the stored session belongs to one Teams user", () => {
  const ANA = FAKE_TEAMS_USER;
  const LUIS = { tenantId: ANA.tenantId, objectId: "00000000-0000-4000-8000-0000000b0b0b", loginHint: "luis.perez@example.org" };
  const anasRecord = (overrides: Partial<AuthRecord> = {}): AuthRecord => ({ ...signedInAs("teacher"), teamsUser: { ...ANA }, ...overrides });

  it("matches on tenant and object id, else on the login hint; a session without a Teams user never matches", () => {
    const ana = fakeTeamsHost().context;
    expect(belongsToTeamsUser(anasRecord(), ana)).toBe(true);
    expect(belongsToTeamsUser(anasRecord(), { ...ana, user: LUIS })).toBe(false);
    expect(belongsToTeamsUser(anasRecord(), { ...ana, user: { ...ANA, tenantId: "11111111-1111-4111-8111-111111111111" } })).toBe(false);
    // Hosts that give no object id: the login hint decides, whatever its case.
    const hintOnly = { ...ana, user: { tenantId: ANA.tenantId, loginHint: "ANA.GARCIA@example.org" } };
    expect(belongsToTeamsUser(anasRecord(), hintOnly)).toBe(true);
    expect(belongsToTeamsUser(anasRecord(), { ...hintOnly, user: { tenantId: ANA.tenantId, loginHint: LUIS.loginHint } })).toBe(false);
    expect(belongsToTeamsUser(signedInAs("teacher"), ana)).toBe(false);
    expect(belongsToTeamsUser(anasRecord(), { ...ana, user: undefined })).toBe(false);
    expect(teamsUserOf({ ...ana, user: { tenantId: ANA.tenantId } })).toBeUndefined();
  });

  it("discards another Teams user's stored session at start (and revokes it), then signs in with Teams SSO", async () => {
    saveAuthRecord(anasRecord({ token: "anas-access" }));
    const store = makeStore();
    expect(store.getState().auth.record?.token).toBe("anas-access");
    const luis = fakeTeamsHost({ user: LUIS, userHint: LUIS.loginHint });
    const luisSession = ok({ token: "luis-access", refreshToken: "luis-refresh", expiresIn: 3600, user: buildUser({ guid: "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f", firstName: "Luis" }) });
    const api = mockApi({ "POST /api/auth/teams-sso": luisSession, "POST /api/auth/logout": ok({ ok: true }) });

    prepareTeamsSession(store, luis, "/home");

    expect(store.getState().auth.record).toBeUndefined();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(luis.getToken).toHaveBeenCalledTimes(1);
    await expect(takeEarlyTeamsSso()).resolves.toMatchObject({ token: "luis-access" });
    expect(api.callsTo("POST /api/auth/logout")[0]?.headers.get("authorization")).toBe("Bearer anas-access");
    store.dispatch(baseApi.util.resetApiState());
  });

  it("keeps the session of the same Teams user and asks Teams for nothing", () => {
    saveAuthRecord(anasRecord());
    const store = makeStore();
    const ana = fakeTeamsHost();
    prepareTeamsSession(store, ana, "/home");
    expect(store.getState().auth.record?.token).toBe("access-token");
    expect(ana.getToken).not.toHaveBeenCalled();
    expect(takeEarlyTeamsSso()).toBeUndefined();
  });

  it("replaces a session with no Teams user (signed in some other way) by Teams SSO", () => {
    saveAuthRecord(signedInAs("teacher"));
    const store = makeStore();
    const ana = fakeTeamsHost();
    mockApi({ "POST /api/auth/teams-sso": session() });
    prepareTeamsSession(store, ana, "/home");
    expect(store.getState().auth.record).toBeUndefined();
    expect(ana.getToken).toHaveBeenCalledTimes(1);
    takeEarlyTeamsSso();
    store.dispatch(baseApi.util.resetApiState());
  });

  it("leaves stored sessions alone outside Teams", () => {
    saveAuthRecord(signedInAs("teacher"));
    const store = makeStore();
    const browser = fakeTeamsHost({ kind: "standalone", frameContext: undefined, user: undefined });
    prepareTeamsSession(store, browser, "/home");
    expect(store.getState().auth.record?.token).toBe("access-token");
  });

  it("binds a Teams SSO session to the Teams user, and a refresh of it keeps the binding", async () => {
    const app = renderInTeams("/home", { api: { "POST /api/auth/teams-sso": session(), ...homeApi } });
    expect(await screen.findByText("Matemáticas 1º ESO A")).toBeInTheDocument();
    expect(app.store.getState().auth.record?.teamsUser).toEqual(ANA);
    expect(loadAuthRecord()?.teamsUser).toEqual(ANA);
    // What the API layer dispatches after /auth/refresh: same person, no Teams user given.
    act(() => void app.store.dispatch(sessionStarted({ token: "next", refreshToken: "next-refresh", expiresIn: 900, user: buildUser() })));
    expect(app.store.getState().auth.record).toMatchObject({ token: "next", teamsUser: ANA });
  });
});
