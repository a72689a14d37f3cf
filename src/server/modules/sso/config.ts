import { z } from "zod";
import { SsoBrandSchema, SsoKindSchema } from "../../../contracts/sso";
import type { identityProviders } from "../../db/schema";

export type ProviderRow = typeof identityProviders.$inferSelect;

/** identity_providers.config for kind "oidc". */
export const OidcConfigSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.string().min(1).optional(),
  /** Link by e-mail even when the IdP does not say it verified the address (a school's own tenant). */
  trustEmail: z.boolean().optional(),
});
export type OidcConfig = z.infer<typeof OidcConfigSchema>;

/** identity_providers.config for kind "saml". */
export const SamlConfigSchema = z.object({
  entryPoint: z.string().url(),
  idpIssuer: z.string().min(1),
  idpCert: z.string().min(1),
  spEntityId: z.string().min(1).optional(),
  wantAuthnResponseSigned: z.boolean().optional(),
});
export type SamlConfig = z.infer<typeof SamlConfigSchema>;

export type OidcProvider = { row: ProviderRow; kind: "oidc"; config: OidcConfig };
export type SamlProvider = { row: ProviderRow; kind: "saml"; config: SamlConfig };
export type Provider = OidcProvider | SamlProvider;

/** A stored provider with its config checked; undefined when the row is unusable (logged by the caller). */
export function parseProvider(row: ProviderRow): Provider | undefined {
  const kind = SsoKindSchema.safeParse(row.kind);
  if (!kind.success || !SsoBrandSchema.safeParse(row.brand).success) return undefined;
  if (kind.data === "oidc") {
    const config = OidcConfigSchema.safeParse(row.config);
    return config.success ? { row, kind: "oidc", config: config.data } : undefined;
  }
  const config = SamlConfigSchema.safeParse(row.config);
  return config.success ? { row, kind: "saml", config: config.data } : undefined;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Plain http is only for an issuer on this machine (development and tests). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK.has(url.hostname);
}
