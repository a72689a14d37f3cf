import { expect, signIn, test } from "./fixtures";

test.describe("app shell", () => {
  test("the language switch changes the interface and is remembered for the user", async ({ page }) => {
    await signIn(page, "student2@demo.test");
    await page.getByRole("button", { name: /idioma|español/i }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(page.getByText(/good (morning|afternoon|evening), pablo/i)).toBeVisible();
    // The choice is saved in the background after the interface has switched: poll the profile.
    const savedLocale = () =>
      page.evaluate(async () => {
        const record = JSON.parse(localStorage.getItem("aula.auth") ?? "{}") as { token?: string };
        const res = await fetch("/api/auth/me", { headers: { authorization: `Bearer ${record.token ?? ""}` } });
        return ((await res.json()) as { data: { locale: string } }).data.locale;
      });
    await expect.poll(savedLocale).toBe("en");
    await page.reload();
    await expect(page.getByText(/good (morning|afternoon|evening), pablo/i)).toBeVisible();
  });

  test("/status shows the version and the database state", async ({ page }) => {
    await page.goto("/status");
    await expect(page.getByText("2025.10.31")).toBeVisible();
    await expect(page.getByText(/pglite/i)).toBeVisible();
  });

  test("the breadcrumb follows the menu configuration", async ({ page }) => {
    await signIn(page, "teacher@demo.test");
    await page.goto("/profile");
    const crumbs = page.getByRole("navigation", { name: /ruta|breadcrumb|migas/i });
    await expect(crumbs.getByText("Inicio")).toBeVisible();
    await expect(crumbs.getByText("Perfil")).toBeVisible();
  });

  test("the second edition shows its own brand and language", async ({ page }) => {
    await page.goto("/auth/login?edition=lumen");
    await expect(page).toHaveTitle(/Lumen/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/entrar|iniciar sessão|acessar/i);
    await page.getByLabel(/e-mail/i).fill("teacher@lumen.test");
    await page.getByLabel(/^senha/i).fill("demo1234");
    await page.getByRole("button", { name: /entrar/i }).click();
    await expect(page.getByText("Matemática 6º ano B")).toBeVisible();
    // The Lumen edition drops the My library tab.
    await expect(page.getByRole("tab")).toHaveCount(2);
  });

  test("an unknown page shows the not-found screen with a way home", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /inicio|volver/i }).or(page.getByRole("button", { name: /inicio|volver/i })).first()).toBeVisible();
  });
});
