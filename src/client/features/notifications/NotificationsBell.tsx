import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { AlertRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "react-redux";
import { useAppDispatch, useAppSelector, type AppStore } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { loadUnreadCountsOnce, startLiveNotifications } from "./notificationsCalls";
import { selectUnreadTotal } from "./notificationsSlice";

/** The dropdown (tabs, lists, Fluent's spinner) loads when the reader reaches for the bell. */
const loadMenu = () => import(/* webpackChunkName: "notifications-menu" */ "./NotificationsMenu");
const NotificationsMenu = lazy(() => loadMenu().then((m) => ({ default: m.NotificationsMenu })));

const useStyles = makeStyles({
  root: { position: "relative", display: "inline-flex" },
  button: { minWidth: "40px", width: "40px", height: "40px" },
  badge: {
    position: "absolute",
    top: "0",
    right: "-2px",
    minWidth: "18px",
    height: "18px",
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusCircular,
    // Visible as a shape in forced colours too.
    border: `${tokens.strokeWidthThin} solid transparent`,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: "16px",
    textAlign: "center",
    pointerEvents: "none",
  },
});

/** What the badge shows (the button's name says the exact count). */
const badgeText = (count: number): string => (count > 99 ? "99+" : String(count));

/**
 * The header's bell (its own chunk, loaded after the first screen): the unread total of both lists
 * as a badge and in its name, the dropdown on press. It also starts the tab's realtime connection,
 * which then lives for the session (realtime.ts).
 */
export function NotificationsBell() {
  const { t } = useTranslation("notifications");
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const userGuid = useAppSelector(selectCurrentUser)?.guid;
  const unread = useAppSelector(selectUnreadTotal);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!userGuid) return;
    void dispatch(loadUnreadCountsOnce());
    startLiveNotifications(store);
  }, [dispatch, store, userGuid]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const label = unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label");
  return (
    <div ref={rootRef} className={styles.root}>
      <Button
        ref={buttonRef}
        className={styles.button}
        appearance="subtle"
        shape="circular"
        icon={<AlertRegular />}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setOpen((o) => !o)}
      />
      {unread > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {badgeText(unread)}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NotificationsMenu id={panelId} container={rootRef} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
