import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import { UPLOAD_LIMITS } from "../../src/contracts/lessons";
import { AppError } from "../../src/server/platform/errors";
import { LocalStorage } from "../../src/server/platform/storage";
import { contentMatchesExtension, formatBytes, sanitizeFileName } from "../../src/server/modules/contents/mime";
import { entryPath, inspectPackage, listZipEntries, unpackPackage } from "../../src/server/modules/contents/packages";
import { attr, descendants, parseXml, textOf } from "../../src/server/modules/contents/xml";

const zip = (files: Record<string, string>): Uint8Array => zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])) as Zippable);

const scorm12Manifest = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a tool -->
<manifest identifier="demo" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp='http://www.adlnet.org/xsd/adlcp_rootv1p2'>
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG-B">
    <organization identifier="ORG-A"><title>Wrong org</title><item identifier="I0" identifierref="RES-ASSET"><title>x</title></item></organization>
    <organization identifier="ORG-B">
      <title>La c&#233;lula &amp; sus partes</title>
      <item identifier="I1"><title>Folder</title>
        <item identifier="I2" identifierref="RES-ASSET"><title>Asset</title></item>
        <item identifier="I3" identifierref="RES-SCO" parameters="?lang=es"><title>Lesson</title></item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-ASSET" type="webcontent" adlcp:scormtype="asset" href="shared/readme.html"><file href="shared/readme.html"/></resource>
    <resource identifier="RES-SCO" type="webcontent" adlcp:scormtype="sco" xml:base="sco/" href="player%20one.html"><file href="sco/player one.html"/></resource>
  </resources>
</manifest>`;

const scorm2004Manifest = `<manifest identifier="m" xmlns:imscp="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <imscp:metadata><imscp:schema>ADL SCORM</imscp:schema><imscp:schemaversion>2004 4th Edition</imscp:schemaversion></imscp:metadata>
  <imscp:organizations default="o1"><imscp:organization identifier="o1"><imscp:title>Fracciones</imscp:title>
    <imscp:item identifier="i1" identifierref="r1"/></imscp:organization></imscp:organizations>
  <imscp:resources><imscp:resource identifier="r1" adlcp:scormType="sco" type="webcontent" href="index.html"/></imscp:resources>
</manifest>`;

const tincan = `<?xml version="1.0" encoding="utf-8" ?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
    <activity id="https://demo.test/xapi/module/1/objective" type="http://adlnet.gov/expapi/activities/objective"><name>Objective</name></activity>
    <activity id="https://demo.test/xapi/module/1" type="http://adlnet.gov/expapi/activities/course">
      <name lang="es">Los volcanes</name>
      <launch lang="es">story.html</launch>
    </activity>
  </activities>
</tincan>`;

const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError && err.key === "PACKAGE_INVALID") return (err.details as { reason: string }).reason;
    throw err;
  }
  throw new Error("expected PACKAGE_INVALID");
};

describe("the manifest reader", () => {
  it("reads prefixed names, both quotings, entities, CDATA and skips DOCTYPE subsets", () => {
    const doc = parseXml(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><a:root xmlns:a="u"><a:item A:Ref='r&quot;1' plain="x">t<![CDATA[<b>]]>&e;</a:item></a:root>`);
    const [item] = descendants(doc, "item");
    expect(item && attr(item, "ref")).toBe('r"1');
    expect(item && attr(item, "PLAIN")).toBe("x");
    expect(textOf(item)).toBe("t<b>&e;");
  });
});

