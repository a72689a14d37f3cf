import type { Locator, Page } from "@playwright/test";
import type { ContentTypeCode } from "../../src/contracts/lessons";
import {
  buildDocx,
  buildHtmlInteractive,
  buildLessonPdf,
  buildPageHtml,
  buildPng,
  buildPowersZip,
  buildScorm12Package,
  buildVtt,
  buildWav,
  buildXapiPackage,
  SQUARE_ROOT_PDF,
} from "../../src/server/db/seed/files";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

/*
 * Issue 5, authoring end to end: a teacher adds one item of every type a teacher can create (files
 * uploaded through the real upload target, addresses and texts), schedules one for a few seconds
 * later, and a student sees it only once the server's job has published it; then the student opens
 * every one of them in its viewer. Lesson: Matemáticas 1º ESO, unit 2, lesson 1 (no seeded items).
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const LESSON = `/course/${MATHS_A}/lesson/f069b5bd-268d-561b-949a-aab452a71a2e`;

type Upload = { name: string; mimeType: string; buffer: Buffer };
type Source = { file: Upload; captions?: Upload } | { url: string } | { text: string };
type Added = { type: ContentTypeCode; typeName: string; title: string; source: Source; check: (viewer: Page) => Promise<void> };

const upload = (name: string, mimeType: string, data: Uint8Array | string): Upload => ({ name, mimeType, buffer: Buffer.from(data) });

/** A real WebM video: Chromium's MediaRecorder films a canvas counting frames for a second. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${(frame * 36) % 360} 80% 50%)`;
      context.fillRect(0, 0, 160, 120);
      context.fillStyle = "#000";
      context.font = "32px sans-serif";
      context.fillText(String(frame++), 60, 70);
    };
    draw();
    recorder.start(200);
    const timer = setInterval(draw, 100);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/** The browser's local "yyyy-mm-ddThh:mm:ss" for `seconds` from now, as a datetime-local field takes it. */
