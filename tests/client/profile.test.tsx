import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp, signedInAs } from "../support/render";

jest.mock(
  "../../src/client/features/auth/components/ChangePasswordDialog",
  () => ({
    ChangePasswordDialog: ({ open, onClose }: { open: boolean; onClose: () => void }) =>
      open ? (
        <div role="dialog" aria-label="Change password stand-in">
          <button onClick={onClose}>close stand-in</button>
        </div>
      ) : null,
  }),
  { virtual: true },
);

const valueOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe("Profile page", () => {
  it("shows name, e-mail, translated role, language and device pairing 0/0", async () => {
    renderApp("/profile", { auth: signedInAs("coteacher", { locale: "eu" }) });
    expect(await screen.findByRole("heading", { level: 2, name: "Ana García" })).toBeInTheDocument();
    expect(valueOf("Correo electrónico")).toBe("ana.garcia@example.org");
    expect(valueOf("Rol")).toBe("Docente colaborador");
    expect(valueOf("Idioma")).toBe("Euskara");
    expect(valueOf("Dispositivos vinculados")).toBe("0/0");
  });

  it("opens the change-password dialog and closes it", async () => {
    const user = userEvent.setup();
    renderApp("/profile", { auth: signedInAs("student") });
    await user.click(await screen.findByRole("button", { name: "Cambiar contraseña" }));
    expect(await screen.findByRole("dialog", { name: "Change password stand-in" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "close stand-in" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("signs out through /logout", async () => {
    const user = userEvent.setup();
    const app = renderApp("/profile", { auth: signedInAs("student") });
    await user.click(await screen.findByRole("button", { name: "Cerrar sesión" }));
    await waitFor(() => expect(app.location().pathname).toBe("/logout"));
  });
});
