import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ResourceMaterial } from "../../src/contracts/lessons";
import { buildMaterial, buildSummary, buildTestCourse, COURSE_GUID } from "../support/lesson-data";
import { ok, type ApiCall } from "../support/client-api";
import { dialogButton, findDialog } from "../support/dialogs";
import { renderApp, signedInAs } from "../support/render";

const SLOW = { timeout: 10_000 };
const PATH = `/course/${COURSE_GUID}/classroom-resources`;
const LIST = "GET /api/lms/resource-materials";

function buildMaterials(): ResourceMaterial[] {
  return [
    buildMaterial("CTTY_05", "Tabla de multiplicar", 1),
    buildMaterial("CTTY_06", "Calculadora en línea", 2, { visibleToStudents: false }),
    buildMaterial("CTTY_07", "Mapa de fracciones", 3),
  ];
}

function renderResources(role: "teacher" | "student", materials: ResourceMaterial[], api: Record<string, unknown> = {}, path = PATH) {
  const student = role === "student";
  return renderApp(path, {
    auth: signedInAs(role),
    api: {
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse(student ? { myRole: "student", canEdit: false, canManageTeachers: false } : {})),
      [LIST]: ok(materials),
      ...api,
    },
  });
}

const patched = (material: ResourceMaterial) => (call: ApiCall) => ({ status: 200, body: ok({ ...material, ...(call.body as object) }) });

describe("Classroom resources", () => {
  it("lists every material for a teacher with its type and visibility, and opens it in the viewer", async () => {
    const app = renderResources("teacher", buildMaterials());
    const list = await screen.findByRole("list", { name: "Recursos del aula" }, SLOW);
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Tabla de multiplicar",
      "Calculadora en línea",
      "Mapa de fracciones",
    ]);
    expect(within(rows[1] as HTMLElement).getByText("Oculto al alumnado")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Enlace")).toBeInTheDocument();
    const first = buildMaterials()[0];
    expect(first).toBeDefined();
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Abrir Tabla de multiplicar" }).getAttribute("href")).toMatch(
      new RegExp(`^/viewer/[0-9a-f-]+\\?course=${COURSE_GUID}$`),
    );
    expect(app.api.callsTo(LIST)[0]?.query.get("courseGuid")).toBe(COURSE_GUID);
  });

  it("hides a material from students, renames it and moves it", async () => {
    const user = userEvent.setup();
    const materials = buildMaterials();
    const [table, calculator] = materials as [ResourceMaterial, ResourceMaterial];
    const app = renderResources("teacher", materials, {
      [`PATCH /api/lms/resource-materials/${table.guid}`]: patched(table),
      [`PATCH /api/lms/resource-materials/${calculator.guid}`]: patched(calculator),
    });
    await user.click(await screen.findByRole("switch", { name: "Visible para el alumnado: Tabla de multiplicar" }, SLOW));
    await waitFor(() => expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${table.guid}`)).toHaveLength(1));
    expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${table.guid}`)[0]?.body).toEqual({ visibleToStudents: false });

    await user.click(screen.getByRole("button", { name: "Subir Calculadora en línea" }));
    await waitFor(() => expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${calculator.guid}`)).toHaveLength(1));
    expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${calculator.guid}`)[0]?.body).toEqual({ position: 1 });

    await user.click(screen.getByRole("button", { name: "Cambiar el nombre de Tabla de multiplicar" }));
    const dialog = await findDialog("Cambiar el nombre del recurso", "dialog");
    const name = within(dialog).getByRole("textbox", { name: /^Nombre/, hidden: true });
    await user.clear(name);
    await user.type(name, "Tablas del 1 al 10");
    await user.click(dialogButton(dialog, "Guardar"));
    await waitFor(() => expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${table.guid}`)).toHaveLength(2));
    expect(app.api.callsTo(`PATCH /api/lms/resource-materials/${table.guid}`)[1]?.body).toEqual({ title: "Tablas del 1 al 10" });
  });

  it("adds a material from the teacher's library", async () => {
    const user = userEvent.setup();
    const existing = buildSummary("CTTY_05", "Fichas de repaso");
    const app = renderResources("teacher", buildMaterials(), {
      "GET /api/cms/contents": ok({ items: [existing], total: 1, offset: 0, pageSize: 20 }),
      "POST /api/lms/resource-materials": ok(buildMaterial("CTTY_05", "Fichas de repaso", 4)),
    });
    await user.click(await screen.findByRole("button", { name: "Añadir de la biblioteca" }, SLOW));
    const dialog = await findDialog("Añadir de la biblioteca", "dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Elegir Fichas de repaso", hidden: true }, SLOW));
    await user.click(dialogButton(dialog, "Añadir"));
    await waitFor(() => expect(app.api.callsTo("POST /api/lms/resource-materials")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/lms/resource-materials")[0]?.body).toEqual({
      courseGuid: COURSE_GUID,
      contentGuid: existing.guid,
      visibleToStudents: true,
    });
    // The list is asked for again with the new material.
    await waitFor(() => expect(app.api.callsTo(LIST).length).toBeGreaterThanOrEqual(2));
  });

  it("asks before deleting a material", async () => {
    const user = userEvent.setup();
    const materials = buildMaterials();
    const map = materials[2] as ResourceMaterial;
    const url = `DELETE /api/lms/resource-materials/${map.guid}`;
    const app = renderResources("teacher", materials, { [url]: () => ({ status: 204, body: "" }) });
    await user.click(await screen.findByRole("button", { name: "Eliminar Mapa de fracciones" }, SLOW));
    const dialog = await findDialog("¿Eliminar «Mapa de fracciones» de los recursos del aula?");
    expect(app.api.callsTo(url)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(app.api.callsTo(url)).toHaveLength(1));
  });

  it("shows a student only the visible materials, without controls", async () => {
    renderResources("student", buildMaterials());
    const list = await screen.findByRole("list", { name: "Recursos del aula" }, SLOW);
    expect(within(list).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Tabla de multiplicar", "Mapa de fracciones"]);
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Añadir de la biblioteca" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Visible para el alumnado")).not.toBeInTheDocument();
  });

  it("tells a student when there is nothing yet", async () => {
    renderResources("student", [buildMaterial("CTTY_05", "Oculto", 1, { visibleToStudents: false })]);
    expect(await screen.findByText("Todavía no hay recursos del aula", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Cuando tu docente comparta materiales, aparecerán aquí.")).toBeInTheDocument();
  });
});
