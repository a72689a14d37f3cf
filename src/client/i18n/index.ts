import i18next, { type i18n, type InitOptions } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
// constants.ts, not common.ts: the entry bundle must not pull zod.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contracts/constants";
import { LANGUAGE_COOKIE } from "../../contracts/boot";
import { overlay, TRANSLATIONS_ELEMENT_ID, type InlineTranslations, type TranslationTree } from "../../contracts/translations";
import { localStore } from "../platform/storage";
import { intlLocale } from "./region";


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
  "notifications",
  "questions",
  "calendar",
  "kanban",
  "tasks",
  "analytics",
  "practice",
  "aiTools",
  "chatbot",
  "gamification",
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
  const stored = localStore.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
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

type PluralRule = Pick<Intl.PluralRules, "select" | "resolvedOptions">;
type PluralResolverLike = { getRule: (code: string, options?: { ordinal?: boolean }) => PluralRule | undefined };

/**
 * Counts of zero take the plural in Portuguese ("0 estudantes"), but CLDR's rule for "pt" puts 0
 * with 1 ("0 estudante"): Portuguese counts use the pt-PT rule (one is exactly 1), in both regions.
 */
export function fixPlurals(instance: i18n): void {
  const resolver = instance.services.pluralResolver as unknown as PluralResolverLike;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(toLanguage(code) === "pt" ? "pt-PT" : code, options);
}

/**
 * Tells the server which language this browser reads in, so the next page's HTML preloads that
 * language's translations (ADR 0026). A copy, not the preference: storage stays the source of truth.
 */
export function mirrorLanguageCookie(language: string): void {
  if (typeof document === "undefined" || !isLanguage(language)) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Remembers the chosen language and keeps `<html lang>` right for screen readers and hyphenation. */
export function followLanguage(instance: i18n): void {
  instance.on("languageChanged", (l) => {
    localStore.setItem(LANGUAGE_STORAGE_KEY, l);
    mirrorLanguageCookie(l);
    if (typeof document !== "undefined") document.documentElement.lang = l;
  });
  if (typeof document !== "undefined" && instance.language) {
    document.documentElement.lang = instance.language;
    mirrorLanguageCookie(instance.language);
  }
}

/**
 * Loads only the current language's namespaces when first needed. The magic comments make each
 * language + namespace its own small chunk ("i18n-es-common-json", ...), never part of the entry.
 */
const loadLocale = (language: string, namespace: string) =>
  import(/* webpackChunkName: "i18n-[request]", webpackMode: "lazy" */ `./locales/${language}/${namespace}.json`);

/**
 * "pt" is written in Brazilian Portuguese; editions outside Brazil read European Portuguese, the
 * words that differ (ecrã, ficheiro, guardar, a carregar…) coming from regional/pt-PT over it.
 */
const loadRegional = (namespace: string): Promise<Tree> =>
  import(/* webpackChunkName: "i18n-pt-PT-[request]", webpackMode: "lazy" */ `./regional/pt-PT/${namespace}.json`).then(
    (m: { default: Tree }) => m.default,
    () => ({}),
  );

type Tree = TranslationTree;
export { overlay };

/** The translations the server inlined for the first screen (contracts/translations.ts), read once. */
let inlined: InlineTranslations | undefined | null = null;
function inlineTranslations(): InlineTranslations | undefined {
  if (inlined !== null) return inlined;
  inlined = undefined;
  try {
    const text = typeof document === "undefined" ? undefined : document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent;
    if (text) inlined = JSON.parse(text) as InlineTranslations;
  } catch {
    // Unreadable: the chunks load as without it.
  }
  return inlined;
}

/** For tests: read the page's inlined translations again. */
export const forgetInlineTranslations = () => {
  inlined = null;
};

/** The inlined copy of a namespace, when it is the language (and Portuguese variant) read now. */
function inlinedResources(language: string, namespace: string): Tree | undefined {
  const inline = inlineTranslations();
  if (!inline || inline.lng !== language) return undefined;
  if (language === "pt" && inline.europeanPortuguese !== (intlLocale("pt") === "pt-PT")) return undefined;
  return inline.resources[namespace];
}

async function loadResources(language: string, namespace: string): Promise<Tree> {
  const inline = inlinedResources(language, namespace);
  if (inline) return inline;
  const base = ((await loadLocale(language, namespace)) as { default: Tree }).default;
  if (language !== "pt" || intlLocale("pt") !== "pt-PT") return base;
  return overlay(base, await loadRegional(namespace));
}

/** `namespaces`: the first screen's own, loaded with the common ones instead of after its code runs. */
export async function initI18n(lng: Language = initialLanguage(), namespaces: readonly string[] = []): Promise<i18n> {
  const instance = i18next.createInstance();
  const options = i18nOptions(lng);
  const ns = [...new Set([...(options.ns as string[]), ...namespaces])];
  await instance.use(initReactI18next).use(resourcesToBackend(loadResources)).init({ ...options, ns });
  followLanguage(instance);
  fixPlurals(instance);
  return instance;
}
