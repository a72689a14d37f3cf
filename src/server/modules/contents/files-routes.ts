import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentData } from "../../../contracts/lessons";
import { contents } from "../../db/schema";
import { FRAME_ANCESTORS } from "../../platform/security";
import { safeKey } from "../../platform/storage";
import { extensionOf, isInertType, mimeOf } from "./mime";
import { contentPrefix } from "./view";

/*
 * The isolated content path: /content-files/<grant>/<path inside the content>. Frames, media
 * elements and pdf.js fetch files here without a bearer header, so the signed, expiring grant in
 * the address is the permission (FileSigner). Anything that can run script (packages, HTML, SVG)
 * is served with a CSP sandbox without allow-same-origin: it runs in an opaque origin and can never
 * read the app's storage, cookies or tokens, nor call the API as the user.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCORM_KINDS = new Set(["scorm12", "scorm2004"]);
export const SCORM_BRIDGE_PATH = "/content-files/_runtime/scorm-bridge.js";
const BRIDGE_TAG = `<script src="${SCORM_BRIDGE_PATH}"></script>`;

/** The sandbox a package runs in: scripts, forms, popups, but never the app's origin. */
export const SANDBOX =
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads allow-pointer-lock";

/**
 * The policy of a served file. `origin` is this server's own origin, named beside 'self' because a
 * sandboxed document's origin is opaque and browsers have differed on what 'self' means there.
 */
export function contentSecurityPolicy(frameAncestors: readonly string[], sandboxed: boolean, origin = ""): string {
  const ancestors = `frame-ancestors ${frameAncestors.join(" ")}`;
  if (!sandboxed) return ancestors;
  return [
    SANDBOX,
    `default-src 'self'${origin ? ` ${origin}` : ""} https: data: blob: 'unsafe-inline' 'unsafe-eval'`,
    "connect-src *",
    "object-src 'none'",
    "base-uri 'self'",
    ancestors,
  ].join("; ");
}

let bridge: Promise<string> | undefined;

/**
 * scorm-again's CrossFrameAPI (UMD, defines the global CrossFrameAPI) and the SCORM 1.2 and 2004
 * API objects a SCO looks for, both relaying to the viewer page that hosts CrossFrameLMS.
 */
export function scormBridgeScript(): Promise<string> {
  bridge ??= fs.readFile(require.resolve("scorm-again/cross-frame-api/min"), "utf8").then(
    (source) =>
      `${source.replace(/\/\/# sourceMappingURL=\S+\s*$/, "")}\n;(function () {\n  var api = new CrossFrameAPI("*", window.parent);\n  // The player passes the stored CMI in the address (#aula-cmi=...): SCOs read their resume point synchronously on start.\n  try {\n    var raw = new URLSearchParams(location.hash.slice(1)).get("aula-cmi");\n    if (raw) { var seed = JSON.parse(raw); Object.keys(seed).forEach(function (k) { api._cache.set(k, String(seed[k])); }); }\n  } catch (e) {}\n  window.API = window.API_1484_11 = api;\n})();\n`,
  );
  return bridge;
}

/** Puts the bridge first in the page's head (or at the very start), before any SCO script runs. */
export function injectBridge(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${BRIDGE_TAG}${html.slice(head.index + head[0].length)}`;
  const doctype = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!doctype[^>]*>)?/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}${BRIDGE_TAG}${html.slice(at)}`;
}

type ByteRange = { start: number; end: number };

/**
 * A single "bytes=" range within `size`; "none" when absent or not a single range (the whole file
 * is sent), "unsatisfiable" when it lies past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "none" | "unsatisfiable" {
  if (!header) return "none";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "none";
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "none";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** This server's origin as the browser sees it ("http://localhost:3000"); only well-formed hosts are echoed. */
function originOf(request: FastifyRequest): string {
  const host = request.host;
  return /^[a-z0-9.-]+(?::\d+)?$/i.test(host) ? `${request.protocol}://${host}` : "";
}

function plain(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .status(status)
    .header("Content-Type", "text/plain; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("X-Content-Type-Options", "nosniff")
    .send(text);
}

export async function registerContentFiles(app: FastifyInstance): Promise<void> {
  const { db, storage, files, config } = app.ctx;
  const ancestors = [...FRAME_ANCESTORS, ...config.extraFrameAncestors];
  const inertPolicy = contentSecurityPolicy(ancestors, false);

  app.get(SCORM_BRIDGE_PATH, { helmet: false, schema: { hide: true } }, async (_request, reply) => {
    const script = await scormBridgeScript();
    return reply
      .header("Content-Type", "text/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .header("X-Content-Type-Options", "nosniff")
      // Loaded by sandboxed (opaque-origin) package pages.
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .send(script);
  });

  app.get<{ Params: { grant: string; "*": string } }>(
    "/content-files/:grant/*",
    { helmet: false, schema: { hide: true } },
    async (request, reply) => {
      const contentId = files.verify(request.params.grant);
      if (!contentId || !UUID.test(contentId)) return plain(reply, 403, "This address is not valid or has expired.");
      const [content] = await db
        .select({ id: contents.id, type: contents.type, fileName: contents.fileName, data: contents.data, deletedAt: contents.deletedAt })
        .from(contents)
        .where(eq(contents.id, contentId))
        .limit(1);
      if (!content) return plain(reply, 404, "Not found.");
      if (content.deletedAt) return plain(reply, 410, "The content might have been deleted.");

      const relative = request.params["*"];
      const prefix = contentPrefix(content.id);
      let key: string;
      try {
        key = safeKey(`${prefix}${relative}`);
      } catch {
        return plain(reply, 404, "Not found.");
      }
      if (!relative || !key.startsWith(prefix)) return plain(reply, 404, "Not found.");
      const size = await storage.size(key);
      if (size === null) return plain(reply, 404, "Not found.");

      const path = key.slice(prefix.length);
      const mime = mimeOf(path);
      const fromPackage = path.startsWith("package/");
      const sandboxed = fromPackage || !isInertType(mime);
      reply
        .header("Content-Type", mime)
        .header("Cache-Control", "private, max-age=3600")
        .header("X-Content-Type-Options", "nosniff")
        .header("Referrer-Policy", "no-referrer")
        .header("Content-Security-Policy", sandboxed ? contentSecurityPolicy(ancestors, true, originOf(request)) : inertPolicy)
        // Sandboxed pages have an opaque origin: their own scripts, styles and fetches must still load.
        .header("Cross-Origin-Resource-Policy", "cross-origin")
        .header("Access-Control-Allow-Origin", "*");

      const data = content.data as ContentData;
      if (!fromPackage && path === content.fileName && (content.type === "CTTY_11" || content.type === "CTTY_12")) {
        reply.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(path)}`);
      }

      const ext = extensionOf(path);
      if (fromPackage && (ext === "html" || ext === "htm") && data.packageKind && SCORM_KINDS.has(data.packageKind)) {
        const html = injectBridge((await storage.read(key)).toString("utf8"));
        const body = Buffer.from(html, "utf8");
        return reply.header("Content-Length", body.length).send(body);
      }

      reply.header("Accept-Ranges", "bytes");
      const range = parseRange(request.headers.range, size);
      if (range === "unsatisfiable") {
        return reply.status(416).header("Content-Range", `bytes */${size}`).header("Content-Type", "text/plain; charset=utf-8").send("");
      }
      if (range === "none") {
        return reply.header("Content-Length", size).send(storage.stream(key));
      }
      return reply
        .status(206)
        .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
        .header("Content-Length", range.end - range.start + 1)
        .send(storage.stream(key, range));
    },
  );
}