describe("inspectPackage", () => {
  it("detects SCORM 1.2 through the default organization's first SCO item, with bases and parameters", () => {
    const info = inspectPackage(
      zip({ "imsmanifest.xml": scorm12Manifest, "shared/readme.html": "r", "sco/player one.html": "<html></html>" }),
      "CTTY_15",
    );
    expect(info).toMatchObject({ packageKind: "scorm12", launchPath: "sco/player one.html?lang=es", title: "La célula & sus partes" });
  });

  it("detects SCORM 2004 with namespace prefixes inside a single top folder", () => {
    const info = inspectPackage(zip({ "course/imsmanifest.xml": scorm2004Manifest, "course/index.html": "<html></html>", "__MACOSX/._x": "junk" }));
    expect(info).toMatchObject({ packageKind: "scorm2004", launchPath: "course/index.html", title: "Fracciones" });
  });

  it("takes the version from the namespaces when schemaversion is absent", () => {
    const manifest = scorm2004Manifest.replace(/<imscp:metadata>.*<\/imscp:metadata>/, "");
    expect(inspectPackage(zip({ "imsmanifest.xml": manifest, "index.html": "x" })).packageKind).toBe("scorm2004");
  });

  it("detects xAPI from tincan.xml: launch and activity id of the course activity", () => {
    const info = inspectPackage(zip({ "tincan.xml": tincan, "story.html": "<html></html>" }), "CTTY_17");
    expect(info).toMatchObject({ packageKind: "xapi", launchPath: "story.html", activityId: "https://demo.test/xapi/module/1", title: "Los volcanes" });
  });

  it("detects plain HTML from index.html", () => {
    expect(inspectPackage(zip({ "index.html": "<p>hi</p>", "img/a.png": "x" }), "CTTY_08")).toMatchObject({ packageKind: "html", launchPath: "index.html" });
  });

  it("says which required file is missing for each package type", () => {
    expect(reason(() => inspectPackage(zip({ "index.html": "x" }), "CTTY_15"))).toBe("imsmanifest.xml is missing");
    expect(reason(() => inspectPackage(zip({ "index.html": "x" }), "CTTY_17"))).toBe("tincan.xml is missing");
    expect(reason(() => inspectPackage(zip({ "imsmanifest.xml": scorm2004Manifest }), "CTTY_08"))).toBe("index.html is missing");
    expect(reason(() => inspectPackage(zip({ "readme.txt": "x" })))).toMatch(/missing/);
  });

  it("refuses a launch page that is not in the package or leaves it", () => {
    expect(reason(() => inspectPackage(zip({ "imsmanifest.xml": scorm2004Manifest }), "CTTY_15"))).toBe('the launch page "index.html" is not in the package');
    const outside = tincan.replace("story.html", "../../etc/passwd");
    expect(reason(() => inspectPackage(zip({ "tincan.xml": outside }), "CTTY_17"))).toMatch(/outside the package/);
    const remote = tincan.replace("story.html", "https://evil.test/x.html");
    expect(reason(() => inspectPackage(zip({ "tincan.xml": remote }), "CTTY_17"))).toMatch(/outside the package/);
  });

  it("refuses traversal and absolute entries, too many entries, bombs and garbage", () => {
    expect(reason(() => inspectPackage(zip({ "index.html": "x", "../evil.js": "x" })))).toMatch(/outside the package/);
    expect(reason(() => inspectPackage(zip({ "index.html": "x", "a/../../evil.js": "x" })))).toMatch(/outside the package/);
    expect(reason(() => inspectPackage(zip({ "index.html": "x", "/etc/cron.d/x": "x" })))).toMatch(/absolute path/);
    expect(reason(() => inspectPackage(zip({ "index.html": "x", "C:\\windows\\x": "x" })))).toMatch(/absolute path/);
    const many: Record<string, string> = { "index.html": "x" };
    for (let i = 0; i < UPLOAD_LIMITS.packageEntries; i++) many[`f/${i}.txt`] = "";
    expect(reason(() => inspectPackage(zip(many)))).toMatch(/more than 5000 files/);
    expect(reason(() => inspectPackage(strToU8("PK\u0003\u0004 not really a zip")))).toBe("the zip file cannot be read");
    expect(reason(() => inspectPackage(zipSync({})))).toMatch(/cannot be read|empty/);
  });

  it("refuses a zip whose declared unpacked size is a bomb, before inflating it", () => {
    const bomb = zipSync({ "index.html": strToU8("x"), "big.bin": new Uint8Array(16) });
    // Patch the central directory's uncompressed size of the second entry to 2 GB.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    let patched = 0;
    for (let i = 0; i < bomb.length - 4; i++) {
      if (view.getUint32(i, true) === 0x02014b50) {
        const nameLength = view.getUint16(i + 28, true);
        const name = Buffer.from(bomb.subarray(i + 46, i + 46 + nameLength)).toString();
        if (name === "big.bin") {
          view.setUint32(i + 24, 0x80000000, true);
          patched++;
        }
      }
    }
    expect(patched).toBe(1);
    expect(reason(() => inspectPackage(bomb))).toBe("its files are too large once unpacked");
  });
});

