import type { TFunction } from "i18next";
import { educationNameKey } from "../../contracts/education-levels";

/**
 * A seeded education level or year ("Bachillerato", "1º ESO") in the reader's language; a name the
 * platform did not seed (a school's own) is shown as written.
 */
export function educationName(name: string, t: TFunction): string;
export function educationName(name: string | null | undefined, t: TFunction): string | null;
export function educationName(name: string | null | undefined, t: TFunction): string | null {
  if (!name) return null;
  const key = educationNameKey(name);
  return key ? t(`common:${key}`, { defaultValue: name }) : name;
}
