import { configure, screen, waitFor, within } from "@testing-library/react";
import { dialogButton, findDialog } from "../support/dialogs";
import userEvent from "@testing-library/user-event";
import type { StreamPage, StreamPost } from "../../src/contracts/course-program";
import {
  COURSE_COLORS,
  TEACHING_MODELS,
  defaultCourseSettings,
  type CourseDetail,
  type CourseMember,
  type StreamPermission,
} from "../../src/contracts/course-settings";
import {
  LIGHT_TEXT,
  TEACHING_MODEL_LOOKS,
  contrastRatio,
  readableTextOn,
  teachingModelTheme,
} from "../../src/client/features/course/themes";
import { fail, ok, reply, type ApiRoutes } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

// Dialogs and lazy chunks can take over a second to appear on a busy two-core runner.
configure({ asyncUtilTimeout: 5000 });

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const BASE = `/api/front/courses/${COURSE}`;
const TEACHER = "0b9d7b8e-2f43-4b7a-9a49-3c2f1e0d9a11";
const STUDENT = "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f";
const POST = "8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968";

let seq = 0;
const newGuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

function buildCourse(overrides: Partial<CourseDetail> = {}, permission: StreamPermission = "students_comment"): CourseDetail {
  const settings = defaultCourseSettings(newGuid, { startDate: "2025-09-01", endDate: "2026-06-30" });
  return {
    guid: COURSE,
    name: "Matemáticas 1º ESO A",
    color: "#0F6CBD",
    icon: "calculator",
    schoolYear: "2025-2026",
    educationLevel: "Secundaria",
    educationYear: "1º ESO",
    discipline: "math",
    myRole: "teacher",
    studentCount: 1,
    kind: "class",
    educationLevelGuid: null,
    educationYearGuid: null,
    disciplineGuid: null,
    startDate: "2025-09-01",
    endDate: "2026-06-30",
    settings: { ...settings, streamPermission: permission },
    publications: [{ guid: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", title: "Matemáticas 1 (Lumen)", kind: "book", coverUrl: null }],
    classKey: "MATE-ESA2",
    classKeyExpiresAt: "2099-06-30T00:00:00.000Z",
    teacherCount: 1,
    canEdit: true,
    canManageTeachers: true,
    editionGamified: false,
    ...overrides,
  };
}

/** The same class as a student of it gets it: no key, no editing. */
const studentCourse = (permission: StreamPermission = "students_comment") =>
  buildCourse({ myRole: "student", canEdit: false, canManageTeachers: false, classKey: null, classKeyExpiresAt: null }, permission);

const post = (overrides: Partial<StreamPost> = {}): StreamPost => ({
  guid: POST,
  author: { guid: TEACHER, name: "Ana García", role: "teacher" },
  body: "Mañana traed la calculadora",
  createdAt: "2026-02-03T09:15:00.000Z",
  comments: [],
  canDelete: false,
  ...overrides,
});

const STUDENT_RIGHTS: Record<StreamPermission, { canPost: boolean; canComment: boolean }> = {
  teacher_only: { canPost: false, canComment: false },
  students_comment: { canPost: false, canComment: true },
  students_post: { canPost: true, canComment: true },
};

const streamPage = (permission: StreamPermission, rights = STUDENT_RIGHTS[permission], items: StreamPost[] = [post()]): StreamPage => ({
  items,
  total: items.length,
  offset: 0,
  pageSize: 10,
  permission,
  ...rights,
});

const member = (overrides: Partial<CourseMember>): CourseMember => ({
  guid: TEACHER,
  firstName: "Ana",
  lastName: "García",
  email: "ana.garcia@example.org",
  role: "teacher",
  joinedAt: "2025-09-01T00:00:00.000Z",
  isOwner: true,
  assistant: null,
  ...overrides,
});
const MEMBERS = [member({}), member({ guid: STUDENT, firstName: "Luis", lastName: "Pérez", email: "luis@example.org", role: "student", isOwner: false })];

/** A teacher's class home: the class, a stream where the teacher may do everything, the members. */
function teacherRoutes(course = buildCourse(), extra: ApiRoutes = {}): ApiRoutes {
  return {
    [`GET ${BASE}`]: ok(course),
    [`GET ${BASE}/stream`]: ok(streamPage(course.settings.streamPermission, { canPost: true, canComment: true })),
    [`GET ${BASE}/members`]: ok({ items: MEMBERS, myRole: "teacher" }),
    ...extra,
  };
}

function studentRoutes(permission: StreamPermission, extra: ApiRoutes = {}): ApiRoutes {
  return {
    [`GET ${BASE}`]: ok(studentCourse(permission)),
    [`GET ${BASE}/stream`]: ok(streamPage(permission)),
    [`GET ${BASE}/members`]: ok({ items: MEMBERS.map((m) => ({ ...m, email: null })), myRole: "student" }),
    ...extra,
  };
}

/** A DELETE's answer. The fetch stub always sends a JSON body, which a real 204 cannot carry, so 200 with null stands in. */
const noContent = () => reply(200, null);


const heading = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("Class page shell", () => {
  it("renders the class in its teaching model's look, with its name, year and subject", async () => {
    const { container } = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse({ settings: { ...buildCourse().settings, teachingModel: "retro" } })),
    });
    expect(await heading("Matemáticas 1º ESO A")).toBeInTheDocument();
    expect(container.querySelector('[data-teaching-model="retro"]')).toContainElement(screen.getByRole("heading", { level: 1 }));
    expect(screen.getByText("1º ESO · Matemáticas · 2025-2026")).toBeInTheDocument();
    const tabs = screen.getByRole("navigation", { name: "Secciones de la clase" });
    expect(within(tabs).getByRole("link", { name: "Tablón" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: "Programación" })).toHaveAttribute("href", `/course/${COURSE}/program`);
  });

  it("shows a class the caller cannot see as not available, with a way home", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: { [`GET ${BASE}`]: () => fail(404, "NOT_FOUND"), "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) },
    });
    expect(await screen.findByRole("heading", { name: "Esta clase no está disponible" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Secciones de la clase" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ir a la página de inicio" }));
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
  });

  it("lets a teacher view the class as a student: no editing controls, and the view follows the tabs", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, { auth: signedInAs("teacher"), api: teacherRoutes() });
    expect(await screen.findByRole("heading", { name: "Clave de la clase" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Editar clase" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Escribe un mensaje para la clase")).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Ver como estudiante" }));
    expect(app.location().search).toBe("?view=student");
    expect(await screen.findByText("Estás viendo esta clase como estudiante")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Clave de la clase" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar clase" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Eliminar clase" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Añadir docente colaborador")).not.toBeInTheDocument();
    // Under "students_comment" a student comments but does not post.
    expect(screen.queryByLabelText("Escribe un mensaje para la clase")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Comentar la publicación de Ana García")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Programación" })).toHaveAttribute("href", `/course/${COURSE}/program?view=student`);
    expect(screen.getByRole("link", { name: "Matemáticas 1 (Lumen)" })).toHaveAttribute("href", `/course/${COURSE}/program?view=student`);

    await user.click(screen.getByRole("button", { name: "Volver a la vista de docente" }));
    expect(app.location().search).toBe("");
    expect(await screen.findByRole("heading", { name: "Clave de la clase" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Programación" })).toHaveAttribute("href", `/course/${COURSE}/program`);
  });

  it.each([
    ["program", `/course/${COURSE}/program`],
    ["grades", `/course/${COURSE}/grades`],
    ["resources", `/course/${COURSE}/resources`],
  ])("opens the tab ?tab=%s names (a Teams class tab's URL)", async (tab, pathname) => {
    const app = renderApp(`/course/${COURSE}?tab=${tab}`, { auth: signedInAs("teacher"), api: teacherRoutes() });
    await waitFor(() => expect(app.location().pathname).toBe(pathname));
    expect(app.location().search).toBe("");
    const tabs = await screen.findByRole("navigation", { name: "Secciones de la clase" });
    expect(within(tabs).getByRole("link", { current: "page" })).toHaveAttribute("href", pathname);
    // Handed over before the stream loads anything.
    expect(app.api.callsTo(`GET ${BASE}/stream`)).toHaveLength(0);
  });

  it("keeps the other parameters when ?tab= hands over, and stays on the stream for ?tab=home or an unknown tab", async () => {
    const app = renderApp(`/course/${COURSE}?tab=program&view=student`, { auth: signedInAs("teacher"), api: teacherRoutes() });
    await waitFor(() => expect(app.location().pathname).toBe(`/course/${COURSE}/program`));
    expect(app.location().search).toBe("?view=student");
    app.unmount();

    for (const tab of ["home", "tasks"]) {
      const stream = renderApp(`/course/${COURSE}?tab=${tab}`, { auth: signedInAs("teacher"), api: teacherRoutes() });
      expect(await screen.findByLabelText("Escribe un mensaje para la clase")).toBeInTheDocument();
      expect(stream.location().pathname).toBe(`/course/${COURSE}`);
      stream.unmount();
    }
  });

  it("ignores ?view=student for a student (nothing to switch back to)", async () => {
    renderApp(`/course/${COURSE}?view=student`, { auth: signedInAs("student"), api: studentRoutes("students_comment") });
    expect(await heading("Matemáticas 1º ESO A")).toBeInTheDocument();
    expect(screen.queryByText("Estás viendo esta clase como estudiante")).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Programación" })).toHaveAttribute("href", `/course/${COURSE}/program`);
  });

  it("deletes the class after confirming, then goes home", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), {
        [`DELETE ${BASE}`]: noContent,
        "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Eliminar clase" }));
    const dialog = await findDialog("¿Eliminar la clase «Matemáticas 1º ESO A»?");
    expect(app.api.callsTo(`DELETE ${BASE}`)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Eliminar la clase"));
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
    expect(app.api.callsTo(`DELETE ${BASE}`)).toHaveLength(1);
  });
});