const localInputIn = (page: Page, seconds: number) =>
  page.evaluate((s) => {
    const d = new Date(Date.now() + s * 1000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, seconds);

async function playable(media: Locator): Promise<void> {
  await expect
    .poll(() => media.evaluate((el: HTMLMediaElement) => el.readyState >= 1 && !el.error), { timeout: 15_000 })
    .toBe(true);
}

async function framedText(page: Page, text: RegExp): Promise<void> {
  const frame = page.locator("iframe").first();
  await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
  await expect(page.frameLocator("iframe").first().locator("body")).toContainText(text, { timeout: 20_000 });
}

async function fillSource(page: Page, source: Source): Promise<void> {
  if ("file" in source) {
    await page.getByLabel(/^Archivo/).setInputFiles(source.file);
    if (source.captions) await page.getByLabel("Subtítulos (opcional)").setInputFiles(source.captions);
  } else if ("url" in source) {
    await page.getByLabel("Dirección web").fill(source.url);
  } else {
    await page.getByLabel("Texto", { exact: true }).fill(source.text);
  }
}

test.describe("lesson authoring", () => {
  test("a teacher adds an item of every type and schedules one; the job publishes it and a student opens each viewer", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, "teacher@demo.test");
    await page.goto(LESSON);
    await expect(page.getByRole("heading", { name: "Múltiplos y divisores" }).first()).toBeVisible();

    // Titles carry this run's mark so a retry does not find the first attempt's items.
    const run = Date.now().toString(36).slice(-5);
    const video = await recordWebm(page);
    const pdf = await buildLessonPdf(SQUARE_ROOT_PDF);
    const items: Added[] = [
      { type: "CTTY_06", typeName: "Enlace", title: `Divisores en la Wikipedia ${run}`, source: { url: "https://es.wikipedia.org/wiki/Divisor" }, check: async (p) => {
        await expect(p.getByText("Enlace a es.wikipedia.org")).toBeVisible();
        await expect(p.getByRole("link", { name: "Abrir en una pestaña nueva" })).toHaveAttribute("href", "https://es.wikipedia.org/wiki/Divisor");
      } },
      { type: "CTTY_01", typeName: "Maqueta fija", title: `Libro: divisores ${run}`, source: { file: upload("libro.pdf", "application/pdf", pdf) }, check: async (p) => {
        await expect(p.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
      } },
      { type: "CTTY_02", typeName: "Responsive", title: `Ideas clave: divisores ${run}`, source: { text: "Un número es divisor de otro si lo divide de forma exacta." }, check: async (p) => {
        await expect(p.getByText("Un número es divisor de otro si lo divide de forma exacta.")).toBeVisible();
      } },
      { type: "CTTY_03", typeName: "Vídeo", title: `Vídeo: contar de uno en uno ${run}`, source: { file: upload("contar.webm", "video/webm", video), captions: upload("contar.vtt", "text/vtt", buildVtt()) }, check: async (p) => {
        const media = p.locator("video");
        await expect(media.locator("track[kind='captions']")).toHaveCount(1);
        await playable(media);
      } },
      { type: "CTTY_04", typeName: "Audio", title: `Audio: el número en sonidos ${run}`, source: { file: upload("sonidos.wav", "audio/wav", buildWav()) }, check: async (p) => {
        await playable(p.locator("audio"));
      } },
      { type: "CTTY_05", typeName: "PDF", title: `Apuntes: divisores ${run}`, source: { file: upload("apuntes.pdf", "application/pdf", pdf) }, check: async (p) => {
        await expect(p.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
      } },
      { type: "CTTY_07", typeName: "Imagen", title: `Bloques: 125 ${run}`, source: { file: upload("bloques-125.png", "image/png", buildPng(125)) }, check: async (p) => {
        const image = p.locator("img[src*='/content-files/']").first();
        await expect(image).toBeVisible();
        expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      } },
      { type: "CTTY_08", typeName: "HTML interactivo", title: `Conversor romano ${run}`, source: { file: upload("conversor.zip", "application/zip", buildHtmlInteractive()) }, check: async (p) => {
        await framedText(p, /romano/i);
      } },
      { type: "CTTY_09", typeName: "Tarea", title: `Tarea: divisores de 36 ${run}`, source: { text: "Escribe todos los divisores de 36 en orden." }, check: async (p) => {
        await expect(p.getByText("Escribe todos los divisores de 36 en orden.")).toBeVisible();
      } },
      { type: "CTTY_11", typeName: "Documento ofimático", title: `Ficha de divisores ${run}`, source: { file: upload("ficha.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buildDocx()) }, check: async (p) => {
        await expect(p.getByRole("link", { name: /Descargar/ }).first()).toHaveAttribute("href", /\/content-files\/.+ficha\.docx/);
      } },
      { type: "CTTY_12", typeName: "Archivo ZIP", title: `Tablas (zip) ${run}`, source: { file: upload("tablas.zip", "application/zip", buildPowersZip()) }, check: async (p) => {
        await expect(p.getByText(/archivos en el paquete/)).toBeVisible();
        await expect(p.getByRole("link", { name: /Descargar/ }).first()).toHaveAttribute("href", /tablas\.zip/);
      } },
      { type: "CTTY_13", typeName: "Página HTML", title: `Página: potencias ${run}`, source: { file: upload("potencias.html", "text/html", buildPageHtml()) }, check: async (p) => {
        await framedText(p, /potencias/i);
      } },
      { type: "CTTY_14", typeName: "Interactivo", title: `Simulación de divisores ${run}`, source: { url: "https://phet.colorado.edu/sims/html/arithmetic/latest/arithmetic_es.html" }, check: async (p) => {
        await expect(p.locator("iframe[src^='https://phet.colorado.edu/']")).toHaveCount(1);
      } },
      { type: "CTTY_15", typeName: "Paquete SCORM", title: `Repaso SCORM ${run}`, source: { file: upload("repaso.zip", "application/zip", buildScorm12Package()) }, check: async (p) => {
        await expect(p.frameLocator("iframe").first().getByRole("heading", { name: "El sistema decimal" })).toBeVisible({ timeout: 30_000 });
      } },
      { type: "CTTY_17", typeName: "Paquete xAPI", title: `Reto xAPI ${run}`, source: { file: upload("reto.zip", "application/zip", buildXapiPackage()) }, check: async (p) => {
        const activity = p.frameLocator("iframe").first();
        await expect(activity.getByRole("heading", { name: "Reto: números romanos" })).toBeVisible({ timeout: 30_000 });
        // Launched with the record store's endpoint and credentials: no launch error.
        await expect(activity.getByRole("alert")).toBeHidden();
      } },
      { type: "CTTY_20", typeName: "Videolección", title: `Videolección: contar ${run}`, source: { file: upload("videoleccion.webm", "video/webm", video) }, check: async (p) => {
        await playable(p.locator("video"));
      } },
    ];

    const add = async (item: Added, schedule?: string) => {
      await page.getByRole("link", { name: "Añadir contenido" }).first().click();
      await page.getByRole("list", { name: "Tipos de contenido" }).getByRole("link", { name: item.typeName, exact: true }).click();
      await expect(page.getByRole("heading", { name: `Añadir: ${item.typeName}` })).toBeVisible();
      await page.getByRole("textbox", { name: "Título", exact: true }).fill(item.title);
      await fillSource(page, item.source);
      if (schedule) {
        await page.getByRole("radio", { name: "Programado" }).check();
        await page.getByLabel("Fecha y hora de publicación").fill(schedule);
      }
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByRole("link", { name: `Abrir ${item.title}`, exact: true })).toBeVisible({ timeout: 20_000 });
    };

    // The first is scheduled a little later: the teacher sees it as scheduled, a student does not see it yet.
    const [scheduled, ...rest] = items as [Added, ...Added[]];
    await add(scheduled, await localInputIn(page, 45));
    await expect(page.getByRole("listitem").filter({ hasText: scheduled.title }).getByText(/Programado para el/)).toBeVisible();
    await expectNoAxeViolations(page);

    const context = await browser.newContext({ baseURL });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const student = await context.newPage();
    await signIn(student, "student1@demo.test");
    await student.goto(LESSON);
    await expect(student.getByRole("heading", { name: "Múltiplos y divisores" }).first()).toBeVisible();
    await expect(student.getByText(scheduled.title)).toHaveCount(0);

    for (const item of rest) await add(item);
    // The add form itself, on the last type, with its publication fields.
    await page.getByRole("link", { name: "Añadir contenido" }).first().click();
    await page.getByRole("list", { name: "Tipos de contenido" }).getByRole("link", { name: "PDF", exact: true }).click();
    await expectNoAxeViolations(page);

    // The job publishes the scheduled item when its time comes; the student then sees it.
    await expect(async () => {
      await student.reload();
      // The reloaded lesson lists its items within seconds, more on a loaded runner.
      await expect(student.getByRole("heading", { name: "Múltiplos y divisores" }).first()).toBeVisible({ timeout: 15_000 });
      await expect(student.getByRole("link", { name: `Abrir ${scheduled.title}`, exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 150_000, intervals: [2_000] });
    await page.goto(LESSON);
    await expect(page.getByRole("listitem").filter({ hasText: scheduled.title }).getByText("Publicado", { exact: true })).toBeVisible();

    // Every viewer, as the student opens it from the lesson.
    for (const item of items) {
      await student.goto(LESSON);
      await student.getByRole("link", { name: `Abrir ${item.title}`, exact: true }).click();
      await expect(student).toHaveURL(/\/content\//);
      await test.step(`${item.type} viewer`, () => item.check(student));
    }
    await context.close();
  });
});
