import crypto from "node:crypto";
import * as client from "openid-client";
import { isLoopbackHttp, type OidcProvider } from "./config";

const DISCOVERY_TTL_MS = 5 * 60_000;
const DEFAULT_SCOPES = "openid email profile";

/** The claims sign-in reads from an OIDC provider. */
export type OidcIdentity = { subject: string; email: string | undefined; emailVerified: boolean };

type Cached = { key: string; at: number; config: client.Configuration };

/** Discovered issuer configurations, per provider, for a few minutes (one per app instance). */
export class OidcClients {
  private readonly cache = new Map<string, Cached>();

  async configuration(provider: OidcProvider): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = provider.config;
    // A changed issuer, client or secret must not reuse the old discovery.
    const key = crypto.createHash("sha256").update(JSON.stringify([issuer, clientId, clientSecret ?? ""])).digest("hex");
    const hit = this.cache.get(provider.row.id);
    if (hit && hit.key === key && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const url = new URL(issuer);
    const insecure = isLoopbackHttp(url);
    const auth = clientSecret ? client.ClientSecretPost(clientSecret) : client.None();
    const config = await client.discovery(url, clientId, undefined, auth, {
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    this.cache.set(provider.row.id, { key, at: Date.now(), config });
    return config;
  }
}

export type OidcStart = { url: URL; state: string; codeVerifier: string; nonce: string };

/** Authorization code with PKCE (S256), state and nonce. */
export async function buildOidcStart(config: client.Configuration, provider: OidcProvider, redirectUri: string): Promise<OidcStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.config.scopes ?? DEFAULT_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url, state, codeVerifier, nonce };
}

/** Exchanges the code; openid-client checks state, nonce, PKCE, issuer, audience and the ID token signature. */
export async function finishOidc(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("no ID token claims");
  let email = typeof claims.email === "string" ? claims.email : undefined;
  let verified = claims.email_verified === true;
  if (email === undefined) {
    // Some issuers only put the e-mail in userinfo; the subject must match the ID token's.
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof info.email === "string" ? info.email : undefined;
    verified = info.email_verified === true;
  }
  return { subject: claims.sub, email: email?.trim().toLowerCase(), emailVerified: verified };
}
