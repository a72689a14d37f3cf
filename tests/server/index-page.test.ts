process.env.LOG_LEVEL = "silent";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { BootData } from "../../src/contracts/boot";
import { matchRouteAssets } from "../../src/contracts/route-assets";
import { BOOT_LOADING_LABEL } from "../../src/contracts/boot";
import { LANGUAGES } from "../../src/contracts/constants";
import { bootLanguage, jsonForScript, localizeSplash, preloadFiles } from "../../src/server/platform/index-page";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * The first HTML response of a screen (ADR 0026): what the screen's URL needs is preloaded from
 * it, in the reader's language, with the entry ahead of it; the edition (and on sign-in screens
 * its providers) is inlined exactly as the API would answer, and can never break out of its script.
 */
const TEMPLATE =
  '<!doctype html><html lang="es"><head><title>Aula</title><script defer="defer" src="/js/vendor.1.js"></script>' +
  '<script defer="defer" src="/js/main.1.js"></script></head><body><div id="root"><div class="app-splash" role="status" aria-busy="true">' +
  '<span class="app-busy"><span class="app-busy__label" data-boot-label></span></span></div></div></body></html>';
const MANIFEST = {
  groups: {
    "route-login": ["/js/login.1.js", "/css/login.1.css"],
    "route-home": ["/js/home.1.js", "/js/shared.1.js"],
    "route-course": ["/js/course.1.js", "/js/shared.1.js"],
    "route-lesson": ["/js/lesson.1.js"],
    "route-data": ["/js/data.1.js"],
    "profile-button": ["/js/avatar.1.js"],
    notifications: ["/js/bell.1.js"],
    realtime: ["/js/socket.1.js"],
    "route-not-found": ["/js/nf.1.js"],
    "i18n-es-common-json": ["/js/es-common.js"],
    "i18n-es-errors-json": ["/js/es-errors.js"],
    "i18n-es-auth-json": ["/js/es-auth.js"],
    "i18n-en-common-json": ["/js/en-common.js"],
    "i18n-en-errors-json": ["/js/en-errors.js"],
    "i18n-en-course-json": ["/js/en-course.js"],
    "i18n-en-lesson-json": ["/js/en-lesson.js"],
    "i18n-pt-common-json": ["/js/pt-common.js"],
    "i18n-pt-PT-common-json": ["/js/pt-PT-common.js"],
  },
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "aula-index-"));
  fs.writeFileSync(path.join(dist, "index.html"), TEMPLATE);
  fs.writeFileSync(path.join(dist, "route-manifest.json"), JSON.stringify(MANIFEST));
  t = await buildTestApp({ clientDist: dist });
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });
const preloads = (html: string): string[] => [...html.matchAll(/<link rel="preload" as="(script|style)" href="([^"]+)">/g)].map((m) => m[2] ?? "");
const bootOf = (html: string): BootData => {
  const m = /<script id="aula-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error("no boot data in the page");
  return JSON.parse(m[1]) as BootData;
};
const apiData = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: "GET", url, headers })).json<{ data: unknown }>().data;

