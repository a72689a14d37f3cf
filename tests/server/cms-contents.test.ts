process.env.LOG_LEVEL = "silent";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { ContentDetailSchema, ContentPageSchema, UploadTargetSchema, type ContentDetail } from "../../src/contracts/lessons";
import { contents } from "../../src/server/db/schema";
import { uploadLimits } from "../../src/server/modules/contents/cms-service";
import { bearerFor, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { multipart, type Part } from "../support/multipart";

let t: TestApp;
let teacher: { authorization: string };
let colleague: { authorization: string };
let student: { authorization: string };
let foreign: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await bearerFor(t.app, "teacher@demo.test");
  colleague = await bearerFor(t.app, "newteacher@demo.test");
  student = await bearerFor(t.app, "student1@demo.test");
  foreign = await bearerFor(t.app, "teacher@lumen.test");
}, 180_000);
afterAll(() => t.close());

// ---- tiny real files ----
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A real 1x1 red PNG. */
function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const raw = Buffer.from([0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42\0\0\0\0mp42isom", "latin1"), Buffer.alloc(64)]);
const VTT = Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n");
const zip = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
const SCORM12 = `<manifest identifier="m"><metadata><schemaversion>1.2</schemaversion></metadata>
<organizations default="o"><organization identifier="o"><title>Demo</title><item identifier="i" identifierref="r"/></organization></organizations>
<resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="sco.html"/></resources></manifest>`;
const TINCAN = `<tincan><activities><activity id="https://demo.test/act/1" type="http://adlnet.gov/expapi/activities/course"><name>Act</name><launch>start.html</launch></activity></activities></tincan>`;

// ---- helpers ----
type ErrorJson = { error: { key: string; details?: unknown } };
const create = async (body: Record<string, unknown>, who = teacher) =>
  t.app.inject({ method: "POST", url: "/api/cms/contents", headers: who, payload: body });
async function createOk(body: Record<string, unknown>, who = teacher): Promise<ContentDetail> {
  const res = await create(body, who);
  expect(res.statusCode).toBe(201);
  return ContentDetailSchema.parse(res.json<{ data: unknown }>().data);
}
const upload = async (guid: string, parts: Part[], who = teacher) => {
  const form = multipart(parts);
  return t.app.inject({ method: "POST", url: `/api/cms/contents/${guid}/content/upload`, headers: { ...who, ...form.headers }, payload: form.payload });
};
async function uploadOk(guid: string, parts: Part[]): Promise<ContentDetail> {
  const res = await upload(guid, parts);
  expect(res.json()).toMatchObject({ status: "success" });
  expect(res.statusCode).toBe(200);
  return ContentDetailSchema.parse(res.json<{ data: unknown }>().data);
}
const stored = (guid: string) => t.app.ctx.storage.list(`contents/${guid}`);

/** One of the publisher's contents (no owner) in the demo edition. */
async function publisherContent(title: string, type = "CTTY_05") {
  const me = await demoUser(t.app, "teacher@demo.test");
  const [row] = await t.app.ctx.db.insert(contents).values({ tenantId: me.tenantId, type, title }).returning();
  if (!row) throw new Error("no row");
  return row;
}

describe("POST /api/cms/contents", () => {
  it("creates authorable contents and checks their address or text", async () => {
    const link = await createOk({ type: "CTTY_06", title: "Museo del Prado", url: "https://www.museodelprado.es" });
    expect(link).toMatchObject({ type: "CTTY_06", mine: true, ready: true, url: "https://www.museodelprado.es" });
    expect(link.view).toMatchObject({ viewer: "link", url: "https://www.museodelprado.es", fileUrl: null });

    const text = await createOk({ type: "CTTY_09", title: "Tarea", body: "Escribe una redacción" });
    expect(text.view).toMatchObject({ viewer: "text", body: "Escribe una redacción" });

    const noUrl = await create({ type: "CTTY_14", title: "Interactivo" });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json<ErrorJson>().error).toEqual(expect.objectContaining({ key: "VALIDATION_ERROR", details: [{ field: "url", message: "required" }] }));
    const blankBody = await create({ type: "CTTY_02", title: "Texto", body: "   " });
    expect(blankBody.json<ErrorJson>().error.details).toEqual([{ field: "body", message: "required" }]);
    expect((await create({ type: "CTTY_06", title: "x", url: "javascript:alert(1)" })).statusCode).toBe(400);

    const activity = await create({ type: "CTTY_10", title: "Actividad" });
    expect(activity.statusCode).toBe(400);
    expect(activity.json<ErrorJson>().error.key).toBe("CONTENT_TYPE_NOT_AUTHORABLE");

    const pdf = await createOk({ type: "CTTY_05", title: "Tema 1" });
    expect(pdf).toMatchObject({ ready: false, fileName: null });
    expect(pdf.view).toMatchObject({ viewer: "pdf", fileUrl: null });
  });

  it("is for authors only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/cms/contents" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/cms/contents", headers: student })).statusCode).toBe(403);
    expect((await create({ type: "CTTY_06", title: "x", url: "https://a.test" }, student)).statusCode).toBe(403);
  });
});

