/**
 * The Teams host (teams-js v2). Loaded only in a frame or a popup, as its own chunk, by
 * detectHost(); nothing else in the app imports teams-js.
 */
import { app, authentication, nestedAppAuth, pages } from "@microsoft/teams-js";
import { pathToSubPageId, teamsDeepLinkUrl } from "./deepLinks";
import type { DeepLinkTarget, Host, HostContext, HostFrameContext, HostTheme, TabConfig, TabConfigApi } from "./host";

const AUTH_WINDOW = { width: 600, height: 640 };

export const toHostTheme = (theme: string | undefined): HostTheme =>
  theme === "dark" ? "dark" : theme === "contrast" ? "contrast" : "default";

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`teams-js did not answer within ${ms} ms`)), ms));

/** Maps our failure reasons onto teams-js' FailedReason (AuthFailed, Timeout, Other). */
function failedRequest(reason: string): app.IFailedRequest {
  if (reason === app.FailedReason.AuthFailed || reason.startsWith("TEAMS_")) return { reason: app.FailedReason.AuthFailed, message: reason };
  if (reason === app.FailedReason.Timeout) return { reason: app.FailedReason.Timeout };
  return { reason: app.FailedReason.Other, message: reason };
}

/**
 * Initialises teams-js (raced against `timeoutMs`) and reads the context. Resolves undefined when
 * no Teams host answers (a frame or popup that is not Teams).
 */
export async function createTeamsHost(win: Window, timeoutMs: number): Promise<Host | undefined> {
  try {
    await Promise.race([app.initialize(), timeout(timeoutMs)]);
  } catch {
    return undefined;
  }
  const ctx = await app.getContext();
  const context: HostContext = {
    kind: "teams",
    locale: ctx.app.locale,
    theme: toHostTheme(ctx.app.theme),
    subPageId: ctx.page.subPageId || undefined,
    userHint: ctx.user?.loginHint ?? ctx.user?.userPrincipalName,
    user: {
      tenantId: ctx.user?.tenant?.id || undefined,
      objectId: ctx.user?.id || undefined,
      loginHint: ctx.user?.loginHint || ctx.user?.userPrincipalName || undefined,
    },
    frameContext: ctx.page.frameContext as HostFrameContext,
    hostName: ctx.app.host.name,
    clientType: ctx.app.host.clientType,
  };

  // teams-js keeps a single theme handler: register once and fan out.
  const themeListeners = new Set<(t: HostTheme) => void>();
  let themeRegistered = false;
  let ready = false;

  const tabConfig: TabConfigApi | undefined =
    context.frameContext === "settings"
      ? {
          setValidity: (valid) => pages.config.setValidityState(valid),
          onSave: (handler) =>
            pages.config.registerOnSaveHandler((event) => {
              void (async () => {
                try {
                  const config: TabConfig = await handler();
                  await pages.config.setConfig(config);
                  event.notifySuccess();
                } catch (error) {
                  event.notifyFailure(error instanceof Error ? error.message : String(error));
                }
              })();
            }),
        }
      : undefined;

  const getToken = async (): Promise<string | undefined> => {
    // Nested app authentication where the host recommends it (new Teams, Outlook, M365 app).
    if (nestedAppAuth.isNAAChannelRecommended()) {
      const { loadTeamsAuthConfig, acquireNestedToken } = await import(/* webpackChunkName: "msal" */ "./msal");
      const config = await loadTeamsAuthConfig();
      if (config) {
        const token = await acquireNestedToken(config, context.userHint).catch(() => undefined);
        if (token) return token;
      }
    }
    return authentication.getAuthToken();
  };

  return {
    context,
    getToken,
    openAuthWindow: (url) => authentication.authenticate({ url, ...AUTH_WINDOW }),
    shareDeepLink: async (target: DeepLinkTarget) => {
      const subPageId = pathToSubPageId(target.path) ?? target.path;
      const webUrl = new URL(target.path, win.location.origin).toString();
      if (pages.isSupported()) {
        pages.shareDeepLink({ subPageId, subPageLabel: target.label, subPageWebUrl: webUrl });
        return;
      }
      // No share dialog in this host: put the Teams link on the clipboard instead.
      const appId = ctx.app.appId?.toString() ?? "";
      await win.navigator.clipboard.writeText(
        teamsDeepLinkUrl({ appId, entityId: ctx.page.id, subPageId, webUrl, label: target.label }),
      );
    },
    notifyReady: () => {
      if (ready) return;
      ready = true;
      void app.notifySuccess().catch(() => undefined);
    },
    notifyFailure: (reason) => app.notifyFailure(failedRequest(reason)),
    onThemeChange: (listener) => {
      themeListeners.add(listener);
      if (!themeRegistered) {
        themeRegistered = true;
        app.registerOnThemeChangeHandler((theme) => themeListeners.forEach((l) => l(toHostTheme(theme))));
      }
      return () => void themeListeners.delete(listener);
    },
    completeAuth: (outcome) => {
      if (outcome.ok) authentication.notifySuccess(outcome.result);
      else authentication.notifyFailure(outcome.reason);
    },
    openLink: (url) => app.openLink(url),
    tabConfig,
  };
}
