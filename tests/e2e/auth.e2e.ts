import { expect, signIn, signUp, test } from "./fixtures";

test.describe("credentials sign-in", () => {
  test("a teacher signs in and sees the class tabs and their classes", async ({ page }) => {
    await signIn(page, "teacher@demo.test");
    await expect(page.getByRole("tab", { name: /aulas|clases/i })).toBeVisible();
    await expect(page.getByRole("tab", { name: /programas/i })).toBeVisible();
    await expect(page.getByText("Matemáticas 1º ESO A").first()).toBeVisible();
    await expect(page.getByText("Lengua 1º ESO A").first()).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem("aula.auth"));
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ user: { email: "teacher@demo.test", role: "teacher" } });
  });

  test("a student signs in and sees their classes with no tabs", async ({ page }) => {
    await signIn(page, "student1@demo.test");
    await expect(page.getByText("Matemáticas 1º ESO A").first()).toBeVisible();
    await expect(page.getByRole("tablist")).toHaveCount(0);
  });

  test("a wrong password shows 'Password incorrect'; an unknown e-mail 'User not found'", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Correo electrónico").fill("teacher@demo.test");
    await page.getByLabel(/^Contraseña/).fill("not-the-password");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText(/contraseña incorrecta/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.getByLabel("Correo electrónico").fill("nobody@demo.test");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText(/usuario no encontrado/i).first()).toBeVisible();
  });

  test("a private page sends a signed-out visitor to sign in, then back", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByLabel("Correo electrónico").fill("teacher@demo.test");
    await page.getByLabel(/^Contraseña/).fill("demo1234");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("logout revokes the session and clears the stored record", async ({ page }) => {
    await signIn(page, "coteacher@demo.test");
    const before = JSON.parse((await page.evaluate(() => localStorage.getItem("aula.auth"))) ?? "{}") as { refreshToken: string };
    await page.goto("/logout");
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("aula.auth"))).toBeNull();
    const refresh = await page.request.post("/api/auth/refresh", { headers: { authorization: `Bearer ${before.refreshToken}` } });
    expect(refresh.status()).toBe(401);
  });
});

test.describe("accounts", () => {
  test("signup, then recover -> reset through the mailed link -> sign in with the new password", async ({ page, outbox }) => {
    const email = `e2e-${Date.now()}@demo.test`;
    await signUp(page, { firstName: "Irene", lastName: "Navarro", email, dateOfBirth: "1988-04-12", role: "docente", password: "first-pass-1" });

    await page.goto("/logout");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole("link", { name: /has olvidado tu contraseña/i }).click();
    const since = Date.now() - 1000;
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByText(/revisa tu correo/i)).toBeVisible();

    const mail = await outbox.waitFor(email, since);
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await page.getByLabel(/^Contraseña/).fill("second-pass-2");
    await page.getByLabel(/^Repetir contraseña/).fill("second-pass-2");
    await page.getByRole("button", { name: "Restablecer la contraseña" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signIn(page, email, "second-pass-2");

    // The link works once: used again, it is refused with a way to ask for a new one.
    await page.goto("/logout");
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await page.getByLabel(/^Contraseña/).fill("third-pass-3");
    await page.getByLabel(/^Repetir contraseña/).fill("third-pass-3");
    await page.getByRole("button", { name: "Restablecer la contraseña" }).click();
    await expect(page.getByText("Este enlace ya no es válido")).toBeVisible();
    await expect(page.getByRole("link", { name: "Solicitar un enlace nuevo" })).toBeVisible();
  });

  test("the reset form refuses mismatched passwords", async ({ page }) => {
    await page.goto("/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789");
    await page.getByLabel(/^Contraseña/).fill("second-pass-2");
    await page.getByLabel(/^Repetir contraseña/).fill("other-pass-3");
    await page.getByRole("button", { name: "Restablecer la contraseña" }).click();
    await expect(page.getByText("La contraseña no coincide")).toBeVisible();
  });
});
