import type { Page } from "@playwright/test";
import type { PracticeSession } from "../../src/contracts/practice";
import { QuestionSchema } from "../../src/contracts/questions";
import { MATHS_BANK } from "../../src/server/db/seed/practice-bank-maths";
import { rightAnswerValue } from "../support/question-fixtures";
import { apiToken, E2E_STUDENT_PASSWORD, expect, expectNoAxeViolations, expectNoHiddenFocusable, newStudentInClass, signIn, test } from "./fixtures";

/*
 * Issue 15 in Chromium against the real server: a new student takes the practice recommended to
 * them, answers wrong (a help message and the hint, then the solution) and right, finishes and sees
 * the summary, and the teacher's analytics show the change with its evidence; the teacher's
 * analytics of a Maths class alive with the demo's simulated weeks of practice (Marta strong, Pablo
 * in trouble), with the evidence behind a cell and the CSV export; students never reach analytics.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const HELP = /¡Casi! Revisa tu respuesta|No pasa nada: lee la pista|Fíjate bien en el enunciado/;

/** The bank question a prompt belongs to (the seed's Matemáticas bank). */
const bankQuestion = (prompt: string) => {
  const found = MATHS_BANK.find((q) => q.question.prompt === prompt);
  if (!found) throw new Error(`not a bank question: ${prompt}`);
  return QuestionSchema.parse(found.question);
};

/** Picks a choice of a single-choice or true/false question shown in the player, right or wrong. */
async function choose(page: Page, prompt: string, right: boolean) {
  const q = bankQuestion(prompt);
  if (q.type === "QT_1") {
    const choice = q.data.choices.find((c) => c.correct === right);
    await page.getByRole("radio", { name: choice?.text ?? "" }).check();
  } else if (q.type === "QT_3") {
    await page.getByRole("radio", { name: (q.data.correct === right) ? "Verdadero" : "Falso" }).check();
  } else {
    throw new Error(`the first two activities of a new KC are easy choice questions, not ${q.type}`);
  }
}

