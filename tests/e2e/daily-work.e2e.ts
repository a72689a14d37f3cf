import type { Locator, Page } from "@playwright/test";
import { closeDialog, expect, expectNoAxeViolations, localDay, newStudentInClass, signIn, test } from "./fixtures";

/*
 * Issue 14 end to end, two people at two browsers against the real server: the teacher writes a
 * hand-in task into a lesson and assigns it with a due date to one student; the student, sitting on
 * the home page, sees the notification arrive live, moves the card across the kanban with the
 * keyboard, hands in a file; the teacher grades it; the student sees it under Grades published and
 * gets the "evaluated" notification live. (The calendar and its ICS feed: calendar.e2e.ts.)
 *
 * The student is new (signed up and joined to Matemáticas 1º ESO A with its key), so their bell and
 * board hold only what this test makes.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const MATHS_A_KEY = "MATE-ESA2";
const MATHS_A_NAME = "Matemáticas 1º ESO A";
/** Matemáticas 1º ESO, unit 1, lesson 4 (Raíz cuadrada): nobody else writes items in it. */
const LESSON = `/course/${MATHS_A}/lesson/e29de90c-478c-5e6f-9b0b-6aaddc387e20`;

/** A 1x1 PNG: the hand-in. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const bell = (page: Page): Locator => page.getByRole("button", { name: /^Notificaciones/ });

/** Opens the bell's panel on the to-do list and returns the panel. */
async function openTodoNotifications(page: Page): Promise<Locator> {
  await bell(page).click();
  const panel = page.getByRole("dialog", { name: "Notificaciones" });
  await expect(panel).toBeVisible();
  await panel.getByRole("tab", { name: /^Tareas/ }).click();
  return panel;
}

