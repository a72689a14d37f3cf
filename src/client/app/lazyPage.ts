import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A page in its own lazy chunk, which navigation can start loading before React renders it
 * (app/navigation.ts): `chunk` is the webpackChunkName its import names (tests check they agree).
 */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { readonly chunk: string; preload: () => Promise<unknown> };

/** Chunk name -> how to start loading it (any page of that chunk will do). */
const LOADERS = new Map<string, () => Promise<unknown>>();

export function lazyPage<P extends object>(chunk: string, load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  // One request for the preload and the render; a failed load is not kept, so a later try asks again.
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  if (!LOADERS.has(chunk)) LOADERS.set(chunk, preload);
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { chunk, preload },
  );
}

/** Starts loading these chunks (already loading or loaded: nothing more happens); failures surface when the page renders. */
export function preloadChunks(chunks: readonly string[]): void {
  for (const chunk of chunks) LOADERS.get(chunk)?.().catch(() => undefined);
}
