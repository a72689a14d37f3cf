import type { Locator, Page } from "@playwright/test";
import type { Zone } from "../../src/contracts/questions";
import { MATHS_QUESTIONS } from "../../src/server/db/seed/assessment-questions-maths";
import { expect, signIn, signUp, test } from "./fixtures";

/*
 * Image questions answered with a mouse at three window widths (issue 12, items 14 and 15; ADR
 * 0022): a phone, a tablet and a desktop, where the question card is wider than the image. At each
 * width a new student of Matemáticas 1º ESO A (joined with the class key, so the demo students'
 * attempts stay as assessments.e2e.ts expects them) takes the demo assessment, drags the words of
 * the label-image drag-and-drop question onto their boxes and clicks the four right numbers of the
 * click-to-find question, hands in, and the server scores both right. On the way, in the student's
 * review and in the teacher's (with the solution), every overlay is checked against the picture's
 * own box: the frame is the image, each label's number sits inside its box, each target is drawn
 * where its zone is and holds the point that found it.
 */
const MATHS_A_KEY = "MATE-ESA2";
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const ASSESSMENT = "39ee111b-b343-5e96-ab4f-51786c68a109";
const LESSON = `/course/${MATHS_A}/lesson/${FIRST_LESSON}`;
const TITLE = "Evaluación: los números naturales";
const WIDTHS = [390, 1024, 1366] as const;

