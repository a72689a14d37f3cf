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

export async function registerSecurityHeaders(app: FastifyInstance, extraFrameAncestors: readonly string[] = []): Promise<void> {
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
        // Microsoft sign-in (MSAL in the Teams consent popup) fetches its metadata and tokens there.
        connectSrc: ["'self'", "ws:", "wss:", "https://login.microsoftonline.com"],
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...FRAME_ANCESTORS, ...extraFrameAncestors],
      },
    },
  });
}
