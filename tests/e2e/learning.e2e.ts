import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

/*
 * Issue 15 in Chromium against the real server: the teacher's analytics of a Maths class alive with
 * the demo's simulated weeks of practice (Marta strong, Pablo in trouble), with the evidence behind
 * a cell and the CSV export; students never reach analytics.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";

test.describe("teacher analytics", () => {
  test("lists the Maths and Language classes, shows a class's students x KCs with evidence, exports CSV, and turns students away", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, "teacher@demo.test");
    await page.goto("/analytics");
    const list = page.getByRole("table", { name: "Estado de tus clases" });
    await expect(list.getByRole("link", { name: "Matemáticas 1º ESO A" })).toBeVisible();
    await expect(list.getByRole("link", { name: /Lengua 1º ESO/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await list.getByRole("link", { name: "Matemáticas 1º ESO A" }).click();
    await expect(page).toHaveURL(new RegExp(`/analytics/${MATHS_A}$`));
    await page.getByRole("tab", { name: "Estudiantes × KC" }).click();
    const heat = page.getByRole("table", { name: "Estudiantes × KC" }).or(page.getByRole("table").filter({ has: page.getByRole("rowheader", { name: "Marta López" }) }));
    const marta = heat.getByRole("row", { name: /Marta López/ });
    const pablo = heat.getByRole("row", { name: /Pablo Sánchez/ });
    await expect(marta).toBeVisible();
    await expect(pablo).toBeVisible();
    // Marta masters several KCs; Pablo, in trouble, has alerts.
    await expect(marta.getByRole("button", { name: /^Dominado, P\(L\)/ }).first()).toBeVisible();
    await expect(pablo.getByRole("button", { name: /alertas:/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The evidence behind one of Marta's cells: the practice answers that moved it.
    await marta.getByRole("button", { name: /P\(L\)/ }).first().click();
    const dialog = page.getByRole("dialog", { name: /^Marta López · / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("cell", { name: "Práctica" }).first()).toBeVisible();
    await expect(dialog.getByRole("cell", { name: /→/ }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("Marta");
    expect(text).toContain("MAT.NUM.ROMAN");

    // A student: no menu entry, the error page, and the API refuses.
    const context = await browser.newContext({ baseURL, locale: "es-ES" });
    const student = await context.newPage();
    await signIn(student, "student1@demo.test");
    await student.goto(`/analytics/${MATHS_A}`);
    await expect(student.getByText(/página no (está )?disponible/i)).toBeVisible();
    expect((await student.request.get(`/api/front/analytics/${MATHS_A}`)).status()).toBeGreaterThanOrEqual(401);
    await context.close();
  });
});
