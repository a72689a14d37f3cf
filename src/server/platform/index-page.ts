import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BootData } from "../../contracts/boot";
import { BOOT_DATA_ELEMENT_ID, BOOT_LOADING_LABEL, LANGUAGE_COOKIE } from "../../contracts/boot";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contracts/constants";
import { matchRouteAssets, type RouteMatch } from "../../contracts/route-assets";
import { overlay, TRANSLATIONS_ELEMENT_ID, type InlineTranslations, type TranslationTree } from "../../contracts/translations";

/**
 * The first HTML response of every screen (ADR 0026): the build's index.html with, before
 * `</head>`, preload links for what the URL's screen needs (its lazy chunks and the chunks they
 * always pull, its translations in the reader's language, and the route-data chunk of signed-in
 * screens), so the browser fetches them alongside the entry instead of after it has run; and the
 * edition (and on sign-in screens its single sign-on providers) inlined as JSON, so no screen waits
 * on GET /api/edition before it can paint.
 *
 * The build writes route-manifest.json (scripts/route-manifest-plugin.cjs): chunk name -> files.
 * Both files are read again when they change on disk, so a redeploy under a running server serves
 * the new build's HTML at once (ADR 0023). Without a manifest (an older build) the plain
 * index.html is sent.
 */
export type BootDataSource = (request: FastifyRequest, match: RouteMatch | undefined) => Promise<BootData>;

type Manifest = { groups: Record<string, string[]> };
type Cached<T> = { mtimeMs: number; value: T };

/** The i18n namespaces every screen loads (i18n/index.ts `ns`). */
const ALWAYS_NAMESPACES = ["common", "errors"];
/**
 * What the signed-in shell around every data screen needs beyond the screen's own: the header's
 * avatar and notifications bell, the realtime socket's client and the bell's translations. They
 * are preloaded with the screen, so nothing the header asks for later costs another round.
 */
const SHELL_CHUNKS = ["route-data", "profile-button", "notifications", "realtime"];
const SHELL_NAMESPACES = ["notifications"];
const namespacesOf = (match: RouteMatch | undefined): string[] => [
  ...ALWAYS_NAMESPACES,
  ...(match?.route.namespaces ?? []),
  ...(match?.route.data ? SHELL_NAMESPACES : []),
];

/** `<` and the line separators escaped: the JSON can never close the script element it sits in. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const escapeAttr = (s: string): string => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The static splash in the reader's language: `<html lang>` and the label under the spinner, so the
 * first paint is already words the reader can read (and Lighthouse's first contentful paint
 * happens with the HTML and CSS, not after the scripts).
 */
export function localizeSplash(html: string, language: Language, europeanPortuguese: boolean): string {
  const label = language === "pt" && europeanPortuguese ? BOOT_LOADING_LABEL["pt-PT"] : BOOT_LOADING_LABEL[language];
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<span class="app-busy__label" data-boot-label(="")?><\/span>/, `<span class="app-busy__label" data-boot-label>${escapeAttr(label)}</span>`);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("=")).trim();
  }
  return undefined;
}

/** The language the client will boot in, as far as the server can tell: the one it last used (cookie), else the edition's. */
export function bootLanguage(cookieHeader: string | undefined, editionDefault: string | undefined): Language | undefined {
  const isLanguage = (v: string | undefined): v is Language => v !== undefined && (LANGUAGES as readonly string[]).includes(v);
  const fromCookie = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return isLanguage(editionDefault) ? editionDefault : undefined;
}

/** The files to preload for a screen, in the order they are needed; entry files are already in the HTML. */
export function preloadFiles(manifest: Manifest, match: RouteMatch | undefined, language: Language | undefined, europeanPortuguese: boolean): string[] {
  const names: string[] = [];
  if (match) {
    names.push(...match.route.chunks);
    // Signed-in screens in the shell: their data starters, and the header's avatar (its own chunk,
    // which would otherwise be asked for only once the header renders: a fourth round).
    if (match.route.data) names.push(...SHELL_CHUNKS);
  }
  if (language) {
    for (const ns of namespacesOf(match)) {
      names.push(`i18n-${language}-${ns}-json`);
      if (language === "pt" && europeanPortuguese) names.push(`i18n-pt-PT-${ns}-json`);
    }
  }
  const files = names.flatMap((name) => manifest.groups[name] ?? []);
  return [...new Set(files)];
}

function linkFor(file: string): string {
  const as = file.endsWith(".css") ? "style" : "script";
  return `<link rel="preload" as="${as}" href="${escapeAttr(file)}">`;
}

export class IndexPage {
  private template: Cached<string> | undefined;
  private manifest: Cached<Manifest | undefined> | undefined;
  /** Translation files read so far (null: absent), for the build the manifest's mtime names. */
  private translationFiles = new Map<string, TranslationTree | null>();
  private translationsBuild = -1;

