import i18next, { type i18n } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contracts/common";

/** One namespace per feature; each has a JSON file per language under locales/<lng>/<ns>.json. */
export const NAMESPACES = ["common", "auth", "home", "profile", "platform", "errors"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_STORAGE_KEY = "aula.language";

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

/** Maps any locale tag ("pt-BR", "ca-ES-valencia", "en-US") to one of the five languages. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

export function initialLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage blocked
  }
  return DEFAULT_LANGUAGE;
}

/** Loads only the current language's namespaces, as separate chunks, when first needed. */
export async function initI18n(lng: Language = initialLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, namespace: string) => import(`./locales/${language}/${namespace}.json`)))
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ["common", "errors"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  instance.on("languageChanged", (l) => {
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, l);
    } catch {
      // storage blocked
    }
    if (typeof document !== "undefined") document.documentElement.lang = l;
  });
  if (typeof document !== "undefined") document.documentElement.lang = lng;
  return instance;
}
