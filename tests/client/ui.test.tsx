import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { avatarColorOf, UserAvatar } from "../../src/client/ui/Avatar";
import { ModalDialog } from "../../src/client/ui/ModalDialog";
import { SelectField } from "../../src/client/ui/Select";
import { LabeledProgress } from "../../src/client/ui/ProgressBar";
import { PageHeader } from "../../src/client/ui/PageHeader";
import { renderWithProviders } from "../support/render";

describe("ui pieces", () => {
  it("SelectField marks a required field with an asterisk and aria-required", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(
      <SelectField label="Asignatura" required placeholder="Elige" value="" onChange={onChange} options={[{ value: "math", label: "Matemáticas" }]} />,
    );
    const select = await screen.findByRole("combobox", { name: /Asignatura/ });
    expect(select).toBeRequired();
    expect(screen.getByText("*")).toBeInTheDocument();
    await user.selectOptions(select, "math");
    expect(onChange).toHaveBeenCalledWith("math");
  });

  it("ModalDialog has the spec's sizes and closes from its title bar", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <ModalDialog open={open} onClose={() => setOpen(false)} title="Ajustes" size="all-screen">
          cuerpo
        </ModalDialog>
      );
    }
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole("dialog", { name: "Ajustes" });
    expect(dialog).toHaveAttribute("data-size", "all-screen");
    await user.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("LabeledProgress names its progress bar", async () => {
    renderWithProviders(<LabeledProgress label="Progreso de la unidad" value={0.4} />);
    expect(await screen.findByRole("progressbar", { name: "Progreso de la unidad" })).toHaveAttribute("aria-valuenow", "0.4");
  });

  it("PageHeader renders one h1 and a breadcrumb whose last item is the current page", async () => {
    renderWithProviders(
      <PageHeader
        title="Perfil"
        breadcrumbLabel="Ruta"
        breadcrumb={[
          { id: "home", label: "Inicio", href: "/home" },
          { id: "profile", label: "Perfil", href: "/profile" },
        ]}
      />,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Perfil" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/home");
  });

  it("UserAvatar shows initials on the name's colour, named for screen readers unless decorative, and falls back from a broken photo", () => {
    const { container } = renderWithProviders(
      <>
        <UserAvatar name="Ana García" />
        <UserAvatar name="Luis Pérez" size={64} decorative imageUrl="/no/such/photo.png" />
      </>,
    );
    const named = screen.getByRole("img", { name: "Ana García" });
    expect(named).toHaveTextContent("AG");
    expect(named.style.backgroundColor).toBe(`var(--colorPalette${avatarColorOf("Ana García")}Background2)`);
    // The same name always gets the same colour; different names spread over the palette.
    expect(avatarColorOf("Ana García")).toBe(avatarColorOf("Ana García"));
    expect(new Set(["Ana García", "Luis Pérez", "Marta Ruiz", "Pau Vidal", "Iker Etxeberria", "João Silva"].map(avatarColorOf)).size).toBeGreaterThan(2);

    const decorative = container.querySelectorAll(".app-avatar")[1] as HTMLElement;
    expect(decorative).toHaveAttribute("aria-hidden", "true");
    expect(decorative).not.toHaveAttribute("role");
    expect(decorative).toHaveTextContent("LP");
    const photo = decorative.querySelector("img");
    expect(photo).toHaveAttribute("alt", "");
    fireEvent.error(photo as HTMLImageElement);
    expect(decorative.querySelector("img")).toBeNull();
  });
});
