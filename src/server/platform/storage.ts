import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files and unpacked packages live. Keys are relative, slash-separated paths
 * ("contents/<guid>/file.pdf", "contents/<guid>/package/index.html"). The local implementation
 * keeps them under DATA_DIR/files; an S3-compatible implementation would map keys to objects
 * (ARCHITECTURE "uploads on S3-compatible storage"), which is why nothing outside this file
 * touches the file system for them.
 */
export interface Storage {
  put(key: string, data: Buffer | Uint8Array | string): Promise<void>;
  read(key: string): Promise<Buffer>;
  stream(key: string, range?: { start: number; end: number }): ReadStream;
  /** Size in bytes, or null when the key does not exist (or is a folder). */
  size(key: string): Promise<number | null>;
  /** Every key under a prefix (a folder), relative to the root. */
  list(prefix: string): Promise<string[]>;
  copyPrefix(from: string, to: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
}

/** Rejects keys that would leave the storage root or are not plain relative paths. */
export function safeKey(key: string): string {
  const normalised = path.posix.normalize(key.replace(/\\/g, "/"));
  if (normalised.startsWith("/") || normalised === ".." || normalised.startsWith("../") || normalised.includes("\0") || normalised === ".") {
    throw new Error(`unsafe storage key: ${key}`);
  }
  return normalised;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...safeKey(key).split("/"));
  }

  async put(key: string, data: Buffer | Uint8Array | string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.file(key));
  }

  stream(key: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.file(key), range);
  }

  async size(key: string): Promise<number | null> {
    try {
      const stat = await fs.stat(this.file(key));
      return stat.isFile() ? stat.size : null;
    } catch {
      return null;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.file(prefix);
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) out.push(path.relative(this.root, full).split(path.sep).join("/"));
      }
    };
    await walk(base);
    return out.sort();
  }

  async copyPrefix(from: string, to: string): Promise<void> {
    const src = this.file(from);
    const dest = this.file(to);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.cp(src, dest, { recursive: true, force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}

export function createStorage(dataDir: string): Storage {
  return new LocalStorage(path.join(dataDir, "files"));
}

/**
 * Signed, expiring addresses for content files. Packages and media are fetched by frames and media
 * elements that cannot send a bearer header, so the address itself carries the grant:
 * /content-files/<contentGuid>.<expiresEpochSeconds>.<signature>/<path inside the content>.
 * Relative links inside a package keep working because the grant is a path segment.
 */
export class FileSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`content-files:${secret}`).digest();
  }

  private signature(contentId: string, expires: number): string {
    return createHmac("sha256", this.key).update(`${contentId}.${expires}`).digest("base64url").slice(0, 32);
  }

  /** The grant segment for a content, valid for `ttlSeconds` (rounded up to the hour so addresses stay cacheable). */
  grant(contentId: string, ttlSeconds = 6 * 3600, now = Date.now()): string {
    const hour = 3600;
    const expires = Math.ceil((now / 1000 + ttlSeconds) / hour) * hour;
    return `${contentId}.${expires}.${this.signature(contentId, expires)}`;
  }

  /** The content id a grant segment opens, or null when it is forged or expired. */
  verify(segment: string, now = Date.now()): string | null {
    const [contentId, expiresText, signature] = segment.split(".");
    if (!contentId || !expiresText || !signature) return null;
    const expires = Number(expiresText);
    if (!Number.isInteger(expires) || expires * 1000 < now) return null;
    const expected = Buffer.from(this.signature(contentId, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return contentId;
  }

  url(contentId: string, filePath: string, ttlSeconds?: number): string {
    const encoded = filePath.split("/").map(encodeURIComponent).join("/");
    return `/content-files/${this.grant(contentId, ttlSeconds)}/${encoded}`;
  }
}
