import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Hosts allowed to frame the app: Teams, Outlook and the Microsoft 365 app, plus ourselves. */
export const FRAME_ANCESTORS = [
  "'self'",
  "https://teams.microsoft.com",
  "https://*.teams.microsoft.com",
  "https://teams.cloud.microsoft",
  "https://*.cloud.microsoft",
  "https://*.office.com",
  "https://*.office365.com",
  "https://*.microsoft365.com",
  "https://outlook.office.com",
] as const;

/** Where teams-js fetches its list of valid host origins (its `validOriginsCdnEndpoint`, teams-js 2.x). */
export const TEAMS_VALID_DOMAINS_URL = "https://res.cdn.office.net/teams-js/validDomains/json/validDomains.json";

/**
 * The app's own origin as a WebSocket origin (wss for https). CSP3 browsers already count a
 * same-origin ws(s) URL as 'self' (checked in Chromium 156); this names it for those that do not.
 * From PUBLIC_URL, never from the request's Host header: a header is the caller's to choose.
 */
export function ownSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/**
 * Everything the app may connect to: itself (REST, socket.io), Microsoft sign-in (MSAL in the
 * Teams consent popup fetches its metadata and tokens there) and teams-js' valid-domains list.
 * No other host, and no `ws:`/`wss:` wildcard: injected script could otherwise talk to any server.
 */
export const connectSources = (publicUrl: string): string[] => [
  "'self'",
  ownSocketOrigin(publicUrl),
  "https://login.microsoftonline.com",
  TEAMS_VALID_DOMAINS_URL,
];

export type SecurityOptions = {
  publicUrl: string;
  extraFrameAncestors?: readonly string[];
  /** Origins the page may frame besides its own: the editions' external chat tools (ADR 0044). */
  extraFrameSources?: readonly string[];
};

export async function registerSecurityHeaders(app: FastifyInstance, { publicUrl, extraFrameAncestors = [], extraFrameSources = [] }: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    // X-Frame-Options cannot list several hosts; CSP frame-ancestors governs framing instead.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Teams' consent popup and MSAL talk to their opener across origins; COOP would cut that link.
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Fluent UI (Griffel) inserts style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        // The assistant's read-aloud plays its MP3 from an object URL (ADR 0042).
        mediaSrc: ["'self'", "blob:"],
        connectSrc: connectSources(publicUrl),
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", "blob:", ...extraFrameSources],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...FRAME_ANCESTORS, ...extraFrameAncestors],
      },
    },
  });
}
