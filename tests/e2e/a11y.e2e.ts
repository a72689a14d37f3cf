import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

/** Every screen of the foundation, scanned by axe with no violations allowed. */
const PUBLIC_SCREENS = ["/auth/login", "/auth/signup", "/recover-password", "/reset-password?token=abcdefghijklmnopqrstuvwxyz0123", "/credits", "/terms", "/privacy", "/status", "/error", "/no-such-page"];
const PRIVATE_SCREENS = ["/home", "/profile", "/status", "/credits", "/terms", "/privacy"];

test.describe("accessibility (axe)", () => {
  for (const path of PUBLIC_SCREENS) {
    test(`signed out: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("signed in as a teacher: every screen", async ({ page }) => {
    // Six screens, each settled and scanned: more than one test's 30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await signIn(page, "teacher@demo.test");
    for (const path of PRIVATE_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    }
  });

  test("signed in as a student: home", async ({ page }) => {
    await signIn(page, "student2@demo.test");
    await expect(page.getByText("Lengua 1º ESO A").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the Lumen edition's privacy PDF viewer", async ({ page }) => {
    await page.goto("/privacy?edition=lumen");
    await expect(page.locator("canvas").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
