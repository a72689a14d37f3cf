import type { AuthSession, SessionUser } from "../../../contracts/auth";

/** The persisted auth record (spec: the chatbot service reads the token from it too). */
export type AuthRecord = {
  token: string;
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  user: SessionUser;
};

export const AUTH_STORAGE_KEY = "aula.auth";

export const recordFromSession = (s: AuthSession, now = Date.now()): AuthRecord => ({
  token: s.token,
  refreshToken: s.refreshToken,
  expiresAt: now + s.expiresIn * 1000,
  user: s.user,
});

export function loadAuthRecord(storage: Storage | undefined = globalThis.localStorage): AuthRecord | undefined {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<AuthRecord>;
    if (typeof parsed.token !== "string" || typeof parsed.refreshToken !== "string" || !parsed.user) return undefined;
    return parsed as AuthRecord;
  } catch {
    return undefined;
  }
}

export function saveAuthRecord(record: AuthRecord | undefined, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (record) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
    else storage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked in a frame): the session then lives in memory.
  }
}

export type { SessionUser };

/** Per-tab state the app keeps under this prefix belongs to the signed-in person. */
const SESSION_STATE_PREFIX = "aula.";

/**
 * Forgets what the signed-out person left in this tab's sessionStorage. Device preferences in
 * localStorage (language, edition) stay: they belong to the browser, not to the person.
 */
export function clearSessionState(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(SESSION_STATE_PREFIX),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage can be unavailable; there is then nothing to clear.
  }
}
