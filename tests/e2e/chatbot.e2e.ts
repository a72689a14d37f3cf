import type { Page } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pngOf } from "../support/images";
import { startOpenAiServer, type ChatBody, type OpenAiServer } from "../support/openai-server";
import { startSearxngServer, type SearxngServer } from "../support/searxng-server";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/*
 * The AI assistant through the UI (issue 17, ADR 0041): with the local provider (the suite's
 * server) a student asks about a lesson and gets the lesson's own sentences, cited, with a source
 * that opens the lesson; a formula is typeset; the button is absent without the flag and on the
 * pages the spec hides it on; an answer is read aloud (MP3 Chromium decodes) and stopped; a recommendation card opens its lesson. With a model (a second server on the loopback OpenAI-compatible
 * server) the answer is streamed from the passages the model got as data.
 */

/** Signs in on a server of the test's own (not the suite's base URL). */
async function signInAt(page: Page, base: string, email: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel(/^correo electrónico/i).fill(email);
  await page.getByLabel(/^contraseña/i).fill("demo1234");
  await page.getByRole("button", { name: /^iniciar sesión$/i }).click();
  await page.waitForURL(/\/home$/);
}

async function ask(page: Page, question: string) {
  const panel = page.getByRole("dialog", { name: "Asistente IA" });
  if (!(await panel.isVisible())) {
    await page.getByRole("button", { name: "Abrir el asistente IA" }).click({ timeout: 20_000 });
  }
  const box = panel.getByRole("textbox", { name: "Tu pregunta" });
  await expect(box).toBeFocused();
  await box.fill(question);
  await box.press("Enter");
  return panel;
}

