import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";

/** Tests use the server started by global-setup; its address arrives in the environment. */
export const test = base.extend<{ outbox: Outbox }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL not set: run through the playwright config");
    await use(url);
  },
  page: async ({ page }, use) => {
    // Nothing outside this machine is reachable: fail fast instead of waiting on the network.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await use(page);
  },
  outbox: async ({}, use) => {
    await use(new Outbox(path.join(process.env.E2E_DATA_DIR ?? "", "outbox")));
  },
});
export { expect };

/** The .eml files the server wrote for mail (no SMTP configured in e2e). */
export class Outbox {
  constructor(private readonly dir: string) {}

  /** Waits for a mail to `to` newer than `since` and returns its decoded text. */
  async waitFor(to: string, since: number, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (fs.existsSync(this.dir)) {
        const files = fs
          .readdirSync(this.dir)
          .filter((f) => f.endsWith(".eml") && f.includes(to.replace(/[^a-z0-9@._-]/gi, "_")))
          .map((f) => ({ f, t: Number(f.split("-")[0]) }))
          .filter((x) => x.t >= since)
          .sort((a, b) => b.t - a.t);
        const newest = files[0];
        if (newest) return decodeEml(fs.readFileSync(path.join(this.dir, newest.f), "utf8"));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
  }
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the mail. */
function decodeEml(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Fluent's focus manager (tabster) inserts aria-hidden focus sentinels marked data-tabster-dummy
 * that only forward focus; axe's aria-hidden-focus flags them (a false positive Fluent and
 * Accessibility Insights document). Only those nodes are set aside; every other node and rule counts.
 */
const isTabsterSentinel = (ruleId: string, html: string) => ruleId === "aria-hidden-focus" && html.includes("data-tabster-dummy");

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A settled page: contrast measured mid-fade (a toast coming or going) is not what users read.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isTabsterSentinel(v.id, n.html)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/**
 * Lighthouse's aria-hidden-focus, sentinels included (ADR 0029): a screen as it loads puts no
 * focusable node under aria-hidden. Tabster adds its sentinels only while a Fluent dialog (or
 * another modal manager) is mounted, so a closed dialog must not be mounted.
 */
export async function expectNoHiddenFocusable(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withRules(["aria-hidden-focus"]).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.html))).toEqual([]);
}

/** Creates an account through the signup form, as a person would; ends signed in on /home. */
export async function signUp(
  page: Page,
  person: { firstName: string; lastName: string; email: string; dateOfBirth: string; role: "docente" | "estudiante"; password: string },
): Promise<void> {
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Crear una cuenta" }).click();
  await page.getByLabel(/^Nombre/).fill(person.firstName);
  await page.getByLabel("Apellidos").fill(person.lastName);
  await page.getByLabel("Correo electrónico").fill(person.email);
  await page.getByLabel("Fecha de nacimiento").fill(person.dateOfBirth);
  await page.getByLabel(`Soy ${person.role}`).check();
  await page.getByLabel(/^Contraseña/).fill(person.password);
  await page.getByLabel(/^Repetir contraseña/).fill(person.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * The demo students are in the gamified edition: work a test does as them may take them up a level,
 * and the level-up dialog (spec: a modal) then covers the page. Tests about something else accept it
 * whenever it comes; gamification.e2e.ts checks the dialog itself with students of its own.
 */
const acceptingLevelUps = new WeakSet<Page>();
export async function acceptLevelUps(page: Page): Promise<void> {
  if (acceptingLevelUps.has(page)) return;
  acceptingLevelUps.add(page);
  const dialog = page.getByRole("dialog", { name: "¡Enhorabuena!" });
  await page.addLocatorHandler(dialog, async () => {
    await dialog.getByRole("button", { name: "Aceptar" }).click();
  });
}

export async function signIn(page: Page, email: string, password = "demo1234"): Promise<void> {
  await acceptLevelUps(page);
  await page.goto("/auth/login");
  await page.getByLabel(/^(correo electrónico|e-mail|email)/i).fill(email);
  await page.getByLabel(/^(contraseña|senha|password)/i).fill(password);
  await page.getByRole("button", { name: /^(iniciar sesión|entrar|sign in)$/i }).click();
  await page.waitForURL(/\/home$/);
}

/** Nothing outside this machine: the guard every browser context of the suite installs. */
const OUTSIDE = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;

/** The password of the students a test signs up for itself. */
export const E2E_STUDENT_PASSWORD = "e2e-student-pass-1";

/**
 * Another person at another browser: a new student account (signed up through the form, in Madrid's
 * zone) that joins a class with its key, as students do. Ends on /home; its bell, board and
 * calendar hold only what the test makes.
 */
export async function newStudentInClass(
  browser: Browser,
  baseURL: string | undefined,
  person: { firstName: string; lastName: string; email: string },
  course: { key: string; name: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
  await context.route(OUTSIDE, (route) => route.abort());
  const page = await context.newPage();
  await signUp(page, { ...person, dateOfBirth: "2012-04-20", role: "estudiante", password: E2E_STUDENT_PASSWORD });
  await page.getByRole("button", { name: "Unirse a una clase" }).click();
  const join = page.getByRole("dialog", { name: "Unirse a una clase" });
  await join.getByLabel("Clave de la clase").fill(course.key);
  await join.getByRole("button", { name: "Unirme" }).click();
  await expect(page.getByText(`Te has unido a ${course.name}`).first()).toBeVisible();
  return page;
}

/** Closes a dialog with its title bar's close button. */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).first().click();
  await expect(dialog).toBeHidden();
}

/** yyyy-mm-dd of the day `days` from today in `timeZone` (the demo schools' zone by default). */
export function localDay(days: number, timeZone = "Europe/Madrid"): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A bearer token for `email`, as the sign-in screen gets it: for reading the API beside the UI. */
export async function apiToken(page: Page, email: string, password = "demo1234"): Promise<string> {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
