import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { buildResponseXml, encodeResponse, startSamlIdp, type LocalSamlIdp } from "./saml";

/**
 * The local SAML IdP as a web site, for the browser: its HTTP-Redirect endpoint shows a sign-in
 * form, and signing in answers with the HTTP-POST binding (an auto-submitted form to the SP's ACS)
 * carrying a signed assertion for that person.
 */
export type SamlWebIdp = LocalSamlIdp & { users: Map<string, { nameId: string; email: string }>; close(): Promise<void> };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function readRequest(encoded: string): { id: string; acsUrl: string; spEntityId: string } {
  const xml = zlib.inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  const spEntityId = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
  if (!id || !acsUrl || !spEntityId) throw new Error("unreadable AuthnRequest");
  return { id, acsUrl, spEntityId };
}

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local SAML IdP</title></head><body>${body}</body></html>`;

export async function startSamlWebIdp(): Promise<SamlWebIdp> {
  const base = await startSamlIdp();
  const users = new Map<string, { nameId: string; email: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://idp");
    if (req.method === "GET" && url.pathname === "/sso") {
      const request = url.searchParams.get("SAMLRequest") ?? "";
      const relay = url.searchParams.get("RelayState") ?? "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        page(
          `<form method="post" action="/sso/login"><label>User <input name="login"></label>` +
            `<input type="hidden" name="SAMLRequest" value="${esc(request)}"><input type="hidden" name="RelayState" value="${esc(relay)}">` +
            `<button type="submit">Sign in</button></form>`,
        ),
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/sso/login") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const user = users.get(form.get("login") ?? "");
        if (!user) {
          res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
          res.end(page("<p>Unknown user</p>"));
          return;
        }
        const request = readRequest(form.get("SAMLRequest") ?? "");
        const xml = buildResponseXml(idp, { inResponseTo: request.id, acsUrl: request.acsUrl, audience: request.spEntityId, nameId: user.nameId, email: user.email });
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(
          page(
            `<form id="f" method="post" action="${esc(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${encodeResponse(xml)}">` +
              `<input type="hidden" name="RelayState" value="${esc(form.get("RelayState") ?? "")}"><noscript><button>Continue</button></noscript></form>` +
              `<script>document.getElementById("f").submit()</script>`,
          ),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: SamlWebIdp = {
    ...base,
    entryPoint: `${origin}/sso`,
    users,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}
