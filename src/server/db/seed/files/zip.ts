import { strToU8, zipSync, type Zippable } from "fflate";

/** Fixed entry dates, so a package built twice has the same bytes. */
const ENTRY_DATE = new Date("2026-09-01T08:00:00Z");

/** A zip of text files (UTF-8), entries in the order given. */
export function zipTexts(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files)) entries[path] = typeof content === "string" ? strToU8(content) : content;
  return zipSync(entries, { level: 6, mtime: ENTRY_DATE });
}

/** Escapes text for XML and HTML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Memoises a builder: each file is built once per process however many apps seed. */
export function once<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}