describe("GET /api/cms/contents", () => {
  it("lists the publisher's and the caller's own, by title without accents, type and owner, with paging", async () => {
    const publisher = await publisherContent("La Célula animal");
    const mine = await createOk({ type: "CTTY_06", title: "Células vegetales", url: "https://a.test" });
    const theirs = await createOk({ type: "CTTY_06", title: "Célula de un colega", url: "https://b.test" }, colleague);

    const list = async (query: string, who = teacher) => {
      const res = await t.app.inject({ method: "GET", url: `/api/cms/contents${query}`, headers: who });
      expect(res.statusCode).toBe(200);
      return ContentPageSchema.parse(res.json<{ data: unknown }>().data);
    };
    const found = await list("?search=CELULA");
    expect(found.items.map((i) => i.guid).sort()).toEqual([publisher.id, mine.guid].sort());
    expect(found.items.find((i) => i.guid === publisher.id)).toMatchObject({ mine: false });
    expect((await list("?search=celula&mine=1")).items.map((i) => i.guid)).toEqual([mine.guid]);
    expect((await list("?search=celula&type=CTTY_05")).items.map((i) => i.guid)).toEqual([publisher.id]);
    expect((await list("?search=colega", colleague)).items.map((i) => i.guid)).toEqual([theirs.guid]);
    expect((await list("?search=100%25")).total).toBe(0);

    const page = await list("?pageSize=1&offset=1");
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await list("?offset=500")).total).toBe(page.total);
    expect((await t.app.inject({ method: "GET", url: "/api/cms/contents?type=CTTY_99", headers: teacher })).statusCode).toBe(400);
  });
});

describe("GET, PUT and DELETE /api/cms/contents/:guid", () => {
  it("lets only the owner edit and delete; the publisher's are read-only; other editions see nothing", async () => {
    const own = await createOk({ type: "CTTY_06", title: "Mío", url: "https://a.test" });
    const publisher = await publisherContent("Del editor");
    const put = (guid: string, payload: Record<string, unknown>, who = teacher) =>
      t.app.inject({ method: "PUT", url: `/api/cms/contents/${guid}`, headers: who, payload });

    const edited = await put(own.guid, { title: "Mío (editado)", url: "https://b.test" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: ContentDetail }>().data).toMatchObject({ title: "Mío (editado)", url: "https://b.test" });

    expect((await put(publisher.id, { title: "No" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/cms/contents/${publisher.id}`, headers: teacher })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/cms/contents/${publisher.id}`, headers: teacher })).statusCode).toBe(200);

    // A colleague's content is neither listed nor opened here.
    expect((await put(own.guid, { title: "No" }, colleague)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/cms/contents/${own.guid}`, headers: colleague })).statusCode).toBe(404);
    // Another edition's: 404, the same as a missing one.
    const cross = await t.app.inject({ method: "GET", url: `/api/cms/contents/${own.guid}`, headers: foreign });
    expect(cross.statusCode).toBe(404);
    expect(cross.json<ErrorJson>().error.key).toBe("CONTENT_NOT_AVAILABLE");
    expect((await t.app.inject({ method: "GET", url: `/api/front/contents/${own.guid}`, headers: foreign })).statusCode).toBe(404);

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/cms/contents/${own.guid}`, headers: teacher });
    expect(deleted.statusCode).toBe(204);
    const [row] = await t.app.ctx.db.select().from(contents).where(eq(contents.id, own.guid));
    expect(row?.deletedAt).not.toBeNull();
    const gone = await t.app.inject({ method: "GET", url: `/api/cms/contents/${own.guid}`, headers: teacher });
    expect(gone.statusCode).toBe(410);
    expect(gone.json<ErrorJson>().error.key).toBe("CONTENT_DELETED");
    expect((await put(own.guid, { title: "x" })).statusCode).toBe(410);
  });
});

