import type { Page } from "@playwright/test";
import type { PracticeSession } from "../../src/contracts/practice";
import { QuestionSchema } from "../../src/contracts/questions";
import { MATHS_BANK } from "../../src/server/db/seed/practice-bank-maths";
import { rightAnswerValue } from "../support/question-fixtures";
import { apiToken, E2E_STUDENT_PASSWORD, expect, expectNoAxeViolations, newStudentInClass, signIn, test } from "./fixtures";
import { freePort, startServer, type RunningServer } from "./server";

/*
 * Issue 18 in Chromium against the real server: a new student of the gamified edition practises,
 * sees the points arrive, goes up a level (the dialog) and earns a medal (the toast), and finds
 * them on the gamification screen; the teacher sets the class's ranking and gives a medal; a
 * teacher and a student of the plain edition never open the gamification socket; and a medal given
 * while the server was restarting reaches the student when the socket comes back.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";

const bankQuestion = (prompt: string) => {
  const found = MATHS_BANK.find((q) => q.question.prompt === prompt);
  if (!found) throw new Error(`not a bank question: ${prompt}`);
  return QuestionSchema.parse(found.question);
};

/** Every frame the page's websockets send (socket.io packets: "40/gamification,…" opens that namespace). */
function sentFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framesent", (f) => frames.push(String(f.payload))));
  return frames;
}
const opensGamification = (frames: readonly string[]) => frames.some((f) => f.startsWith("40/gamification"));
const joinsRoom = (frames: readonly string[]) => frames.some((f) => f.startsWith("42/gamification") && f.includes("joinRoom"));