describe("the screens' HTML", () => {
  it("preloads the login's chunks and translations, and inlines the edition and its providers as the API gives them", async () => {
    const res = await page("/auth/login");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(preloads(res.body)).toEqual(["/js/login.1.js", "/css/login.1.css", "/js/es-common.js", "/js/es-errors.js", "/js/es-auth.js"]);
    expect(res.body).toContain('<link rel="preload" as="style" href="/css/login.1.css">');
    const boot = bootOf(res.body);
    expect(boot.edition).toEqual(await apiData("/api/edition"));
    expect(boot.ssoProviders).toEqual(await apiData("/api/auth/providers"));
    // The edition's logo, shown in the sign-in frame, is fetched with the scripts.
    expect(boot.edition?.logoUrl).toBeTruthy();
    expect(res.body).toContain(`<link rel="preload" as="image" href="${boot.edition?.logoUrl ?? ""}">`);
  });

  it("puts the entry's scripts ahead of the preloads", async () => {
    const { body } = await page("/auth/login");
    expect(body).toContain('<script defer fetchpriority="high" src="/js/vendor.1.js"></script>');
    expect(body.indexOf("/js/main.1.js")).toBeLessThan(body.indexOf('rel="preload"'));
  });

  it("preloads a lesson's layout, page and data chunks in the language the reader last used, each file once", async () => {
    const { body } = await page("/course/2b9f/lesson/77aa/session/1", { cookie: "theme=dark; aula.lang=en" });
    expect(preloads(body)).toEqual([
      "/js/course.1.js",
      "/js/shared.1.js",
      "/js/lesson.1.js",
      "/js/data.1.js",
      "/js/avatar.1.js",
      "/js/bell.1.js",
      "/js/socket.1.js",
      "/js/en-common.js",
      "/js/en-errors.js",
      "/js/en-course.js",
      "/js/en-lesson.js",
    ]);
    expect(bootOf(body).ssoProviders).toBeUndefined();
  });

  it("inlines the edition the document's ?edition= names, as X-Edition chooses it for the API", async () => {
    const { body } = await page("/auth/login?edition=lumen");
    expect(bootOf(body).edition).toEqual(await apiData("/api/edition", { "x-edition": "lumen" }));
  });

  it("answers an unknown path with the not-found screen's chunks, and / with none", async () => {
    expect(preloads((await page("/no/such/screen")).body)).toContain("/js/nf.1.js");
    expect(preloads((await page("/")).body).filter((f) => !f.includes("es-"))).toEqual([]);
  });

  it("paints its splash in the reader's language: <html lang> and the label under the spinner", async () => {
    const label = (html: string) => /data-boot-label>([^<]*)</.exec(html)?.[1];
    const es = (await page("/home")).body;
    expect(es).toContain('<html lang="es"');
    expect(label(es)).toBe("Cargando…");
    const en = (await page("/home", { cookie: "aula.lang=en" })).body;
    expect(en).toContain('<html lang="en"');
    expect(label(en)).toBe("Loading…");
    // A cookie that is not one of the five languages changes nothing.
    expect(label((await page("/home", { cookie: "aula.lang=xx" })).body)).toBe("Cargando…");
    expect(label(localizeSplash(TEMPLATE, "pt", true))).toBe("A carregar…");
    expect(label(localizeSplash(TEMPLATE, "pt", false))).toBe("Carregando…");
  });

  it("serves the plain page when the build has no manifest", async () => {
    fs.renameSync(path.join(dist, "route-manifest.json"), path.join(dist, "route-manifest.off"));
    try {
      const { statusCode, body } = await page("/home");
      expect(statusCode).toBe(200);
      expect(preloads(body)).toEqual([]);
      expect(bootOf(body).edition?.slug).toBe("aula");
    } finally {
      fs.renameSync(path.join(dist, "route-manifest.off"), path.join(dist, "route-manifest.json"));
    }
  });
});

describe("route matching", () => {
  it("prefers static segments to parameters and parameters to a splat, as react-router does", () => {
    expect(matchRouteAssets("/course/a/lesson/b/assessment/c")?.route.chunks).toEqual(["route-course", "route-assessment"]);
    expect(matchRouteAssets("/course/a/lesson/b/content/d")?.route.chunks).toEqual(["route-course", "route-lesson"]);
    expect(matchRouteAssets("/course/a/lesson/b/projection")?.route.chunks).toEqual(["route-projection"]);
    expect(matchRouteAssets("/saml/callback/error")?.route.path).toBe("/saml/callback/error");
    expect(matchRouteAssets("/saml/callback/tok")?.params).toEqual({ token: "tok" });
    expect(matchRouteAssets("/course/a%2Fb/program")?.params).toEqual({ guid: "a/b" });
    expect(matchRouteAssets("/course/%E0%A4%A/program")?.route.path).toBe("*");
  });
});

