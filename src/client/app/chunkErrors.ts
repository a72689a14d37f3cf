/*
 * A lazy chunk that cannot be loaded: webpack's ChunkLoadError ("Loading chunk 12 failed",
 * "Loading CSS chunk 12 failed") or a native dynamic import's rejection (Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed"). After a release the running page asks for chunk names the
 * server no longer has; only a new index.html (a reload) knows the new ones.
 */
const CHUNK_MESSAGES = [
  /loading (css )?chunk [^ ]+ failed/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "ChunkLoadError") return true;
  return CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** A full reload: the server's current index.html names the current chunks. */
export function reloadPage(): void {
  window.location.reload();
}
