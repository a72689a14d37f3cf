import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ok, reply, type ApiCall } from "../support/client-api";
import { buildUser, fakeHost, renderApp, signedInAs } from "../support/render";

const noCourses = { "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) };

describe("App shell", () => {
  it("titles the document with the edition name and tells the host it is ready", async () => {
    const host = fakeHost();
    renderApp("/home", { auth: signedInAs("teacher"), api: noCourses, host });
    await waitFor(() => expect(document.title).toBe("Aula Digital"));
    await waitFor(() => expect(host.notifyReady).toHaveBeenCalledTimes(1));
  });

  it("has header, navigation and main landmarks and one h1", async () => {
    renderApp("/profile", { auth: signedInAs("teacher") });
    expect(await screen.findByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(await screen.findByRole("navigation", { name: "Ruta de navegación" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("builds the breadcrumb from the menu configuration: Home > Profile", async () => {
    const user = userEvent.setup();
    const app = renderApp("/profile", { auth: signedInAs("teacher"), api: noCourses });
    const nav = await screen.findByRole("navigation", { name: "Ruta de navegación" });
    const home = within(nav).getByRole("link", { name: "Inicio" });
    expect(home).toHaveAttribute("href", "/home");
    expect(within(nav).getByText("Perfil")).toHaveAttribute("aria-current", "page");
    await user.click(home);
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
  });

  it("switches the language: the UI text changes and the account is updated", async () => {
    const user = userEvent.setup();
    const app = renderApp("/profile", {
      auth: signedInAs("teacher"),
      api: { "PATCH /api/auth/me": (call: ApiCall) => reply(200, ok(buildUser({ locale: (call.body as { locale: "en" }).locale }))) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Perfil" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Idioma: Español" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    await waitFor(() => expect(app.api.callsTo("PATCH /api/auth/me")).toHaveLength(1));
    expect(app.api.callsTo("PATCH /api/auth/me")[0]?.body).toEqual({ locale: "en" });
    await waitFor(() => expect(app.store.getState().auth.record?.user.locale).toBe("en"));
    expect(document.documentElement.lang).toBe("en");
    expect(window.localStorage.getItem("aula.language")).toBe("en");
  });

  it("lists only the edition's languages, by their own names", async () => {
    const user = userEvent.setup();
    renderApp("/status", { edition: { languages: ["es", "eu"] }, api: { "GET /api/health": reply(503, {}) } });
    await waitFor(() => expect(document.title).toBe("Aula Digital"));
    await user.click(await screen.findByRole("button", { name: "Idioma: Español" }));
    const items = await screen.findAllByRole("menuitemradio");
    expect(items.map((i) => i.textContent)).toEqual(["Español", "Euskara"]);
  });

  it("switches language without a session and does not call the account API", async () => {
    const user = userEvent.setup();
    const app = renderApp("/error");
    await user.click(await screen.findByRole("button", { name: "Idioma: Español" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Português" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Ops! Esta página não está disponível" })).toBeInTheDocument();
    expect(app.api.callsTo("PATCH /api/auth/me")).toHaveLength(0);
  });

  it("shows the coming-soon toast from the profile menu, and signs out through /logout", async () => {
    const user = userEvent.setup();
    const app = renderApp("/profile", { auth: signedInAs("teacher") });
    await user.click(await screen.findByRole("button", { name: "Menú de perfil de Ana García" }));
    await user.click(await screen.findByRole("menuitem", { name: "Clases grabadas" }));
    expect(await screen.findByText("Próximamente")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Menú de perfil de Ana García" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }));
    await waitFor(() => expect(app.location().pathname).toBe("/logout"));
  });

  it("gives signed-out readers of public pages the minimal header: logo and language, no profile menu", async () => {
    renderApp("/credits", { api: { "GET /api/languages/scopes/credits": ok({ scope: "credits", language: "es", value: "Equipo Aula" }) } });
    expect(await screen.findByText("Equipo Aula")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aula Digital: inicio" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Idioma: Español" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Menú de perfil/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Ruta de navegación" })).not.toBeInTheDocument();
  });
});