test.describe("gamification", () => {
  test("a gamified student practises: points arrive, a level-up opens the dialog, a medal's toast, and the gamification screen shows them", async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    const student = { firstName: "Gala", lastName: `Puntos ${run}`, email: `e2e-gami-${run}@demo.test` };
    const learner = await newStudentInClass(browser, baseURL, student, { key: "MATE-ESA2", name: "Matemáticas 1º ESO A" });
    const frames = sentFrames(learner);
    await learner.goto("/home");
    const chip = learner.getByRole("link", { name: /^Nivel 1, 0 puntos\. Ver mis logros$/ });
    await expect(chip).toBeVisible();
    await expect.poll(() => joinsRoom(frames)).toBe(true);

    const cards = learner.locator("section", { has: learner.getByRole("heading", { name: "Práctica recomendada" }) });
    const card = cards.getByRole("listitem").filter({ has: learner.getByRole("button", { name: /^Empezar/ }) }).filter({ hasText: "Valor posicional de las cifras" });
    await card.getByRole("button", { name: /^Empezar/ }).click();
    await learner.waitForURL(/\/activities\/sessions\/[0-9a-f-]+\/activities\/[0-9a-f-]+$/);
    const sessionId = /sessions\/([0-9a-f-]+)/.exec(learner.url())?.[1] ?? "";

    // The first activity, right at the first try in the player: its points come over the socket.
    const prompt = (await learner.locator("section p").first().innerText()).trim();
    const q = bankQuestion(prompt);
    if (q.type === "QT_1") await learner.getByRole("radio", { name: q.data.choices.find((c) => c.correct)?.text ?? "" }).check();
    else if (q.type === "QT_3") await learner.getByRole("radio", { name: q.data.correct ? "Verdadero" : "Falso" }).check();
    else throw new Error(`the first activity of a new KC is an easy choice question, not ${q.type}`);
    await learner.getByRole("button", { name: "Comprobar" }).click();
    await expect(learner.getByText("¡Correcto!")).toBeVisible();
    await expect(learner.getByText(/^\+\d+ puntos?$/).first()).toBeAttached();
    await expect(learner.getByRole("link", { name: /^Nivel 1, [1-9]\d* puntos\. Ver mis logros$/ })).toBeVisible();

    // The other five right through the API (the player's own calls): the KC is mastered.
    const token = await apiToken(learner, student.email, E2E_STUDENT_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const session = ((await (await learner.request.get(`/api/front/practice/sessions/${sessionId}`, { headers: auth })).json()) as { data: PracticeSession }).data;
    for (const activity of session.activities.slice(1)) {
      const answer = rightAnswerValue(bankQuestion(activity.question.prompt));
      expect((await learner.request.put(`/api/front/practice/sessions/${sessionId}/activities/${activity.activityInstanceId}`, { headers: auth, data: { answer, try: 1 } })).status()).toBe(200);
    }

    // A level up opens the dialog; a medal comes as a toast (from the queue, one every 3 s, while the dialog is open too).
    const toast = learner.locator(".app-toast").filter({ hasText: "Nueva medalla" }).filter({ hasText: "Primera habilidad dominada" });
    const medalShown = expect(toast.first()).toBeVisible({ timeout: 30_000 });
    const dialog = learner.getByRole("dialog", { name: "¡Enhorabuena!" });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(/^¡Has subido al nivel \d+!$/)).toBeVisible();
    await expectNoAxeViolations(learner);
    await dialog.getByRole("button", { name: "Aceptar" }).click();
    await expect(dialog).toBeHidden();
    await medalShown;
    await expect(learner.getByRole("link", { name: /^Nivel [2-9], \d+ puntos\. Ver mis logros$/ })).toBeVisible();

    // The gamification screen: the medal unlocked, others locked with their progress, the ledger, the ranking.
    await learner.getByRole("link", { name: /Ver mis logros$/ }).click();
    await learner.waitForURL(/\/gamification$/);
    const medals = learner.getByRole("region", { name: "Medallas" });
    await expect(medals.getByRole("listitem", { name: "Primera habilidad dominada: conseguida" })).toBeVisible();
    await expect(medals.getByRole("listitem", { name: "Cinco habilidades: bloqueada, 1 de 5" })).toBeVisible();
    await expect(learner.getByText("Concepto dominado").first()).toBeVisible();
    await expect(learner.getByRole("table", { name: /Clasificación de Matemáticas 1º ESO A/ })).toBeVisible();
    await expectNoAxeViolations(learner);
    await learner.context().close();
  });

  test("the teacher chooses the class's ranking and gives a medal with a reason; the student sees both", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, "teacher@demo.test");
    const frames = sentFrames(page);
    await page.goto(`/course/${MATHS_A}`);
    const panel = page.getByRole("region", { name: "Gamificación" });
    await expect(panel).toBeVisible();
    // The choice is the server's: the radio follows its answer.
    await panel.getByRole("radio", { name: "Completa" }).click();
    await expect(panel.getByRole("radio", { name: "Completa" })).toBeChecked();
    await expect(page.getByText("Clasificación actualizada").first()).toBeVisible();
    const marta = panel.getByRole("row", { name: /Marta López/ });
    await marta.getByRole("button", { name: "Dar medalla: Marta López" }).click();
    const give = page.getByRole("dialog", { name: "Dar una medalla a Marta López" });
    await give.getByRole("radio", { name: /Compañerismo/ }).check();
    await give.getByRole("button", { name: "Enviar" }).click();
    await expect(give.getByText("Escribe el motivo de la medalla")).toBeVisible();
    await give.getByRole("textbox", { name: /Motivo/ }).fill("Explicó las potencias a toda la mesa");
    await expectNoAxeViolations(page);
    await give.getByRole("button", { name: "Enviar" }).click();
    await expect(give).toBeHidden();
    // A teacher never opens the gamification socket.
    expect(opensGamification(frames)).toBe(false);

    const context = await browser.newContext({ baseURL, locale: "es-ES" });
    const student = await context.newPage();
    await signIn(student, "student1@demo.test");
    await student.goto("/gamification");
    await expect(student.getByText("Nota del profesor: Explicó las potencias a toda la mesa").first()).toBeVisible();
    await expect(student.getByRole("region", { name: "Medallas" }).getByRole("listitem", { name: "Compañerismo: conseguida" })).toBeVisible();
    await student.getByRole("region", { name: "Clasificación" }).getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
    const ranking = student.getByRole("table", { name: /Clasificación de Matemáticas 1º ESO A/ });
    await expect(ranking.getByRole("row", { name: /Pablo/ })).toBeVisible();
    await expect(ranking.getByText(/Sánchez/)).toHaveCount(0);
    await context.close();
    await page.goto(`/course/${MATHS_A}`);
    await panel.getByRole("radio", { name: "Los 10 primeros" }).click();
    await expect(panel.getByRole("radio", { name: "Los 10 primeros" })).toBeChecked();
    await expect(page.getByText("Clasificación actualizada").first()).toBeVisible();
  });

  test("a student of the plain edition gets no gamification socket and no points", async ({ page }) => {
    const frames = sentFrames(page);
    await page.goto("/auth/login?edition=lumen");
    await page.getByLabel(/e-mail/i).fill("student@lumen.test");
    await page.getByLabel(/^senha/i).fill("demo1234");
    await page.getByRole("button", { name: /entrar/i }).click();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => frames.some((f) => f.startsWith("40"))).toBe(true);
    expect(opensGamification(frames)).toBe(false);
    await expect(page.getByRole("link", { name: /Ver mis logros|Ver minhas conquistas|pontos/i })).toHaveCount(0);
  });
});

