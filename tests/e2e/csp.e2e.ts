import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/*
 * ADR 0028: the CSP's script-src has no 'unsafe-eval', and no screen may ask for it. zod used to
 * probe `new Function("")` when its first object schema was defined; Chromium refuses it and
 * reports a `securitypolicyviolation` even though zod catches the error. This walks the screens
 * that load zod (the class page, the lesson, its new-assessment form submitted empty, the question
 * editor saving an empty question) and the public status page, listening from before any app
 * script runs, and expects no violation at all. Reads the demo seed only.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const ASSESSMENT = "39ee111b-b343-5e96-ab4f-51786c68a109";
const LESSON = `/course/${MATHS_A}/lesson/${FIRST_LESSON}`;

/** Every CSP violation the page reports (event and console), across navigations. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding("reportCspViolation", (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test.describe("content security policy", () => {
  test("the screens that check forms with zod run without eval", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);

    await page.goto("/status");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await signIn(page, "teacher@demo.test");
    await page.goto(`/course/${MATHS_A}`);
    await expect(page.getByRole("heading", { name: /Matemáticas/ }).first()).toBeVisible({ timeout: 20_000 });

    await page.goto(LESSON);
    await expect(page.getByRole("heading", { name: /Sistemas de numeración/ }).first()).toBeVisible({ timeout: 20_000 });

    // The new-assessment form, sent empty: the contract's schema refuses it in the browser.
    await page.goto(`${LESSON}/add/CTTY_18`);
    await page.getByRole("button", { name: "Crear la evaluación" }).click();
    await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveAttribute("aria-invalid", "true");

    // The question editor checks the question with QuestionSchema before saving.
    await page.goto(`${LESSON}/assessment/${ASSESSMENT}/new-question/QT_1`);
    await page.getByRole("button", { name: "Guardar pregunta" }).click({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: /Revisa la pregunta antes de guardarla/ })).toBeVisible();

    expect(violations).toEqual([]);
  });
});
