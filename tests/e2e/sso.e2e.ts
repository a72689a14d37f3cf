import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOidcIdp, type LocalOidcIdp } from "../support/idp/oidc";
import { startSamlWebIdp, type SamlWebIdp } from "../support/idp/saml-http";
import { expect, test } from "./fixtures";
import { freePort, startServer, type RunningServer } from "./server";

/*
 * Standalone single sign-on in the browser: a real oidc-provider on loopback, registered for the
 * Aula edition with the `sso:provider` admin command, and the login page's button taking a teacher
 * through the IdP's own login form and back into the app.
 */
const ROOT = path.resolve(__dirname, "../..");
let idp: LocalOidcIdp;
let saml: SamlWebIdp;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A fresh server migrates and seeds its database (contents indexed for the assistant included): give it time on a loaded runner.
  test.setTimeout(150_000);
  const port = await freePort();
  const providerId = crypto.randomUUID();
  idp = await startOidcIdp({ redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/${providerId}/callback`] });
  idp.accounts.set("lucia", { sub: "idp-lucia", email: "teacher@demo.test", email_verified: true });
  idp.accounts.set("stranger", { sub: "idp-stranger", email: "nobody@elsewhere.test", email_verified: true });

  saml = await startSamlWebIdp();
  saml.users.set("marta", { nameId: "saml-marta", email: "student1@demo.test" });
  saml.users.set("ghost", { nameId: "saml-ghost", email: "ghost@demo.test" });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-e2e-sso-"));
  const addProvider = (...args: string[]) =>
    execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/sso-provider.ts", "add", "--edition", "aula", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: "pipe",
    });
  addProvider("--kind", "oidc", "--label", "Aula ID", "--id", providerId, "--config", JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }));
  addProvider("--kind", "saml", "--label", "Red de centros", "--config", JSON.stringify({ entryPoint: saml.entryPoint, idpIssuer: saml.issuer, idpCert: saml.cert }));
  server = await startServer({ PORT: String(port) }, { dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
  await saml?.close();
});

async function signInAtIdp(page: import("@playwright/test").Page, login: string) {
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole("button", { name: /Aula ID/ }).or(page.getByRole("link", { name: /Aula ID/ })).first().click();
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.locator('button[type="submit"]').first().click();
}

test("a teacher signs in through the edition's OIDC provider and lands on their classes", async ({ page }) => {
  await signInAtIdp(page, "lucia");
  await page.waitForURL(`${server.url}/home`);
  await expect(page.getByText("Matemáticas 1º ESO A").first()).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("aula.auth"))) ?? "{}") as { user?: { email?: string } };
  expect(stored.user?.email).toBe("teacher@demo.test");
});

test("someone the school has not registered is refused and stays signed out", async ({ page }) => {
  await signInAtIdp(page, "stranger");
  await page.waitForURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem("aula.auth"))).toBeNull();
});

async function signInWithSaml(page: import("@playwright/test").Page, login: string) {
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole("button", { name: /Red de centros/ }).or(page.getByRole("link", { name: /Red de centros/ })).first().click();
  await page.waitForURL((url) => url.href.startsWith(new URL(saml.entryPoint).origin));
  await page.getByLabel("User").fill(login);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a student signs in through the school's SAML identity provider", async ({ page }) => {
  await signInWithSaml(page, "marta");
  await page.waitForURL(`${server.url}/home`);
  await expect(page.getByText("Matemáticas 1º ESO A").first()).toBeVisible();
  // The spec's persisted SAML flag.
  expect(await page.evaluate(() => localStorage.getItem("aula.saml"))).toBe("1");
});

test("a SAML user the platform has not synchronised yet is told to contact the administrator", async ({ page }) => {
  await signInWithSaml(page, "ghost");
  await page.waitForURL(/\/saml\/callback\/error/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("aula.auth"))).toBeNull();
});
