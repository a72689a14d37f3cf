import type { Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";

/*
 * A phone (390 x 844, issue 12 item 22; ADR 0023). A new student of Matemáticas 1º ESO A (joined
 * with the class key, so the demo students' attempts stay as assessments.e2e.ts expects them):
 * - the class page's title wraps between words, never inside one, and nothing is wider than the screen;
 * - the assessment player shows the first question's heading above the fold.
 * And a teacher opening the class's xAPI activity full screen (item 20): the package's frame fills
 * the window, down to its own submit button, and says that a preview records nothing.
 */
const MATHS_A_KEY = "MATE-ESA2";
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const ASSESSMENT = "39ee111b-b343-5e96-ab4f-51786c68a109";
const LESSON = `/course/${MATHS_A}/lesson/${FIRST_LESSON}`;
const TITLE = "Evaluación: los números naturales";
const XAPI_TITLE = "Reto: números romanos";
const PHONE = { width: 390, height: 844 };

/** The words of an element's text that the browser laid out over more than one line (broken inside the word). */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the class title wraps between words, and the assessment player shows the question first", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signUp(page, { firstName: "Móvil", lastName: "Pantalla Estrecha", email: `e2e-phone-${stamp}@demo.test`, dateOfBirth: "2012-05-10", role: "estudiante", password: "phone-pass-1" });
    await page.getByRole("button", { name: "Unirse a una clase" }).click();
    const join = page.getByRole("dialog", { name: "Unirse a una clase" });
    await join.getByLabel("Clave de la clase").fill(MATHS_A_KEY);
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(page.getByText("Te has unido a Matemáticas 1º ESO A").first()).toBeVisible();

    await page.goto(`/course/${MATHS_A}`);
    const title = page.getByRole("heading", { level: 1, name: "Matemáticas 1º ESO A" });
    await expect(title).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("phone-class.png") });
    expect(await brokenWords(page, "header h1")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(LESSON);
    // The class's first open of the lesson copies the publisher's contents: allow for a busy machine.
    await page.getByRole("link", { name: `Abrir ${TITLE}` }).click({ timeout: 30_000 });
    await page.waitForURL(`**/assessment/${ASSESSMENT}`);
    await page.getByRole("button", { name: "Empezar" }).click();
    const heading = page.getByRole("heading", { name: /^Pregunta 1 de \d+$/ });
    await expect(heading).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath("phone-assessment.png") });
    const box = await heading.boundingBox();
    expect(box, "the question's heading has a box").not.toBeNull();
    // With the page at its top, the question starts high enough for its text and first answers to
    // show (it was at about 600 px under a block of 23 numbers): the numbers of the other questions
    // are one row that scrolls sideways.
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/phone-assessment.png` });
    expect(box?.y ?? Infinity).toBeLessThan(PHONE.height * 0.6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe("a teacher's xAPI preview", () => {
  for (const viewport of [PHONE, { width: 1366, height: 768 }]) {
    test(`at ${viewport.width} x ${viewport.height}: the package fills the window and its submit button is on screen`, async ({ browser, baseURL }, testInfo) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ baseURL, locale: "es-ES", viewport });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const page = await context.newPage();
      await signIn(page, "teacher@demo.test");
      await page.goto(LESSON);
      await page.getByRole("link", { name: `Abrir ${XAPI_TITLE} a pantalla completa` }).click({ timeout: 30_000 });
      const notice = page.getByText("Vista previa: lo que hagas en esta actividad no se registra.", { exact: false });
      await expect(notice).toBeVisible();
      const frame = page.locator(`iframe[title$="${XAPI_TITLE}"]`);
      const submit = page.frameLocator(`iframe[title$="${XAPI_TITLE}"]`).getByRole("button", { name: "Enviar respuestas" });
      await expect(submit).toBeAttached();
      await page.screenshot({ path: testInfo.outputPath(`xapi-${viewport.width}.png`) });
      const box = await frame.boundingBox();
      if (!box) throw new Error("the package's frame has no box");
      // The frame takes the whole window left under the bar: the notice under it ends at the window's
      // padding (a fixed 70vh frame left a band of empty page below it and cut the package short),
      // and nothing scrolls but the package itself.
      const below = await notice.boundingBox();
      if (!below) throw new Error("the preview notice has no box");
      expect(box.y + box.height).toBeLessThanOrEqual(below.y);
      expect(below.y + below.height).toBeGreaterThan(viewport.height - 40);
      expect(below.y + below.height).toBeLessThanOrEqual(viewport.height);
      // The package's submit button is reachable by scrolling inside the frame, and then on screen.
      await submit.scrollIntoViewIfNeeded();
      const button = await submit.boundingBox();
      if (!button) throw new Error("the submit button has no box");
      expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
      await context.close();
    });
  }
});
