import type { Page, Request } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/*
 * Issue 13 item 1 in Chromium against the real server: a screen's data is asked for while its
 * code is still on its way. The lesson page's chunk is held back until the browser has asked for
 * the class, the lesson and its items; an app that asked for data only once the page's code ran
 * could never get there, and the test would find the calls missing. Both the first load of the
 * screen (code preloaded from the HTML) and a link inside the app are checked, and the sign-in
 * screen asks nothing before it can show (the edition and providers come inlined).
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const LESSON = `/course/${MATHS_A}/lesson/${FIRST_LESSON}`;
const LESSON_DATA = [`/api/front/courses/${MATHS_A}`, `/api/front/lessons/${FIRST_LESSON}`, `/api/front/lessons/${FIRST_LESSON}/items`];

type Manifest = { groups: Record<string, string[]> };

/**
 * Holds the lesson page's own chunk until every call in `paths` has been sent (at most 15 s).
 * Resolves with what was sent, in order, before the chunk was let through.
 */
async function holdLessonCodeUntil(page: Page, paths: readonly string[]): Promise<{ released: Promise<string[]> }> {
  const manifest = (await (await page.request.get("/route-manifest.json")).json()) as Manifest;
  // The page's own files: not those the data starters need too (RTK Query's chunk, ADR 0031).
  const starters = new Set(manifest.groups["route-data"] ?? []);
  const lessonFiles = new Set((manifest.groups["route-lesson"] ?? []).filter((file) => !starters.has(file)));
  expect(lessonFiles.size).toBeGreaterThan(0);
  const sent: string[] = [];
  let release: (value: string[]) => void = () => undefined;
  const released = new Promise<string[]>((resolve) => (release = resolve));
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/")) return;
    sent.push(pathname);
    if (paths.every((p) => sent.includes(p))) release([...sent]);
  };
  page.on("request", onRequest);
  setTimeout(() => release([...sent]), 15_000);
  await page.route(
    (url) => lessonFiles.has(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { released };
}

test.describe("screens load their code and data together", () => {
  test("opening a lesson asks for the class, the lesson and its items before the lesson's code has arrived", async ({ page }) => {
    await signIn(page, "teacher@demo.test");
    const { released } = await holdLessonCodeUntil(page, LESSON_DATA);
    await page.goto(LESSON);
    const before = await released;
    for (const path of LESSON_DATA) expect(before).toContain(path);
    await expect(page.getByRole("heading", { name: /Sistemas de numeración/ }).first()).toBeVisible();
  });

  test("a link to a lesson asks for its data while the lesson's code is on its way", async ({ page }) => {
    await signIn(page, "teacher@demo.test");
    await page.goto(`/course/${MATHS_A}/program`);
    await page.getByRole("button", { name: "Números naturales", exact: true }).click();
    const link = page.getByRole("link", { name: /Sistemas de numeración/ }).first();
    await expect(link).toBeVisible();
    const { released } = await holdLessonCodeUntil(page, LESSON_DATA.slice(1));
    await link.click();
    const before = await released;
    for (const path of LESSON_DATA.slice(1)) expect(before).toContain(path);
    await expect(page.getByRole("heading", { name: /Sistemas de numeración/ }).first()).toBeVisible();
  });

  test("the sign-in screen shows without asking the API anything", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/api/")) asked.push(pathname);
    });
    await page.goto("/auth/login");
    await expect(page.getByRole("button", { name: /^iniciar sesión$/i })).toBeVisible();
    await expect(page.getByLabel(/^correo electrónico/i)).toBeVisible();
    expect(asked).toEqual([]);
  });
});

/*
 * Every translation a screen reads comes with its HTML, inlined (ADR 0031) or, failing that,
 * preloaded: a namespace missing from the route table (contracts/route-assets.ts) would be fetched
 * only once the component asking for it ran, one more round trip before the screen can show.
 */
test.describe("each screen's translations come with its HTML", () => {
  const screens: Array<{ path: string; as?: string; ready: RegExp }> = [
    { path: "/auth/login", ready: /^Iniciar sesión$/ },
    { path: "/home", as: "teacher@demo.test", ready: /Matemáticas 1º ESO A/ },
    { path: `/course/${MATHS_A}`, as: "teacher@demo.test", ready: /Matemáticas 1º ESO A/ },
    { path: `/course/${MATHS_A}/program`, as: "teacher@demo.test", ready: /Números naturales/ },
    { path: LESSON, as: "teacher@demo.test", ready: /Sistemas de numeración/ },
  ];
  for (const screen of screens) {
    test(`${screen.path.replace(MATHS_A, "{class}").replace(FIRST_LESSON, "{lesson}")}`, async ({ page }) => {
      if (screen.as) {
        await signIn(page, screen.as);
        // Leave home before listening: what it still asks after sign-in is not the next screen's.
        await page.goto("about:blank");
      }
      const manifest = (await (await page.request.get("/route-manifest.json")).json()) as Manifest;
      const translations = new Map<string, string>();
      for (const [name, files] of Object.entries(manifest.groups)) if (name.startsWith("i18n-")) for (const f of files) translations.set(f, name);
      const loaded: string[] = [];
      page.on("request", (r) => {
        const name = translations.get(new URL(r.url()).pathname);
        if (name) loaded.push(name);
      });
      const response = await page.goto(screen.path);
      const html = (await response?.text()) ?? "";
      const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => translations.get(m[1] ?? "")).filter(Boolean);
      await expect(page.getByText(screen.ready).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The screen's namespaces are in the page, in the reader's language: no translation request.
      const inline = /<script id="aula-i18n" type="application\/json">(.*?)<\/script>/.exec(html);
      const inlined = JSON.parse(inline?.[1] ?? "{}") as { lng?: string; resources?: Record<string, unknown> };
      expect(inlined.lng).toBe("es");
      expect(Object.keys(inlined.resources ?? {})).toEqual(expect.arrayContaining(["common", "errors"]));
      expect(loaded.filter((name) => !preloaded.includes(name))).toEqual([]);
    });
  }
});