test.describe("gamification across a server restart", () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => server?.stop());

  test("a medal given while the student's socket was down arrives when it reconnects", async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    const port = await freePort();
    server = await startServer({ PORT: String(port) });
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES" });
    const page = await context.newPage();
    const frames = sentFrames(page);
    await signIn(page, "student2@demo.test");
    await page.goto("/home");
    await expect(page.getByRole("link", { name: /Ver mis logros$/ })).toBeVisible();
    await expect.poll(() => joinsRoom(frames)).toBe(true);

    // The network goes (the socket cannot come back on its own yet) and the server restarts on its data.
    await context.setOffline(true);
    const first = server;
    await new Promise<void>((resolve) => {
      first.process.once("exit", () => resolve());
      first.process.kill("SIGTERM");
    });
    server = await startServer({ PORT: String(port) }, { dataDir: first.dataDir });
    expect(server.url).toBe(first.url);

    // Meanwhile the teacher gives Pablo a medal: nobody is there to push it to.
    const api = await playwright.request.newContext({ baseURL: server.url });
    const login = await api.post("/api/auth/login", { data: { email: "teacher@demo.test", password: "demo1234" } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const pablo = "student2@demo.test";
    const members = await api.get(`/api/gamification/courses/${MATHS_A}/ranking`, { headers: { authorization: `Bearer ${token}` } });
    const rows = ((await members.json()) as { data: { rows: Array<{ name: string; studentGuid: string | null }> } }).data.rows;
    const studentGuid = rows.find((r) => r.name.startsWith("Pablo"))?.studentGuid ?? "";
    expect(studentGuid, pablo).not.toBe("");
    const given = await api.post(`/api/gamification/courses/${MATHS_A}/medals`, {
      headers: { authorization: `Bearer ${token}` },
      data: { studentGuid, medalId: "curiosity", reason: "Preguntó por qué 0 elevado a 0 no vale nada" },
    });
    expect(given.status()).toBe(201);
    await api.dispose();

    // Back online: the socket reconnects, joins with the last entry it saw, and is sent the medal.
    await context.setOffline(false);
    const toast = page.locator(".app-toast").filter({ hasText: "Nueva medalla" }).filter({ hasText: "Curiosidad" });
    await expect(toast.first()).toBeVisible({ timeout: 60_000 });
    await expect(toast.first()).toContainText("Preguntó por qué 0 elevado a 0 no vale nada");
    await context.close();
  });
});