describe("Class stream", () => {
  it.each<[StreamPermission, boolean, boolean]>([
    ["teacher_only", false, false],
    ["students_comment", false, true],
    ["students_post", true, true],
  ])("under %s a student gets a post composer: %s, comment boxes: %s", async (permission, composer, comments) => {
    renderApp(`/course/${COURSE}`, { auth: signedInAs("student"), api: studentRoutes(permission) });
    expect(await screen.findByText("Mañana traed la calculadora")).toBeInTheDocument();
    expect(screen.getByText(/^En esta clase/)).toBeInTheDocument();
    expect(Boolean(screen.queryByLabelText("Escribe un mensaje para la clase"))).toBe(composer);
    expect(Boolean(screen.queryByLabelText("Comentar la publicación de Ana García"))).toBe(comments);
    // Students never see the key or any editing control.
    expect(screen.queryByRole("heading", { name: "Clave de la clase" })).not.toBeInTheDocument();
    expect(screen.queryByText(/MATE-ESA2/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar clase" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Ver como estudiante" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Quitar a/ })).not.toBeInTheDocument();
  });

  it("explains each stream setting in words", async () => {
    renderApp(`/course/${COURSE}`, { auth: signedInAs("student"), api: studentRoutes("teacher_only") });
    expect(await screen.findByText("En esta clase solo el profesorado publica y comenta en el tablón.")).toBeInTheDocument();
  });

  it("posts the body and shows the new post as plain text with its line breaks", async () => {
    const user = userEvent.setup();
    const text = "Hola a todos\n<b>mañana</b> hay examen";
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("student", { guid: STUDENT, firstName: "Luis", lastName: "Pérez" }),
      api: studentRoutes("students_post", {
        [`POST ${BASE}/stream`]: (call: { body: unknown }) =>
          reply(201, ok(post({ guid: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", author: { guid: STUDENT, name: "Luis Pérez", role: "student" }, body: (call.body as { body: string }).body, canDelete: true }))),
      }),
    });
    const box = await screen.findByLabelText("Escribe un mensaje para la clase");
    expect(box).toHaveAccessibleDescription("0/2000 caracteres");
    await user.type(box, "Hola a todos{Enter}<b>mañana</b> hay examen");
    expect(box).toHaveAccessibleDescription(`${text.length}/2000 caracteres`);
    await user.click(screen.getByRole("button", { name: "Publicar" }));

    const article = await screen.findByRole("article", { name: "Publicación de Luis Pérez" });
    expect(app.api.callsTo(`POST ${BASE}/stream`)[0]?.body).toEqual({ body: text });
    const body = within(article).getByText((_, el) => el?.tagName === "P" && el.textContent === text);
    expect(body.querySelector("b")).toBeNull();
    expect(box).toHaveValue("");
    // The new post comes first, before the teacher's.
    const posts = within(screen.getByRole("list", { name: "Publicaciones del tablón" })).getAllByRole("article");
    expect(posts[0]).toBe(article);
    expect(posts).toHaveLength(2);
  });

  it("shows a translated error when the server refuses a post", async () => {
    const user = userEvent.setup();
    renderApp(`/course/${COURSE}`, {
      auth: signedInAs("student"),
      api: studentRoutes("students_post", { [`POST ${BASE}/stream`]: () => fail(403, "STREAM_NOT_ALLOWED") }),
    });
    await user.type(await screen.findByLabelText("Escribe un mensaje para la clase"), "Hola");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    expect(await screen.findByText("La configuración de la clase no te permite publicar aquí")).toBeInTheDocument();
  });

  it("comments on a post, and deletes a comment only after confirming", async () => {
    const user = userEvent.setup();
    const COMMENT = "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b";
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), {
        [`POST ${BASE}/stream/${POST}/comments`]: () => reply(
          201,
          ok({ guid: COMMENT, author: { guid: TEACHER, name: "Ana García", role: "teacher" }, body: "Y la regla", createdAt: "2026-02-03T10:00:00.000Z", canDelete: true }),
        ),
        [`DELETE ${BASE}/stream/${POST}/comments/${COMMENT}`]: noContent,
      }),
    });
    await user.type(await screen.findByLabelText("Comentar la publicación de Ana García"), "Y la regla");
    await user.click(screen.getByRole("button", { name: "Comentar" }));
    expect(await screen.findByText("Y la regla")).toBeInTheDocument();
    expect(app.api.callsTo(`POST ${BASE}/stream/${POST}/comments`)[0]?.body).toEqual({ body: "Y la regla" });

    await user.click(screen.getByRole("button", { name: "Eliminar el comentario de Ana García" }));
    const dialog = await findDialog("¿Eliminar este comentario?");
    await user.click(dialogButton(dialog, "Eliminar"));
    await waitFor(() => expect(screen.queryByText("Y la regla")).not.toBeInTheDocument());
    expect(app.api.callsTo(`DELETE ${BASE}/stream/${POST}/comments/${COMMENT}`)).toHaveLength(1);
  });

  it("loads more posts page by page", async () => {
    const user = userEvent.setup();
    const second = post({ guid: "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d", body: "Aviso antiguo" });
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("student"),
      api: studentRoutes("students_comment", {
        [`GET ${BASE}/stream`]: (call: { query: URLSearchParams }) =>
          call.query.get("offset") === "1"
            ? { status: 200, body: ok({ ...streamPage("students_comment", undefined, [second]), offset: 1, total: 2 }) }
            : { status: 200, body: ok({ ...streamPage("students_comment"), total: 2 }) },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Cargar más" }));
    expect(await screen.findByText("Aviso antiguo")).toBeInTheDocument();
    expect(screen.getByText("Mañana traed la calculadora")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cargar más" })).not.toBeInTheDocument();
    expect(app.api.callsTo(`GET ${BASE}/stream`).map((c) => c.query.get("offset"))).toEqual(["0", "1"]);
  });

  it("says so when the stream is empty", async () => {
    renderApp(`/course/${COURSE}`, {
      auth: signedInAs("student"),
      api: studentRoutes("teacher_only", { [`GET ${BASE}/stream`]: ok(streamPage("teacher_only", undefined, [])) }),
    });
    expect(await screen.findByText("Todavía no hay nada en el tablón")).toBeInTheDocument();
  });
});

describe("Class key card", () => {
  it("shows the key to a teacher and copies it", async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, "writeText");
    renderApp(`/course/${COURSE}`, { auth: signedInAs("teacher"), api: teacherRoutes() });
    expect(await screen.findByText("MATE-ESA2")).toBeInTheDocument();
    expect(screen.getByText(/Unirse a una clase/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copiar clave" }));
    expect(writeText).toHaveBeenCalledWith("MATE-ESA2");
    expect(await screen.findByText("Clave copiada")).toBeInTheDocument();
  });

  it("regenerates the key only after confirming, and shows the new one", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), { [`POST ${BASE}/key`]: ok({ classKey: "NUEV-AK3Y", classKeyExpiresAt: "2099-06-30T00:00:00.000Z" }) }),
    });
    await user.click(await screen.findByRole("button", { name: "Generar una clave nueva" }));
    const dialog = await findDialog("¿Generar una clave nueva?");
    expect(within(dialog).getByText(/La clave actual dejará de funcionar/)).toBeInTheDocument();
    expect(app.api.callsTo(`POST ${BASE}/key`)).toHaveLength(0);
    await user.click(dialogButton(dialog, "Generar una clave nueva"));
    expect(await screen.findByText("NUEV-AK3Y")).toBeInTheDocument();
    expect(screen.queryByText("MATE-ESA2")).not.toBeInTheDocument();
    expect(app.api.callsTo(`POST ${BASE}/key`)).toHaveLength(1);
  });

  it("warns when the key has expired", async () => {
    renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse({ classKey: "PAST-KEY2", classKeyExpiresAt: "2020-01-01T00:00:00.000Z" })),
    });
    expect(await screen.findByText(/La clave ha caducado/)).toBeInTheDocument();
  });
});