test.describe("the AI assistant, local provider", () => {
  test("a student asks about a lesson: quoted sentences, a source that opens the lesson, a typeset formula", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    const panel = await ask(page, "¿Qué es una potencia de base 10?");
    await expect(panel.getByText("Una potencia de base 10 es un 1 seguido de tantos ceros", { exact: false }).first()).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByText(/Citas de tus materiales/)).toBeVisible();
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    await expect(log.getByRole("link", { name: "Fuente 1" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A formula between dollar signs is typeset (KaTeX's MathML is there for screen readers).
    await ask(page, "¿Cuánto vale $10^3$?");
    await expect(log.locator(".katex math").first()).toBeAttached({ timeout: 20_000 });

    // The source opens its lesson in the student's class.
    await log.getByRole("link", { name: /^Potencias de base 10 · Potencias de números naturales$/ }).first().click();
    await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}\/lesson\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Potencias de números naturales" }).first()).toBeVisible({ timeout: 20_000 });

    // The history keeps the conversation, titled by its first question.
    await page.getByRole("button", { name: "Historial" }).click();
    await expect(panel.getByRole("button", { name: /^¿Qué es una potencia de base 10\?/ })).toBeVisible();
  });

  test("an answer is read aloud: MP3 the browser decodes, playing, then stopped", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    const panel = await ask(page, "¿Qué es una potencia de base 10?");
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    await expect(log.getByRole("link", { name: "Fuente 1" })).toBeVisible({ timeout: 20_000 });
    const listen = log.getByRole("button", { name: "Escuchar" }).first();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/chatbot/speech") && r.request().method() === "POST");
    await listen.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("audio/mpeg");
    expect(response.headers()["content-language"]).toBe("es");
    // The browser's own decoder reads it: seconds of speech, not silence.
    const decoded = await page.evaluate(async (b64: string) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const audio = await new OfflineAudioContext(1, 1, 22050).decodeAudioData(bytes.buffer);
      const samples = audio.getChannelData(0);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s));
      return { duration: audio.duration, peak };
    }, (await response.body()).toString("base64"));
    expect(decoded.duration).toBeGreaterThan(1);
    expect(decoded.peak).toBeGreaterThan(0.05);
    // Playing: the same button stops it.
    const stop = log.getByRole("button", { name: "Detener la lectura" });
    await expect(stop).toBeVisible({ timeout: 20_000 });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    await stop.click();
    await expect(log.getByRole("button", { name: "Detener la lectura" })).toHaveCount(0);
    await expect(listen).toHaveAttribute("aria-pressed", "false");
    // The button's tooltip (shown while it has the pointer and the focus) is not part of the page's landmarks.
    await page.mouse.move(0, 0);
    await panel.getByRole("textbox", { name: "Tu pregunta" }).focus();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a student asking what to review gets the learner model's lessons, and a recommendation opens its lesson", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    const panel = await ask(page, "¿Qué debería repasar?");
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    const card = log.getByRole("group", { name: "Lecciones para repasar" }).first();
    await expect(card).toBeVisible({ timeout: 20_000 });
    const lesson = card.getByRole("link").first();
    const title = (await lesson.textContent()) ?? "";
    expect(title.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await lesson.click();
    await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}\/lesson\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: title }).first()).toBeVisible({ timeout: 20_000 });
  });

  test("without a model, a concept map of the materials is drawn", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    const panel = await ask(page, "Hazme un esquema de las potencias de base 10");
    const card = panel.getByRole("group", { name: "Potencias de números naturales" });
    const map = card.getByRole("img", { name: "Potencias de números naturales" });
    await expect(map).toBeVisible({ timeout: 30_000 });
    const size = await map.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size.width).toBeGreaterThan(100);
    expect(size.height).toBeGreaterThan(50);
    await expect(card.getByText("Error al representar el diagrama")).toHaveCount(0);
  });

  test("an attached image is uploaded, shown with the question, and answered with why it was not read", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    await page.getByRole("button", { name: "Abrir el asistente IA" }).click({ timeout: 20_000 });
    const panel = page.getByRole("dialog", { name: "Asistente IA" });
    await panel.locator('input[type="file"]').setInputFiles({ name: "ejercicio.png", mimeType: "image/png", buffer: pngOf(40, 30) });
    const chip = panel.getByRole("group", { name: "Imagen adjunta" });
    await expect(chip.getByText(/no puede ver imágenes y responderá solo a tu texto/)).toBeVisible({ timeout: 20_000 });
    await panel.getByRole("button", { name: "Enviar" }).click();
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    await expect(log.getByText(/No puedo ver la imagen: este servidor no tiene un modelo de lenguaje/)).toBeVisible({ timeout: 20_000 });
    // The question shows the server's copy (its signed address, allowed by the page's policy), decoded.
    const sent = log.getByRole("img", { name: "Imagen enviada" });
    await expect(sent).toHaveAttribute("src", /^\/api\/chatbot\/images\//, { timeout: 20_000 });
    expect(await sent.evaluate(async (img: HTMLImageElement) => (await img.decode(), [img.naturalWidth, img.naturalHeight]))).toEqual([40, 30]);
    // The settings say web search is not available here, and why.
    await panel.getByRole("tab", { name: "Ajustes" }).click();
    await expect(panel.getByRole("switch", { name: "Buscar también en la web" })).toBeDisabled();
    await expect(panel.getByText("No disponible: este servidor no tiene configurado un servicio de búsqueda web.")).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("no button without the flag, nor on the teacher tools' pages", async ({ page, browser }) => {
    await signIn(page, "student2@demo.test");
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Abrir el asistente IA" })).toHaveCount(0);

    const teacher = await browser.newPage();
    await signIn(teacher, "teacher@demo.test");
    await expect(teacher.getByRole("button", { name: "Abrir el asistente IA" })).toBeVisible({ timeout: 20_000 });
    await teacher.goto("/ai/tools");
    await expect(teacher.getByRole("list", { name: "Herramientas" })).toBeVisible({ timeout: 20_000 });
    await expect(teacher.getByRole("button", { name: "Abrir el asistente IA" })).toHaveCount(0);
    await teacher.close();
  });
});

