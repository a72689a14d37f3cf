import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedInAs } from "../support/render";

/*
 * The avatar menu loads on demand (ADR 0027): a screen shows without its code, and it works the same
 * once asked for. (The toaster is mounted with the shell again: mounted on demand, it left a closing
 * dialog's page aria-hidden in Chromium; see ADR 0027.)
 */
describe("Pieces loaded on demand", () => {
  it("shows a screen before the avatar menu's code; the menu and its toast work as before once asked for", async () => {
    const user = userEvent.setup();
    renderApp("/profile", { auth: signedInAs("teacher") });
    expect(await screen.findByRole("heading", { level: 2, name: "Ana García" })).toBeInTheDocument();
    const avatar = await screen.findByRole("button", { name: "Menú de perfil de Ana García" });
    // The profile page, the header and the avatar are there; the avatar announces its menu.
    expect(avatar).toHaveAttribute("aria-haspopup", "menu");
    expect(avatar).toHaveAttribute("aria-expanded", "false");

    await user.click(avatar);
    await user.click(await screen.findByRole("menuitem", { name: "Clases grabadas" }));
    const region = await screen.findByRole("region", { name: "Mensajes de estado" });
    expect(await within(region).findByText("Próximamente")).toBeInTheDocument();
    // The menu opens again from the same place once its code is there.
    await user.click(screen.getByRole("button", { name: "Menú de perfil de Ana García" }));
    expect(await screen.findByRole("menuitem", { name: "Cerrar sesión" })).toBeInTheDocument();
  });
});
