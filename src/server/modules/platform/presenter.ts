import { LanguageSchema } from "../../../contracts/common";
import type { FrontofficeHealth, LanguageItem, LanguageScope, LanguageScopeName } from "../../../contracts/platform";
import { toLanguage } from "../organization/presenter";
import type { ScopeRow } from "./service";

/** Spec §7: the health payload travels as a JSON string under platform_health_status. */
export const presentHealth = (health: FrontofficeHealth): { platform_health_status: string } => ({
  platform_health_status: JSON.stringify(health),
});

export const presentLanguages = (rows: ReadonlyArray<{ code: string; description: string }>): LanguageItem[] =>
  rows.flatMap((r) => {
    const code = LanguageSchema.safeParse(r.code);
    return code.success ? [{ code: code.data, description: r.description }] : [];
  });

export const presentLanguageScope = (scope: LanguageScopeName, row: ScopeRow): LanguageScope => ({
  scope,
  language: toLanguage(row.language),
  value: row.value,
});
