import type { Page } from "@playwright/test";
import { startOpenAiServer, type ChatBody, type OpenAiServer } from "../support/openai-server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { pabloHandsInTheControl, signInAt } from "./ai-tools-support";
import { startServer, type RunningServer } from "./server";

/*
 * Every teacher AI tool through the UI (issue 16), each server with its own data folder: with the
 * local provider the tools it runs on its own give their measured results and the three that need
 * a model are disabled cards; with a model (the loopback OpenAI-compatible server, which checks
 * every request's JSON schema) each tool shows what the model added. ai-tools.e2e.ts covers the
 * adapter, the translator, the history, the rubric locally and the feedback with a model.
 */

const TEXT =
  "El agua de los mares y de los ríos se calienta con el sol y se evapora. El vapor sube, se enfría y forma las nubes. " +
  "Cuando las gotas de las nubes pesan mucho, caen en forma de lluvia, de nieve o de granizo. Parte del agua se filtra en el suelo " +
  "y forma acuíferos; otra parte corre por los ríos hasta el mar. Así el agua recorre un ciclo sin fin: evaporación, condensación, " +
  "precipitación y escorrentía. Los acuíferos guardan agua dulce que las personas usan para beber y para regar.";

/** A tool's form with level, year and the text, then Create: resolves on the instance page. */
async function runWithText(page: Page, server: RunningServer, tool: string, fill: () => Promise<void> = async () => undefined): Promise<void> {
  await page.goto(`${server.url}/ai/tools/setup/${tool}`);
  await page.getByLabel(/^Etapa educativa/).selectOption("primary");
  await page.getByLabel(/^Curso/).selectOption("5");
  await page.getByRole("textbox", { name: /^Texto/ }).fill(TEXT);
  await fill();
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page).toHaveURL(/\/ai\/tools\/instance\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}

