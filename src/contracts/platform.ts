import { LanguageSchema, successOf } from "./common";
import { LANGUAGE_SCOPES } from "./platform-base";
import * as z from "./zod";

export { isFrontofficeHealth, isPdfValue, LANGUAGE_SCOPES, type LanguageScopeName } from "./platform-base";

/** The front-office part of platform_health_status (a JSON string on the wire, spec §7). */
export const FrontofficeHealthSchema = z.object({
  frontoffice: z.object({
    version: z.string(),
    status: z.enum(["ok", "degraded"]),
    database: z.object({ status: z.enum(["up", "down"]), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
    uptimeSeconds: z.number(),
    startedAt: z.string(),
  }),
});
export type FrontofficeHealth = z.infer<typeof FrontofficeHealthSchema>;
export const HealthResponseSchema = successOf(z.object({ platform_health_status: z.string() }));

/** A language offered by the platform; `description` is its own name (endonym). */
export const LanguageItemSchema = z.object({ code: LanguageSchema, description: z.string() });
export type LanguageItem = z.infer<typeof LanguageItemSchema>;
export const LanguagesResponseSchema = successOf(z.array(LanguageItemSchema));

export const LanguageScopeNameSchema = z.enum(LANGUAGE_SCOPES);

export const LanguageScopeParamsSchema = z.object({ scope: LanguageScopeNameSchema });
/** `lang` defaults to the edition's default language. */
export const LanguageScopeQuerySchema = z.object({ lang: LanguageSchema.optional() });
export const LanguageScopeSchema = z.object({
  scope: LanguageScopeNameSchema,
  /** The language actually served, which differs from `lang` when a fallback was used. */
  language: LanguageSchema,
  /** Plain text, or a URL ending in .pdf that the client shows in its PDF viewer. */
  value: z.string(),
});
export type LanguageScope = z.infer<typeof LanguageScopeSchema>;
export const LanguageScopeResponseSchema = successOf(LanguageScopeSchema);
