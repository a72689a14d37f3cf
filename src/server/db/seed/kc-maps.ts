import { LENGUA_KCS } from "./kc-maps-lengua";
import { LUMEN_KCS } from "./kc-maps-lumen";
import { MATHS_KCS } from "./kc-maps-maths";

/**
 * Knowledge components (KCs) of the seeded publications (issue 15): per publication (by its seed
 * key), the skills its lessons teach, each with a stable code, its name in the five languages of
 * the product, the unit that teaches it and the lessons within that unit (0-based indexes into the
 * publication's seed `units` and their `lessons`). The codes the seeded questions carry
 * (`questions.kcs`) are among them, on the lessons those questions assess.
 */
export type KcLocale = "es" | "ca" | "eu" | "en" | "pt";
export type KcSeed = { code: string; names: Record<KcLocale, string>; unit: number; lessons: readonly number[] };

export const KC_MAPS: Readonly<Record<string, readonly KcSeed[]>> = {
  "matematicas-1-eso": MATHS_KCS,
  "lengua-1-eso": LENGUA_KCS,
  "matematica-6-ano": LUMEN_KCS,
};
