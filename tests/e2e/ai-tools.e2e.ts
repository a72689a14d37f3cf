import { startOpenAiServer, type ChatBody, type OpenAiServer } from "../support/openai-server";
import { expect, expectNoAxeViolations, expectNoHiddenFocusable, signIn, test } from "./fixtures";
import { pabloHandsInTheControl, signInAt } from "./ai-tools-support";
import { startServer, type RunningServer } from "./server";

/*
 * The teacher AI tools through the UI (issue 16, ADR 0039): with the local provider (the suite's
 * server) a teacher loads a lesson's text into the text level adapter and reads the report, finds
 * it in the history, and sees the model-only tools disabled; a student is turned away. With a
 * model (a second server pointed at the loopback OpenAI-compatible server) the adapter rewrites
 * the text into the band and the translator translates.
 */

const EASY = "El sol sale por la mañana. La casa es roja. Mi gato come pan.\n\nAna va al río con su perro. El agua está fría y clara.";
const TEXT =
  "Los números romanos se escriben con siete letras mayúsculas. La I vale uno, la V vale cinco y la X vale diez. " +
  "Si una letra de menor valor se escribe a la izquierda de otra de mayor valor, se resta su valor correspondiente. " +
  "Los antiguos romanos utilizaban este sistema de numeración para contabilizar mercancías, fechas y distancias en el Imperio.";

test.describe("teacher AI tools, local provider", () => {
  test("a teacher adapts a lesson's text: the report, the history, the disabled model-only tools; a student is turned away", async ({ page, browser }) => {
    // Five screens, three axe runs and a second browser page: about 50 s on a quiet runner.
    test.setTimeout(150_000);
    await signIn(page, "teacher@demo.test");
    await page.getByRole("button", { name: /Menú de perfil/ }).click();
    await page.getByRole("menuitem", { name: "Herramientas de IA" }).click();
    await expect(page).toHaveURL(/\/ai\/tools$/);
    const tools = page.getByRole("list", { name: "Herramientas" });
    await expect(tools.getByRole("listitem")).toHaveCount(9, { timeout: 15_000 });
    // The category filter puts no focus sentinel under aria-hidden as the page loads (ADR 0029).
    await expectNoHiddenFocusable(page);
    // The translator needs a model: no link, and the reason.
    const translator = tools.getByRole("listitem").filter({ hasText: "Traductor de textos" });
    await expect(translator.getByRole("link")).toHaveCount(0);
    await expect(translator).toContainText("Necesita un modelo de lenguaje");
    await expectNoAxeViolations(page);

    await tools.getByRole("link", { name: "Adaptador de nivel de texto" }).click();
    await expect(page).toHaveURL(/\/ai\/tools\/setup\/text-level-adapter$/);
    // Load the Maths class's first lesson: its text, level and year fill the form.
    await page.getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
    const lesson = page.getByLabel(/^Lección/);
    const numeration = lesson.locator("option", { hasText: /sistemas de numeración/i }).first();
    await expect(numeration).toBeAttached({ timeout: 15_000 });
    await lesson.selectOption((await numeration.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Cargar el texto" }).click();
    const text = page.getByRole("textbox", { name: /^Texto/ });
    await expect(text).toHaveValue(/Ideas clave: sistemas de numeración/, { timeout: 15_000 });
    await expect(page.getByLabel(/^Etapa educativa/)).toHaveValue("secondary");
    await page.getByRole("checkbox", { name: "Dislexia" }).check();
    await page.getByRole("button", { name: "Crear" }).click();

    await expect(page).toHaveURL(/\/ai\/tools\/instance\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Legibilidad" })).toBeVisible();
    await expect(page.getByText("Szigriszt-Pazos (INFLESZ)").first()).toBeVisible();
    await expect(page.getByText("No hay un modelo de lenguaje configurado: el texto se ha medido, pero no se ha reescrito.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comprobaciones de necesidades específicas" })).toBeVisible();
    await expectNoAxeViolations(page);
    const instanceUrl = page.url();

    await page.goto("/ai/tools/history");
    const row = page.getByRole("row").filter({ hasText: "Adaptador de nivel de texto" }).first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByRole("link").click();
    await expect(page).toHaveURL(instanceUrl);
    await page.goto("/ai/tools/history");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page);

    // A student has no tools: the page is the product's error page, and the API refuses them.
    const student = await browser.newPage();
    await student.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await signIn(student, "student1@demo.test");
    await student.goto("/ai/tools");
    await expect(student.getByRole("list", { name: "Herramientas" })).toHaveCount(0);
    const refused = await student.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem("aula.auth") ?? "{}") as { token?: string };
      return (await fetch("/api/teacher-tools", { headers: { authorization: `Bearer ${auth.token}` } })).status;
    });
    expect(refused).toBe(403);
    await student.close();
  });
});

