process.env.LOG_LEVEL = "silent";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { asc, eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { JSDOM } from "jsdom";
import { PDFDocument, PDFName } from "pdf-lib";
import { CONTENT_TYPE_RULES, CONTENT_TYPE_CODES, type ContentData, type ContentTypeCode } from "../../src/contracts/lessons";
import { contents, lessonContents, lessons, publications, tenants, units } from "../../src/server/db/schema";
import { DEMO_PUBLICATIONS, seedDemo } from "../../src/server/db/seed";
import {
  buildHtmlInteractive,
  buildScorm12Package,
  buildXapiPackage,
  WAV_SAMPLE_RATE,
  XAPI_ACTIVITY_ID,
  XAPI_STATE_ID,
} from "../../src/server/db/seed/files";
import type { EditionSlug } from "../../src/server/db/seed/editions";
import { DEMO_LESSON_CONTENT, seedLessonContent } from "../../src/server/db/seed/lesson-content";
import { inspectPackage } from "../../src/server/modules/contents/packages";
import { createStorage } from "../../src/server/platform/storage";
import { buildTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const storage = () => t.app.ctx.storage;
const ids = DEMO_LESSON_CONTENT.map((c) => c.id);
type Row = typeof contents.$inferSelect;

async function seededRows(): Promise<Row[]> {
  return db().select().from(contents).where(inArray(contents.id, ids)).orderBy(asc(contents.id));
}
async function rowOf(key: string): Promise<Row> {
  const demo = DEMO_LESSON_CONTENT.find((c) => c.key === key);
  const [row] = await db().select().from(contents).where(eq(contents.id, demo?.id ?? ""));
  if (!row) throw new Error(`no seeded content ${key}`);
  return row;
}
const read = (key: string | null) => storage().read(key ?? "missing");
const dataOf = (row: Row) => row.data as ContentData;
const byType = (rows: Row[], type: string) => rows.filter((r) => r.type === type);

describe("seedLessonContent", () => {
  it("seeds every content in its lesson and edition, as the publisher's", async () => {
    const rows = await seededRows();
    expect(rows).toHaveLength(DEMO_LESSON_CONTENT.length);
    const placed = await db()
      .select({ contentId: lessonContents.contentId, position: lessonContents.position, lesson: lessons.order, unit: units.order, publication: publications.title, edition: tenants.slug })
      .from(lessonContents)
      .innerJoin(lessons, eq(lessons.id, lessonContents.lessonId))
      .innerJoin(units, eq(units.id, lessons.unitId))
      .innerJoin(publications, eq(publications.id, units.publicationId))
      .innerJoin(tenants, eq(tenants.id, publications.tenantId))
      .where(inArray(lessonContents.contentId, ids));
    for (const demo of DEMO_LESSON_CONTENT) {
      const row = rows.find((r) => r.id === demo.id);
      expect(row).toMatchObject({ type: demo.type, title: demo.title, createdBy: null, deletedAt: null });
      const [tenant] = await db().select().from(tenants).where(eq(tenants.id, row?.tenantId ?? ""));
      expect(tenant?.slug).toBe(demo.edition);
      const title = DEMO_PUBLICATIONS.find((p) => p.key === demo.publication)?.title;
      expect(placed.filter((p) => p.contentId === demo.id)).toEqual([
        { contentId: demo.id, position: demo.position, lesson: demo.lesson, unit: demo.unit, publication: title, edition: demo.edition },
      ]);
    }
    // The first lesson of Matemáticas 1º ESO holds the rich set, in order.
    const first = DEMO_LESSON_CONTENT.filter((c) => c.publication === "matematicas-1-eso" && c.unit === 1 && c.lesson === 1);
    expect(first.map((c) => c.type)).toEqual(["CTTY_02", "CTTY_05", "CTTY_07", "CTTY_04", "CTTY_08", "CTTY_15", "CTTY_17", "CTTY_06"]);
    expect(first.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Both editions have content.
    expect(new Set(DEMO_LESSON_CONTENT.map((c) => c.edition))).toEqual(new Set(["aula", "lumen"]));
  });

  it("covers every authorable content type except video and videolesson", async () => {
    const types = new Set((await seededRows()).map((r) => r.type));
    const wanted = CONTENT_TYPE_CODES.filter((c) => CONTENT_TYPE_RULES[c].authorable && c !== "CTTY_03" && c !== "CTTY_20");
    expect(wanted.length).toBeGreaterThanOrEqual(14);
    for (const code of wanted) expect([code, types.has(code)]).toEqual([code, true]);
  });

  it("stores each file at contents/<id>/<fileName> with its recorded size, and each package unpacked", async () => {
    for (const row of await seededRows()) {
      const rule = CONTENT_TYPE_RULES[row.type as keyof typeof CONTENT_TYPE_RULES];
      const data = dataOf(row);
      if (rule.source === "file") {
        expect(row.storageKey).toBe(`contents/${row.id}/${row.fileName}`);
        expect(row.mimeType).toBeTruthy();
        expect(rule.accept).toContain(path.extname(row.fileName ?? "").slice(1));
        expect(await storage().size(row.storageKey ?? "")).toBe(row.sizeBytes);
      } else if (rule.source === "package") {
        expect(row.storageKey).toBe(`contents/${row.id}/package`);
        expect(data.launchPath).toBe("index.html");
        const stored = await storage().list(row.storageKey ?? "");
        expect(stored).toContain(`contents/${row.id}/package/index.html`);
        expect(row.sizeBytes).toBeGreaterThan(0);
      } else if (rule.source === "url") {
        expect(row.url).toMatch(/^https:\/\//);
      } else {
        expect((data.body ?? "").length).toBeGreaterThan(200);
      }
    }
    const packages = { "numeracion-conversor": ["html", buildHtmlInteractive()], "numeracion-scorm": ["scorm12", buildScorm12Package()], "numeracion-xapi": ["xapi", buildXapiPackage()] } as const;
    for (const [key, [kind, zip]] of Object.entries(packages)) {
      const row = await rowOf(key);
      expect(dataOf(row).packageKind).toBe(kind);
      expect(row.sizeBytes).toBe(zip.byteLength);
      // What an upload of the same zip would record.
      const inspected = inspectPackage(zip, row.type as ContentTypeCode);
      expect({ packageKind: inspected.packageKind, launchPath: inspected.launchPath, activityId: inspected.activityId }).toEqual({
        packageKind: kind,
        launchPath: dataOf(row).launchPath,
        activityId: dataOf(row).activityId,
      });
      const entries = unzipSync(zip);
      expect((await storage().list(row.storageKey ?? "")).sort()).toEqual(Object.keys(entries).map((p) => `${row.storageKey}/${p}`).sort());
      for (const [entry, bytes] of Object.entries(entries)) expect(Buffer.compare(await read(`${row.storageKey}/${entry}`), Buffer.from(bytes))).toBe(0);
    }
    expect(dataOf(await rowOf("numeracion-xapi")).activityId).toBe(XAPI_ACTIVITY_ID);
  });

  it("stores PDFs of three pages that pdf-lib parses", async () => {
    const pdfs = (await seededRows()).filter((r) => r.mimeType === "application/pdf");
    expect(pdfs.map((r) => r.type).sort()).toEqual(["CTTY_01", "CTTY_05", "CTTY_05"]);
    for (const row of pdfs) {
      const bytes = await read(row.storageKey);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(3);
      expect(doc.getTitle()).toBeTruthy();
      expect(String(doc.catalog.lookup(PDFName.of("Lang")))).toMatch(/^\((es-ES|pt-BR)\)$/);
    }
  });

  it("stores PNG diagrams with a valid signature, IHDR, CRCs and pixel data, and alt text", async () => {
    for (const row of byType(await seededRows(), "CTTY_07")) {
      expect((dataOf(row).alt ?? "").length).toBeGreaterThan(40);
      const png = await read(row.storageKey);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const chunks: Array<{ type: string; data: Buffer }> = [];
      for (let at = 8; at < png.length; ) {
        const length = png.readUInt32BE(at);
        const type = png.subarray(at + 4, at + 8).toString("latin1");
        const data = png.subarray(at + 8, at + 8 + length);
        expect(png.readUInt32BE(at + 8 + length)).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + length)));
        chunks.push({ type, data });
        at += 12 + length;
      }
      expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
      const ihdr = chunks[0]?.data ?? Buffer.alloc(0);
      const [width, height] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
      expect([width, height, ihdr[8], ihdr[9], ihdr[12]]).toEqual([320, 240, 8, 2, 0]);
      const raw = zlib.inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
      expect(raw.length).toBe((width * 3 + 1) * height);
      const colours = new Set<number>();
      for (let y = 0; y < height; y++) {
        expect(raw[y * (width * 3 + 1)]).toBe(0);
        for (let x = 0; x < width; x += 4) colours.add(raw.readUIntBE(y * (width * 3 + 1) + 1 + x * 3, 3));
      }
      expect(colours.size).toBeGreaterThanOrEqual(6); // white, ink and two shades for each block kind
    }
  });

  it("stores WAV audio consistent with its header, with WebVTT captions inside its duration", async () => {
    const audios = byType(await seededRows(), "CTTY_04");
    expect(audios).toHaveLength(2);
    for (const row of audios) {
      const wav = await read(row.storageKey);
      expect(wav.toString("latin1", 0, 4)).toBe("RIFF");
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.toString("latin1", 8, 16)).toBe("WAVEfmt ");
      expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt32LE(28), wav.readUInt16LE(32), wav.readUInt16LE(34)]).toEqual([
        1, 1, WAV_SAMPLE_RATE, WAV_SAMPLE_RATE * 2, 2, 16,
      ]);
      expect(wav.toString("latin1", 36, 40)).toBe("data");
      expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
      const durationMs = ((wav.length - 44) / 2 / WAV_SAMPLE_RATE) * 1000;
      expect(durationMs).toBeGreaterThanOrEqual(5000);
      expect(durationMs).toBeLessThanOrEqual(7000);
      let peak = 0;
      for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
      expect(peak).toBeGreaterThan(10_000);

      const data = dataOf(row);
      expect(data).toMatchObject({ captionsKey: `contents/${row.id}/captions.vtt`, captionsLanguage: "es" });
      const vtt = (await read(data.captionsKey ?? null)).toString("utf8");
      expect(vtt.startsWith("WEBVTT\n")).toBe(true);
      const toMs = (s: string) => {
        const [h, m, rest] = s.split(":");
        return (Number(h) * 3600 + Number(m) * 60 + Number(rest)) * 1000;
      };
      const cues = [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)].map((m) => ({ start: toMs(m[1] ?? ""), end: toMs(m[2] ?? ""), text: m[3] }));
      expect(cues.length).toBeGreaterThanOrEqual(4);
      let previousEnd = 0;
      for (const cue of cues) {
        expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
        expect(cue.end).toBeGreaterThan(cue.start);
        expect(cue.end).toBeLessThanOrEqual(durationMs);
        previousEnd = cue.end;
      }
    }
  });

  it("keeps zip downloads as files with their entries, and a Word document that is a real docx", async () => {
    const zipRow = await rowOf("potencias-tablas");
    const entries = unzipSync(await read(zipRow.storageKey));
    expect(dataOf(zipRow).entries).toEqual(Object.entries(entries).map(([p, b]) => ({ path: p, sizeBytes: b.length })));
    expect(strFromU8(entries["potencias-base-2.csv"] ?? new Uint8Array())).toContain("10;1024;");

    const docx = unzipSync(await read((await rowOf("operaciones-ficha")).storageKey));
    expect(Object.keys(docx).sort()).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
    expect(strFromU8(docx["_rels/.rels"] ?? new Uint8Array())).toContain('Target="word/document.xml"');
    expect(strFromU8(docx["word/document.xml"] ?? new Uint8Array())).toContain("Ficha de ejercicios: operaciones con números naturales");

    const page = (await read((await rowOf("potencias-pagina")).storageKey)).toString("utf8");
    expect(page).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(page).toContain("<th scope=\"row\">10<sup>6</sup></th><td>1.000.000</td>");
  });

  it("re-seeding writes no file and changes no row, and restores a missing file", async () => {
    const before = { rows: await seededRows(), links: await db().select().from(lessonContents).where(inArray(lessonContents.contentId, ids)) };
    const put = jest.spyOn(storage(), "put");
    try {
      await seedDemo(db(), storage());
      expect(put).not.toHaveBeenCalled();
      expect(await seededRows()).toEqual(before.rows);
      expect(await db().select().from(lessonContents).where(inArray(lessonContents.contentId, ids))).toEqual(before.links);

      const pdf = await rowOf("numeracion-apuntes");
      await storage().removePrefix(pdf.storageKey ?? "");
      await seedDemo(db(), storage());
      expect(put.mock.calls.map(([key]) => key)).toEqual([pdf.storageKey]);
      expect(await storage().size(pdf.storageKey ?? "")).toBe(pdf.sizeBytes);
    } finally {
      put.mockRestore();
    }
  });

  it("builds the same bytes on a fresh storage (deterministic files)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-seed-"));
    try {
      const other = createStorage(dir);
      const editionIds = new Map((await db().select().from(tenants)).map((r) => [r.slug as EditionSlug, r.id]));
      const pubs = await db().select({ id: publications.id, title: publications.title }).from(publications);
      const publicationIds = new Map(DEMO_PUBLICATIONS.map((p) => [p.key, pubs.find((x) => x.title === p.title)?.id ?? ""]));
      await seedLessonContent(db(), other, {
        editions: { tenants: editionIds, schools: new Map() },
        people: new Map(),
        publications: publicationIds,
      });
      const mine = await storage().list("contents");
      expect(await other.list("contents")).toEqual(mine);
      for (const key of mine) expect(Buffer.compare(await other.read(key), await storage().read(key))).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Loads a package's page in jsdom with its own script, after `prepare` sets up the window. */
async function runPackage(packageKey: string, script: string, url: string, prepare: (w: JSDOM["window"]) => void): Promise<JSDOM["window"]> {
  const row = await rowOf(packageKey);
  const html = (await read(`${row.storageKey}/index.html`)).toString("utf8").replace(/<script src="[^"]+"><\/script>/, "");
  const dom = new JSDOM(html, { url, runScripts: "outside-only" });
  prepare(dom.window);
  dom.window.eval((await read(`${row.storageKey}/${script}`)).toString("utf8"));
  return dom.window;
}
/** Lets the package's pending fetch callbacks run until `done` holds (each turn yields to the event loop). */
async function until(done: () => boolean, turns = 200): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error("the package did not get there");
}
const choose = (w: JSDOM["window"], name: string, value: string) => {
  const input = w.document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
  if (!input) throw new Error(`no option ${name}=${value}`);
  input.checked = true;
};
const click = (w: JSDOM["window"], id: string) => w.document.getElementById(id)?.dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
const submit = (w: JSDOM["window"], id: string) => w.document.getElementById(id)?.dispatchEvent(new w.Event("submit", { bubbles: true, cancelable: true }));