  constructor(
    private readonly root: string,
    private readonly bootData: BootDataSource | undefined,
  ) {}

  private read<T>(file: string, cached: Cached<T> | undefined, parse: (text: string) => T, missing: T): Cached<T> {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return { mtimeMs: -1, value: missing };
    }
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    return { mtimeMs, value: parse(fs.readFileSync(file, "utf8")) };
  }

  private load(): { template: string; manifest: Manifest | undefined } {
    this.template = this.read(path.join(this.root, "index.html"), this.template, (t) => t, "");
    this.manifest = this.read(
      path.join(this.root, "route-manifest.json"),
      this.manifest,
      (t) => {
        try {
          const parsed = JSON.parse(t) as Partial<Manifest>;
          return parsed.groups && typeof parsed.groups === "object" ? { groups: parsed.groups } : undefined;
        } catch {
          return undefined;
        }
      },
      undefined,
    );
    return { template: this.template.value, manifest: this.manifest.value };
  }

  /** The HTML for this request's screen. */
  async render(request: FastifyRequest): Promise<string> {
    const { template, manifest } = this.load();
    const pathname = new URL(request.url, "http://index.invalid").pathname;
    const match = matchRouteAssets(pathname);
    let boot: BootData = {};
    if (this.bootData) {
      try {
        boot = await this.bootData(request, match);
      } catch (err) {
        // The page still works without it: the client asks the API as before.
        request.log.warn({ err }, "index: boot data unavailable");
      }
    }
    const language = bootLanguage(request.headers.cookie, boot.edition?.defaultLanguage);
    const europeanPortuguese = boot.edition !== undefined && boot.edition.country !== "BR";
    const translations = language ? this.translations(language, europeanPortuguese, match) : undefined;
    // Inlined translations need no preload (and no request); without them the chunks are preloaded.
    const files = manifest ? preloadFiles(manifest, match, translations ? undefined : language, europeanPortuguese) : [];
    const head = [
      ...files.map(linkFor),
      // The edition's logo is in the header or the sign-in frame of every screen: fetched with the
      // scripts, not once React has drawn the <img>.
      boot.edition?.logoUrl ? `<link rel="preload" as="image" href="${escapeAttr(boot.edition.logoUrl)}">` : "",
      boot.edition ? `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(boot)}</script>` : "",
      translations ? `<script id="${TRANSLATIONS_ELEMENT_ID}" type="application/json">${jsonForScript(translations)}</script>` : "",
    ].join("");
    const page = localizeSplash(template, language ?? DEFAULT_LANGUAGE, europeanPortuguese);
    if (!head) return page;
    // The entry first: deferred scripts are fetched at low priority, preloads at high, and the
    // entry is what runs first (it starts everything else), so it must not queue behind them.
    return page.replace(/<script defer(="defer")? src=/g, '<script defer fetchpriority="high" src=').replace("</head>", `${head}</head>`);
  }

  /**
   * The first screen's translations (ADR 0031): `common`, `errors` and the route's namespaces,
   * read from the copies the build puts in the client folder (`i18n/`), with European Portuguese
   * laid over outside Brazil. Undefined when any file is missing (the chunks are preloaded instead).
   */
  private translations(language: Language, europeanPortuguese: boolean, match: RouteMatch | undefined): InlineTranslations | undefined {
    const build = this.manifest?.mtimeMs ?? -1;
    if (build !== this.translationsBuild) {
      this.translationFiles.clear();
      this.translationsBuild = build;
    }
    const readTree = (file: string): TranslationTree | null => {
      let tree = this.translationFiles.get(file);
      if (tree === undefined) {
        try {
          tree = JSON.parse(fs.readFileSync(path.join(this.root, "i18n", file), "utf8")) as TranslationTree;
        } catch {
          tree = null;
        }
        this.translationFiles.set(file, tree);
      }
      return tree;
    };
    const portugal = language === "pt" && europeanPortuguese;
    const resources: Record<string, TranslationTree> = {};
    for (const ns of namespacesOf(match)) {
      const base = readTree(`locales/${language}/${ns}.json`);
      if (!base) return undefined;
      const regional = portugal ? readTree(`regional/pt-PT/${ns}.json`) : null;
      resources[ns] = regional ? overlay(base, regional) : base;
    }
    return { lng: language, europeanPortuguese: portugal, resources };
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await this.render(request);
    // Per screen and per reader's language: never cached, never shared by a cache between readers.
    reply.header("Cache-Control", "no-cache").header("Vary", "Cookie, Accept-Encoding").type("text/html; charset=utf-8");
    // Compressed per request (a few milliseconds): the inlined translations and edition are most of
    // the document, and compress about 4x. Brotli at a middle quality, else gzip, else as is.
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) {
      const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header("Content-Encoding", "br").send(body);
    }
    if (/\bgzip\b/.test(accepted)) return reply.header("Content-Encoding", "gzip").send(zlib.gzipSync(html));
    return reply.send(html);
  }
}
