import type { AuthSession, SessionUser } from "../../../contracts/auth";
import { localStore, sessionStore } from "../../platform/storage";
import type { HostUser } from "../../platform";

/** The persisted auth record (spec: the chatbot service reads the token from it too). */
export type AuthRecord = {
  token: string;
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  user: SessionUser;
  /**
   * Sessions started by Teams SSO: the Teams user they were issued for. Inside Teams a stored
   * session is used only by that same Teams user (a shared computer's next person gets their own).
   */
  teamsUser?: HostUser;
};

export const AUTH_STORAGE_KEY = "aula.auth";

export const recordFromSession = (s: AuthSession, now = Date.now(), teamsUser?: HostUser): AuthRecord => ({
  token: s.token,
  refreshToken: s.refreshToken,
  expiresAt: now + s.expiresIn * 1000,
  user: s.user,
  ...(teamsUser ? { teamsUser } : {}),
});

/** Storage goes through platform/storage: where the browser refuses it, the session lives in memory. */
export function loadAuthRecord(storage: Storage = localStore): AuthRecord | undefined {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<AuthRecord>;
    if (typeof parsed.token !== "string" || typeof parsed.refreshToken !== "string" || !parsed.user) return undefined;
    return parsed as AuthRecord;
  } catch {
    return undefined;
  }
}

export function saveAuthRecord(record: AuthRecord | undefined, storage: Storage = localStore): void {
  if (record) storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
  else storage.removeItem(AUTH_STORAGE_KEY);
}

export type { SessionUser };

/** Per-tab state the app keeps under this prefix belongs to the signed-in person. */
const SESSION_STATE_PREFIX = "aula.";

/**
 * Forgets what the signed-out person left in this tab's sessionStorage. Device preferences in
 * localStorage (language, edition) stay: they belong to the browser, not to the person.
 */
export function clearSessionState(storage: Storage = sessionStore): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (k): k is string => k !== null && k.startsWith(SESSION_STATE_PREFIX),
  );
  for (const key of keys) storage.removeItem(key);
}