describe("the seeded SCORM 1.2 package", () => {
  it("declares a 1.2 manifest whose SCO exists in the package", async () => {
    const row = await rowOf("numeracion-scorm");
    const manifest = (await read(`${row.storageKey}/imsmanifest.xml`)).toString("utf8");
    expect(manifest).toContain("<schemaversion>1.2</schemaversion>");
    const sco = /<resource [^>]*adlcp:scormtype="sco"[^>]*href="([^"]+)"/.exec(manifest);
    expect(sco?.[1]).toBe("index.html");
    expect(await storage().size(`${row.storageKey}/${sco?.[1]}`)).toBeGreaterThan(0);
    for (const file of manifest.matchAll(/<file href="([^"]+)"\/>/g)) expect(await storage().size(`${row.storageKey}/${file[1]}`)).toBeGreaterThan(0);
  });

  /** A recording LMS API holding its CMI between launches. */
  function lms(cmi: Record<string, string>) {
    const calls: string[] = [];
    return {
      cmi,
      calls,
      API: {
        LMSInitialize: () => (calls.push("init"), "true"),
        LMSGetValue: (k: string) => cmi[k] ?? "",
        LMSSetValue: (k: string, v: string) => ((cmi[k] = v), "true"),
        LMSCommit: () => (calls.push("commit"), "true"),
        LMSFinish: () => (calls.push("finish"), "true"),
        LMSGetLastError: () => "0",
        LMSGetErrorString: () => "",
        LMSGetDiagnostic: () => "",
      },
    };
  }

  it("starts incomplete, commits each page, resumes where it was left, scores and finishes", async () => {
    const first = lms({ "cmi.core.lesson_status": "not attempted" });
    let w = await runPackage("numeracion-scorm", "sco.js", "https://aula.local/p/index.html", (win) => Object.assign(win, { API: first.API }));
    expect(first.cmi["cmi.core.lesson_status"]).toBe("incomplete");
    expect(w.document.querySelector<HTMLElement>('[data-page="1"]')?.hidden).toBe(false);
    click(w, "next");
    expect(first.cmi["cmi.core.lesson_location"]).toBe("2");
    expect(first.calls.filter((c) => c === "commit").length).toBeGreaterThanOrEqual(2);
    expect(w.document.activeElement?.id).toBe("h2");
    w.dispatchEvent(new w.Event("pagehide"));
    expect(first.cmi["cmi.core.exit"]).toBe("suspend");
    expect(first.calls.at(-1)).toBe("finish");

    // Relaunch with the stored CMI: back on page 2, then the check with two right answers.
    const second = lms({ ...first.cmi });
    w = await runPackage("numeracion-scorm", "sco.js", "https://aula.local/p/index.html", (win) => Object.assign(win, { API: second.API }));
    expect(w.document.querySelector<HTMLElement>('[data-page="2"]')?.hidden).toBe(false);
    expect(w.document.querySelector<HTMLElement>('[data-page="1"]')?.hidden).toBe(true);
    click(w, "next");
    choose(w, "q1", "2");
    choose(w, "q2", "1");
    choose(w, "q3", "0");
    submit(w, "quiz");
    expect(second.cmi).toMatchObject({ "cmi.core.score.raw": "67", "cmi.core.score.min": "0", "cmi.core.score.max": "100", "cmi.core.lesson_status": "passed" });
    expect(w.document.getElementById("result")?.textContent).toContain("2 de 3");
    choose(w, "q2", "0");
    submit(w, "quiz");
    expect(second.cmi).toMatchObject({ "cmi.core.score.raw": "33", "cmi.core.lesson_status": "failed" });
    click(w, "finish");
    expect(second.calls.at(-1)).toBe("finish");
    expect(second.cmi["cmi.core.exit"]).toBe("");
    expect(second.cmi["cmi.core.session_time"]).toMatch(/^\d{4}:\d\d:\d\d$/);
  });

  it("still works, and says so, when no LMS is found", async () => {
    const w = await runPackage("numeracion-scorm", "sco.js", "https://aula.local/p/index.html", () => undefined);
    expect(w.document.getElementById("lms-status")?.textContent).toContain("no se guardará");
    click(w, "next");
    expect(w.document.querySelector<HTMLElement>('[data-page="2"]')?.hidden).toBe(false);
  });
});

