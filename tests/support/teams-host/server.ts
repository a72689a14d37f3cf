/**
 * The Teams host simulator: an HTTPS server on loopback (self-signed certificate) that serves a
 * host page under /__teams/ and proxies every other path to the app's server, so the host page and
 * the embedded app share one origin. That is what teams-js trusts without a valid-domains list,
 * what the app's CSP frame-ancestors 'self' allows, and what authentication.authenticate needs
 * (an https URL).
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { generate } from "selfsigned";

export type TeamsHostSim = {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The host page URL embedding `appPath`, with the simulator options as query parameters. */
  url(appPath: string, options?: TeamsHostOptions): string;
  close(): Promise<void>;
};

export type TeamsHostOptions = {
  frameContext?: "content" | "settings";
  theme?: "default" | "dark" | "contrast";
  locale?: string;
  subPageId?: string;
  upn?: string;
  /** What getAuthToken answers, in turn (the last one repeats); "!error" rejects with "error". */
  tokens?: string[];
  /** authenticate: open the popup (default), or answer success / cancel without one. */
  authMode?: "popup" | "success" | "cancel";
  /** Open this app path in the popup instead of the URL the tab asked for. */
  authPath?: string;
};

const SCRIPT = fs.readFileSync(path.join(__dirname, "hostScript.js"), "utf8");
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Teams host simulator</title></head>
<body style="margin:0;font-family:sans-serif"><header style="padding:4px 8px">Teams host simulator</header>
<script src="/__teams/host.js"></script></body></html>`;

function proxy(appUrl: URL, req: http.IncomingMessage, res: http.ServerResponse) {
  const upstream = http.request(
    {
      host: appUrl.hostname,
      port: appUrl.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: appUrl.host, "x-forwarded-proto": "https" },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

export async function startTeamsHost(appBaseUrl: string): Promise<TeamsHostSim> {
  const appUrl = new URL(appBaseUrl);
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], { keySize: 2048, algorithm: "sha256" });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname === "/__teams/host.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(PAGE);
      return;
    }
    if (pathname === "/__teams/host.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(SCRIPT);
      return;
    }
    proxy(appUrl, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (appPath, options = {}) => {
      const q = new URLSearchParams({ path: appPath });
      for (const [k, v] of Object.entries(options)) {
        if (v !== undefined) q.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
      }
      return `${origin}/__teams/host.html?${q.toString()}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
