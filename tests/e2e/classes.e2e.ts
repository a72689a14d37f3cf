import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

/*
 * Issue 4 end to end in Chromium against the real server: a teacher creates a class with every
 * setting, a student joins it with its key, the teacher hides a unit and the student no longer sees
 * it; every demo licence code gives its message; the class screens are axe clean.
 */

async function asUser(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  // The same external-host guard as the `page` fixture: nothing leaves the machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const classKeyPattern = /[A-Z2-9]{4}-[A-Z2-9]{4}/;

test.describe("classes", () => {
  test("a teacher creates a class with every setting; a student joins with its key; a hidden unit disappears for the student", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const name = `Matemáticas 1º ESO C ${Date.now().toString(36)}`;

    // newteacher@ holds no licence: redeeming the teacher code makes licensed Maths available.
    await signIn(page, "newteacher@demo.test");
    await page.goto("/license");
    await page.getByLabel("Código de licencia").fill("aula-teach-2026");
    await page.getByRole("button", { name: "Canjear" }).click();
    await expect(page.getByText(/Ya puedes usar Matemáticas 1º ESO/)).toBeVisible();

    await page.goto("/home");
    await page.getByRole("button", { name: "Nueva clase" }).click();
    const dialog = page.getByRole("dialog", { name: "Nueva clase" });
    await expect(dialog).toBeVisible();

    // Basics
    await dialog.getByLabel("Nombre de la clase").fill(name);
    await dialog.getByLabel("Etapa educativa").selectOption({ label: "ESO" });
    await dialog.getByRole("combobox", { name: /^Curso/ }).selectOption({ label: "1º ESO" });
    await dialog.getByLabel("Asignatura").selectOption({ label: "Matemáticas" });
    // The spec's date rule first: an end date before the start date is refused, nothing is lost.
    await dialog.getByLabel("Fecha de fin").fill("2026-08-01");
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expect(dialog.getByText("La fecha de fin del curso debe ser posterior a la de inicio")).toBeVisible();
    await expect(dialog.getByLabel("Nombre de la clase")).toHaveValue(name);
    await dialog.getByLabel("Fecha de fin").fill("2027-06-30");

    // Timetable: the default schedule is 3 quarters with a Monday 08:00-09:00 slot; add Wednesday.
    for (const quarter of [1, 2, 3]) {
      const slot = dialog.getByRole("group", { name: `Sesión 1, trimestre ${quarter}` });
      await expect(slot.getByLabel("Día")).toHaveValue("monday");
      await expect(slot.getByLabel("Inicio")).toHaveValue("08:00");
      await expect(slot.getByLabel("Fin")).toHaveValue("09:00");
    }
    await dialog.getByRole("button", { name: "Añadir una sesión al trimestre 1" }).click();
    const added = dialog.getByRole("group", { name: "Sesión 2, trimestre 1" });
    await added.getByLabel("Día").selectOption("wednesday");
    await added.getByLabel("Inicio").fill("10:00");
    await added.getByLabel("Fin").fill("11:00");

    // Teaching, appearance, publications, periods
    await dialog.getByRole("radio", { name: /^Retro/ }).check();
    await dialog.getByRole("radio", { name: /^Personal/ }).check();
    await dialog.getByRole("radio", { name: "Los estudiantes pueden comentar y publicar" }).check();
    await dialog.getByRole("switch", { name: "Preguntas y respuestas en las lecciones" }).uncheck();
    await dialog.getByRole("switch", { name: /Gamificación/ }).check();
    await dialog.getByRole("radio", { name: "Verde", exact: true }).check();
    await dialog.getByRole("radio", { name: "Matraz" }).check();
    await dialog.getByRole("checkbox", { name: /Matemáticas 1º ESO/ }).check();
    await dialog.getByRole("checkbox", { name: /Biología y Geología 1º ESO/ }).check();
    await dialog.getByLabel("Tipo de periodo").selectOption("semester");
    await expect(dialog.getByRole("group", { name: "Periodo 2" })).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Periodo 3" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Crear" }).click();

    // The class page, in its teaching model's theme, with the key for students.
    await page.waitForURL(/\/course\/[0-9a-f-]{36}$/);
    const courseUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator("[data-teaching-model]").first()).toHaveAttribute("data-teaching-model", "retro");
    const keyCard = page.getByRole("region", { name: "Clave de la clase" });
    await expect(keyCard).toContainText(classKeyPattern);
    const key = classKeyPattern.exec((await keyCard.textContent()) ?? "")?.[0];
    if (!key) throw new Error("no class key shown");

    // Every setting was stored as chosen.
    const detail = await page.evaluate(async (path) => {
      const record = JSON.parse(localStorage.getItem("aula.auth") ?? "{}") as { token?: string };
      const res = await fetch(`/api/front${path.replace("/course/", "/courses/")}`, { headers: { authorization: `Bearer ${record.token ?? ""}` } });
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    }, courseUrl);
    expect(detail).toMatchObject({
      name,
      kind: "class",
      color: "#0B6A0B",
      icon: "flask",
      endDate: "2027-06-30",
      settings: {
        teachingModel: "retro",
        devices: "personal",
        streamPermission: "students_post",
        lessonQuestions: false,
        gamification: true,
        periods: { type: "semester" },
      },
    });
    const settings = detail.settings as { schedule: { quarters: Array<{ days: Array<{ weekday: string; start: string; end: string }> }> } };
    expect(settings.schedule.quarters).toHaveLength(3);
    expect(settings.schedule.quarters[0]?.days.map((d) => `${d.weekday} ${d.start}-${d.end}`)).toEqual(["monday 08:00-09:00", "wednesday 10:00-11:00"]);
    expect((detail.publications as Array<{ title: string }>).map((p) => p.title).sort()).toEqual(["Biología y Geología 1º ESO", "Matemáticas 1º ESO"]);

    await page.goto("/home");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

    // A student: a wrong key and an expired key get clear errors; the right key joins.
    const student = await asUser(browser, baseURL, "student1@demo.test");
    await student.getByRole("button", { name: "Unirse a una clase" }).click();
    const join = student.getByRole("dialog", { name: "Unirse a una clase" });
    await join.getByLabel("Clave de la clase").fill("ZZZZ-ZZZZ");
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(join.getByText("No hay ninguna clase con esa clave. Revísala e inténtalo de nuevo")).toBeVisible();
    await join.getByLabel("Clave de la clase").fill("past-key2");
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(join.getByText("La clave de la clase ha caducado. Pide una nueva a tu docente")).toBeVisible();
    await join.getByLabel("Clave de la clase").fill(key.toLowerCase());
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(student.getByText(`Te has unido a ${name}`).first()).toBeVisible();
    await student.getByRole("link", { name, exact: true }).click();
    await expect(student.getByRole("heading", { level: 1, name })).toBeVisible();
    // Students never see the key.
    await expect(student.getByRole("region", { name: "Clave de la clase" })).toHaveCount(0);
    await student.goto(`${courseUrl}/program`);
    await expect(student.getByRole("heading", { name: "Números naturales", exact: true })).toBeVisible();

    // The teacher hides the first unit; the student's program no longer has it.
    await page.goto(`${courseUrl}/program`);
    await page.getByRole("button", { name: "Ocultar la unidad Números naturales" }).click();
    await expect(page.getByRole("button", { name: "Mostrar la unidad Números naturales" })).toBeVisible();
    await expect(page.getByText("Versión personalizada").first()).toBeVisible();
    await student.reload();
    await expect(student.getByRole("heading", { name: "Divisibilidad", exact: true })).toBeVisible();
    await expect(student.getByRole("heading", { name: "Números naturales", exact: true })).toHaveCount(0);

    // "View as student" shows the teacher the same thing; reset brings the original back.
    await page.getByRole("switch", { name: "Ver como estudiante" }).click();
    await expect(page.getByText("Estás viendo esta clase como estudiante")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Números naturales", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Volver a la vista de docente" }).click();
    await page.getByRole("button", { name: "Restablecer el original" }).first().click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restablecer", exact: true }).click();
    await expect(page.getByRole("button", { name: "Ocultar la unidad Números naturales" })).toBeVisible();
    await student.reload();
    await expect(student.getByRole("heading", { name: "Números naturales", exact: true })).toBeVisible();
    await student.context().close();
  });

  test("each demo licence code gives its expected message", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const redeem = async (p: Page, code: string, message: string | RegExp) => {
      await p.getByLabel("Código de licencia").fill(code);
      await p.getByRole("button", { name: "Canjear" }).click();
      await expect(p.getByText(message)).toBeVisible();
    };
    await signIn(page, "student1@demo.test");
    await page.goto("/license");
    await redeem(page, "NOPE-0000", "Código no encontrado");
    await redeem(page, "AULA-EXPIRED-2024", "El código ha caducado");
    await redeem(page, "AULA-USED-0001", "Este código ya está vinculado");
    await redeem(page, "AULA-FULL-0003", "La licencia no tiene más usos disponibles");
    await redeem(page, "AULA-ROLE-TEACH", "Esta licencia no corresponde a tu perfil");
    await redeem(page, "AULA-VOUCHER-01", "Licencia no válida, inténtalo de nuevo");
    await redeem(page, "AULA-STUDENT-2026", /Ya puedes usar Lengua Castellana y Literatura 1º ESO/);
    await expect(page.getByRole("tabpanel").getByText("Lengua Castellana y Literatura 1º ESO")).toBeVisible();
    await redeem(page, "AULA-STUDENT-2026", "Ya has añadido esta licencia");

    const teacher = await asUser(browser, baseURL, "teacher@demo.test");
    await teacher.goto("/license");
    await redeem(teacher, "AULA-TEACH-2026", "Ya has añadido esta licencia");
    await teacher.context().close();
  });

  test("the class screens and dialogs are axe clean", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "teacher@demo.test");
    await page.getByRole("link", { name: "Lengua 1º ESO A", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lengua 1º ESO A" })).toBeVisible();
    const courseUrl = new URL(page.url()).pathname;
    for (const path of ["", "/program", "/grades", "/resources", "/classroom-resources"]) {
      await page.goto(`${courseUrl}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    }
    await page.goto("/license");
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
    await page.goto("/home");
    await page.getByRole("button", { name: "Nueva clase" }).click();
    await expect(page.getByRole("dialog", { name: "Nueva clase" }).getByLabel("Nombre de la clase")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
  });

  test("a student's class page and join dialog are axe clean", async ({ page }) => {
    await signIn(page, "student2@demo.test");
    await page.getByRole("button", { name: "Unirse a una clase" }).click();
    await expect(page.getByRole("dialog", { name: "Unirse a una clase" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Lengua 1º ESO A", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lengua 1º ESO A" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
  });
});
