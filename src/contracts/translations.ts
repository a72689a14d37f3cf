import type { Language } from "./constants";

/** A namespace's translations: nested keys, string leaves (src/client/i18n/locales/<lng>/<ns>.json). */
export type TranslationTree = { [key: string]: string | TranslationTree };

/** Overlays `over` on `base`, leaf by leaf (European Portuguese words over the Brazilian text). */
export function overlay(base: TranslationTree, over: TranslationTree): TranslationTree {
  const out: TranslationTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === "object" && typeof current === "object" ? overlay(current, value) : value;
  }
  return out;
}

/**
 * The first screen's translations, inlined by the server into its HTML as JSON in
 * `<script id="aula-i18n" type="application/json">` (ADR 0031): `common`, `errors` and the route's
 * namespaces in the language the server expects the reader to read, with European Portuguese
 * already laid over when `europeanPortuguese`. The client takes a namespace from here when it reads
 * that language (and, in Portuguese, that variant); otherwise it loads the namespace's chunk.
 */
export type InlineTranslations = {
  lng: Language;
  europeanPortuguese: boolean;
  resources: Record<string, TranslationTree>;
};

export const TRANSLATIONS_ELEMENT_ID = "aula-i18n";
