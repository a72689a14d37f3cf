import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** Claims the local IdP answers for an account; the login form's "login" field is the account id. */
export type OidcTestAccount = { sub: string; email?: string; email_verified?: boolean };

export type LocalOidcIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcTestAccount>;
  close(): Promise<void>;
};

/** A real `oidc-provider` on 127.0.0.1 with one confidential client and in-memory accounts. */
export async function startOidcIdp(opts: { redirectUris: string[] }): Promise<LocalOidcIdp> {
  const accounts = new Map<string, OidcTestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "aula-test";
  const clientSecret = "aula-test-secret-aula-test-secret";
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ["test-cookie-key-test-cookie-key"] },
    // First-party client: consent is implied, only the login prompt remains.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A tiny cookie jar for driving the browser side of a redirect flow with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
}

/** GET without following redirects; returns the response and its Location resolved to a URL. */
export async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<{ res: Response; location: string | undefined }> {
  const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: jar.header() } });
  jar.take(res);
  const loc = res.headers.get("location");
  return { res, location: loc ? new URL(loc, url).href : undefined };
}

/**
 * The browser's part of a sign-in at the local IdP: follow redirects from `startUrl`, submit the
 * dev login form as `login`, and stop at the first redirect that leaves the IdP (the app's callback).
 */
export async function signInAtIdp(idp: LocalOidcIdp, startLocation: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = startLocation;
  for (let hops = 0; hops < 10; hops++) {
    if (!url.startsWith(idp.issuer)) return url;
    const { res, location } = await step(jar, url);
    if (location) {
      url = location;
      continue;
    }
    if (res.status !== 200 || !/\/interaction\//.test(url)) throw new Error(`IdP answered ${res.status} at ${url}: ${await res.text()}`);
    const submit = await step(jar, url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
    });
    if (!submit.location) throw new Error(`login submit answered ${submit.res.status}: ${await submit.res.text()}`);
    url = submit.location;
  }
  throw new Error("too many redirects at the IdP");
}
