import type { Edition } from "./organization";
import type { SsoProvider } from "./sso";

/**
 * What the server inlines into the first HTML response (ADR 0026), as JSON in
 * `<script id="aula-boot" type="application/json">`: the edition serving the page (as
 * GET /api/edition answers a request without a session) and, on sign-in screens, that edition's
 * single sign-on providers (as GET /api/auth/providers). Public data only: the HTML carries nothing
 * of the reader. Types only here: the entry must not pull zod.
 */
export type BootData = { edition?: Edition; ssoProviders?: SsoProvider[] };

export const BOOT_DATA_ELEMENT_ID = "aula-boot";

/**
 * The language the client last used in this browser, mirrored from its storage into a cookie so
 * the server can preload that language's translations with the first HTML response. Not a secret,
 * not a preference store: the client's own storage stays the source of truth.
 */
export const LANGUAGE_COOKIE = "aula.lang";

/**
 * The boot splash's label in the first HTML, before any translation file has loaded: the same
 * words as `common:app.loading` (a test keeps them equal), so the first paint says what is
 * happening in the reader's language and the React splash that follows reads the same.
 */
export const BOOT_LOADING_LABEL = {
  es: "Cargando…",
  ca: "S'està carregant…",
  eu: "Kargatzen…",
  en: "Loading…",
  pt: "Carregando…",
  "pt-PT": "A carregar…",
} as const;
