import crypto from "node:crypto";
import zlib from "node:zlib";
import { generate } from "selfsigned";
import { SignedXml } from "xml-crypto";

/** A local SAML 2.0 identity provider: a signing key, its certificate, and responses built on demand. */
export type LocalSamlIdp = { issuer: string; entryPoint: string; cert: string; privateKey: string };

export async function startSamlIdp(): Promise<LocalSamlIdp> {
  const pems = await generate([{ name: "commonName", value: "idp.aula.test" }], { keySize: 2048, algorithm: "sha256" });
  // Nothing listens here: tests read the AuthnRequest from the start redirect, as the IdP would.
  return { issuer: "https://idp.aula.test/saml", entryPoint: "https://idp.aula.test/saml/sso", cert: pems.cert, privateKey: pems.private };
}

export type AuthnRequestSeen = { id: string; acsUrl: string | undefined; relayState: string | null };

/** Reads the AuthnRequest the SP put in its HTTP-Redirect binding URL (deflated, base64). */
export function readAuthnRequest(location: string): AuthnRequestSeen {
  const url = new URL(location);
  const encoded = url.searchParams.get("SAMLRequest");
  if (!encoded) throw new Error(`no SAMLRequest in ${location}`);
  const xml = zlib.inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error("AuthnRequest without ID");
  return { id, acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1], relayState: url.searchParams.get("RelayState") };
}

export type AssertionOptions = {
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  nameId: string;
  email?: string;
  assertionId?: string;
  /** Shifts every instant, e.g. -2 hours for an expired assertion. */
  offsetMs?: number;
  lifetimeMs?: number;
  issuer?: string;
  sign?: boolean;
  /** Sign with another key than the one the SP trusts. */
  signingKey?: string;
};

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const newId = () => `_${crypto.randomBytes(16).toString("hex")}`;

/** A SAML 2.0 Response with one Assertion, enveloped-signed (rsa-sha256, exclusive c14n); XML text. */
export function buildResponseXml(idp: LocalSamlIdp, o: AssertionOptions): string {
  const now = Date.now() + (o.offsetMs ?? 0);
  const until = iso(now + (o.lifetimeMs ?? 5 * 60_000));
  const issuer = esc(o.issuer ?? idp.issuer);
  const assertionId = o.assertionId ?? newId();
  const attributes = o.email
    ? `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${esc(o.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
    : "";
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${esc(o.inResponseTo)}" Recipient="${esc(o.acsUrl)}" NotOnOrAfter="${until}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 30_000)}" NotOnOrAfter="${until}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>${attributes}</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.acsUrl)}" InResponseTo="${esc(o.inResponseTo)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${assertion}</samlp:Response>`;
  if (o.sign === false) return response;
  const sig = new SignedXml({
    privateKey: o.signingKey ?? idp.privateKey,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  sig.computeSignature(response, {
    prefix: "ds",
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: "after" },
  });
  return sig.getSignedXml();
}

export const encodeResponse = (xml: string): string => Buffer.from(xml, "utf8").toString("base64");