describe("GET /api/front/contents/:guid", () => {
  it("shows authors their contents and students nothing outside a class", async () => {
    const own = await createOk({ type: "CTTY_02", title: "Lectura", body: "Érase una vez" });
    const res = await t.app.inject({ method: "GET", url: `/api/front/contents/${own.guid}`, headers: teacher });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ContentDetail }>().data.view).toMatchObject({ viewer: "text", body: "Érase una vez" });
    const forStudent = await t.app.inject({ method: "GET", url: `/api/front/contents/${own.guid}`, headers: student });
    expect(forStudent.statusCode).toBe(404);
    expect(forStudent.json<ErrorJson>().error.key).toBe("CONTENT_NOT_AVAILABLE");
  });
});

describe("GET /api/cms/contents/:guid/content/upload", () => {
  it("describes the upload for file and package types only, to the owner only", async () => {
    const video = await createOk({ type: "CTTY_03", title: "Vídeo" });
    const res = await t.app.inject({ method: "GET", url: `/api/cms/contents/${video.guid}/content/upload`, headers: teacher });
    expect(res.statusCode).toBe(200);
    expect(UploadTargetSchema.parse(res.json<{ data: unknown }>().data)).toEqual({
      uploadUrl: `/api/cms/contents/${video.guid}/content/upload`,
      method: "POST",
      fileField: "file",
      captionsField: "captions",
      maxBytes: 200 * 1024 * 1024,
      accept: ["mp4", "webm", "ogv", "m4v"],
    });
    const scorm = await createOk({ type: "CTTY_15", title: "SCORM" });
    const target = await t.app.inject({ method: "GET", url: `/api/cms/contents/${scorm.guid}/content/upload`, headers: teacher });
    expect(target.json<{ data: { maxBytes: number } }>().data.maxBytes).toBe(300 * 1024 * 1024);
    expect((await t.app.inject({ method: "GET", url: `/api/cms/contents/${video.guid}/content/upload`, headers: colleague })).statusCode).toBe(404);
    const link = await createOk({ type: "CTTY_06", title: "l", url: "https://a.test" });
    expect((await t.app.inject({ method: "GET", url: `/api/cms/contents/${link.guid}/content/upload`, headers: teacher })).statusCode).toBe(400);
  });
});

