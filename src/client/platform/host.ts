/**
 * The host adapter: the rest of the app sees only this interface, never teams-js or msal.
 * `detectHost()` decides once, at start, whether we run inside Teams or standalone.
 */
export type HostKind = "standalone" | "teams";
export type HostTheme = "default" | "dark" | "contrast";

export type HostContext = {
  kind: HostKind;
  /** Host locale tag (e.g. "es-ES"), when the host gives one. */
  locale: string | undefined;
  theme: HostTheme;
  /** A deep link's sub-page id (Teams subEntityId). */
  subPageId: string | undefined;
  /** Login hint (UPN or e-mail) the host knows for the user. */
  userHint: string | undefined;
};

export type DeepLinkTarget = { path: string; label: string };

export interface Host {
  readonly context: HostContext;
  /** A host SSO token for our API, or undefined when the host has none (standalone). */
  getToken(): Promise<string | undefined>;
  /** Opens an authentication window at `url` and resolves with what it reports back. */
  openAuthWindow(url: string): Promise<string>;
  /** Shares a deep link to `target` (Teams: share to Teams; standalone: copy the URL). */
  shareDeepLink(target: DeepLinkTarget): Promise<void>;
  /** Tells the host the first meaningful render happened. */
  notifyReady(): void;
  /** Tells the host the app failed to start. */
  notifyFailure(reason: string): void;
  onThemeChange(listener: (theme: HostTheme) => void): () => void;
}