/** A seeded question of the assessment by its seed key: its number in the assessment and its data. */
function seeded(key: string) {
  const index = MATHS_QUESTIONS.findIndex((q) => q.key === key);
  const seed = MATHS_QUESTIONS[index];
  if (!seed) throw new Error(`no seeded question ${key}`);
  return { number: index + 1, data: seed.question.data as { image: { alt: string }; labels?: { zone: Zone }[]; targets?: { zone: Zone }[] } };
}
const LABEL_TEXT = seeded("qt10-recta");
const LABEL_DROPDOWN = seeded("qt11-ordenes-4725");
const LABEL_DRAG = seeded("qt12-bloques");
const FIND = seeded("qt21-setecientos");
const QUESTIONS = MATHS_QUESTIONS.length;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} has no box`);
  return box;
}

/** A zone's box on the screen, from the picture's box (the zone is in percent of the image). */
function zoneOnScreen(picture: Box, zone: Zone): Box {
  const r = zone.shape === "rect" ? zone : { x: zone.cx - zone.r, y: zone.cy - zone.r, w: 2 * zone.r, h: 2 * zone.r };
  return { x: picture.x + (r.x / 100) * picture.width, y: picture.y + (r.y / 100) * picture.height, width: (r.w / 100) * picture.width, height: (r.h / 100) * picture.height };
}
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
/** Sub-pixel layout rounds: a pixel of slack. */
const inside = (p: { x: number; y: number }, b: Box) => p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1;
const contains = (outer: Box, inner: Box) => inside({ x: inner.x, y: inner.y }, outer) && inside({ x: inner.x + inner.width, y: inner.y + inner.height }, outer);

function expectSameBox(actual: Box, expected: Box, what: string) {
  for (const k of ["x", "y", "width", "height"] as const) expect(Math.abs(actual[k] - expected[k]), `${what}: ${k} ${actual[k]} vs ${expected[k]}`).toBeLessThanOrEqual(1.5);
}

/**
 * The picture of an image question, and the checks every width must pass: the overlay's frame is
 * exactly the picture (not the card around it), and each zone marker is its zone's box, inside the
 * picture, with its number (or letter) inside it.
 */
async function expectMarkersOnPicture(q: Locator, alt: string, zones: readonly Zone[], names: readonly string[]): Promise<Box> {
  const img = q.getByRole("img", { name: alt });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const picture = await boxOf(img);
  expectSameBox(await boxOf(img.locator("xpath=..")), picture, "frame");
  for (const [i, zone] of zones.entries()) {
    const name = names[i] ?? "";
    const marker = q.locator(`[data-zone-marker="${name}"]`);
    const box = await boxOf(marker);
    expectSameBox(box, zoneOnScreen(picture, zone), `zone ${name}`);
    expect(contains(picture, box), `zone ${name} inside the picture`).toBe(true);
    const badge = marker.locator("[data-badge]");
    await expect(badge).toHaveText(name);
    const badgeBox = await boxOf(badge);
    expect(inside(centre(badgeBox), box), `badge ${name} in its box`).toBe(true);
    expect(contains(picture, badgeBox), `badge ${name} inside the picture`).toBe(true);
  }
  return picture;
}

const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
const question = (page: Page, n: number) => page.getByRole("region", { name: `Pregunta ${n} de ${QUESTIONS}` });

async function goTo(page: Page, n: number): Promise<Locator> {
  await page.getByRole("navigation", { name: "Preguntas" }).getByRole("button", { name: new RegExp(`^Pregunta ${n},`) }).click();
  const q = question(page, n);
  await expect(q).toBeVisible();
  return q;
}

/** Whether a point is on the screen (the mouse reaches nothing beyond it). */
async function onScreen(page: Page, p: { x: number; y: number }): Promise<boolean> {
  const size = page.viewportSize();
  return size !== null && p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;
}

/** Drags with the mouse from the middle of `from` to the middle of `to`, in steps as a hand does. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // The bank is just under the picture: with it in the middle of the window, both are on screen.
  await from.evaluate((el) => el.scrollIntoView({ block: "center" }));
  expect(await onScreen(page, centre(await boxOf(to))), "the drop box is on screen").toBe(true);
  const a = centre(await boxOf(from));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 8, a.y + 8, { steps: 2 });
  const b = centre(await boxOf(to));
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

test.describe("image questions with a mouse", () => {
  for (const width of WIDTHS) {
    test(`at ${width} px: drag the labels and click the targets; the server scores both right and the review draws them on the picture`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ baseURL, locale: "es-ES", viewport: { width, height: 900 } });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const page = await context.newPage();
      const stamp = `${Date.now().toString(36)}-${width}`;
      await signUp(page, { firstName: "Ratón", lastName: `Ancho ${width}`, email: `e2e-pointer-${stamp}@demo.test`, dateOfBirth: "2012-05-10", role: "estudiante", password: "pointer-pass-1" });
      await page.getByRole("button", { name: "Unirse a una clase" }).click();
      const join = page.getByRole("dialog", { name: "Unirse a una clase" });
      await join.getByLabel("Clave de la clase").fill(MATHS_A_KEY);
      await join.getByRole("button", { name: "Unirme" }).click();
      await expect(page.getByText("Te has unido a Matemáticas 1º ESO A").first()).toBeVisible();

      await page.goto(LESSON);
      await expect(page.getByRole("heading", { name: "Sistemas de numeración", level: 2 })).toBeVisible({ timeout: 30_000 });
      await page.getByRole("link", { name: `Abrir ${TITLE}` }).click();
      await page.waitForURL(`**${LESSON}/assessment/${ASSESSMENT}`);
      await page.getByRole("button", { name: "Empezar" }).click();
      await expect(question(page, 1)).toBeVisible();

      // Label image text and dropdown: each number inside its own box, every box numbered.
      for (const { number, data } of [LABEL_TEXT, LABEL_DROPDOWN]) {
        const q = await goTo(page, number);
        const zones = (data.labels ?? []).map((l) => l.zone);
        await expectMarkersOnPicture(q, data.image.alt, zones, numbers(zones.length));
        for (const n of numbers(zones.length)) await expect(q.getByRole(number === LABEL_TEXT.number ? "textbox" : "combobox", { name: `Etiqueta ${n}` })).toBeVisible();
      }

      // Label image drag and drop: each word dragged from the bank onto its box with the mouse.
      const dnd = await goTo(page, LABEL_DRAG.number);
      const dragZones = (LABEL_DRAG.data.labels ?? []).map((l) => l.zone);
      await expectMarkersOnPicture(dnd, LABEL_DRAG.data.image.alt, dragZones, numbers(dragZones.length));
      const bank = dnd.getByRole("group", { name: "Palabras" });
      for (const [i, word] of ["centena", "decena", "unidad"].entries()) {
        await drag(page, bank.getByText(word, { exact: true }), dnd.locator(`[data-zone-marker="${i + 1}"]`));
        await expect(dnd.locator(`[data-zone-marker="${i + 1}"]`)).toContainText(word);
        await expect(dnd.getByRole("combobox", { name: `Etiqueta ${i + 1}` }).locator("option:checked")).toHaveText(word);
      }
      await expect(page.getByRole("button", { name: `Pregunta ${LABEL_DRAG.number}, respondida` })).toBeVisible();

      // Click to find: a click in the middle of each right card, wherever the picture is drawn.
      const find = await goTo(page, FIND.number);
      const img = find.getByRole("img", { name: FIND.data.image.alt });
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const picture = await boxOf(img);
      expectSameBox(await boxOf(find.getByRole("application", { name: /Imagen para marcar puntos/ })), picture, "click area");
      for (const target of FIND.data.targets ?? []) {
        const p = centre(zoneOnScreen(picture, target.zone));
        expect(await onScreen(page, p), "the target is on screen").toBe(true);
        await page.mouse.click(p.x, p.y);
      }
      await expect(find.getByText("Puntos marcados: 4 de 6")).toBeVisible();
      for (const n of numbers(4)) expect(inside(centre(await boxOf(find.locator(`[data-point-marker="${n}"]`))), picture)).toBe(true);
      await expect(page.getByRole("button", { name: `Pregunta ${FIND.number}, respondida` })).toBeVisible();
      await expect(page.locator("[data-save-status]")).toHaveAttribute("data-save-status", "saved");

      await page.getByRole("button", { name: "Terminar y entregar" }).click();
      const dialog = page.getByRole("alertdialog", { name: "¿Entregar el intento?" });
      await dialog.getByRole("button", { name: "Entregar", exact: true }).click();
      await page.waitForURL(/\/results-assesment\/[0-9a-f-]{36}$/);

      // The server's verdict, and the review's drawing on the picture.
      const dragResult = page.getByRole("article", { name: `Pregunta ${LABEL_DRAG.number}` });
      await expect(dragResult.getByText(/^Correcta · 1 de 1 punto$/)).toBeVisible({ timeout: 15_000 });
      await expectMarkersOnPicture(dragResult, LABEL_DRAG.data.image.alt, dragZones, numbers(dragZones.length));
      const findResult = page.getByRole("article", { name: `Pregunta ${FIND.number}` });
      await expect(findResult.getByText(/^Correcta · 2 de 2 puntos$/)).toBeVisible();
      const targets = (FIND.data.targets ?? []).map((t) => t.zone);
      const expectPointsInTargets = async (result: Locator) => {
        const img = result.getByRole("img", { name: FIND.data.image.alt });
        await img.scrollIntoViewIfNeeded();
        const shown = await boxOf(img);
        expectSameBox(await boxOf(img.locator("xpath=..")), shown, "review frame");
        for (const [i, zone] of targets.entries()) {
          const point = centre(await boxOf(result.locator(`[data-point-marker="${i + 1}"]`)));
          expect(inside(point, zoneOnScreen(shown, zone)), `point ${i + 1} in its target`).toBe(true);
        }
      };
      await expectPointsInTargets(findResult);
      const attempt = page.url();
      await context.close();

      // The class's teacher reads the same attempt with the solution: the targets outlined where
      // their zones are, each with its point in it, and the answers named as the student's.
      const teacherContext = await browser.newContext({ baseURL, locale: "es-ES", viewport: { width, height: 900 } });
      await teacherContext.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const teacher = await teacherContext.newPage();
      await signIn(teacher, "teacher@demo.test");
      await teacher.goto(attempt);
      const seen = teacher.getByRole("article", { name: `Pregunta ${FIND.number}` });
      await expect(seen.getByText(/^Correcta · 2 de 2 puntos$/)).toBeVisible({ timeout: 15_000 });
      await expectMarkersOnPicture(seen, FIND.data.image.alt, targets, ["A", "B", "C", "D"]);
      await expectPointsInTargets(seen);
      await expect(seen.getByText(/^Encontrado \(punto \d\)$/)).toHaveCount(4);
      const labels = teacher.getByRole("article", { name: `Pregunta ${LABEL_DRAG.number}` });
      await expect(labels.getByText("Respuesta del alumno", { exact: false })).toHaveCount(dragZones.length);
      await expect(teacher.getByText("Tu respuesta", { exact: false })).toHaveCount(0);
      await teacherContext.close();
    });
  }
});
