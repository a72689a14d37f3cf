process.env.LOG_LEVEL = "silent";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { registerClientStatic } from "../../src/server/platform/client-static";

/*
 * The client build as the server sends it: the pre-compressed copy the browser accepts (the build
 * writes .br and .gz beside each text asset), the plain file otherwise, and the cache headers.
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
  expect(await registerClientStatic(app, root)).toBe(true);
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
