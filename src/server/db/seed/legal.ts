import { LANGUAGES } from "../../../contracts/common";
import type { LanguageScopeName } from "../../../contracts/platform";
import type { Db } from "../client";
import { languageScopes } from "../schema";
import type { EditionIds } from "./editions";
import { idOf } from "./ids";
import { CREDITS } from "./legal-credits";
import { PRIVACY } from "./legal-privacy";
import { TERMS } from "./legal-terms";

/** Lumen publishes its own privacy policy as a PDF, so the client's PDF viewer path is exercised. */
export const LUMEN_PRIVACY_PDF = "/legal/lumen-privacy.pdf";

const PLATFORM_DOCUMENTS: Record<LanguageScopeName, typeof PRIVACY> = { privacy: PRIVACY, terms: TERMS, credits: CREDITS };

/** Platform defaults (tenantId null) in every language, plus the editions' own documents. */
export async function seedLegal(db: Db, editions: EditionIds): Promise<void> {
  const rows: Array<typeof languageScopes.$inferInsert> = [];
  for (const [scope, texts] of Object.entries(PLATFORM_DOCUMENTS)) {
    for (const language of LANGUAGES) rows.push({ tenantId: null, scope, language, value: texts[language] });
  }
  // Only in Lumen's default language: other languages fall back to it before the platform text.
  rows.push({ tenantId: idOf(editions.tenants, "lumen", "edition"), scope: "privacy", language: "pt", value: LUMEN_PRIVACY_PDF });
  await db.insert(languageScopes).values(rows).onConflictDoNothing();
}