describe("POST /api/cms/contents/:guid/content/upload", () => {
  it("stores each accepted kind and presents its viewer", async () => {
    const pdf = await createOk({ type: "CTTY_05", title: "PDF" });
    const up = await uploadOk(pdf.guid, [{ name: "file", filename: "../Tema 1: la célula.pdf", content: PDF }]);
    expect(up).toMatchObject({ ready: true, fileName: "Tema_1_la_célula.pdf", mimeType: "application/pdf", sizeBytes: PDF.length });
    expect(up.view.viewer).toBe("pdf");
    expect(up.view.fileUrl).toMatch(new RegExp(`^/content-files/${pdf.guid}\\.\\d+\\.[\\w-]+/Tema_1_la_c%C3%A9lula\\.pdf$`));
    expect(await stored(pdf.guid)).toEqual([`contents/${pdf.guid}/Tema_1_la_célula.pdf`]);

    const image = await createOk({ type: "CTTY_07", title: "Imagen", alt: "Un punto rojo" });
    const img = await uploadOk(image.guid, [{ name: "file", filename: "punto.PNG", content: png() }]);
    expect(img).toMatchObject({ fileName: "punto.png", mimeType: "image/png" });
    expect(img.view).toMatchObject({ viewer: "image", alt: "Un punto rojo" });

    const video = await createOk({ type: "CTTY_03", title: "Vídeo" });
    const vid = await uploadOk(video.guid, [
      { name: "file", filename: "clip.mp4", content: MP4 },
      { name: "captions", filename: "clip.vtt", content: VTT },
      { name: "captionsLanguage", content: "es" },
    ]);
    expect(vid.view).toMatchObject({ viewer: "video", captionsLanguage: "es" });
    expect(vid.view.captionsUrl).toMatch(/\/captions\.vtt$/);
    expect(vid.data).not.toHaveProperty("captionsKey");

    const download = await createOk({ type: "CTTY_12", title: "Zip" });
    const dl = await uploadOk(download.guid, [{ name: "file", filename: "material.zip", content: zip({ "a.txt": "hola", "b/c.txt": "adiós" }) }]);
    expect(dl.view).toMatchObject({ viewer: "download", entries: [{ path: "a.txt", sizeBytes: 4 }, { path: "b/c.txt", sizeBytes: 6 }] });

    const office = await createOk({ type: "CTTY_11", title: "Documento" });
    const doc = await uploadOk(office.guid, [{ name: "file", filename: "notas.docx", content: zip({ "[Content_Types].xml": "<Types/>" }) }]);
    expect(doc).toMatchObject({ mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
    expect(doc.view.viewer).toBe("download");

    const html = await createOk({ type: "CTTY_08", title: "Interactivo" });
    const h = await uploadOk(html.guid, [{ name: "file", filename: "juego.zip", content: zip({ "index.html": "<h1>Juego</h1>" }) }]);
    expect(h.view).toMatchObject({ viewer: "html", packageKind: "html" });
    expect(h.view.launchUrl).toMatch(/\/package\/index\.html$/);

    const scorm = await createOk({ type: "CTTY_15", title: "SCORM" });
    const s = await uploadOk(scorm.guid, [{ name: "file", filename: "scorm.zip", content: zip({ "imsmanifest.xml": SCORM12, "sco.html": "<html></html>" }) }]);
    expect(s.view).toMatchObject({ viewer: "scorm", packageKind: "scorm12" });
    expect(s.data).toMatchObject({ packageKind: "scorm12", launchPath: "sco.html" });
    expect(await stored(scorm.guid)).toEqual([`contents/${scorm.guid}/package/imsmanifest.xml`, `contents/${scorm.guid}/package/sco.html`]);

    const xapi = await createOk({ type: "CTTY_17", title: "xAPI" });
    const x = await uploadOk(xapi.guid, [{ name: "file", filename: "xapi.zip", content: zip({ "tincan.xml": TINCAN, "start.html": "<html></html>" }) }]);
    expect(x.data).toMatchObject({ packageKind: "xapi", launchPath: "start.html", activityId: "https://demo.test/act/1" });

    const page = await createOk({ type: "CTTY_13", title: "Página" });
    const p = await uploadOk(page.guid, [{ name: "file", filename: "pagina.html", content: "<p>Hola</p>" }]);
    expect(p.view.viewer).toBe("html");
    expect(p.view.launchUrl).toBe(p.view.fileUrl);
  });

  it("replaces the previous file", async () => {
    const pdf = await createOk({ type: "CTTY_01", title: "Libro" });
    await uploadOk(pdf.guid, [{ name: "file", filename: "uno.pdf", content: PDF }]);
    const second = await uploadOk(pdf.guid, [{ name: "file", filename: "dos.pdf", content: PDF }]);
    expect(second.fileName).toBe("dos.pdf");
    expect(await stored(pdf.guid)).toEqual([`contents/${pdf.guid}/dos.pdf`]);
  });

  it("refuses missing, wrong, renamed and too large files, bad captions and invalid packages", async () => {
    const pdf = await createOk({ type: "CTTY_05", title: "PDF" });
    const error = async (parts: Part[], guid = pdf.guid) => {
      const res = await upload(guid, parts);
      return { status: res.statusCode, ...res.json<ErrorJson>().error };
    };
    expect(await error([{ name: "other", content: "x" }])).toMatchObject({ status: 400, key: "FILE_REQUIRED" });
    expect(await error([{ name: "file", filename: "", content: "" }])).toMatchObject({ status: 400, key: "FILE_REQUIRED" });
    expect(await error([{ name: "file", filename: "empty.pdf", content: "" }])).toMatchObject({ status: 400, key: "FILE_REQUIRED" });
    const notMultipart = await t.app.inject({ method: "POST", url: `/api/cms/contents/${pdf.guid}/content/upload`, headers: teacher, payload: { file: "x" } });
    expect(notMultipart.json<ErrorJson>().error.key).toBe("FILE_REQUIRED");

    expect(await error([{ name: "file", filename: "tema.docx", content: PDF }])).toMatchObject({
      status: 400,
      key: "FILE_TYPE_NOT_ALLOWED",
      details: { accept: "pdf" },
    });
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(100)]);
    expect(await error([{ name: "file", filename: "tema.pdf", content: exe }])).toMatchObject({ status: 400, key: "FILE_TYPE_NOT_ALLOWED" });
    const image = await createOk({ type: "CTTY_07", title: "Imagen" });
    expect(await error([{ name: "file", filename: "foto.png", content: PDF }], image.guid)).toMatchObject({
      key: "FILE_TYPE_NOT_ALLOWED",
      details: { accept: "png, jpg, jpeg, gif, webp, svg" },
    });

    const before = uploadLimits.fileBytes;
    uploadLimits.fileBytes = 1024;
    try {
      const big = Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]);
      expect(await error([{ name: "file", filename: "big.pdf", content: big }])).toMatchObject({ status: 413, key: "FILE_TOO_LARGE", details: { max: "1 KB" } });
      expect((await uploadOk(pdf.guid, [{ name: "file", filename: "small.pdf", content: PDF }])).fileName).toBe("small.pdf");
    } finally {
      uploadLimits.fileBytes = before;
    }

    const video = await createOk({ type: "CTTY_04", title: "Audio" });
    const mp3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(32)]);
    expect(await error([{ name: "file", filename: "a.mp3", content: mp3 }, { name: "captions", filename: "a.srt", content: VTT }], video.guid)).toMatchObject({
      key: "FILE_TYPE_NOT_ALLOWED",
      details: { accept: "vtt" },
    });
    expect(await error([{ name: "file", filename: "a.mp3", content: mp3 }, { name: "captions", filename: "a.vtt", content: "1\n00:00 --> 00:01" }], video.guid)).toMatchObject({
      key: "FILE_TYPE_NOT_ALLOWED",
    });
    expect(await error([{ name: "file", filename: "x.pdf", content: PDF }, { name: "captions", filename: "a.vtt", content: VTT }])).toMatchObject({ key: "VALIDATION_ERROR" });

    const scorm = await createOk({ type: "CTTY_15", title: "SCORM" });
    expect(await error([{ name: "file", filename: "s.zip", content: zip({ "index.html": "x" }) }], scorm.guid)).toMatchObject({
      status: 400,
      key: "PACKAGE_INVALID",
      details: { reason: "imsmanifest.xml is missing" },
    });
    expect(await error([{ name: "file", filename: "s.zip", content: zip({ "imsmanifest.xml": SCORM12, "sco.html": "x", "../../evil.html": "x" }) }], scorm.guid)).toMatchObject({
      key: "PACKAGE_INVALID",
    });
    expect(await stored(scorm.guid)).toEqual([]);

    expect((await upload(pdf.guid, [{ name: "file", filename: "x.pdf", content: PDF }], colleague)).statusCode).toBe(404);
    const publisher = await publisherContent("Editor PDF");
    expect((await upload(publisher.id, [{ name: "file", filename: "x.pdf", content: PDF }])).statusCode).toBe(403);
    expect((await upload(pdf.guid, [{ name: "file", filename: "x.pdf", content: PDF }], student)).statusCode).toBe(403);
  });
});

