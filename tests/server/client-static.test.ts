process.env.LOG_LEVEL = "silent";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { registerClientStatic } from "../../src/server/platform/client-static";
import { registerErrorHandler } from "../../src/server/platform/error-handler";
import { registerSecurityHeaders } from "../../src/server/platform/security";

/*
 * The client build as the server sends it: the pre-compressed copy the browser accepts (the build
 * writes .br and .gz beside each text asset), the plain file otherwise, and the cache headers; and
 * what is on disk now, not what was there at start (a redeploy under a running server).
 */
const SCRIPT = `console.log(${JSON.stringify("aula ".repeat(2000))});`;
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "aula-client-"));
  fs.mkdirSync(path.join(root, "js"));
  fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Aula</title>");
  const asset = path.join(root, "js/route-home.0123abcd.js");
  fs.writeFileSync(asset, SCRIPT);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SCRIPT));
  app = Fastify();
  const spaFallback = await registerClientStatic(app, root);
  expect(spaFallback).toBeTruthy();
  registerErrorHandler(app, { spaFallback });
  app.get("/api/ping", async () => ({ pong: true }));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("client build", () => {
  it("sends the brotli copy to a browser that accepts it, and it decodes to the script", async () => {
    const res = await get("/js/route-home.0123abcd.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the gzip copy when brotli is not accepted, and the plain file when nothing is", async () => {
    const gz = await get("/js/route-home.0123abcd.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get("/js/route-home.0123abcd.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("never caches index.html", async () => {
    const res = await get("/index.html", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("a build written after the server started (redeploy)", () => {
  it("serves the new build's hashed chunks, pre-compressed too", async () => {
    const script = `console.log(${JSON.stringify("nuevo ".repeat(2000))});`;
    const asset = path.join(root, "js/route-home.fedcba9876.js");
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.mkdirSync(path.join(root, "css"));
    fs.writeFileSync(path.join(root, "css/main.0a1b2c3d4e.css"), "body{margin:0}");

    const br = await get("/js/route-home.fedcba9876.js", "br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const css = await get("/css/main.0a1b2c3d4e.css");
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/text\/css/);
  });

  it("serves the index.html on disk now, for app routes too", async () => {
    const html = "<!doctype html><title>Aula</title><script defer src=/js/main.fedcba9876.js></script>";
    fs.writeFileSync(path.join(root, "index.html"), html);
    for (const url of ["/", "/home", "/course/0b1c/program", "/index.html"]) {
      const res = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: html });
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers a chunk that is not on disk with a real 404, never with index.html", async () => {
    const res = await app.inject({ method: "GET", url: "/js/123.0badc0de.js", headers: { accept: "*/*", "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).not.toMatch(/html/);
    expect(res.headers["cache-control"] ?? "").not.toMatch(/immutable/);
  });

  it("leaves the API to its routes: a known one answers, an unknown one is the JSON 404", async () => {
    expect((await app.inject({ method: "GET", url: "/api/ping" })).json()).toEqual({ pong: true });
    const missing = await app.inject({ method: "GET", url: "/api/nothing", headers: { accept: "text/html" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: "error", error: { key: "NOT_FOUND" } });
  });
});

describe("headers of the build's files", () => {
  it("sends the page's security policy with documents, and not with each hashed script and stylesheet", async () => {
    fs.mkdirSync(path.join(root, "css"), { recursive: true });
    fs.writeFileSync(path.join(root, "css/main.0a1b2c3d4e.css"), "body{margin:0}");
    const secured = Fastify();
    await registerSecurityHeaders(secured, { publicUrl: "http://127.0.0.1:3000" });
    await registerClientStatic(secured, root);
    try {
      const doc = await secured.inject({ method: "GET", url: "/home", headers: { accept: "text/html" } });
      expect(doc.headers["content-security-policy"]).toMatch(/script-src 'self'/);
      expect(doc.headers["strict-transport-security"]).toBeDefined();
      for (const url of ["/js/route-home.0123abcd.js", "/css/main.0a1b2c3d4e.css"]) {
        const res = await secured.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-security-policy"]).toBeUndefined();
        expect(res.headers["strict-transport-security"]).toBeUndefined();
        expect(res.headers["referrer-policy"]).toBeUndefined();
        // What does apply to a script or a stylesheet stays.
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      }
      // Anything else that is not a hashed build file keeps every header (a worker reads its own policy).
      fs.mkdirSync(path.join(root, "pdfjs"), { recursive: true });
      fs.writeFileSync(path.join(root, "pdfjs/worker.mjs"), "self.onmessage = () => {};");
      const worker = await secured.inject({ method: "GET", url: "/pdfjs/worker.mjs" });
      expect(worker.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    } finally {
      await secured.close();
    }
  });
});