test.describe("the AI assistant, with a language model", () => {
  let ai: OpenAiServer;
  let server: RunningServer;
  let searx: SearxngServer;
  let chatTool: http.Server;
  test.beforeAll(async () => {
    // A fresh server migrates and seeds its database (contents indexed for the assistant included): give it time on a loaded runner.
    test.setTimeout(150_000);
    // The edition's external chat tool: a page on another origin (another port).
    chatTool = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="es"><title>Tutor</title><h1>Hola desde el tutor de la editorial</h1><p id="query">${new URL(req.url ?? "/", "http://x").search}</p>`);
    });
    await new Promise<void>((resolve) => chatTool.listen(0, "127.0.0.1", resolve));
    searx = await startSearxngServer(() => [{ url: "https://es.wikipedia.org/wiki/Material_dourado", title: "Material dourado", content: "Cubos de base diez para el sistema decimal." }]);
    ai = await startOpenAiServer((body: ChatBody) => {
      const user = body.messages.filter((m) => m.role === "user").at(-1);
      const content = user?.content;
      // A picture came with the question: the model describes it.
      if (Array.isArray(content) && content.some((part) => part.type === "image_url")) return { content: "Veo un rectángulo rojo." };
      const text = typeof content === "string" ? content : "";
      // Web pages came back from the search: the answer cites the first.
      const pages = body.messages.find((m) => m.role === "tool" && String(m.content).includes("Cubos de base diez"));
      if (pages) return { content: `Son cubos de base diez [${/n\\*":(\d+)/.exec(String(pages.content))?.[1] ?? "1"}].` };
      if (text.includes("Question: ¿Qué es el material dourado?") && body.tools?.some((tool) => tool.function.name === "search_web")) {
        return { toolCalls: [{ name: "search_web", arguments: { query: "material dourado" } }] };
      }
      // Asked for a diagram: one that draws, one that does not; then a line about them.
      if (body.messages.some((m) => m.role === "tool")) return { content: "Aquí tienes el diagrama." };
      if (text.includes("Question: Dibuja")) {
        return {
          toolCalls: [
            { name: "make_diagram", arguments: { title: "Potencias de 10", code: "flowchart LR\n  A[10 elevado a 1 = 10] --> B[10 elevado a 2 = 100]\n  B --> C[10 elevado a 3 = 1000]" } },
            { name: "make_diagram", arguments: { title: "Diagrama roto", code: "flowchart TD\n  A --> [" } },
          ],
        };
      }
      // The lesson's passage came as data: the answer cites it.
      if (text.includes("Una potencia de base 10")) return { content: "Es un 1 seguido de ceros: por ejemplo, $10^3 = 1000$ [1]." };
      return { content: "No lo encuentro en tus materiales." };
    });
    server = await startServer({
      AI_PROVIDER: "openai",
      AI_BASE_URL: ai.url,
      AI_MODEL: "llama3.1",
      AI_MAX_RETRIES: "0",
      AI_VISION: "true",
      SEARCH_PROVIDER: "searxng",
      SEARCH_URL: searx.url,
      ASSISTANT_CHAT_TOOLS: JSON.stringify({ aula: { title: "Tutor de la editorial", url: `http://127.0.0.1:${(chatTool.address() as AddressInfo).port}/chat` } }),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await ai?.close();
    await searx?.close();
    await new Promise((resolve) => chatTool?.close(resolve));
  });

  test("web search turned on cites a web page; a model that reads images describes one; the edition's chat tool opens full screen", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, server.url, "student1@demo.test");
    await page.getByRole("button", { name: "Abrir el asistente IA" }).click({ timeout: 20_000 });
    const panel = page.getByRole("dialog", { name: "Asistente IA" });
    await panel.getByRole("tab", { name: "Ajustes" }).click();
    const web = panel.getByRole("switch", { name: "Buscar también en la web" });
    await expect(web).not.toBeChecked();
    await web.click();
    await expect(web).toBeChecked();
    await expect(panel.getByText("El asistente puede ver las imágenes que adjuntes y describirlas.")).toBeVisible();

    await panel.getByRole("tab", { name: "Conversación" }).click();
    await panel.getByRole("textbox", { name: "Tu pregunta" }).click();
    await ask(page, "¿Qué es el material dourado?");
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    await expect(log.getByText("Son cubos de base diez")).toBeVisible({ timeout: 20_000 });
    const source = log.getByRole("link", { name: "Material dourado" });
    await expect(source).toHaveAttribute("href", "https://es.wikipedia.org/wiki/Material_dourado");
    await expect(source).toHaveAttribute("target", "_blank");
    expect(searx.requests.map((q) => q.get("safesearch"))).toContain("2");

    await panel.locator('input[type="file"]').setInputFiles({ name: "dibujo.png", mimeType: "image/png", buffer: pngOf(20, 10) });
    await expect(panel.getByRole("group", { name: "Imagen adjunta" }).getByText("Lista para enviar con tu pregunta")).toBeVisible({ timeout: 20_000 });
    await panel.getByRole("button", { name: "Enviar" }).click();
    await expect(log.getByText("Veo un rectángulo rojo.")).toBeVisible({ timeout: 20_000 });

    await panel.getByRole("button", { name: "Abrir Tutor de la editorial" }).click();
    const dialog = page.getByRole("dialog", { name: "Tutor de la editorial" });
    // The page's policy lets the frame load the tool's origin; it gets the language only.
    const frame = page.frameLocator('iframe[title="Tutor de la editorial (herramienta externa)"]');
    await expect(frame.getByRole("heading", { name: "Hola desde el tutor de la editorial" })).toBeVisible({ timeout: 20_000 });
    await expect(frame.locator("#query")).toHaveText("?lang=es");
    const box = await dialog.locator("iframe").boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan((page.viewportSize()?.width ?? 0) * 0.9);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("the model's answer is streamed from the lesson's passages, with its source", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, server.url, "student1@demo.test");
    const panel = await ask(page, "¿Qué es una potencia de base 10?");
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    await expect(log.getByText(/Es un 1 seguido de ceros/)).toBeVisible({ timeout: 20_000 });
    await expect(log.locator(".katex math").first()).toBeAttached({ timeout: 20_000 });
    await expect(log.getByRole("link", { name: /^Potencias de base 10 · / })).toBeVisible();
    await expect(panel.getByText(/Citas de tus materiales/)).toHaveCount(0);
    const sent = ai.requests.map((r) => JSON.stringify(r.body)).join("\n");
    expect(sent).toMatch(/<data-[0-9a-f]{16}>/);
  });

  test("a diagram card draws the model's diagram and opens it large; a broken one shows the error state", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, server.url, "student1@demo.test");
    const panel = await ask(page, "Dibuja las potencias de 10");
    const log = panel.getByRole("log", { name: "Mensajes de la conversación" });
    const card = log.getByRole("group", { name: "Potencias de 10" });
    const preview = card.getByRole("img", { name: "Potencias de 10" });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    // Mermaid laid it out: an SVG image that decoded, wider than tall (three boxes left to right).
    const size = await preview.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { type: img.src.slice(0, 5), width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size.type).toBe("blob:");
    expect(size.width).toBeGreaterThan(size.height);
    expect(size.height).toBeGreaterThan(20);
    await card.getByRole("button", { name: "Ver" }).click();
    const dialog = page.getByRole("dialog", { name: "Potencias de 10" });
    await expect(dialog.getByRole("img", { name: "Potencias de 10" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);

    const broken = log.getByRole("group", { name: "Diagrama roto" });
    await expect(broken.getByText("Error al representar el diagrama")).toBeVisible();
    await expect(broken.getByRole("button", { name: "Ver", exact: true })).toHaveCount(0);
    await broken.getByRole("button", { name: "ver el código del error" }).click();
    await expect(broken.locator("pre")).toContainText("A --> [");
    await page.mouse.move(0, 0);
    await panel.getByRole("textbox", { name: "Tu pregunta" }).focus();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
