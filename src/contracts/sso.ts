import * as z from "./zod";
import { successOf } from "./common";

/** Single sign-on: what the login page may know about an edition's identity providers. */
export const SSO_KINDS = ["oidc", "saml"] as const;
export const SsoKindSchema = z.enum(SSO_KINDS);
export type SsoKind = z.infer<typeof SsoKindSchema>;

export const SSO_BRANDS = ["google", "microsoft", "generic"] as const;
export const SsoBrandSchema = z.enum(SSO_BRANDS);
export type SsoBrand = z.infer<typeof SsoBrandSchema>;

export const SsoProviderSchema = z.object({
  id: z.string().uuid(),
  kind: SsoKindSchema,
  brand: SsoBrandSchema,
  label: z.string(),
  /** Where the browser navigates to sign in (same origin as the API). */
  startUrl: z.string(),
});
export type SsoProvider = z.infer<typeof SsoProviderSchema>;
export const SsoProvidersResponseSchema = successOf(z.array(SsoProviderSchema));

/** A path inside the SPA to come back to after sign-in; never another origin. */
export const SSO_RETURN_TO_MAX_CHARS = 512;
export function isSafeReturnTo(value: string): boolean {
  if (value.length === 0 || value.length > SSO_RETURN_TO_MAX_CHARS) return false;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // Control characters and backslashes let browsers reinterpret a path as another origin.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return false;
  }
  return true;
}

export const SsoStartQuerySchema = z.object({ returnTo: z.string().max(SSO_RETURN_TO_MAX_CHARS).optional() });
export const SsoProviderParamsSchema = z.object({ providerId: z.string().uuid() });
