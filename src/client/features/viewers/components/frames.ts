/**
 * Sandboxes for framed content. Uploaded packages and page HTML run WITHOUT allow-same-origin:
 * they get an opaque origin and cannot read the platform's storage or call its API (the server
 * also sends `Content-Security-Policy: sandbox` on the content path). Interactive addresses are
 * third-party sites that need their own origin to work.
 */
export const PACKAGE_SANDBOX = "allow-scripts allow-forms allow-popups allow-modals allow-downloads";
export const EMBED_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-forms";

/** The host of an address, or the address itself when it cannot be parsed. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
