import type { Page } from "@playwright/test";
import { DEMO_ASSESSMENTS } from "../../src/server/db/seed/assessments";
import { expect } from "./fixtures";
import type { RunningServer } from "./server";

/* Helpers of the teacher AI tools' e2e files, on a server of their own (ai-tools*.e2e.ts). */

/** Signs the demo teacher in on `server`; resolves on /home. */
export async function signInAt(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/auth/login`);
  await page.getByLabel(/^correo electrónico/i).fill("teacher@demo.test");
  await page.getByLabel(/^contraseña/i).fill("demo1234");
  await page.getByRole("button", { name: /^iniciar sesión$/i }).click();
  await page.waitForURL(/\/home$/);
}

/** Pablo (student2) hands in the Maths control on `server`, answering nothing, over the API. */
export async function pabloHandsInTheControl(server: RunningServer): Promise<void> {
  const api = async (token: string | null, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const login = async (email: string) => (await api(null, "POST", "/auth/login", { email, password: "demo1234" })).token as string;
  const maths = DEMO_ASSESSMENTS.find((a) => a.key === "maths-naturales");
  if (!maths) throw new Error("demo Maths assessment missing");
  const courses = (await api(await login("teacher@demo.test"), "GET", "/front/courses?pageSize=100")).items as Array<{ guid: string; name: string }>;
  const course = courses.find((c) => c.name === "Matemáticas 1º ESO A");
  if (!course) throw new Error("demo Maths class missing");
  const pablo = await login("student2@demo.test");
  const attempt = (await api(pablo, "POST", `/front/assessments/${maths.id}/attempts`, { courseGuid: course.guid })).guid as string;
  await api(pablo, "POST", `/front/attempts/${attempt}/submit`);
}