describe("the seeded xAPI package", () => {
  const actor = { objectType: "Agent", name: "Lucía Martín", account: { homePage: "https://aula.local", name: "u-1" } };
  const registration = "6c1b4c1e-9f3b-4f5e-8a55-3f0c2a9d1e77";

  it("declares its launch in tincan.xml", async () => {
    const row = await rowOf("numeracion-xapi");
    const tincan = (await read(`${row.storageKey}/tincan.xml`)).toString("utf8");
    expect(tincan).toContain(`<activity id="${XAPI_ACTIVITY_ID}" type="http://adlnet.gov/expapi/activities/course">`);
    const launch = /<launch lang="und">([^<]+)<\/launch>/.exec(tincan)?.[1];
    expect(launch).toBe("index.html");
    expect(await storage().size(`${row.storageKey}/${launch}`)).toBeGreaterThan(0);
  });

  it("posts initialized, answered, completed and passed statements to the launch endpoint", async () => {
    const posts: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
    const query = new URLSearchParams({ endpoint: "https://aula.local/api/lrs/records", auth: "Basic a2V5OnNlY3JldA==", actor: JSON.stringify(actor), registration, activity_id: XAPI_ACTIVITY_ID });
    const w = await runPackage("numeracion-xapi", "app.js", `https://aula.local/p/index.html?${query}`, (win) => {
      Object.assign(win, {
        fetch: async (url: string, init: { headers: Record<string, string>; body: string }) => {
          posts.push({ url, headers: init.headers, body: JSON.parse(init.body) });
          return { ok: true, status: 200 };
        },
      });
    });
    choose(w, "xiv", "1");
    choose(w, "cuarenta", "2");
    choose(w, "mcm", "1");
    submit(w, "quiz");
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(posts.map((p) => p.url)).toEqual(Array(5).fill("https://aula.local/api/lrs/records/statements"));
    for (const p of posts) expect(p.headers).toEqual({ Authorization: "Basic a2V5OnNlY3JldA==", "X-Experience-API-Version": "1.0.3", "Content-Type": "application/json" });
    const statements = posts.flatMap((p) => (Array.isArray(p.body) ? p.body : [p.body])) as Array<Record<string, unknown>>;
    const verbs = statements.map((s) => (s.verb as { id: string }).id.split("/").pop());
    expect(verbs).toEqual(["initialized", "answered", "answered", "answered", "completed", "passed"]);
    for (const s of statements) {
      expect(s.actor).toEqual(actor);
      expect((s.context as { registration: string }).registration).toBe(registration);
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(statements.slice(1, 4).map((s) => s.result)).toEqual([
      { success: true, response: "1" },
      { success: true, response: "2" },
      { success: false, response: "1" },
    ]);
    expect((statements[1]?.object as { id: string }).id).toBe(`${XAPI_ACTIVITY_ID}/preguntas/xiv`);
    expect(statements[5]?.result).toEqual({ success: true, score: { scaled: 0.67, raw: 2, min: 0, max: 3 } });
    expect(w.document.getElementById("sync")?.textContent).toContain("6");
  });

  it("resumes through the State resource: reads the answers of the last launch and keeps each new choice", async () => {
    const requests: Array<{ url: URL; method: string; headers: Record<string, string>; body?: string }> = [];
    const query = new URLSearchParams({ endpoint: "https://aula.local/api/lrs/", auth: "Basic a2V5OnNlY3JldA==", actor: JSON.stringify(actor), registration, activity_id: XAPI_ACTIVITY_ID });
    const w = await runPackage("numeracion-xapi", "app.js", `https://aula.local/p/index.html?${query}`, (win) => {
      Object.assign(win, {
        fetch: async (url: string, init: { method?: string; headers: Record<string, string>; body?: string }) => {
          const request = { url: new URL(url), method: init.method ?? "GET", headers: init.headers, ...(init.body !== undefined ? { body: init.body } : {}) };
          requests.push(request);
          const isState = request.url.pathname.endsWith("/activities/state");
          return isState && request.method === "GET"
            ? { ok: true, status: 200, json: async () => ({ answers: { xiv: "1", cuarenta: "0" } }) }
            : { ok: true, status: isState ? 204 : 200, json: async () => [] };
        },
      });
    });
    const checked = (name: string) => w.document.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
    await until(() => checked("cuarenta") !== undefined);
    expect([checked("xiv"), checked("cuarenta"), checked("mcm")]).toEqual(["1", "0", undefined]);
    expect(w.document.getElementById("resume")?.textContent).toContain("recuperado");

    const read = requests.find((r) => r.url.pathname.endsWith("/activities/state"));
    expect(read?.method).toBe("GET");
    expect(Object.fromEntries(read?.url.searchParams ?? [])).toEqual({ stateId: XAPI_STATE_ID, activityId: XAPI_ACTIVITY_ID, agent: JSON.stringify(actor), registration });
    expect(read?.headers).toMatchObject({ Authorization: "Basic a2V5OnNlY3JldA==", "X-Experience-API-Version": "1.0.3" });

    choose(w, "mcm", "0");
    w.document.getElementById("quiz")?.dispatchEvent(new w.Event("change", { bubbles: true }));
    await until(() => requests.some((r) => r.method === "PUT"));
    const saved = requests.find((r) => r.method === "PUT");
    expect(saved?.url.toString()).toBe(read?.url.toString());
    expect(saved?.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(saved?.body ?? "null")).toEqual({ answers: { xiv: "1", cuarenta: "0", mcm: "0" } });
  });

  it("shows a clear message without launch parameters and sends nothing", async () => {
    const fetched: unknown[] = [];
    const w = await runPackage("numeracion-xapi", "app.js", "https://aula.local/p/index.html", (win) => Object.assign(win, { fetch: async (...a: unknown[]) => fetched.push(a) }));
    const error = w.document.getElementById("launch-error");
    expect(error?.hidden).toBe(false);
    expect(error?.textContent).toContain("Faltan los parámetros de lanzamiento");
    choose(w, "xiv", "1");
    choose(w, "cuarenta", "0");
    choose(w, "mcm", "1");
    submit(w, "quiz");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).toEqual([]);
    expect(w.document.getElementById("result")?.textContent).toContain("1 de 3");
  });
});

describe("the seeded HTML interactive", () => {
  it("converts to and from Roman numerals and rejects badly written ones", async () => {
    const w = await runPackage("numeracion-conversor", "script.js", "https://aula.local/p/index.html", () => undefined);
    const input = (id: string) => w.document.getElementById(id) as HTMLInputElement;
    expect(w.document.querySelector('label[for="arabic"]')).not.toBeNull();
    expect(w.document.querySelector('label[for="roman"]')).not.toBeNull();
    input("arabic").value = "2026";
    submit(w, "to-roman");
    expect(w.document.getElementById("to-roman-result")?.textContent).toContain("2026 se escribe MMXXVI");
    input("arabic").value = "4000";
    submit(w, "to-roman");
    expect(input("arabic").getAttribute("aria-invalid")).toBe("true");
    input("roman").value = "mcmxcii";
    submit(w, "to-arabic");
    expect(w.document.getElementById("to-arabic-result")?.textContent).toBe("MCMXCII vale 1992.");
    input("roman").value = "IIII";
    submit(w, "to-arabic");
    expect(w.document.getElementById("to-arabic-result")?.className).toBe("error");
  });
});
