import type { Language } from "../../contracts/common";
import { DEFAULT_LANGUAGE } from "../../contracts/constants";
import { toLanguage } from "../i18n";

export type BootLanguageHints = {
  /** What this browser chose before (language switch). */
  stored: Language | undefined;
  /** The signed-in user's locale from the persisted auth record. */
  userLocale: string | undefined;
  /** The edition's default language, once known. */
  editionDefault: Language | undefined;
};

/** The first UI language: the reader's own choice, then their account's, then the edition's, then es. */
export const chooseBootLanguage = (h: BootLanguageHints): Language =>
  h.stored ?? toLanguage(h.userLocale) ?? h.editionDefault ?? DEFAULT_LANGUAGE;

/** Whether the edition must be fetched before the language is known (no stored or user choice). */
export const needsEditionForLanguage = (h: Omit<BootLanguageHints, "editionDefault">): boolean =>
  h.stored === undefined && toLanguage(h.userLocale) === undefined;
