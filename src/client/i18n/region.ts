/*
 * The edition's country, which picks the regional variant of a language (pt-BR or pt-PT). Kept
 * apart from format.ts so the entry, which sets it, does not carry the Basque formats.
 */

let region: string | undefined;

/** The edition's country (ISO 3166 alpha-2), which picks the regional variant (pt-BR, pt-PT). */
export function setRegion(country: string | undefined): void {
  region = country?.toUpperCase();
}

export const currentRegion = (): string | undefined => region;

/** The BCP 47 tag Intl should use for one of the UI languages in this edition. */
export function intlLocale(language: string): string {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? language;
  if (base === "pt") return region === "BR" ? "pt-BR" : "pt-PT";
  if (base === "ca" && region === "ES") return "ca-ES";
  if (base === "es" && region && region !== "ES") return `es-${region}`;
  return base;
}