describe("POST /api/cms/contents-clone", () => {
  it("copies the row and its files as the caller's own", async () => {
    const source = await publisherContent("Original del editor");
    await t.app.ctx.storage.put(`contents/${source.id}/original.pdf`, PDF);
    await t.app.ctx.db
      .update(contents)
      .set({ storageKey: `contents/${source.id}/original.pdf`, fileName: "original.pdf", mimeType: "application/pdf", sizeBytes: PDF.length })
      .where(eq(contents.id, source.id));

    const res = await t.app.inject({ method: "POST", url: "/api/cms/contents-clone", headers: teacher, payload: { contentGuid: source.id, title: "Mi copia" } });
    expect(res.statusCode).toBe(201);
    const copy = ContentDetailSchema.parse(res.json<{ data: unknown }>().data);
    expect(copy).toMatchObject({ title: "Mi copia", mine: true, ready: true, fileName: "original.pdf" });
    expect(copy.guid).not.toBe(source.id);
    const [row] = await t.app.ctx.db.select().from(contents).where(eq(contents.id, copy.guid));
    expect(row).toMatchObject({ clonedFrom: source.id, storageKey: `contents/${copy.guid}/original.pdf` });
    expect(await stored(copy.guid)).toEqual([`contents/${copy.guid}/original.pdf`]);
    expect((await t.app.ctx.storage.read(`contents/${copy.guid}/original.pdf`)).equals(PDF)).toBe(true);

    // The copy is the caller's: they can edit it.
    expect((await t.app.inject({ method: "PUT", url: `/api/cms/contents/${copy.guid}`, headers: teacher, payload: { title: "Editada" } })).statusCode).toBe(200);
    // A text content without files clones too.
    const text = await createOk({ type: "CTTY_09", title: "Tarea", body: "Hazlo" });
    const textCopy = await t.app.inject({ method: "POST", url: "/api/cms/contents-clone", headers: teacher, payload: { contentGuid: text.guid } });
    expect(textCopy.json<{ data: ContentDetail }>().data).toMatchObject({ title: "Tarea", data: { body: "Hazlo" } });
    // Not a colleague's, nor from another edition.
    expect((await t.app.inject({ method: "POST", url: "/api/cms/contents-clone", headers: colleague, payload: { contentGuid: text.guid } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/api/cms/contents-clone", headers: foreign, payload: { contentGuid: source.id } })).statusCode).toBe(404);
  });
});
