import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useNotify, type Notice } from "../../src/client/ui/toast";
import { renderWithProviders } from "../support/render";

/** A button that sends one notice, as any screen does through useNotify. */
function Sender({ notice }: { notice: Notice }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(notice)}>
      enviar
    </button>
  );
}

function renderToaster(notice: Notice) {
  // The providers hold the app shell, and with it the one toaster.
  return renderWithProviders(<Sender notice={notice} />);
}

/** The list of toasts: a polite live region, in the page before anything is said. */
function stack(region: HTMLElement): HTMLElement {
  const list = region.querySelector<HTMLElement>(".app-toaster__stack");
  if (!list) throw new Error("the toaster has no list");
  return list;
}

describe("The app's toaster", () => {
  afterEach(() => jest.useRealTimers());

  it("shows a notice in the Notifications region, in a polite live region, and closes from its button", async () => {
    const user = userEvent.setup();
    renderToaster({ intent: "success", title: "Clase creada", body: "Ya puedes invitar a tus alumnos" });
    const region = await screen.findByRole("region", { name: "Mensajes de estado" });
    // The live region is there, empty, before anything is said: only then do screen readers hear additions.
    expect(stack(region)).toHaveAttribute("aria-live", "polite");
    expect(stack(region)).toBeEmptyDOMElement();

    await user.click(screen.getByRole("button", { name: "enviar" }));
    const toast = within(stack(region)).getByText("Clase creada").closest(".app-toast");
    expect(toast).toHaveTextContent("Ya puedes invitar a tus alumnos");
    // Not an alert: only errors interrupt.
    expect(toast).not.toHaveAttribute("role");
    // Said once: the text is in the page once.
    expect(screen.getAllByText("Clase creada")).toHaveLength(1);

    await user.click(within(stack(region)).getByRole("button", { name: "Cerrar" }));
    expect(within(stack(region)).queryByText("Clase creada")).not.toBeInTheDocument();
    expect(stack(region)).toBeEmptyDOMElement();
  });

  it("announces errors assertively", async () => {
    const user = userEvent.setup();
    renderToaster({ intent: "error", title: "No se ha podido guardar" });
    const region = await screen.findByRole("region", { name: "Mensajes de estado" });
    await user.click(screen.getByRole("button", { name: "enviar" }));
    expect(within(stack(region)).getByRole("alert")).toHaveTextContent("No se ha podido guardar");
  });

  it("leaves after its timeout, but not while the pointer is over it", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderToaster({ intent: "info", title: "Guardado", timeoutMs: 3000 });
    const region = await screen.findByRole("region", { name: "Mensajes de estado" });
    await user.click(screen.getByRole("button", { name: "enviar" }));
    const toast = within(stack(region)).getByText("Guardado").closest(".app-toast") as HTMLElement;

    act(() => jest.advanceTimersByTime(2000));
    await user.hover(toast);
    // Held for far longer than its timeout while the reader points at it.
    act(() => jest.advanceTimersByTime(10_000));
    expect(within(stack(region)).getByText("Guardado")).toBeInTheDocument();

    await user.unhover(toast);
    // What was left of the timeout (about a second), then it goes.
    act(() => jest.advanceTimersByTime(500));
    expect(within(stack(region)).getByText("Guardado")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(within(stack(region)).queryByText("Guardado")).not.toBeInTheDocument();
  });

  it("keeps at most four toasts, dropping the oldest", async () => {
    const user = userEvent.setup();
    function Many() {
      const notify = useNotify();
      return (
        <button type="button" onClick={() => [1, 2, 3, 4, 5].forEach((n) => notify({ intent: "warning", title: `Aviso ${n}` }))}>
          enviar
        </button>
      );
    }
    renderWithProviders(<Many />);
    const region = await screen.findByRole("region", { name: "Mensajes de estado" });
    await user.click(screen.getByRole("button", { name: "enviar" }));
    expect(stack(region).querySelectorAll(".app-toast")).toHaveLength(4);
    expect(within(stack(region)).queryByText("Aviso 1")).not.toBeInTheDocument();
    expect(within(stack(region)).getByText("Aviso 5")).toBeInTheDocument();
  });
});