describe("the first screen's translations (ADR 0031)", () => {
  const I18N = path.join(__dirname, "../../src/client/i18n");
  const source = (file: string) => JSON.parse(fs.readFileSync(path.join(I18N, file), "utf8")) as Record<string, unknown>;
  const inlineOf = (html: string) => {
    const m = /<script id="aula-i18n" type="application\/json">(.*?)<\/script>/s.exec(html);
    return m?.[1] ? (JSON.parse(m[1]) as { lng: string; europeanPortuguese: boolean; resources: Record<string, Record<string, unknown>> }) : undefined;
  };
  // A new build: the server reads the translation copies again once the manifest changes.
  const touchManifest = (seconds: number) => {
    const when = new Date(Date.now() + seconds * 1000);
    fs.utimesSync(path.join(dist, "route-manifest.json"), when, when);
  };
  beforeAll(() => {
    fs.cpSync(path.join(I18N, "locales"), path.join(dist, "i18n/locales"), { recursive: true });
    fs.cpSync(path.join(I18N, "regional"), path.join(dist, "i18n/regional"), { recursive: true });
    touchManifest(10);
  });
  afterAll(() => {
    fs.rmSync(path.join(dist, "i18n"), { recursive: true, force: true });
    touchManifest(20);
  });

  it("are in the page in the reader's language instead of preloaded: common, errors and the screen's own", async () => {
    const { body } = await page("/course/2b9f/lesson/77aa", { cookie: "aula.lang=en" });
    expect(preloads(body)).toEqual(["/js/course.1.js", "/js/shared.1.js", "/js/lesson.1.js", "/js/data.1.js", "/js/avatar.1.js", "/js/bell.1.js", "/js/socket.1.js"]);
    const inline = inlineOf(body);
    expect(inline?.lng).toBe("en");
    // A signed-in screen also carries the header bell's namespace.
    expect(Object.keys(inline?.resources ?? {})).toEqual(["common", "errors", ...(matchRouteAssets("/course/2b9f/lesson/77aa")?.route.namespaces ?? []), "notifications"]);
    expect(inline?.resources.notifications).toEqual(source("locales/en/notifications.json"));
    expect(inline?.resources.common).toEqual(source("locales/en/common.json"));
    expect(inline?.resources.lesson).toEqual(source("locales/en/lesson.json"));
  });

  it("carry European Portuguese over the Brazilian text outside Brazil", async () => {
    const { body } = await page("/auth/login", { cookie: "aula.lang=pt" });
    const inline = inlineOf(body);
    expect(inline?.europeanPortuguese).toBe(true);
    expect((inline?.resources.common?.app as { loading: string } | undefined)?.loading).toBe(BOOT_LOADING_LABEL["pt-PT"]);
    expect(inline?.resources.auth).toBeDefined();
  });

  it("stay out of the page when a file of that language is missing (its chunks load as before)", async () => {
    fs.renameSync(path.join(dist, "i18n/locales/eu"), path.join(dist, "i18n/eu-away"));
    touchManifest(15);
    try {
      const { body } = await page("/auth/login", { cookie: "aula.lang=en" });
      expect(inlineOf(body)?.lng).toBe("en");
      const basque = await page("/auth/login", { cookie: "aula.lang=eu" });
      expect(inlineOf(basque.body)).toBeUndefined();
    } finally {
      fs.renameSync(path.join(dist, "i18n/eu-away"), path.join(dist, "i18n/locales/eu"));
      touchManifest(16);
    }
  });

  it("come compressed when the browser accepts it: brotli, else gzip", async () => {
    const plain = await page("/auth/login");
    const br = await page("/auth/login", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const gz = await page("/auth/login", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});

describe("preload rules", () => {
  const lesson = matchRouteAssets("/course/a/lesson/b");
  it("adds European Portuguese overlays only outside Brazil", () => {
    expect(preloadFiles(MANIFEST, undefined, "pt", true)).toEqual(["/js/pt-common.js", "/js/pt-PT-common.js"]);
    expect(preloadFiles(MANIFEST, undefined, "pt", false)).toEqual(["/js/pt-common.js"]);
  });
  it("skips names the build does not have", () => {
    expect(preloadFiles({ groups: {} }, lesson, "es", false)).toEqual([]);
  });
  it("takes the language from the cookie only when it is one of the five", () => {
    expect(bootLanguage("aula.lang=eu", "es")).toBe("eu");
    expect(bootLanguage("aula.lang=xx", "ca")).toBe("ca");
    expect(bootLanguage(undefined, "zz")).toBeUndefined();
  });
  it("escapes what would close the script element the JSON sits in", () => {
    const json = jsonForScript({ name: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("</script");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});

describe("the boot splash's label", () => {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, "../../src/client/i18n", file), "utf8")) as { app: { loading: string } };
  it("says what the React splash says, in every language and in European Portuguese", () => {
    for (const language of LANGUAGES) expect(BOOT_LOADING_LABEL[language]).toBe(read(`locales/${language}/common.json`).app.loading);
    expect(BOOT_LOADING_LABEL["pt-PT"]).toBe(read("regional/pt-PT/common.json").app.loading);
  });
});
