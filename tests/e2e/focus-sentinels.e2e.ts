import { expect, expectNoHiddenFocusable, signIn, test } from "./fixtures";

/*
 * Issue 13 (ADR 0029): the key signed-in screens, as they load, put no focusable node under
 * aria-hidden, tabster's focus sentinels included (the other axe checks set those aside; Lighthouse
 * does not). They came from Fluent's TabList on the home and from closed Fluent dialogs on the class,
 * program and lesson pages; neither is there until a person opens something. The practice player's
 * error report dialog had the same fault (learning.e2e.ts checks it).
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const ASSESSMENT = "39ee111b-b343-5e96-ab4f-51786c68a109";

test.describe("no focusable aria-hidden node on the key screens", () => {
  test("teacher: home, class, program, lesson", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "teacher@demo.test");
    await expect(page.getByRole("tablist")).toBeVisible();
    await expectNoHiddenFocusable(page);

    await page.goto(`/course/${MATHS_A}`);
    await expect(page.getByRole("heading", { name: "Clave de la clase" })).toBeVisible();
    await expectNoHiddenFocusable(page);

    await page.goto(`/course/${MATHS_A}/program`);
    await expect(page.getByRole("button", { name: /Números naturales/ }).first()).toBeVisible();
    await expectNoHiddenFocusable(page);

    await page.goto(`/course/${MATHS_A}/lesson/${FIRST_LESSON}`);
    await expect(page.getByRole("heading", { name: /Sistemas de numeración/ }).first()).toBeVisible();
    await expectNoHiddenFocusable(page);
  });

  test("student: home and the assessment's start screen", async ({ page }) => {
    await signIn(page, "student1@demo.test");
    await expect(page.getByRole("link", { name: "Matemáticas 1º ESO A", exact: true })).toBeVisible();
    await expectNoHiddenFocusable(page);
    await page.goto(`/course/${MATHS_A}/lesson/${FIRST_LESSON}/assessment/${ASSESSMENT}`);
    await expect(page.getByRole("button", { name: /^Empezar/ })).toBeVisible();
    await expectNoHiddenFocusable(page);
  });
});
