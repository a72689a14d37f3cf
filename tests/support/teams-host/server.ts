/**
 * The Teams host simulator, cross-origin as in Teams: the host page lives on
 * https://teams.microsoft.com (served to the browser by a Playwright route, so no request leaves
 * the machine) and embeds the app, served over HTTPS from another origin, in an iframe.
 *
 * - The app's origin is an HTTPS server on loopback (self-signed certificate) that proxies every
 *   request to the app's server: an https frame in an https page, and the https URL
 *   authentication.authenticate requires.
 * - teams-js only accepts host messages from origins on its list (or its own origin); the host page
 *   on teams.microsoft.com is on that list, and the app's CSP frame-ancestors already allows it,
 *   so neither is loosened for tests.
 * - The app frame is a third party there, as in Teams: storage is partitioned by the top-level
 *   site, and tests can block it (ADR 0021).
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generate } from "selfsigned";

/** Where the host page lives: a Teams origin, which teams-js trusts. */
export const TEAMS_HOST_ORIGIN = "https://teams.microsoft.com";
const HOST_PAGE_PATH = "/__teams/host.html";
const HOST_SCRIPT_PATH = "/__teams/host.js";

export type TeamsHostSim = {
  /** The app's origin, https://127.0.0.1:<port> (a proxy to the app's server). */
  appOrigin: string;
  /** The host page's origin (https://teams.microsoft.com). */
  hostOrigin: string;
  /** The host page URL embedding `appPath` of the app, with the simulator options as query parameters. */
  url(appPath: string, options?: TeamsHostOptions): string;
  /** Serves the host page at `hostOrigin` to this page (call before navigating to `url`). */
  attach(page: Page): Promise<void>;
  close(): Promise<void>;
};

export type TeamsHostOptions = {
  frameContext?: "content" | "settings";
  theme?: "default" | "dark" | "contrast";
  locale?: string;
  subPageId?: string;
  /** The Teams user: login hint / UPN (context user.loginHint). */
  upn?: string;
  /** The Teams user's Entra object id (context user.id). */
  oid?: string;
  /** The Teams user's Entra tenant id (context user.tenant.id). */
  tid?: string;
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
<script src="${HOST_SCRIPT_PATH}"></script></body></html>`;

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
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => proxy(appUrl, req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const appOrigin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    appOrigin,
    hostOrigin: TEAMS_HOST_ORIGIN,
    url: (appPath, options = {}) => {
      const q = new URLSearchParams({ app: appOrigin, path: appPath });
      for (const [k, v] of Object.entries(options)) {
        if (v !== undefined) q.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
      }
      return `${TEAMS_HOST_ORIGIN}${HOST_PAGE_PATH}?${q.toString()}`;
    },
    attach: async (page) => {
      await page.route(`${TEAMS_HOST_ORIGIN}/**`, (route) => {
        const pathname = new URL(route.request().url()).pathname;
        if (pathname === HOST_PAGE_PATH) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: PAGE });
        if (pathname === HOST_SCRIPT_PATH) return route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: SCRIPT });
        return route.fulfill({ status: 404, body: "" });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
