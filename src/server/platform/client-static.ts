import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { IndexPage, type BootDataSource } from "./index-page";

/**
 * Headers that only mean something on a document (or a worker's script): the page's policy, its
 * framing and referrer rules, HSTS (the document carries it). On each of a screen's 6-20 scripts
 * and stylesheets they cost ~1 KiB of HTTP/1.1 headers on a slow link and do nothing.
 * X-Content-Type-Options and Cross-Origin-Resource-Policy stay: they do apply to scripts.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "strict-transport-security",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** The build's hashed scripts and stylesheets (never a worker: pdf.js's is under /pdfjs and /assets). */
const isBuiltSubresource = (url: string): boolean => /^\/(js|css)\/[^/?]+\.[0-9a-f]{8,}\.(js|css)(\?|$)/.test(url);

/**
 * Serves the production client build: hashed assets cached for a year, index.html never cached,
 * and every non-API GET that matches no file answered with index.html (SPA fallback). The build
 * writes .br and .gz copies of its text assets; a browser that accepts one gets it (Vary:
 * Accept-Encoding), without compressing on each request.
 *
 * Files are looked up on disk at each request (`wildcard: true`), never from a list taken at
 * start-up: a redeploy that writes a new build under a running server serves the new
 * index.html's new hashed chunks at once (ADR 0023). A missing file with an extension (a chunk
 * of an older or newer build) is a real 404, never index.html, so a failed chunk load is seen as
 * one by the client. The app's screens get index.html through IndexPage (index-page.ts): with the
 * preloads of the screen asked for and the inlined boot data.
 * Returns false when there is no build to serve.
 */
export async function registerClientStatic(app: FastifyInstance, root: string, bootData?: BootDataSource): Promise<IndexPage | false> {
  const index = path.join(root, "index.html");
  if (!fs.existsSync(index)) return false;
  const page = new IndexPage(root, bootData);
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath));
      res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.addHook("onSend", async (request, reply) => {
    if (isBuiltSubresource(request.url)) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });
  // The wildcard route would look "/" up as a directory (403): the root is an app route like any other.
  app.get("/", { schema: { hide: true } }, (request, reply) => page.send(request, reply));
  return page;
}

export const isSpaRequest = (method: string, url: string, accept: string | undefined): boolean =>
  (method === "GET" || method === "HEAD") && !url.startsWith("/api") && !/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split("?")[0] ?? "") &&
  (accept === undefined || accept.includes("text/html") || accept.includes("*/*"));
