import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense, useState } from "react";
import { isChunkLoadError } from "../../src/client/app/chunkErrors";
import { RouteErrorBoundary } from "../../src/client/app/RouteErrorBoundary";
import { renderWithProviders } from "../support/render";

/*
 * A page whose chunk cannot be downloaded (a release replaced it under the open tab, or the
 * connection dropped) shows an error with Retry that reloads the page, not a spinner forever.
 */

/** Webpack's error for a chunk whose script failed to load. */
function chunkLoadError(): Error {
  const error = new Error("Loading chunk 412 failed.\n(error: https://aula.test/js/412.0badc0de.js)");
  error.name = "ChunkLoadError";
  return error;
}

beforeEach(() => {
  // React reports every error a boundary catches; these are the point of the tests.
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("isChunkLoadError", () => {
  it("knows webpack's ChunkLoadError and the browsers' failed dynamic imports, and nothing else", () => {
    expect(isChunkLoadError(chunkLoadError())).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk 7 failed.\n(/css/7.abcdef12.css)"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://aula.test/js/1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isChunkLoadError("Loading chunk 1 failed")).toBe(false);
  });
});

describe("RouteErrorBoundary", () => {
  it("shows a page whose chunk failed to load as an error with Retry, and Retry reloads the page", async () => {
    const reload = jest.fn();
    const Page = lazy(() => Promise.reject(chunkLoadError()));
    renderWithProviders(
      <RouteErrorBoundary reload={reload}>
        <Suspense fallback={<p>cargando</p>}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se ha podido cargar esta pantalla");
    expect(alert).toHaveTextContent("Vuelve a cargar la página");
    expect(screen.queryByText("cargando")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says the same, in the reader's language, when a native dynamic import is refused", async () => {
    const Page = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /js/9.js")));
    renderWithProviders(
      <RouteErrorBoundary reload={jest.fn()}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>,
      { language: "en" },
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("This screen could not be loaded");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("lets a page that threw for another reason render again on Retry, without reloading", async () => {
    const reload = jest.fn();
    let fail = true;
    function Page() {
      if (fail) throw new Error("boom");
      return <p>contenido</p>;
    }
    function Harness() {
      const [, rerender] = useState(0);
      return (
        <RouteErrorBoundary reload={reload}>
          <Page />
          <button type="button" onClick={() => rerender((n) => n + 1)}>
            otra
          </button>
        </RouteErrorBoundary>
      );
    }
    renderWithProviders(<Harness />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Vaya, algo ha ido mal");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("contenido")).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
