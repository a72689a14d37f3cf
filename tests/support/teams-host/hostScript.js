/* global window, document, location, URL, URLSearchParams, performance */
/*
 * The Teams host simulator's page script (plain browser JS, served as is on the host page's
 * origin). It embeds the app, from its own origin (?app=), in an iframe and answers teams-js 2.x's
 * postMessage protocol the way the Teams web client does:
 * requests {id, uuidAsString, func, args} get replies {id, uuidAsString, args}; host events are
 * {func, args}. Everything the app sent is kept in window.teamsHost.log for the tests.
 */
(() => {
  const params = new URLSearchParams(location.search);
  const opt = (name, fallback) => params.get(name) ?? fallback;
  /** The app's origin: the tab and the consent popup talk from there, and only from there. */
  const appOrigin = new URL(opt("app", location.origin)).origin;
  const state = {
    log: [],
    frameContext: opt("frameContext", "content"),
    theme: opt("theme", "default"),
    /** Tokens getAuthToken hands out in turn; "!" + text rejects with that error. */
    tokens: JSON.parse(opt("tokens", "[]")),
    /** "popup" (open the window), "success" or "cancel" (answer without a window). */
    authMode: opt("authMode", "popup"),
    /** Open this path instead of the URL the tab asked for (e.g. straight to /tab-auth-end). */
    authPath: params.get("authPath"),
    config: null,
    validity: null,
    successAt: null,
    failure: null,
    startedAt: 0,
    saved: null,
    popup: null,
  };
  window.teamsHost = state;

  const runtime = {
    apiVersion: 4,
    isLegacyTeams: false,
    hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
    supports: {
      appInstallDialog: {},
      dialog: { url: {}, update: {} },
      pages: { appButton: {}, backStack: {}, config: {}, currentApp: {}, tabs: {} },
      teamsCore: {},
    },
  };
  const context = (frameContext) => ({
    locale: opt("locale", "es-es"),
    theme: state.theme,
    entityId: opt("entityId", "aula-home"),
    subEntityId: params.get("subPageId") ?? undefined,
    userObjectId: opt("oid", "00000000-0000-4000-8000-00000000a11a"),
    userPrincipalName: opt("upn", "teacher@demo.test"),
    loginHint: opt("upn", "teacher@demo.test"),
    tid: opt("tid", "00000000-de00-4000-8000-0000000a01a0"),
    hostClientType: "web",
    hostName: "Teams",
    frameContext,
    teamId: "team-1",
    channelId: "19:channel@thread.tacv2",
  });

  const frame = document.createElement("iframe");
  frame.title = "app";
  frame.style.cssText = "width:100%;height:90vh;border:0";
  let pendingAuth = null; // {source, msg} of the tab's authentication.authenticate request

  const reply = (target, msg, args) => target.postMessage({ id: msg.id, uuidAsString: msg.uuidAsString, args }, appOrigin);
  const send = (target, func, args) => target.postMessage({ func, args }, appOrigin);

  function finishAuth(ok, result) {
    if (!pendingAuth) return;
    reply(pendingAuth.source, pendingAuth.msg, [ok, result]);
    pendingAuth = null;
    if (state.popup && !state.popup.closed) state.popup.close();
  }

  function onRequest(msg, source) {
    const fromTab = source === frame.contentWindow;
    switch (msg.func) {
      case "initialize":
        return reply(source, msg, [fromTab ? state.frameContext : "authentication", "web", JSON.stringify(runtime), "2.0.1"]);
      case "getContext":
        return reply(source, msg, [context(fromTab ? state.frameContext : "authentication")]);
      case "authentication.getAuthToken": {
        const next = state.tokens.length > 1 ? state.tokens.shift() : state.tokens[0];
        if (typeof next !== "string") return reply(source, msg, [false, "FailedToGetToken"]);
        return next.startsWith("!") ? reply(source, msg, [false, next.slice(1)]) : reply(source, msg, [true, next]);
      }
      case "authentication.authenticate": {
        pendingAuth = { source, msg };
        state.authUrl = msg.args[0];
        if (state.authMode === "success") return finishAuth(true, "consented");
        if (state.authMode === "cancel") return finishAuth(false, "CancelledByUser");
        const url = state.authPath ? new URL(state.authPath, appOrigin).toString() : msg.args[0];
        state.popup = window.open(url, "teams-auth", `width=${msg.args[1] || 600},height=${msg.args[2] || 600}`);
        if (!state.popup) finishAuth(false, "FailedToOpenWindow");
        return;
      }
      case "authentication.authenticate.success":
        return finishAuth(true, msg.args[0]);
      case "authentication.authenticate.failure":
        return finishAuth(false, msg.args[0]);
      case "appInitialization.success":
        if (fromTab && state.successAt === null) state.successAt = performance.now() - state.startedAt;
        return;
      case "appInitialization.failure":
        if (fromTab) state.failure = msg.args[0] ?? null;
        return;
      case "settings.setValidityState":
        state.validity = msg.args[0];
        return;
      case "settings.setSettings":
        state.config = msg.args[0];
        return reply(source, msg, [true]);
      case "settings.getSettings":
        return reply(source, msg, [state.config]);
      case "settings.save.success":
        state.saved = "success";
        return;
      case "settings.save.failure":
        state.saved = `failure: ${msg.args[0]}`;
        return;
      case "executeDeepLink":
      case "pages.navigateToApp":
      case "shareDeepLink":
        return reply(source, msg, [true]);
      default:
        // registerHandler, appInitialization.loaded, telemetry...: recorded, no reply needed.
        return;
    }
  }

  window.addEventListener("message", (e) => {
    const msg = e.data;
    if (e.origin !== appOrigin || !msg || typeof msg !== "object" || typeof msg.func !== "string") return;
    const from = e.source === frame.contentWindow ? "tab" : e.source === state.popup ? "popup" : "other";
    state.log.push({ from, func: msg.func, args: msg.args, at: Math.round(performance.now() - state.startedAt) });
    onRequest(msg, e.source);
  });

  /** What the tests call through page.evaluate. */
  state.pushTheme = (theme) => {
    state.theme = theme;
    send(frame.contentWindow, "themeChange", [theme]);
  };
  state.pressSave = () => send(frame.contentWindow, "settings.save", [{}]);

  state.startedAt = performance.now();
  frame.src = new URL(opt("path", "/home"), appOrigin).toString();
  document.body.appendChild(frame);
})();
