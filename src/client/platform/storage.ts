/**
 * Browser storage that never throws. Where the browser refuses storage (a Teams tab with
 * third-party storage blocked, incognito or strict privacy settings), merely reading
 * `window.localStorage` throws a SecurityError; quota or private modes can make `setItem` throw.
 * The app then keeps what it would have stored in memory, for this page's life: the session and
 * preferences still work, they just do not survive a reload (ADR 0021).
 *
 * Every use of localStorage/sessionStorage in the client goes through `localStore` and
 * `sessionStore` (a lint rule refuses the globals elsewhere).
 */

/**
 * A Storage backed by `read()` (the browser's storage) with an in-memory fallback. The memory
 * holds only what the browser refused to keep and is read first, so a value written while storage
 * failed is never hidden by the browser's older one.
 */
export function fallbackStorage(read: () => Storage | undefined): Storage {
  const memory = new Map<string, string>();
  /** The browser's storage, or undefined when it is missing or access throws. */
  const real = (): Storage | undefined => {
    try {
      return read() ?? undefined;
    } catch {
      return undefined;
    }
  };
  const realKeys = (): string[] => {
    const storage = real();
    if (!storage) return [];
    try {
      return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
    } catch {
      return [];
    }
  };
  const allKeys = (): string[] => [...new Set([...realKeys(), ...memory.keys()])];

  return {
    get length() {
      return allKeys().length;
    },
    key: (index) => allKeys()[index] ?? null,
    getItem(key) {
      const kept = memory.get(key);
      if (kept !== undefined) return kept;
      try {
        return real()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = real();
        if (storage) {
          storage.setItem(key, value);
          memory.delete(key);
          return;
        }
      } catch {
        // refused (blocked, quota): keep it in memory below
      }
      memory.set(key, value);
    },
    removeItem(key) {
      memory.delete(key);
      try {
        real()?.removeItem(key);
      } catch {
        // nothing stored there to remove
      }
    },
    clear() {
      memory.clear();
      try {
        real()?.clear();
      } catch {
        // nothing stored there to clear
      }
    },
  };
}

/** localStorage (this browser, every tab of the origin), or memory where it is refused. */
export const localStore: Storage = fallbackStorage(() => globalThis.localStorage);

/** sessionStorage (this tab only), or memory where it is refused. */
export const sessionStore: Storage = fallbackStorage(() => globalThis.sessionStorage);
