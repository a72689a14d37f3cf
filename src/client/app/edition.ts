import { localStore } from "../platform/storage";

/**
 * Which brand edition this browser is using before sign-in. Brand domains choose it on the server;
 * `?edition=<slug>` (kept in storage) chooses it on shared hosts such as localhost.
 */
const EDITION_KEY = "aula.edition";

export function currentEditionSlug(): string | undefined {
  try {
    const fromUrl = new URLSearchParams(globalThis.location?.search ?? "").get("edition");
    if (fromUrl && /^[a-z0-9-]{1,64}$/.test(fromUrl)) {
      localStore.setItem(EDITION_KEY, fromUrl);
      return fromUrl;
    }
    return localStore.getItem(EDITION_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
