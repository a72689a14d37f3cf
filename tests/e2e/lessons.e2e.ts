import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

/*
 * Issue 5 end to end in Chromium against the real server and the seeded content: the lesson page,
 * the viewers, a SCORM package that stores its score and resumes, and the results screen.
 * The guids are the demo seed's stable ids (seed/ids.ts derives them from natural keys).
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const LESSON = `/course/${MATHS_A}/lesson/${FIRST_LESSON}`;
const CONTENT = {
  pdf: "7845b24a-fd85-5ba4-ae52-85a84d3986e9",
  image: "dda3bf99-cf40-5ba9-918f-050796493b51",
  audio: "c5f7b039-d05a-5b1b-ae98-5ecc6a3e304b",
  html: "5e7c480a-28e0-5063-9dd9-5151043f78ee",
  scorm: "7b263362-8107-5a25-bee6-c338009a2db4",
};

test.describe("lessons and content", () => {
  test("the lesson lists the publisher's items and each viewer shows its content", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "student1@demo.test");
    await page.goto(LESSON);
    await expect(page.getByRole("heading", { name: /Sistemas de numeración/ }).first()).toBeVisible();
    for (const title of ["Apuntes: sistemas de numeración", "Bloques de base diez", "El número en sonidos", "Conversor de números romanos"]) {
      await expect(page.getByText(title).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // PDF through pdf.js: a page is drawn on a canvas.
    await page.goto(`${LESSON}/content/${CONTENT.pdf}`);
    await expect(page.locator("canvas").first()).toBeVisible({ timeout: 20_000 });

    // Image with its alternative text, served from the signed content path.
    await page.goto(`${LESSON}/content/${CONTENT.image}`);
    const image = page.getByRole("img", { name: /bloques|base diez|134/i }).first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Audio with its captions track.
    await page.goto(`${LESSON}/content/${CONTENT.audio}`);
    await expect(page.locator("audio track[kind='captions']")).toHaveCount(1);

    // The HTML interactive runs in its sandboxed frame.
    await page.goto(`${LESSON}/content/${CONTENT.html}`);
    const frame = page.locator("iframe").first();
    await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
    expect(await frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    await expect(page.frameLocator("iframe").first().locator("body")).toContainText(/romano/i, { timeout: 20_000 });
  });

  test("a SCORM 1.2 package stores its completion and score, resumes after a reload, and the teacher sees the result", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, "student1@demo.test");
    await page.goto(`${LESSON}/content/${CONTENT.scorm}`);
    const sco = page.frameLocator('iframe[title*="Sistemas de numeración: repaso"]');
    await expect(sco.getByRole("heading", { name: "El sistema decimal" })).toBeVisible({ timeout: 30_000 });
    // The SCO commits after every page; wait until the server has it before reloading.
    const saved = page.waitForResponse((r) => r.url().includes("/api/scorm/runtime/") && r.request().method() === "PUT" && r.ok());
    await sco.getByRole("button", { name: "Siguiente" }).click();
    await expect(sco.getByRole("heading", { name: "La numeración romana" })).toBeVisible();
    await saved;

    // Reload: the SCO resumes on the page it was on (lesson_location came back from the server).
    await page.reload();
    await expect(sco.getByRole("heading", { name: "La numeración romana" })).toBeVisible({ timeout: 30_000 });

    await sco.getByRole("button", { name: "Siguiente" }).click();
    await sco.getByLabel("400", { exact: true }).check();
    await sco.getByLabel("XLIX").check();
    await sco.getByLabel("Porque el valor de cada cifra depende del lugar que ocupa").check();
    await sco.getByRole("button", { name: "Corregir" }).click();
    await expect(page.getByText("Aprobado").first()).toBeVisible({ timeout: 20_000 });

    // The teacher's results screen reads the record store.
    const context = await browser.newContext({ baseURL });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const teacher = await context.newPage();
    await signIn(teacher, "teacher@demo.test");
    await teacher.goto(LESSON);
    await teacher.getByRole("link", { name: /Resultados/ }).first().click();
    await expect(teacher.getByRole("table")).toBeVisible({ timeout: 20_000 });
    await expect(teacher.getByRole("row").filter({ hasText: "100" }).or(teacher.getByRole("row").filter({ hasText: "Aprobado" })).first()).toBeVisible();
    await context.close();
  });
});
