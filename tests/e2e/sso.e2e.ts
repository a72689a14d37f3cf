import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOidcIdp, type LocalOidcIdp } from "../support/idp/oidc";
import { expect, test } from "./fixtures";
import { freePort, startServer, type RunningServer } from "./server";

/*
 * Standalone single sign-on in the browser: a real oidc-provider on loopback, registered for the
 * Aula edition with the `sso:provider` admin command, and the login page's button taking a teacher
 * through the IdP's own login form and back into the app.
 */
const ROOT = path.resolve(__dirname, "../..");
let idp: LocalOidcIdp;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const port = await freePort();
  const providerId = crypto.randomUUID();
  idp = await startOidcIdp({ redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/${providerId}/callback`] });
  idp.accounts.set("lucia", { sub: "idp-lucia", email: "teacher@demo.test", email_verified: true });
  idp.accounts.set("stranger", { sub: "idp-stranger", email: "nobody@elsewhere.test", email_verified: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-e2e-sso-"));
  const config = JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
  execFileSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/sso-provider.ts", "add", "--edition", "aula", "--kind", "oidc", "--label", "Aula ID", "--id", providerId, "--config", config],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" }, stdio: "pipe" },
  );
  server = await startServer({ PORT: String(port) }, { dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
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
  await expect(page.getByText("Matemáticas 1º ESO A")).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("aula.auth"))) ?? "{}") as { user?: { email?: string } };
  expect(stored.user?.email).toBe("teacher@demo.test");
});

test("someone the school has not registered is refused and stays signed out", async ({ page }) => {
  await signInAtIdp(page, "stranger");
  await page.waitForURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem("aula.auth"))).toBeNull();
});