test.describe("daily work", () => {
  test("assign → live notification → kanban by keyboard → hand-in → grade → Grades published with an evaluated notification", async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const run = Date.now().toString(36);
    const title = `Tarea: raíces exactas ${run}`;
    const student = { firstName: "Irene", lastName: `Tareas ${run}`, email: `e2e-tasks-${run}@demo.test` };
    const studentName = `${student.firstName} ${student.lastName}`;
    const due = localDay(3);

    // The student: a new account in Maths A, waiting on the home page.
    const learner = await newStudentInClass(browser, baseURL, student, { key: MATHS_A_KEY, name: MATHS_A_NAME });
    await expect(bell(learner)).toHaveAccessibleName("Notificaciones");

    // The teacher writes a hand-in task into the lesson and assigns it to that student only.
    await signIn(page, "teacher@demo.test");
    await page.goto(LESSON);
    await page.getByRole("link", { name: "Añadir contenido" }).first().click();
    await page.getByRole("list", { name: "Tipos de contenido" }).getByRole("link", { name: "Tarea", exact: true }).click();
    await page.getByRole("textbox", { name: "Título", exact: true }).fill(title);
    await page.getByLabel("Texto", { exact: true }).fill("Calcula la raíz cuadrada exacta de 144, 169 y 196 y explica cómo lo has comprobado.");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByRole("link", { name: `Abrir ${title}`, exact: true })).toBeVisible({ timeout: 20_000 });

    await page.getByRole("button", { name: `Asignar ${title}` }).click();
    const assign = page.getByRole("dialog", { name: `Asignar ${title}` });
    await assign.getByRole("radio", { name: "Estudiantes elegidos" }).check();
    await assign.getByRole("checkbox", { name: studentName }).check();
    await assign.getByLabel("Fecha de entrega (opcional)").fill(due);
    await assign.getByLabel("Hora de entrega").fill("18:00");
    await assign.getByLabel("Instrucciones (opcional)").fill("Sube una foto de tu cuaderno.");
    await expectNoAxeViolations(page);
    await assign.getByRole("button", { name: "Asignar", exact: true }).click();
    await expect(page.getByText("Tarea asignada").first()).toBeVisible();

    // Live: the student's bell counts it without a reload, and the panel says who assigned what.
    await expect(bell(learner)).toHaveAccessibleName("Notificaciones, 1 sin leer", { timeout: 15_000 });
    const panel = await openTodoNotifications(learner);
    await expect(panel.getByText(`Lucía Martín te ha asignado «${title}»`)).toBeVisible();
    await expectNoAxeViolations(learner);
    await learner.keyboard.press("Escape");

    // The kanban of all their tasks: the card starts in "What to do"; the keyboard moves it to "To do".
    await learner.goto("/tasks/kanban");
    await expect(learner.getByRole("heading", { name: "Mi tablero de tareas" })).toBeVisible({ timeout: 20_000 });
    const columnList = (name: string) => learner.getByRole("list", { name, exact: true });
    await expect(columnList("Qué hacer").getByText(title)).toBeVisible();
    const handle = learner.getByRole("button", { name: `Arrastrar ${title}` });
    await handle.focus();
    await learner.keyboard.press("Space");
    await expect(learner.getByText(new RegExp(`Has cogido ${title}`))).toBeAttached();
    await learner.keyboard.press("ArrowRight");
    await expect(learner.getByText(new RegExp(`${title} está ahora en Por hacer`))).toBeAttached();
    await learner.keyboard.press("Space");
    await expect(learner.getByText(new RegExp(`Has soltado ${title} en Por hacer`))).toBeAttached();
    await expect(columnList("Por hacer").getByText(title)).toBeVisible();
    await expectNoAxeViolations(learner);
    // The column is the server's, not the tab's.
    await learner.reload();
    await expect(columnList("Por hacer").getByText(title)).toBeVisible({ timeout: 20_000 });
    await expect(columnList("Qué hacer").getByText(title)).toHaveCount(0);

    // The hand-in: a file with progress, then Turn in.
    await learner.goto("/tasks");
    await learner.getByRole("link", { name: `Abrir: ${title}` }).click();
    const job = learner.getByRole("dialog", { name: title });
    await expect(job.getByText("Sube una foto de tu cuaderno.")).toBeVisible();
    await job.getByLabel("Añadir un archivo").setInputFiles({ name: "cuaderno.png", mimeType: "image/png", buffer: PNG });
    await expect(job.getByRole("button", { name: "Abrir cuaderno.png" })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(learner);
    await job.getByRole("button", { name: "Entregar", exact: true }).click();
    await expect(learner.getByText("Tarea entregada").first()).toBeVisible();
    await closeDialog(job);
    await learner.getByRole("tab", { name: /^Entregadas/ }).click();
    await expect(learner.getByRole("link", { name: `Abrir: ${title}` })).toBeVisible();

    // The teacher grades it from Pending tasks, with the file open in its viewer.
    await page.goto("/tasks");
    await page.getByRole("tab", { name: /^Tareas pendientes/ }).click();
    const row = page.getByRole("listitem").filter({ hasText: `Estudiante: ${studentName}` }).filter({ hasText: title });
    await row.getByRole("link", { name: `Abrir: ${title}` }).click();
    const review = page.getByRole("dialog", { name: title });
    await review.getByRole("button", { name: "Abrir cuaderno.png" }).click();
    await expect(review.getByRole("img", { name: "cuaderno.png" }).or(page.getByRole("img", { name: "cuaderno.png" }))).toBeVisible({ timeout: 20_000 });
    await review.getByRole("button", { name: "Cerrar el archivo" }).click();
    await review.getByLabel(/^Nota \(de 0 a \d+\)/).fill("8");
    await review.getByLabel("Comentarios para el estudiante").fill("Bien comprobado: 12, 13 y 14.");
    await expectNoAxeViolations(page);
    await review.getByRole("button", { name: "Guardar la nota" }).click();
    await expect(page.getByText("Nota guardada").first()).toBeVisible();

    // The student: "evaluated" arrives live, and the task is under Grades published with its feedback.
    await expect(bell(learner)).toHaveAccessibleName(/^Notificaciones, \d+ sin leer$/, { timeout: 15_000 });
    const graded = await openTodoNotifications(learner);
    await expect(graded.getByText(`Lucía Martín ha calificado «${title}»`)).toBeVisible();
    await learner.keyboard.press("Escape");
    await learner.getByRole("tab", { name: /^Notas publicadas/ }).click();
    const published = learner.getByRole("listitem").filter({ hasText: title });
    await expect(published.getByText(/^Nota: 8 \/ \d+$/)).toBeVisible();
    await published.getByRole("link", { name: `Abrir: ${title}` }).click();
    const feedback = learner.getByRole("dialog", { name: title });
    await expect(feedback.getByText("Bien comprobado: 12, 13 y 14.")).toBeVisible();
    await expectNoAxeViolations(learner);
    await closeDialog(feedback);

    await learner.context().close();
  });
});
