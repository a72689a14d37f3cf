/**
 * A local Entra stand-in for Teams SSO: a JSON Web Key Set served on 127.0.0.1 and a signer for
 * tokens shaped like the ones Teams hands a tab (getAuthToken). Plain TypeScript with no test
 * framework globals, so jest suites and the Playwright Teams host simulator can both use it.
 *
 * Point the server at it with TEAMS_JWKS_URL=<jwksUrl> and TEAMS_ALLOWED_ISSUERS=<issuerTemplate>.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

/** An RS256 key pair with a key id, as Entra publishes them. */
export async function createSigningKey(kid: string = crypto.randomUUID()): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, publicJwk };
}

export type TeamsTokenClaims = {
  /** Entra tenant id. */
  tid: string;
  /** Entra object id of the person. */
  oid: string;
  /** Sign-in name; sent as preferred_username (v2) and upn. */
  upn?: string;
  name?: string;
  /** Audience: the Entra app's client id (v2) or its Application ID URI (v1). */
  aud: string;
  /** Default: the local issuer for `tid` (see `issuerFor`). */
  iss?: string;
  /** Delegated scopes, space-separated. Default "access_as_user". */
  scp?: string;
  /** Expiry, seconds since the epoch. Default one hour from now. */
  exp?: number;
  /** Issued at, seconds since the epoch. Default now. */
  iat?: number;
  /** Any further claims. */
  extra?: Record<string, unknown>;
};

export type LocalJwks = {
  /** http://127.0.0.1:<port>/keys */
  jwksUrl: string;
  /** Issuer template for TEAMS_ALLOWED_ISSUERS, e.g. http://127.0.0.1:<port>/{tid}/v2.0 */
  issuerTemplate: string;
  issuerFor(tid: string): string;
  /** The key whose public half is published. */
  key: SigningKey;
  /** Signs a Teams-like SSO token with the published key (or `key`, e.g. an unpublished one). */
  signTeamsToken(claims: TeamsTokenClaims, key?: SigningKey): Promise<string>;
  /** How many times the key set was fetched. */
  fetches(): number;
  close(): Promise<void>;
};

export async function signTeamsToken(key: SigningKey, issuer: string, claims: TeamsTokenClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { tid, oid, upn, name, aud, scp = "access_as_user", exp = now + 3600, iat = now, extra = {} } = claims;
  const body: Record<string, unknown> = { ...extra, tid, oid, scp, ver: "2.0", name: name ?? "Teams User" };
  if (upn) Object.assign(body, { preferred_username: upn, upn });
  return new SignJWT(body)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setIssuer(claims.iss ?? issuer)
    .setAudience(aud)
    .setSubject(`sub-${oid}`)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

/** Starts the key set server on an ephemeral port of 127.0.0.1. */
export async function startLocalJwks(): Promise<LocalJwks> {
  const key = await createSigningKey();
  let fetches = 0;
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/keys") {
      fetches += 1;
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ keys: [key.publicJwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const issuerTemplate = `${origin}/{tid}/v2.0`;
  const issuerFor = (tid: string) => issuerTemplate.replace("{tid}", tid);
  return {
    jwksUrl: `${origin}/keys`,
    issuerTemplate,
    issuerFor,
    key,
    signTeamsToken: (claims, signer = key) => signTeamsToken(signer, issuerFor(claims.tid), claims),
    fetches: () => fetches,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
