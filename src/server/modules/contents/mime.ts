/**
 * File names, types and signatures for uploads and for the isolated /content-files/ path. The
 * type of a file always comes from its extension here, never from what a browser claims.
 */

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  bmp: "image/bmp",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  m4a: "audio/mp4",
  vtt: "text/vtt; charset=utf-8",
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  xhtml: "application/xhtml+xml; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  xsd: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  rtf: "application/rtf",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  eot: "application/vnd.ms-fontobject",
  wasm: "application/wasm",
  swf: "application/x-shockwave-flash",
  zip: "application/zip",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};

/** Lower-case extension without the dot ("" when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

export const mimeOf = (fileName: string): string => MIME[extensionOf(fileName)] ?? "application/octet-stream";

/** The stored mime type of an upload: without parameters ("text/html", not "text/html; charset=utf-8"). */
export const plainMimeOf = (fileName: string): string => mimeOf(fileName).split(";")[0] ?? "application/octet-stream";

const MAX_NAME_CHARS = 120;

/**
 * A safe base name for an uploaded file: no folders, no control or reserved characters, no leading
 * dots, at most 120 characters with the extension kept. "../../etc/pass wd.PDF" -> "pass_wd.pdf".
 */
export function sanitizeFileName(name: string, fallbackExt: string): string {
  const base = name.replace(/\\/g, "/").split("/").pop() ?? "";
  const ext = extensionOf(base) || fallbackExt;
  const dot = base.lastIndexOf(".");
  let stem = (dot > 0 ? base.slice(0, dot) : base)
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._-]+/gu, "_")
    .replace(/_+/g, "_")
    .replace(/^[._]+|[._]+$/g, "");
  const room = MAX_NAME_CHARS - (ext ? ext.length + 1 : 0);
  stem = [...stem].slice(0, Math.max(1, room)).join("");
  if (!stem) stem = "file";
  return ext ? `${stem}.${ext}` : stem;
}

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const head = (buf: Uint8Array, n: number): string => Buffer.from(buf.subarray(0, n)).toString("latin1");

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const isFtyp = (b: Uint8Array) => startsWith(b, ascii("ftyp"), 4);
const isRiff = (b: Uint8Array, form: string) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii(form), 8);

/** Text files: no NUL bytes in their first 8 KB (UTF-16 files, with their byte-order mark, are text too). */
function looksLikeText(buf: Uint8Array): boolean {
  if (startsWith(buf, [0xff, 0xfe]) || startsWith(buf, [0xfe, 0xff])) return true;
  return !buf.subarray(0, 8192).includes(0);
}

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  // PDF readers accept the header anywhere in the first kilobyte.
  pdf: (b) => head(b, 1024).includes("%PDF-"),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  webp: (b) => isRiff(b, "WEBP"),
  svg: (b) => looksLikeText(b) && /<svg[\s>]/i.test(head(b, 65536)),
  zip: (b) => startsWith(b, ZIP),
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  pptx: (b) => startsWith(b, ZIP),
  odt: (b) => startsWith(b, ZIP),
  ods: (b) => startsWith(b, ZIP),
  odp: (b) => startsWith(b, ZIP),
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
  ppt: (b) => startsWith(b, OLE),
  rtf: (b) => startsWith(b, ascii("{\\rtf")),
  mp4: isFtyp,
  m4v: isFtyp,
  m4a: isFtyp,
  webm: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  ogv: (b) => startsWith(b, ascii("OggS")),
  ogg: (b) => startsWith(b, ascii("OggS")),
  oga: (b) => startsWith(b, ascii("OggS")),
  wav: (b) => isRiff(b, "WAVE"),
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  mp3: (b) => startsWith(b, ascii("ID3")) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  html: looksLikeText,
  htm: looksLikeText,
  txt: looksLikeText,
  csv: looksLikeText,
  vtt: (b) => /^(\uFEFF)?WEBVTT(?:[ \t\r\n]|$)/.test(Buffer.from(b.subarray(0, 64)).toString("utf8")),
};

/** Does the file's content match its extension? A renamed executable is not a PDF. */
export function contentMatchesExtension(ext: string, data: Uint8Array): boolean {
  const check = SIGNATURES[ext];
  return check ? check(data) : false;
}

/** Types a browser shows inertly (no script can run in them), so they need no sandbox. */
const INERT = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon", "text/vtt"]);

export const isInertType = (mime: string): boolean => {
  const plain = mime.split(";")[0] ?? "";
  return INERT.has(plain) || plain.startsWith("audio/") || plain.startsWith("video/");
};

/** "200 MB", "1 MB", "512 KB": the size in an error's details. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
