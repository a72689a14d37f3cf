import { AppError } from "../platform/errors";
import type { AiProvider } from "./types";

/*
 * Moderation of what a model writes for a school (issue 16, ADR 0039): every text a model wrote
 * that pupils may be handed (an adapted text, a translation, definitions, questions, activities) is
 * checked before it is kept or shown. The local check is a word list: explicit sexual words, strong
 * profanity and slurs in the platform's five languages (and the translator's other destinations'
 * commonest), matched as whole words without regard to case or accents. It stops the plain cases a
 * model slips into under a hostile text; it is not a classifier. A deployment whose model server
 * has a moderation model (AI_MODERATION_MODEL, OpenAI's POST /moderations) gets that classifier
 * too, after the word list (ADR 0039). A flagged answer is refused
 * (AI_OUTPUT_BLOCKED, 422) and nothing is saved; the categories say why, never the words.
 */

export type ModerationCategory = "sexual" | "profanity" | "hate" | "violence" | "self_harm" | "illicit";

/**
 * Words that have no innocent reading in a school text in any of the languages checked (a word that
 * is vulgar in one language and ordinary in another — French "bite", Catalan "figa", Portuguese
 * "macaco", English "cock" — is left out: the check runs on every language at once).
 */
const WORDS: Readonly<Record<"sexual" | "profanity" | "hate", readonly string[]>> = {
  sexual: [
    "follar", "follando", "coño", "coños", "porno", "pornografía", "pornográfico", "pornográfica",
    "cony", "piça", "titola", "foder", "fodendo", "caralho", "buceta", "xoxota", "punheta",
    "fuck", "fucking", "fucked", "fucker", "pussy", "cunt", "cunts", "porn", "blowjob", "handjob", "dildo",
    "chatte", "cazzo", "scopare", "pompino",
  ],
  profanity: [
    "gilipollas", "cabrón", "cabrones", "hijoputa", "hijoputas", "joder", "jodido", "jodida", "mierda", "mierdas", "puta", "putas", "capullo", "cojones",
    "collons", "fill de puta", "filho da puta", "puta que pariu", "putakume",
    "shit", "shitty", "bullshit", "bitch", "bitches", "asshole", "assholes", "motherfucker", "wanker",
    "merde", "putain", "connard", "salope", "stronzo", "vaffanculo",
  ],
  hate: [
    "maricón", "maricones", "bollera", "sudaca", "sudacas", "negrata", "retrasado mental",
    "viado", "sapatão",
    "nigger", "niggers", "faggot", "faggots", "tranny", "kike", "spic",
    "pédé", "bougnoule", "frocio",
  ],
};

/** Lower case without accents (diacritics), apostrophes kept: "Cabrón" and "cabron" are one word. */
const fold = (s: string) => s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

const PATTERNS: ReadonlyArray<[ModerationCategory, RegExp]> = (Object.entries(WORDS) as Array<[ModerationCategory, readonly string[]]>).map(([category, words]) => {
  const alternatives = [...new Set(words.map(fold))].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"));
  return [category, new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "u")];
});

/** The categories a text falls in (empty: it passes). */
export function moderationCategories(texts: readonly string[]): ModerationCategory[] {
  const folded = texts.map(fold);
  return PATTERNS.filter(([, pattern]) => folded.some((t) => pattern.test(t))).map(([category]) => category);
}

/** A model's answer that moderation stopped: 422, with the categories (never the words). */
export class AiOutputBlockedError extends AppError {
  readonly code = "AI_OUTPUT_BLOCKED";
  constructor(readonly categories: ModerationCategory[]) {
    super(422, "AI_OUTPUT_BLOCKED", "The model's answer did not pass moderation for a school", { categories });
    this.name = "AiOutputBlockedError";
  }
}

/** Throws AiOutputBlockedError when any of the texts falls in a category. */
export function assertModerated(texts: readonly string[]): void {
  const categories = moderationCategories(texts);
  if (categories.length > 0) throw new AiOutputBlockedError(categories);
}

/** The model server's category names (OpenAI's: `sexual/minors`, `harassment/threatening`, `self-harm/intent`, `illicit/violent`…) as ours. */
export function providerCategories(names: readonly string[]): ModerationCategory[] {
  const out = new Set<ModerationCategory>();
  for (const name of names) {
    const head = name.split("/")[0]?.toLowerCase().replace(/[-_\s]/g, "");
    if (head === "sexual") out.add("sexual");
    else if (head === "hate" || head === "harassment") out.add("hate");
    else if (head === "violence") out.add("violence");
    else if (head === "selfharm") out.add("self_harm");
    else if (head === "illicit") out.add("illicit");
  }
  return [...out];
}

/**
 * What a model wrote, checked for a school: the word list, then the model server's moderation
 * model when the provider has one. A flagged verdict with no category we name is still refused.
 */
export async function moderateOutput(ai: Pick<AiProvider, "moderate">, context: { tenantId: string; signal?: AbortSignal | undefined }, texts: readonly string[]): Promise<void> {
  assertModerated(texts);
  const pieces = texts.filter((t) => t.trim() !== "");
  if (!ai.moderate || pieces.length === 0) return;
  const verdict = await ai.moderate({ texts: pieces, tenantId: context.tenantId, signal: context.signal });
  if (verdict.flagged) {
    const categories = providerCategories(verdict.categories);
    throw new AiOutputBlockedError(categories.length > 0 ? categories : ["illicit"]);
  }
}
