import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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

export async function signIn(page: Page, email: string, password = "demo1234"): Promise<void> {
  await page.goto("/auth/login");
  await page.getByLabel(/^(correo electrónico|e-mail|email)/i).fill(email);
  await page.getByLabel(/^(contraseña|senha|password)/i).fill(password);
  await page.getByRole("button", { name: /^(iniciar sesión|entrar|sign in)$/i }).click();
  await page.waitForURL(/\/home$/);
}
