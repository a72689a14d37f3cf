process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import vm from "node:vm";
import { strToU8, zipSync } from "fflate";
import { ContentDetailSchema, type ContentDetail } from "../../src/contracts/lessons";
import { contents } from "../../src/server/db/schema";
import { injectBridge, parseRange } from "../../src/server/modules/contents/files-routes";
import { bearerFor } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { fileForm } from "../support/multipart";

let t: TestApp;
let teacher: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp({ extraFrameAncestors: ["https://lms.example.test"] });
  teacher = await bearerFor(t.app, "teacher@demo.test");
}, 180_000);
afterAll(() => t.close());

const PDF = Buffer.from("%PDF-1.4\n0123456789abcdefghij\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const zip = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
const SCORM = `<manifest><metadata><schemaversion>2004 3rd Edition</schemaversion></metadata>
<organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"/></organization></organizations>
<resources><resource identifier="r" adlcp:scormType="sco" href="index.html"/></resources></manifest>`;
const PAGE = "<!DOCTYPE html><html><head><title>SCO</title></head><body><script>API.LMSInitialize('')</script></body></html>";

/** A content of `type` owned by the demo teacher with `filename` uploaded. */
async function contentWith(type: string, filename: string, content: Buffer | string): Promise<ContentDetail> {
  const created = await t.app.inject({ method: "POST", url: "/api/cms/contents", headers: teacher, payload: { type, title: filename } });
  const guid = created.json<{ data: { guid: string } }>().data.guid;
  const form = fileForm("file", filename, content);
  const res = await t.app.inject({ method: "POST", url: `/api/cms/contents/${guid}/content/upload`, headers: { ...teacher, ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(200);
  return ContentDetailSchema.parse(res.json<{ data: unknown }>().data);
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const grantOf = (url: string) => url.split("/")[2] ?? "";

describe("GET /content-files/<grant>/<path>", () => {
  it("serves a file with its type, length, caching and isolation headers", async () => {
    const pdf = await contentWith("CTTY_05", "tema.pdf", PDF);
    const res = await get(pdf.view.fileUrl ?? "");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-length"]).toBe(String(PDF.length));
    expect(res.headers["cache-control"]).toBe("private, max-age=3600");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("https://lms.example.test");
    expect(csp).not.toContain("sandbox");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });

  it("answers byte ranges with 206 and refuses ranges past the end with 416", async () => {
    const pdf = await contentWith("CTTY_05", "rango.pdf", PDF);
    const url = pdf.view.fileUrl ?? "";
    const part = await get(url, { range: "bytes=2-5" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 2-5/${PDF.length}`);
    expect(part.headers["content-length"]).toBe("4");
    expect(part.rawPayload.toString()).toBe(PDF.subarray(2, 6).toString());
    const tail = await get(url, { range: "bytes=-6" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.toString()).toBe("%%EOF\n");
    const open = await get(url, { range: "bytes=10-" });
    expect(open.headers["content-range"]).toBe(`bytes 10-${PDF.length - 1}/${PDF.length}`);
    const past = await get(url, { range: `bytes=${PDF.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${PDF.length}`);
    expect((await get(url, { range: "bytes=0-1,4-5" })).statusCode).toBe(200);
  });

  it("parses ranges", () => {
    expect(parseRange(undefined, 10)).toBe("none");
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=5-100", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=-100", 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=6-2", 10)).toBe("unsatisfiable");
    expect(parseRange("items=0-1", 10)).toBe("none");
  });

  it("refuses forged and expired grants with 403 and another content's files with 404", async () => {
    const pdf = await contentWith("CTTY_05", "secreto.pdf", PDF);
    const url = pdf.view.fileUrl ?? "";
    const grant = grantOf(url);
    const [id, expires, signature = ""] = grant.split(".");
    const forgedSignature = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const bad of [`${id}.${expires}.${forgedSignature}`, `${id}.${Number(expires) + 3600}.${signature}`, "nonsense", `${id}..`]) {
      const res = await get(url.replace(grant, bad));
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    }
    const expired = t.app.ctx.files.grant(pdf.guid, 60, Date.now() - 3 * 3600 * 1000);
    expect((await get(url.replace(grant, expired))).statusCode).toBe(403);

    // A grant opens its own content only: no path leaves the content's folder. (A literal "../"
    // is resolved by URL parsing before routing, turning the next segment into a bad grant: 403.)
    const other = await contentWith("CTTY_05", "otro.pdf", PDF);
    for (const dots of ["..", "%2e%2e"]) expect((await get(`/content-files/${grant}/${dots}/${other.guid}/otro.pdf`)).statusCode).toBe(403);
    for (const escape of [`..%2F${other.guid}%2Fotro.pdf`, `%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd`, "missing.pdf"]) {
      expect((await get(`/content-files/${grant}/${escape}`)).statusCode).toBe(404);
    }
  });

  it("answers 410 for a deleted content", async () => {
    const pdf = await contentWith("CTTY_05", "borrado.pdf", PDF);
    await t.app.ctx.db.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, pdf.guid));
    expect((await get(pdf.view.fileUrl ?? "")).statusCode).toBe(410);
  });

  it("sandboxes packages, HTML and SVG in an opaque origin the app may frame", async () => {
    const html = await contentWith("CTTY_08", "juego.zip", zip({ "index.html": "<h1>Juego</h1>", "img/logo.png": "x" }));
    const res = await get(html.view.launchUrl ?? "");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms allow-popups .*allow-modals allow-downloads allow-pointer-lock;/);
    expect(csp).not.toContain("allow-same-origin");
    expect(csp).toContain("connect-src *");
    expect(csp).toContain("default-src 'self' http://localhost:80 ");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.body).toBe("<h1>Juego</h1>");
    // Even an image inside a package is sandboxed.
    const asset = await get((html.view.launchUrl ?? "").replace("index.html", "img/logo.png"));
    expect(String(asset.headers["content-security-policy"])).toMatch(/^sandbox /);

    const svg = await contentWith("CTTY_07", "dibujo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const s = await get(svg.view.fileUrl ?? "");
    expect(s.headers["content-type"]).toBe("image/svg+xml");
    expect(String(s.headers["content-security-policy"])).toMatch(/^sandbox /);
    const png = await contentWith("CTTY_07", "foto.png", PNG);
    expect(String((await get(png.view.fileUrl ?? "")).headers["content-security-policy"])).not.toContain("sandbox");
  });

  it("offers office files and zips as downloads", async () => {
    const doc = await contentWith("CTTY_11", "notas.docx", zip({ "[Content_Types].xml": "<Types/>" }));
    const res = await get(doc.view.fileUrl ?? "");
    expect(res.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''notas.docx");
  });

  it("injects the SCORM bridge into a SCORM package's HTML pages only", async () => {
    const scorm = await contentWith("CTTY_15", "sco.zip", zip({ "imsmanifest.xml": SCORM, "index.html": PAGE, "app.js": "var x = '<head>';" }));
    const page = await get(scorm.view.launchUrl ?? "");
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(PAGE.replace("<head>", '<head><script src="/content-files/_runtime/scorm-bridge.js"></script>'));
    expect(page.headers["content-length"]).toBe(String(Buffer.byteLength(page.body)));
    const script = await get((scorm.view.launchUrl ?? "").replace("index.html", "app.js"));
    expect(script.body).toBe("var x = '<head>';");

    const html = await contentWith("CTTY_08", "plain.zip", zip({ "index.html": PAGE }));
    expect((await get(html.view.launchUrl ?? "")).body).toBe(PAGE);

    expect(injectBridge("<p>no head</p>")).toBe('<script src="/content-files/_runtime/scorm-bridge.js"></script><p>no head</p>');
    expect(injectBridge("<!doctype html><p>x</p>")).toBe('<!doctype html><script src="/content-files/_runtime/scorm-bridge.js"></script><p>x</p>');
    expect(injectBridge('<HEAD lang="es"><title>')).toBe('<HEAD lang="es"><script src="/content-files/_runtime/scorm-bridge.js"></script><title>');
  });

  it("serves the bridge: scorm-again's CrossFrameAPI as the SCORM 1.2 and 2004 APIs", async () => {
    const res = await get("/content-files/_runtime/scorm-bridge.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.body).toContain("this.CrossFrameAPI=");
    expect(res.body).not.toContain("sourceMappingURL");

    // Run it as a SCO's page would: the API is there at once and answers the resume point the
    // player put in the address (#aula-cmi=), before any message from the parent could arrive.
    const posted: unknown[] = [];
    const seed = { "cmi.core.lesson_location": "page-2", "cmi.suspend_data": "a=1" };
    const page: Record<string, unknown> = {
      location: { hash: `#aula-cmi=${encodeURIComponent(JSON.stringify(seed))}` },
      URLSearchParams,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      setInterval: () => 0,
      clearInterval: () => undefined,
      parent: { postMessage: (m: unknown) => posted.push(m) },
    };
    page.window = page;
    vm.runInNewContext(res.body, page);
    const api = page.API as { LMSGetValue(key: string): string };
    expect(page.API_1484_11).toBe(api);
    expect(api.LMSGetValue("cmi.core.lesson_location")).toBe("page-2");
    expect(api.LMSGetValue("cmi.suspend_data")).toBe("a=1");
  });
});
