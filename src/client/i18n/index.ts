import i18next, { type i18n, type InitOptions } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
// constants.ts, not common.ts: the entry bundle must not pull zod.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contracts/constants";


/** One namespace per feature; each has a JSON file per language under locales/<lng>/<ns>.json. */
export const NAMESPACES = [
  "common",
  "auth",
  "home",
  "profile",
  "platform",
  "errors",
  "teams",
  "classes",
  "course",
  "licence",
  "program",
  "lesson",
  "viewer",
  "projection",
  "questions",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_STORAGE_KEY = "aula.language";

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

/** Maps any locale tag ("pt-BR", "ca-ES-valencia", "en-US") to one of the five languages. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * Each language by its own name (endonym): the same in every UI language, so a reader always
 * finds theirs in the language switch. Not translated on purpose.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: "Español",
  ca: "Català (valencià)",
  eu: "Euskara",
  en: "English",
  pt: "Português",
};

/** The language this browser chose before, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage blocked
  }
}

export function initialLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/** The options every instance shares (the app's lazy one and the tests' preloaded one). */
export const i18nOptions = (lng: Language): InitOptions => ({
  lng,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ["common", "errors"],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Remembers the chosen language and keeps `<html lang>` right for screen readers and hyphenation. */
export function followLanguage(instance: i18n): void {
  instance.on("languageChanged", (l) => {
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, l);
    } catch {
      // storage blocked
    }
    if (typeof document !== "undefined") document.documentElement.lang = l;
  });
  if (typeof document !== "undefined" && instance.language) document.documentElement.lang = instance.language;
}

/**
 * Loads only the current language's namespaces when first needed. The magic comments make each
 * language + namespace its own small chunk ("i18n-es-common-json", ...), never part of the entry.
 */
const loadLocale = (language: string, namespace: string) =>
  import(/* webpackChunkName: "i18n-[request]", webpackMode: "lazy" */ `./locales/${language}/${namespace}.json`);

export async function initI18n(lng: Language = initialLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).use(resourcesToBackend(loadLocale)).init(i18nOptions(lng));
  followLanguage(instance);
  return instance;
}