test.describe("student practice", () => {
  test("a new student takes the recommended practice: help and hint after a wrong try, the solution after two, the summary, and the teacher sees the evidence", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    const student = { firstName: "Nora", lastName: `Práctica ${run}`, email: `e2e-practice-${run}@demo.test` };
    const learner = await newStudentInClass(browser, baseURL, student, { key: "MATE-ESA2", name: "Matemáticas 1º ESO A" });
    await learner.goto("/home");
    const cards = learner.getByRole("region", { name: "Práctica recomendada" }).or(learner.locator("section", { has: learner.getByRole("heading", { name: "Práctica recomendada" }) }));
    const card = cards.getByRole("listitem").filter({ has: learner.getByRole("button", { name: /^Empezar/ }) }).filter({ hasText: "Valor posicional de las cifras" });
    await expect(card).toBeVisible();
    await expect(card.getByText("Nuevo")).toBeVisible();
    await expectNoAxeViolations(learner);
    await card.getByRole("button", { name: /^Empezar/ }).click();
    await learner.waitForURL(/\/activities\/sessions\/[0-9a-f-]+\/activities\/[0-9a-f-]+$/);
    const sessionId = /sessions\/([0-9a-f-]+)/.exec(learner.url())?.[1] ?? "";
    await expect(learner.getByText("Actividad 1 de 6")).toBeVisible();
    // The error report's dialog is not mounted until opened: no focus sentinels (Lighthouse's aria-hidden-focus).
    await expectNoHiddenFocusable(learner);

    // First activity: wrong twice. A help message and the hint, then the solution.
    const prompt1 = (await learner.locator("section p").first().innerText()).trim();
    await choose(learner, prompt1, false);
    await learner.getByRole("button", { name: "Comprobar" }).click();
    await expect(learner.getByText(HELP)).toBeVisible();
    await expect(learner.getByText(/^Pista: /)).toBeVisible();
    await expectNoAxeViolations(learner);
    await choose(learner, prompt1, false);
    await learner.getByRole("button", { name: "Comprobar" }).click();
    await expect(learner.getByText("No es correcto. Esta es la solución:")).toBeVisible();
    await learner.getByRole("button", { name: "Siguiente" }).click();

    // Second: right at once.
    await expect(learner.getByText("Actividad 2 de 6")).toBeVisible();
    const prompt2 = (await learner.locator("section p").first().innerText()).trim();
    await choose(learner, prompt2, true);
    await learner.getByRole("button", { name: "Comprobar" }).click();
    await expect(learner.getByText("¡Correcto!")).toBeVisible();

    // The other four (typed and classified answers) through the API, right at once.
    const token = await apiToken(learner, student.email, E2E_STUDENT_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const session = ((await (await learner.request.get(`/api/front/practice/sessions/${sessionId}`, { headers: auth })).json()) as { data: PracticeSession }).data;
    for (const activity of session.activities.slice(2)) {
      const answer = rightAnswerValue(bankQuestion(activity.question.prompt));
      const res = await learner.request.put(`/api/front/practice/sessions/${sessionId}/activities/${activity.activityInstanceId}`, { headers: auth, data: { answer, try: 1 } });
      expect(res.status()).toBe(200);
    }
    const last = session.activities[5]?.activityInstanceId ?? "";
    await learner.goto(`/activities/sessions/${sessionId}/activities/${last}`);
    await learner.getByRole("button", { name: "Terminar" }).click();
    await learner.waitForURL(new RegExp(`/activities/sessions/${sessionId}/summary$`));
    await expect(learner.getByText("5 de 6 actividades correctas")).toBeVisible();
    const row = learner.getByRole("row", { name: /Valor posicional de las cifras/ });
    await expect(row.getByRole("cell", { name: /^20 % \(sin empezar\)$/ })).toBeVisible();
    await expect(row.getByRole("cell", { name: /Sube/ })).toBeVisible();
    await expectNoAxeViolations(learner);
    await learner.context().close();

    // The teacher's analytics: the new student's cell on the KC, and the six answers behind it.
    await signIn(page, "teacher@demo.test");
    await page.goto(`/analytics/${MATHS_A}`);
    await page.getByRole("tab", { name: "Estudiantes × KC" }).click();
    const mine = page.getByRole("row", { name: new RegExp(student.lastName) });
    await mine.getByRole("button", { name: /P\(L\)/ }).first().click();
    const dialog = page.getByRole("dialog", { name: new RegExp(`${student.lastName} · Valor posicional de las cifras`) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("cell", { name: "Práctica" })).toHaveCount(6);
  });
});

test.describe("teacher analytics", () => {
  test("lists the Maths and Language classes, shows a class's students x KCs with evidence and a student's lessons to revisit, exports CSV, and turns students away", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, "teacher@demo.test");
    await page.goto("/analytics");
    const list = page.getByRole("table", { name: "Estado de tus clases" });
    await expect(list.getByRole("link", { name: "Matemáticas 1º ESO A" })).toBeVisible();
    await expect(list.getByRole("link", { name: /Lengua 1º ESO/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await list.getByRole("link", { name: "Matemáticas 1º ESO A" }).click();
    await expect(page).toHaveURL(new RegExp(`/analytics/${MATHS_A}$`));
    await page.getByRole("tab", { name: "Estudiantes × KC" }).click();
    const heat = page.getByRole("table", { name: "Estudiantes × KC" }).or(page.getByRole("table").filter({ has: page.getByRole("rowheader", { name: "Marta López" }) }));
    const marta = heat.getByRole("row", { name: /Marta López/ });
    const pablo = heat.getByRole("row", { name: /Pablo Sánchez/ });
    await expect(marta).toBeVisible();
    await expect(pablo).toBeVisible();
    // Marta masters several KCs; Pablo, in trouble, has alerts.
    await expect(marta.getByRole("button", { name: /^Dominado, P\(L\)/ }).first()).toBeVisible();
    await expect(pablo.getByRole("button", { name: /alertas:/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The evidence behind one of Marta's cells: the practice answers that moved it.
    await marta.getByRole("button", { name: /P\(L\)/ }).first().click();
    const dialog = page.getByRole("dialog", { name: /^Marta López · / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("cell", { name: "Práctica" }).first()).toBeVisible();
    await expect(dialog.getByRole("cell", { name: /→/ }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("Marta");
    expect(text).toContain("MAT.NUM.ROMAN");

    // The lessons Pablo should revisit (unit recommendations), from his name; each link opens its lesson.
    await heat.getByRole("button", { name: "Pablo Sánchez: lecciones para repasar" }).click();
    const revisit = page.getByRole("dialog", { name: "Lecciones para repasar: Pablo Sánchez" });
    await expect(revisit.getByText("Fallos repetidos").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await revisit.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/course/${MATHS_A}/unit/[^/]+/lesson/[^/]+$`));

    // A student: no menu entry, the error page, and the API refuses.
    const context = await browser.newContext({ baseURL, locale: "es-ES" });
    const student = await context.newPage();
    await signIn(student, "student1@demo.test");
    // Marta's own lessons to revisit on her class page: the one whose KC is due for review.
    await student.goto(`/course/${MATHS_A}`);
    const own = student.getByRole("region", { name: "Lecciones para repasar" });
    await expect(own.getByText("Necesita repaso").first()).toBeVisible();
    await expect(own.getByRole("link").first()).toBeVisible();
    await student.goto(`/analytics/${MATHS_A}`);
    await expect(student.getByText(/página no (está )?disponible/i)).toBeVisible();
    expect((await student.request.get(`/api/front/analytics/${MATHS_A}`)).status()).toBeGreaterThanOrEqual(401);
    await context.close();
  });
});