test.describe("teacher AI tools, local provider: the rubric", () => {
  test("a teacher builds a rubric from a lesson: its KCs as criteria, weighted, with observable indicators", async ({ page }) => {
    await signIn(page, "teacher@demo.test");
    await page.goto("/ai/tools/setup/rubric-generator");
    await page.getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
    const lesson = page.getByLabel(/^Lección/);
    const numeration = lesson.locator("option", { hasText: /sistemas de numeración/i }).first();
    await expect(numeration).toBeAttached({ timeout: 15_000 });
    await lesson.selectOption((await numeration.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Cargar el texto" }).click();
    await expect(page.getByRole("textbox", { name: /^Texto/ })).toHaveValue(/sistemas de numeración/, { timeout: 15_000 });
    await page.getByLabel(/^Número de niveles/).selectOption("3");
    await page.getByRole("button", { name: "Crear" }).click();

    await expect(page).toHaveURL(/\/ai\/tools\/instance\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const table = page.getByRole("table", { name: "Criterios y niveles de logro" });
    await expect(table).toBeVisible();
    // Criterion, weight, points and three levels; at least one criterion row and the total.
    await expect(table.getByRole("columnheader")).toHaveCount(6);
    await expect(table.getByRole("row").filter({ hasText: "Total" })).toHaveCount(1);
    expect(await table.getByRole("row").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByText(/Sin modelo de lenguaje no hay descriptores/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("teacher AI tools, with a language model", () => {
  test.describe.configure({ mode: "serial" });
  let ai: OpenAiServer;
  let server: RunningServer;

  test.beforeAll(async () => {
    // A fresh server migrates and seeds its database (contents indexed for the assistant included): give it time on a loaded runner.
    test.setTimeout(150_000);
    ai = await startOpenAiServer((body: ChatBody) => {
      const schema = body.response_format?.json_schema?.name;
      if (schema === "adapted_text") return { json: { adaptedText: EASY } };
      if (schema === "translation") return { json: { translatedText: "Roman numerals are written with seven capital letters." } };
      if (schema === "student_feedback") return { json: { message: "Has entregado el control a tiempo. Repasa los números naturales en la lección que te indicamos." } };
      return { status: 400, body: { error: { message: `unexpected schema ${schema}` } } };
    });
    server = await startServer({ AI_PROVIDER: "openai", AI_BASE_URL: ai.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0" });
  });
  test.afterAll(async () => {
    await server?.stop();
    await ai?.close();
  });

  test("the adapter rewrites the text into the class's band, and the translator translates", async ({ page }) => {
    await signInAt(page, server);

    await page.goto(`${server.url}/ai/tools`);
    // Every card is available with a model.
    await expect(page.getByRole("list", { name: "Herramientas" }).getByRole("link", { name: "Traductor de textos" })).toBeVisible({ timeout: 15_000 });

    await page.goto(`${server.url}/ai/tools/setup/text-level-adapter`);
    await page.getByLabel(/^Etapa educativa/).selectOption("primary");
    await page.getByLabel(/^Curso/).selectOption("2");
    await page.getByRole("textbox", { name: /^Texto/ }).fill(TEXT);
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page).toHaveURL(/\/ai\/tools\/instance\//, { timeout: 20_000 });
    await expect(page.getByText("El sol sale por la mañana.").first()).toBeVisible();
    await expect(page.getByText("En la banda").first()).toBeVisible();
    await expect(page.getByText("Modelo llama3.1")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/ai/tools/setup/text-translator`);
    await page.getByLabel(/^Etapa educativa/).selectOption("secondary");
    await page.getByLabel(/^Curso/).selectOption("1");
    await page.getByRole("textbox", { name: /^Texto/ }).fill(TEXT);
    await page.getByLabel(/^Lengua de destino/).selectOption("en");
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page.getByText("Roman numerals are written with seven capital letters.")).toBeVisible({ timeout: 20_000 });
    // The teacher's text reached the model as data between the markers.
    const sent = ai.requests.map((r) => JSON.stringify(r.body)).join("\n");
    expect(sent).toContain("Los antiguos romanos utilizaban");
  });

  test("a teacher writes feedback on a student's submitted control: the model's message and each criterion", async ({ page }) => {
    // Pablo hands in the Maths control on this server (his own data folder).
    await pabloHandsInTheControl(server);
    await signInAt(page, server);
    await page.goto(`${server.url}/ai/tools/setup/student-feedback`);
    await page.getByLabel(/^Etapa educativa/).selectOption("secondary");
    await page.getByLabel(/^Curso/).selectOption("1");
    await page.getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
    await page.getByLabel(/^Estudiante/).selectOption({ label: "Pablo Sánchez" });
    await page.getByRole("radio").first().check({ timeout: 15_000 });
    await page.getByRole("button", { name: "Crear" }).click();

    await expect(page).toHaveURL(/\/ai\/tools\/instance\//, { timeout: 20_000 });
    await expect(page.getByText("Has entregado el control a tiempo.", { exact: false })).toBeVisible();
    const criteria = page.getByRole("table", { name: "Resultados de Pablo Sánchez por criterio" });
    await expect(criteria).toBeVisible();
    // Nothing answered: every criterion with marks needs work.
    await expect(criteria.getByText("Necesita mejorar").first()).toBeVisible();
    await expectNoAxeViolations(page);
    // The model was told the facts, never the student's name.
    const sent = JSON.stringify(ai.requests.filter((r) => JSON.stringify(r.body).includes("student_feedback")).map((r) => r.body));
    expect(sent).toContain("marks 0 of");
    expect(sent).not.toContain("Pablo");
  });
});
