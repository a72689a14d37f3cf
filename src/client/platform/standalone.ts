import type { DeepLinkTarget, Host, HostContext, HostTheme } from "./host";

/** What an auth window posts to the window that opened it. */
type AuthMessage = { type: "aula-auth"; ok: boolean; result?: string; reason?: string };

/** A plain browser tab: the app's own sign-in, the OS colour scheme, the clipboard for sharing. */
export function createStandaloneHost(win: Window = window): Host {
  const media = win.matchMedia?.("(prefers-color-scheme: dark)");
  const context: HostContext = {
    kind: "standalone",
    locale: win.navigator.language,
    theme: media?.matches ? "dark" : "default",
    subPageId: undefined,
    userHint: undefined,
  };
  return {
    context,
    getToken: async () => undefined,
    openAuthWindow: (url) =>
      new Promise((resolve, reject) => {
        const popup = win.open(url, "aula-auth", "width=600,height=700");
        if (!popup) {
          reject(new Error("FailedToOpenWindow"));
          return;
        }
        const onMessage = (e: MessageEvent) => {
          if (e.origin !== win.location.origin || e.source !== popup) return;
          win.removeEventListener("message", onMessage);
          const data = e.data as Partial<AuthMessage>;
          if (data.ok && typeof data.result === "string") resolve(data.result);
          else reject(new Error(data.reason ?? "CancelledByUser"));
        };
        win.addEventListener("message", onMessage);
      }),
    shareDeepLink: async (target: DeepLinkTarget) => {
      await win.navigator.clipboard.writeText(new URL(target.path, win.location.origin).toString());
    },
    notifyReady: () => undefined,
    notifyFailure: () => undefined,
    onThemeChange: (listener: (t: HostTheme) => void) => {
      if (!media) return () => undefined;
      const handler = (e: MediaQueryListEvent) => listener(e.matches ? "dark" : "default");
      media.addEventListener("change", handler);
      return () => media.removeEventListener("change", handler);
    },
    completeAuth: (outcome) => {
      const opener = win.opener as Window | null;
      if (!opener) return;
      const message: AuthMessage = outcome.ok
        ? { type: "aula-auth", ok: true, result: outcome.result ?? "" }
        : { type: "aula-auth", ok: false, reason: outcome.reason };
      opener.postMessage(message, win.location.origin);
    },
    openLink: async (url) => {
      win.location.assign(url);
    },
  };
}