/** The lesson plan's form: the Maths class's numeration lesson loaded, then Create. */
async function runLessonPlan(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/ai/tools/setup/lesson-plan-generator`);
  await page.getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
  const lesson = page.getByLabel(/^Lección/);
  const numeration = lesson.locator("option", { hasText: /sistemas de numeración/i }).first();
  await expect(numeration).toBeAttached({ timeout: 15_000 });
  await lesson.selectOption((await numeration.getAttribute("value")) ?? "");
  await page.getByRole("button", { name: "Cargar el texto" }).click();
  await expect(page.getByRole("textbox", { name: /^Texto/ })).toHaveValue(/sistemas de numeración/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page).toHaveURL(/\/ai\/tools\/instance\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}

test.describe("every teacher AI tool, local provider", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  test.beforeAll(async () => {
    // A fresh server migrates and seeds its database (contents indexed for the assistant included): give it time on a loaded runner.
    test.setTimeout(150_000);
    server = await startServer();
    await pabloHandsInTheControl(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the tools a model is needed for are disabled cards; the others open their forms", async ({ page }) => {
    await signInAt(page, server);
    await page.goto(`${server.url}/ai/tools`);
    const tools = page.getByRole("list", { name: "Herramientas" });
    await expect(tools.getByRole("listitem")).toHaveCount(9, { timeout: 15_000 });
    for (const name of ["Traductor de textos", "Conexión con el mundo real", "Dinamizador del aula"]) {
      const card = tools.getByRole("listitem").filter({ hasText: name });
      await expect(card.getByRole("link")).toHaveCount(0);
      await expect(card).toContainText("Necesita un modelo de lenguaje");
    }
    for (const name of ["Adaptador de nivel de texto", "Creador de vocabulario", "Generador de planes de lección", "Generador de rúbricas", "Retroalimentación al alumnado", "Generador de preguntas"]) {
      await expect(tools.getByRole("link", { name })).toBeVisible();
    }
  });

  test("vocabulary: the words by rarity, each with its sentence, no definitions without a model", async ({ page }) => {
    await signInAt(page, server);
    await runWithText(page, server, "vocabulary-creator", async () => {
      await page.getByLabel(/^Número de palabras/).fill("5");
    });
    const words = page.getByRole("table", { name: "Palabras elegidas" });
    await expect(words.getByRole("row")).toHaveCount(6);
    await expect(words.getByText("Necesita un modelo de lenguaje").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("questions: cloze and choice items from the text's key sentences, shown as pupils will see them", async ({ page }) => {
    await signInAt(page, server);
    await runWithText(page, server, "question-generator");
    await expect(page.getByRole("heading", { name: "Preguntas" })).toBeVisible();
    await expect(page.getByText("Pregunta 1").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("lesson plan: the lesson's items timed into sessions, without a model's suggestions", async ({ page }) => {
    await signInAt(page, server);
    await runLessonPlan(page, server);
    await expect(page.getByRole("heading", { name: "Plan de clase" })).toBeVisible();
    await expect(page.getByText(/^Sesión 1/).first()).toBeVisible();
    await expect(page.getByText(/sin sugerencias para cada fase/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("feedback: Pablo's control per criterion, without the personal message", async ({ page }) => {
    await signInAt(page, server);
    await page.goto(`${server.url}/ai/tools/setup/student-feedback`);
    await page.getByLabel(/^Etapa educativa/).selectOption("secondary");
    await page.getByLabel(/^Curso/).selectOption("1");
    await page.getByLabel(/^Clase/).selectOption({ label: "Matemáticas 1º ESO A" });
    await page.getByLabel(/^Estudiante/).selectOption({ label: "Pablo Sánchez" });
    await page.getByRole("radio").first().check({ timeout: 15_000 });
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page).toHaveURL(/\/ai\/tools\/instance\//, { timeout: 20_000 });
    await expect(page.getByRole("table", { name: "Resultados de Pablo Sánchez por criterio" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/el mensaje personal necesita un modelo de lenguaje/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("every teacher AI tool, with a language model", () => {
  test.describe.configure({ mode: "serial" });
  let ai: OpenAiServer;
  let server: RunningServer;

  /** The model's answers, each valid against the schema the server sent (the loopback server checks). */
  const script = (body: ChatBody) => {
    const schema = body.response_format?.json_schema;
    const user = String(body.messages.at(-1)?.content ?? "");
    const system = String(body.messages[0]?.content ?? "");
    switch (schema?.name) {
      case "vocabulary_definitions": {
        // The words come as "word: sentence" lines of the data's `words`.
        const listed = [...user.matchAll(/"([\p{L}]+): /gu)].map((m) => m[1] as string);
        return { json: { definitions: listed.map((word) => ({ word, definition: `Definición de ${word} para la clase.` })) } };
      }
      case "question_items":
        return {
          json: {
            items: [
              { kind: "true_false", text: "El vapor de agua forma las nubes al enfriarse.", answers: [], isTrue: true, source: "El vapor sube, se enfría y forma las nubes." },
              { kind: "single_choice", text: "¿Qué guardan los acuíferos?", answers: ["Agua dulce", "Sal", "Arena"], isTrue: false, source: "Los acuíferos guardan agua dulce." },
            ],
          },
        };
      case "lesson_plan_notes": {
        const n = Number(/exactly (\d+) notes/.exec(system)?.[1] ?? 1);
        return { json: { notes: Array.from({ length: n }, (_, i) => `Nota del modelo para la fase ${i + 1}.`) } };
      }
      case "rubric_criteria": {
        const levels = Number(/write (\d+) descriptors/.exec(system)?.[1] ?? 4);
        const given = /"criteria": (\[[^\]]*\])/.exec(user)?.[1];
        const names = given ? (JSON.parse(given) as string[]) : ["Comprende el ciclo del agua", "Usa el vocabulario del ciclo"];
        return { json: { criteria: names.map((name) => ({ name, descriptors: Array.from({ length: levels }, (_, i) => `Descriptor ${i + 1} de ${name}.`) })) } };
      }
      case "real_world_connections":
        return {
          json: {
            connections: [
              { title: "El agua del grifo", situation: "Abrir el grifo en casa.", explanation: "Viene de un acuífero o de un embalse.", question: "¿De dónde viene el agua de tu casa?", activity: "Dibuja su camino." },
            ],
          },
        };
      case "classroom_energizers":
        return {
          json: {
            activities: [
              { name: "La gota viajera", minutes: 5, grouping: "whole_class", materials: ["Tarjetas"], steps: ["Cada alumno es una fase del ciclo.", "La gota pasa de mano en mano."], link: "Repasa las fases del ciclo del agua." },
            ],
          },
        };
      default:
        return { status: 400, body: { error: { message: `unexpected schema ${schema?.name}` } } };
    }
  };

  test.beforeAll(async () => {
    // A fresh server migrates and seeds its database (contents indexed for the assistant included): give it time on a loaded runner.
    test.setTimeout(150_000);
    ai = await startOpenAiServer(script);
    server = await startServer({ AI_PROVIDER: "openai", AI_BASE_URL: ai.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0" });
  });
  test.afterAll(async () => {
    await server?.stop();
    await ai?.close();
  });

  test("vocabulary and questions: the model's definitions and items", async ({ page }) => {
    await signInAt(page, server);
    await runWithText(page, server, "vocabulary-creator", async () => {
      await page.getByLabel(/^Número de palabras/).fill("3");
    });
    await expect(page.getByRole("table", { name: "Palabras elegidas" }).getByText(/^Definición de \p{L}+ para la clase\.$/u)).toHaveCount(3);

    await runWithText(page, server, "question-generator");
    await expect(page.getByText("El vapor de agua forma las nubes al enfriarse.").first()).toBeVisible();
    await expect(page.getByText("¿Qué guardan los acuíferos?").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("lesson plan and rubric: the model's notes per phase and descriptors per level", async ({ page }) => {
    await signInAt(page, server);
    await runLessonPlan(page, server);
    await expect(page.getByText("Nota del modelo para la fase 1.")).toBeVisible();

    await runWithText(page, server, "rubric-generator", async () => {
      await page.getByLabel(/^Objetivos de aprendizaje/).fill("Explica las fases del ciclo del agua\nUsa el vocabulario del ciclo");
    });
    const rubric = page.getByRole("table", { name: "Criterios y niveles de logro" });
    await expect(rubric.getByText("Descriptor 1 de Explica las fases del ciclo del agua.")).toBeVisible({ timeout: 15_000 });
    await expect(rubric.getByText("Descriptor 4 de Usa el vocabulario del ciclo.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("real-world connection and classroom energizer: the model's ideas", async ({ page }) => {
    await signInAt(page, server);
    await runWithText(page, server, "real-world-connection");
    await expect(page.getByRole("heading", { name: "Conexiones con el mundo real" })).toBeVisible();
    await expect(page.getByText("¿De dónde viene el agua de tu casa?")).toBeVisible();

    await runWithText(page, server, "classroom-energizer");
    await expect(page.getByText("La gota viajera")).toBeVisible();
    await expect(page.getByText("Repasa las fases del ciclo del agua.")).toBeVisible();
    await expectNoAxeViolations(page);
    // Every request the product sent was a valid strict-schema request.
    expect(ai.requests.filter((r) => r.invalid)).toEqual([]);
  });
});
