import { SAML, ValidateInResponseTo, type Profile } from "@node-saml/node-saml";
import type { Db } from "../../db/client";
import type { SamlProvider } from "./config";
import { REQUEST_TTL_MS, samlRequestCache } from "./requests";

/** Small, as clocks in schools drift a little but a stolen assertion must not live long. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** Kept as a replay guard when an assertion names no NotOnOrAfter of its own. */
const DEFAULT_ASSERTION_LIFETIME_MS = 60 * 60_000;

export type SamlUrls = { spEntityId: string; acsUrl: string };

export function samlUrls(publicUrl: string, provider: SamlProvider): SamlUrls {
  const base = `${publicUrl}/api/auth/saml/${provider.row.id}`;
  return { spEntityId: provider.config.spEntityId ?? `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** One node-saml instance per use: cheap, and it never holds one request's state for another. */
export function samlFor(db: Db, provider: SamlProvider, urls: SamlUrls): SAML {
  const { config, row } = provider;
  return new SAML({
    entryPoint: config.entryPoint,
    issuer: urls.spEntityId,
    callbackUrl: urls.acsUrl,
    idpCert: config.idpCert,
    idpIssuer: config.idpIssuer,
    audience: urls.spEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: config.wantAuthnResponseSigned ?? false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: samlRequestCache(db, { tenantId: row.tenantId, providerId: row.id }),
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

export type SamlIdentity = { subject: string; email: string | undefined; assertionId: string; notOnOrAfter: Date };

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;
const stringOf = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined);

/**
 * Who the (already verified) assertion names, and what replay protection needs: its ID and until
 * when it could be accepted. Read from the signed assertion XML node-saml hands back.
 */
export function samlIdentity(profile: Profile): SamlIdentity {
  const xml = profile.getAssertionXml?.() ?? "";
  const assertionId = /^\s*<(?:[\w-]+:)?Assertion\b[^>]*?\sID="([^"]+)"/.exec(xml)?.[1];
  if (!assertionId) throw new Error("assertion without an ID");
  const until = /<(?:[\w-]+:)?Conditions\b[^>]*?\sNotOnOrAfter="([^"]+)"/.exec(xml)?.[1];
  const untilMs = until ? Date.parse(until) : Number.NaN;
  const notOnOrAfter = new Date((Number.isNaN(untilMs) ? Date.now() + DEFAULT_ASSERTION_LIFETIME_MS : untilMs) + SAML_CLOCK_SKEW_MS);
  const attributeEmail = stringOf(profile.email) ?? stringOf(profile.mail);
  const nameIdEmail = EMAIL_LIKE.test(profile.nameID) ? profile.nameID : undefined;
  const email = (attributeEmail ?? nameIdEmail)?.trim().toLowerCase();
  return { subject: profile.nameID, email, assertionId, notOnOrAfter };
}