describe("Class members", () => {
  it("lists teachers and students; students see no e-mails and no remove buttons", async () => {
    renderApp(`/course/${COURSE}`, { auth: signedInAs("student"), api: studentRoutes("students_comment") });
    expect(await screen.findByText("Luis Pérez")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Docentes (1)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Estudiantes (1)" })).toBeInTheDocument();
    expect(screen.queryByText("luis@example.org")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Añadir docente colaborador")).not.toBeInTheDocument();
  });

  it("tells the teacher which students have the AI assistant on, and how many", async () => {
    const withAssistant = [
      MEMBERS[0] as CourseMember,
      { ...(MEMBERS[1] as CourseMember), assistant: true },
      member({ guid: "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a", firstName: "Ana", lastName: "Sanz", email: "ana@example.org", role: "student", isOwner: false, assistant: false }),
    ];
    renderApp(`/course/${COURSE}`, { auth: signedInAs("teacher"), api: teacherRoutes(buildCourse(), { [`GET ${BASE}/members`]: ok({ items: withAssistant, myRole: "teacher" }) }) });
    expect(await screen.findByText("El asistente IA está activado para 1 de 2 estudiantes. Ves si lo tienen, no lo que le preguntan.")).toBeInTheDocument();
    const luis = (await screen.findByText("Luis Pérez")).closest("li") as HTMLElement;
    expect(within(luis).getByText("Asistente IA")).toBeInTheDocument();
    const ana = screen.getByText("Ana Sanz").closest("li") as HTMLElement;
    expect(within(ana).queryByText("Asistente IA")).not.toBeInTheDocument();
  });

  it("lets the teacher remove a student but not the class's creator", async () => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), { [`DELETE ${BASE}/members/${STUDENT}`]: noContent }),
    });
    expect(await screen.findByText("luis@example.org")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Quitar a Ana García de la clase" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Quitar a Luis Pérez de la clase" }));
    const dialog = await findDialog("¿Quitar a Luis Pérez de la clase?");
    app.api.set({ [`GET ${BASE}/members`]: ok({ items: [MEMBERS[0]], myRole: "teacher" }) });
    await user.click(dialogButton(dialog, "Quitar de la clase"));
    await waitFor(() => expect(screen.queryByText("Luis Pérez")).not.toBeInTheDocument());
    expect(app.api.callsTo(`DELETE ${BASE}/members/${STUDENT}`)).toHaveLength(1);
  });

  it.each([
    ["USER_NOT_FOUND", 404, "No hay ninguna cuenta con ese correo electrónico"],
    ["COTEACHER_NOT_TEACHER", 400, "Solo puedes añadir como cotutor a un docente de tu edición"],
    ["ALREADY_MEMBER", 409, "Esta persona ya está en la clase"],
  ])("explains a refused co-teacher (%s) under the field", async (key, status, message) => {
    const user = userEvent.setup();
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), { [`POST ${BASE}/coteachers`]: () => fail(status, key) }),
    });
    const field = await screen.findByLabelText(/Añadir docente colaborador/);
    await user.type(field, "marta@example.org");
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(app.api.callsTo(`POST ${BASE}/coteachers`)[0]?.body).toEqual({ email: "marta@example.org" });
  });

  it("checks the e-mail before sending, and adds a co-teacher", async () => {
    const user = userEvent.setup();
    const marta = member({ guid: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f", firstName: "Marta", lastName: "Ruiz", email: "marta@example.org", role: "coteacher", isOwner: false });
    const app = renderApp(`/course/${COURSE}`, {
      auth: signedInAs("teacher"),
      api: teacherRoutes(buildCourse(), { [`POST ${BASE}/coteachers`]: () => reply(201, ok(marta)) }),
    });
    const field = await screen.findByLabelText(/Añadir docente colaborador/);
    await user.type(field, "marta");
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    expect(await screen.findByText("Introduce un correo electrónico válido")).toBeInTheDocument();
    expect(app.api.callsTo(`POST ${BASE}/coteachers`)).toHaveLength(0);

    app.api.set({ [`GET ${BASE}/members`]: ok({ items: [...MEMBERS, marta], myRole: "teacher" }) });
    await user.type(field, "@example.org");
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    expect(await screen.findByText("Marta Ruiz")).toBeInTheDocument();
    expect(field).toHaveValue("");
    expect(await screen.findByText("Marta Ruiz es ahora docente colaborador de la clase")).toBeInTheDocument();
  });

  it("gives a co-teacher remove buttons for students only, and no co-teacher form", async () => {
    const course = buildCourse({ myRole: "coteacher", canManageTeachers: false });
    renderApp(`/course/${COURSE}`, { auth: signedInAs("teacher"), api: teacherRoutes(course) });
    expect(await screen.findByRole("button", { name: "Quitar a Luis Pérez de la clase" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Quitar a Ana García de la clase" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Añadir docente colaborador/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Eliminar clase" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Editar clase" })).toBeInTheDocument();
  });
});

describe("Teaching model themes", () => {
  it("gives every teaching model its own look", () => {
    const looks = TEACHING_MODELS.map((m) => JSON.stringify(teachingModelTheme(m, "default")));
    expect(new Set(looks).size).toBe(TEACHING_MODELS.length);
    expect(teachingModelTheme("retro", "default")).toMatchObject({ borderRadiusMedium: "0", fontFamilyBase: expect.stringContaining("serif") });
  });

  it("keeps AA contrast: text on every paper and panel, the accent on the paper", () => {
    for (const model of TEACHING_MODELS) {
      const palette = TEACHING_MODEL_LOOKS[model].palette;
      if (!palette) continue;
      for (const background of [palette.paper, palette.surface]) {
        for (const text of Object.values(LIGHT_TEXT)) {
          expect({ model, background, text, ok: contrastRatio(text, background) >= 4.5 }).toEqual({ model, background, text, ok: true });
        }
      }
      expect({ model, ok: contrastRatio(palette.accent, palette.paper) >= 3 }).toEqual({ model, ok: true });
    }
    for (const color of [...COURSE_COLORS, "#FFE066", "#00FFFF"]) {
      expect({ color, ok: contrastRatio(readableTextOn(color), color) >= 4.5 }).toEqual({ color, ok: true });
    }
  });

  it("never replaces the colours of the dark or high-contrast themes", () => {
    for (const model of TEACHING_MODELS) {
      for (const host of ["dark", "contrast"] as const) {
        const colours = Object.keys(teachingModelTheme(model, host)).filter((k) => k.startsWith("color"));
        expect({ model, host, colours }).toEqual({ model, host, colours: [] });
      }
    }
  });
});
