import { localStore } from "../../platform/storage";

/** One single sign-on provider of the edition (GET /api/auth/providers). */
export type SsoProvider = {
  id: string;
  kind: "oidc" | "saml";
  brand: "google" | "microsoft" | "generic";
  label: string;
  /** A server URL that starts the provider's flow; takes `?returnTo=<path>`. */
  startUrl: string;
};


/**
 * The provider's start URL with where to come back to. Same-origin start URLs stay relative
 * (a full page navigation to the server), others keep their origin.
 */
export function ssoStartHref(startUrl: string, returnTo: string, origin: string = globalThis.location?.origin ?? "http://localhost"): string {
  const url = new URL(startUrl, origin);
  url.searchParams.set("returnTo", returnTo);
  return url.origin === origin ? `${url.pathname}${url.search}` : url.toString();
}

/** Spec §4 "The SAML flag is persisted": set when the session came from a SAML sign-in. */
export const SAML_FLAG_KEY = "aula.saml";

export function markSamlSession(storage: Storage = localStore): void {
  storage.setItem(SAML_FLAG_KEY, "1");
}

export function clearSamlFlag(storage: Storage = localStore): void {
  storage.removeItem(SAML_FLAG_KEY);
}

export const isSamlSession = (storage: Storage = localStore): boolean => storage.getItem(SAML_FLAG_KEY) === "1";
