/**
 * The host adapter: the rest of the app sees only this interface, never teams-js or msal.
 * `detectHost()` decides once, at start, whether we run inside Teams or standalone.
 */
export type HostKind = "standalone" | "teams";
export type HostTheme = "default" | "dark" | "contrast";
/**
 * Why the host loaded this page (Teams `page.frameContext`): a tab's content, its configuration
 * page (settings), the consent popup (authentication), the remove page...
 */
export type HostFrameContext = "content" | "settings" | "authentication" | "remove" | "task" | "sidePanel" | "stage" | "meetingStage";

/**
 * Who the host says is signed in (Teams: `user.tenant.id`, `user.id` = Entra object id,
 * `user.loginHint`). Any part may be missing; standalone has none.
 */
export type HostUser = {
  tenantId?: string;
  objectId?: string;
  loginHint?: string;
};

export type HostContext = {
  kind: HostKind;
  /** Host locale tag (e.g. "es-ES"), when the host gives one. */
  locale: string | undefined;
  theme: HostTheme;
  /** A deep link's sub-page id (Teams subEntityId). */
  subPageId: string | undefined;
  /** Login hint (UPN or e-mail) the host knows for the user. */
  userHint: string | undefined;
  /** Teams only: the signed-in Teams user, to tell a stored session's owner from the next person. */
  user?: HostUser;
  /** Teams only: why this frame was loaded; undefined standalone. */
  frameContext?: HostFrameContext;
  /** Teams only: the host's name and client type ("Teams"/"web"), for diagnostics. */
  hostName?: string;
  clientType?: string;
};

export type DeepLinkTarget = { path: string; label: string };

/** What a configurable tab saves (Teams `pages.config.setConfig`). */
export type TabConfig = {
  contentUrl: string;
  websiteUrl: string;
  entityId: string;
  suggestedDisplayName: string;
  removeUrl?: string;
};

/** The configuration page's side of the host: only present in a Teams settings frame. */
export interface TabConfigApi {
  /** Enables or disables the host's Save button. */
  setValidity(valid: boolean): void;
  /** Called when the user presses Save: return the config to store (throw to refuse). */
  onSave(handler: () => TabConfig | Promise<TabConfig>): void;
}

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
  /** Inside an authentication window: reports the outcome to the window that opened it. */
  completeAuth?(outcome: { ok: true; result?: string } | { ok: false; reason: string }): void;
  /** Opens a link; inside Teams it stays in Teams (deep links) instead of leaving the tab. */
  openLink?(url: string): Promise<void>;
  /** Present only in a Teams configuration (settings) frame. */
  readonly tabConfig?: TabConfigApi;
}