describe("entryPath and listZipEntries", () => {
  it("normalises safe paths and skips folders and clutter", () => {
    expect(entryPath("a/./b//c.txt")).toBe("a/b/c.txt");
    expect(entryPath("a\\b.txt")).toBe("a/b.txt");
    expect(entryPath("folder/")).toBeNull();
    expect(entryPath("__MACOSX/a")).toBeNull();
    expect(listZipEntries(zip({ "a.txt": "hello", "dir/b.txt": "hi" }))).toEqual([
      { path: "a.txt", sizeBytes: 5 },
      { path: "dir/b.txt", sizeBytes: 2 },
    ]);
  });
});

describe("unpackPackage", () => {
  it("writes every file under contents/<id>/package/ and replaces a previous package", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pkg-"));
    const storage = new LocalStorage(dir);
    const id = "7d7b1c2e-3f1a-4e55-9a41-2f3c9f0e6b11";
    await storage.put(`contents/${id}/package/old.html`, "old");
    const info = await unpackPackage(storage, id, zip({ "tincan.xml": tincan, "story.html": "<html>v</html>", "js/app.js": "1" }));
    expect(info).toEqual({ packageKind: "xapi", launchPath: "story.html", activityId: "https://demo.test/xapi/module/1", title: "Los volcanes" });
    expect(await storage.list(`contents/${id}`)).toEqual([
      `contents/${id}/package/js/app.js`,
      `contents/${id}/package/story.html`,
      `contents/${id}/package/tincan.xml`,
    ]);
    expect((await storage.read(`contents/${id}/package/story.html`)).toString()).toBe("<html>v</html>");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("file names and signatures", () => {
  it("sanitises names and checks content against the extension", () => {
    expect(sanitizeFileName("../../etc/pass wd.PDF", "pdf")).toBe("pass_wd.pdf");
    expect(sanitizeFileName("C:\\Users\\ana\\Tema 1: célula?.pdf", "pdf")).toBe("Tema_1_célula.pdf");
    expect(sanitizeFileName("...", "png")).toBe("file.png");
    expect(contentMatchesExtension("pdf", strToU8("%PDF-1.4\n"))).toBe(true);
    expect(contentMatchesExtension("pdf", strToU8("MZ\u0090\u0000"))).toBe(false);
    expect(contentMatchesExtension("vtt", strToU8("WEBVTT\n\n00:00.000 --> 00:01.000\nHola"))).toBe(true);
    expect(contentMatchesExtension("vtt", strToU8("1\n00:00:00,000 --> 00:00:01,000"))).toBe(false);
    expect(contentMatchesExtension("txt", new Uint8Array([0x41, 0, 0x42]))).toBe(false);
    expect(contentMatchesExtension("exe", strToU8("MZ"))).toBe(false);
    expect(formatBytes(UPLOAD_LIMITS.fileBytes)).toBe("200 MB");
    expect(formatBytes(UPLOAD_LIMITS.captionsBytes)).toBe("1 MB");
  });
});
