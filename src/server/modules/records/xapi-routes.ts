import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ATTACHMENT_LIMITS } from "./xapi-attachments";
import { registerDocumentResources } from "./xapi-document-routes";
import { checkVersion, versionCheckedLater } from "./xapi-http";
import { registerStatementResource } from "./xapi-statement-routes";

/*
 * The xAPI 1.0.3 record store over HTTP, mounted at /api/lrs (prefix given by the caller), ADR 0017:
 *   GET  /about                      versions (no auth, no version header needed, per the spec)
 *   /records, /statements            the Statement resource (spec §7 lrs/records; xAPI clients use /statements)
 *   /activities/state                the State resource
 *   /activities/profile              the Activity Profile resource
 *   /agents/profile                  the Agent Profile resource
 *   /agents, /activities             the Agents (Person) and Activities (canonical definition) resources
 * Every resource also takes the alternate request syntax (POST ?method=, xapi-http.ts). Answers use
 * xAPI's own formats, not the {status,data} envelope; errors use the platform's error body.
 * Packages run in sandboxed frames (opaque origin), so every answer allows any origin:
 * authentication is by header only, never cookies.
 */

export const XAPI_VERSION = "1.0.3";
export const SUPPORTED_VERSIONS = ["1.0.3", "1.0.2", "1.0.1", "1.0.0"];
const ALLOWED_METHODS = "GET, HEAD, PUT, POST, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match, Accept-Language";

export function setXapiHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("X-Experience-API-Version", XAPI_VERSION);
  reply.header("Access-Control-Allow-Origin", "*");
  reply.header("Access-Control-Expose-Headers", "X-Experience-API-Version, X-Experience-API-Consistent-Through, Last-Modified, ETag, Content-Type");
  reply.header("Cross-Origin-Resource-Policy", "cross-origin");
  reply.header("Cache-Control", "no-store");
  if (request.method === "GET" || request.method === "HEAD") {
    reply.header("X-Experience-API-Consistent-Through", new Date().toISOString());
  }
}

/**
 * What every xAPI endpoint of the platform shares (the record store and the preview one): its
 * headers on every answer (errors included), the version header check (`authenticate` runs after
 * it), CORS preflight and the About resource.
 */
export function registerXapiProtocol(
  app: FastifyInstance,
  options: { authenticate?: (request: FastifyRequest) => void; alternateSyntax: boolean; aboutSchema: Record<string, unknown> },
): void {
  app.addHook("onRequest", async (request, reply) => {
    setXapiHeaders(request, reply);
    if (request.method === "OPTIONS" || request.url.split("?")[0]?.endsWith("/about")) return;
    if (!(options.alternateSyntax && versionCheckedLater(request))) checkVersion(request);
    options.authenticate?.(request);
  });
  // Headers set in onRequest are also on error answers; set them again in case a handler replaced them.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("X-Experience-API-Version")) setXapiHeaders(request, reply);
    return payload;
  });
  app.options("/*", { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .status(204)
      .header("Access-Control-Allow-Methods", ALLOWED_METHODS)
      .header("Access-Control-Allow-Headers", ALLOWED_HEADERS)
      .header("Access-Control-Max-Age", "86400")
      .send();
  });
  app.get("/about", { schema: options.aboutSchema }, async () => ({ version: SUPPORTED_VERSIONS }));
}

export async function xapiRoutes(app: FastifyInstance): Promise<void> {
  registerXapiProtocol(app, {
    alternateSyntax: true,
    aboutSchema: { tags: ["lrs"], summary: "xAPI About resource: the versions this record store speaks" },
  });

  // Bodies are read as bytes and parsed by each resource: statements are JSON or multipart/mixed,
  // documents any content type, the alternate syntax a form. Routes set their own size limits.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: ATTACHMENT_LIMITS.maxRequestBytes }, (_request, body, done) => done(null, body));

  for (const path of ["/records", "/statements"]) registerStatementResource(app, path);
  registerDocumentResources(app);
}
