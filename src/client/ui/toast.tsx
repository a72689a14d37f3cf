import { CheckmarkCircle20Filled, Dismiss16Regular, ErrorCircle20Filled, Info20Filled, Warning20Filled } from "@fluentui/react-icons";
import { useCallback, useEffect, useRef, useState, type ReactElement } from "react";
import { useTranslation } from "react-i18next";

export type NotifyIntent = "success" | "error" | "info" | "warning";
export type Notice = { intent: NotifyIntent; title: string; body?: string; timeoutMs?: number; /** A picture shown beside the text (a medal); decorative, the text says what it is. */ imageUrl?: string };
type Listener = (notice: Notice) => void;

const DEFAULT_TIMEOUT_MS = 5000;
/** More than this many at once and the oldest goes first: a burst of errors never fills the screen. */
const MAX_SHOWN = 4;

/*
 * Notices go through this tiny queue: anything notified before the toaster mounts (a failed boot
 * call) waits here and shows as soon as it does.
 */
const waiting: Notice[] = [];
let listener: Listener | undefined;

function pushNotice(notice: Notice): void {
  if (listener) listener(notice);
  else waiting.push(notice);
}

/** Used by the toaster: receives every notice, starting with the ones that waited. */
export function listenToNotices(next: Listener): () => void {
  listener = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = undefined;
  };
}

type Shown = Notice & { id: number };

const ICONS: Record<NotifyIntent, ReactElement> = {
  success: <CheckmarkCircle20Filled />,
  error: <ErrorCircle20Filled />,
  info: <Info20Filled />,
  warning: <Warning20Filled />,
};

/**
 * One toast: it leaves after its timeout, which stops while the pointer is over it, while focus is
 * in it and while the window is in the background (WCAG 2.2.1: time to read it), and at once with
 * its close button.
 */
function ToastItem({ notice, onDismiss, closeLabel }: { notice: Shown; onDismiss: (id: number) => void; closeLabel: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [windowActive, setWindowActive] = useState(() => typeof document === "undefined" || document.hasFocus() || document.visibilityState === "visible");
  const remaining = useRef(notice.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const paused = hovered || focused || !windowActive;

  useEffect(() => {
    const active = () => setWindowActive(true);
    const inactive = () => setWindowActive(false);
    window.addEventListener("focus", active);
    window.addEventListener("blur", inactive);
    return () => {
      window.removeEventListener("focus", active);
      window.removeEventListener("blur", inactive);
    };
  }, []);

  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(notice.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, notice.id, onDismiss]);

  return (
    <div
      className={`app-toast app-toast--${notice.intent}`}
      role={notice.intent === "error" ? "alert" : undefined}
      data-intent={notice.intent}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className="app-toast__icon" aria-hidden>
        {ICONS[notice.intent]}
      </span>
      {notice.imageUrl ? <img className="app-toast__image" src={notice.imageUrl} alt="" width={40} height={40} /> : null}
      <div className="app-toast__text">
        <div className="app-toast__title">{notice.title}</div>
        {notice.body ? <div className="app-toast__body">{notice.body}</div> : null}
      </div>
      <button type="button" className="app-toast__close" aria-label={closeLabel} onClick={() => onDismiss(notice.id)}>
        <Dismiss16Regular aria-hidden />
      </button>
    </div>
  );
}

let nextId = 1;

/**
 * The app's single toaster, rendered once by the app shell (ADR 0030). Our own, not Fluent's
 * Toaster: that one cost ~30 KiB gzip of JS on every screen (toast, motion and tabster code).
 * Styles: app/global.css, over Fluent's tokens.
 *
 * Screen readers hear each notice as it is added: the list is a polite live region that is always
 * in the page, and an error toast is an alert (assertive). The text is in the page once, so nobody
 * reads it twice.
 */
export function AppToaster() {
  const { t } = useTranslation("common");
  const [shown, setShown] = useState<Shown[]>([]);
  const dismiss = useCallback((id: number) => setShown((list) => list.filter((n) => n.id !== id)), []);

  useEffect(
    () =>
      listenToNotices((notice) => {
        const id = nextId++;
        setShown((list) => [...list, { ...notice, id }].slice(-MAX_SHOWN));
      }),
    [],
  );

  return (
    <section className="app-toaster" aria-label={t("app.notifications")}>
      {/* Always in the page, so screen readers hear what is added to it (a live region must exist first). */}
      <div className="app-toaster__stack" aria-live="polite">
        {shown.map((n) => (
          <ToastItem key={n.id} notice={n} onDismiss={dismiss} closeLabel={t("actions.close")} />
        ))}
      </div>
    </section>
  );
}

/** `notify({ intent, title, body?, timeoutMs? })` shows a toast in the app's toaster. */
export function useNotify(): (notice: Notice) => void {
  return pushNotice;
}
