import { Button, makeStyles, Spinner, Tab, tokens } from "@fluentui/react-components";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { ALL_NOTIFICATIONS_ID, type NotificationCategory, type NotificationView } from "../../../contracts/notifications-base";
import { useAppDispatch, useAppSelector } from "../../app/store";
import { RovingTabList } from "../home/RovingTabList";
import { NotificationItem } from "./NotificationItem";
import { CATEGORIES, consumeNotifications, loadListsOnce, loadMore, markListRead } from "./notificationsCalls";
import { selectNotificationsState } from "./notificationsSlice";

const useStyles = makeStyles({
  panel: {
    position: "absolute",
    top: "calc(100% + 4px)",
    right: "0",
    zIndex: 1000,
    display: "flex",
    flexDirection: "column",
    width: "min(400px, calc(100vw - 24px))",
    maxHeight: "min(70vh, 560px)",
    boxSizing: "border-box",
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    "@media (max-width: 600px)": { position: "fixed", top: "60px", left: "12px", right: "12px", width: "auto" },
  },
  head: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0`,
  },
  title: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  tabs: { padding: `0 ${tokens.spacingHorizontalS}`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  count: {
    display: "inline-block",
    minWidth: "18px",
    marginInlineStart: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid transparent`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    lineHeight: "16px",
    textAlign: "center",
  },
  body: { overflowY: "auto", padding: tokens.spacingVerticalXS, minHeight: "80px" },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  empty: { margin: 0, padding: tokens.spacingVerticalL, textAlign: "center", color: tokens.colorNeutralForeground2 },
  more: { display: "flex", justifyContent: "center", padding: tokens.spacingVerticalS },
});

export type NotificationsMenuProps = {
  id: string;
  /** The bell and this panel: a press or focus outside it closes the panel. */
  container: RefObject<HTMLElement | null>;
  /** `returnFocus`: closed from the keyboard (Escape), so focus goes back to the bell. */
  onClose: (returnFocus: boolean) => void;
};

/** The interactive rows of the open list, in order (links, or buttons for notifications that link nowhere). */
const rowsOf = (list: HTMLElement | null): HTMLElement[] => Array.from(list?.querySelectorAll<HTMLElement>(":scope > li > a, :scope > li > button") ?? []);

/**
 * The notifications dropdown: a non-modal dialog under the bell with the social and to-do lists
 * as tabs, each with its unread counter. Showing a list marks its notifications read (they keep a
 * "new" mark until the dropdown closes); opening one consumes it and goes where it links; "mark
 * all as read" consumes the whole list (`[0]`, spec §4), which is what clears the social counter.
 */
export function NotificationsMenu({ id, container, onClose }: NotificationsMenuProps) {
  const { t } = useTranslation("notifications");
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const lists = useAppSelector(selectNotificationsState);
  const [tab, setTab] = useState<NotificationCategory>(() => (lists.social.unread === 0 && lists.todo.unread > 0 ? "todo" : "social"));
  // When this opening started: what was read since is still shown as new, and times are "ago" from it.
  const [openedAt] = useState(() => Date.now());
  const titleId = useId();
  const tabPanelId = useId();
  const tabIdPrefix = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** After "load more" from the keyboard: the first new row takes the focus. */
  const focusRow = useRef<number | null>(null);
  const list = lists[tab];
  const shown = list.notifications.length;

  useEffect(() => {
    void dispatch(loadListsOnce());
  }, [dispatch]);

  // The shown list is read: its unviewed notifications are marked (again whenever new ones arrive while it is shown).
  const unviewed = list.notifications.filter((n) => n.viewed_at === null).map((n) => n.id).join(",");
  useEffect(() => {
    if (unviewed) void dispatch(markListRead(tab));
  }, [dispatch, tab, unviewed]);

  // Focus moves into the dialog, on the selected tab.
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);

  // A press or focus outside the bell and the panel closes it.
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const outside = (target: EventTarget | null) => target instanceof Node && !root.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) onClose(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && outside(event.relatedTarget)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [container, onClose]);

  useEffect(() => {
    const from = focusRow.current;
    if (from === null || list.showSpinner) return;
    focusRow.current = null;
    if (shown > from) rowsOf(listRef.current)[from]?.focus();
  }, [shown, list.showSpinner]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onClose(true);
  };

  const open = (n: NotificationView) => {
    if (n.consumed_at === null) void dispatch(consumeNotifications(tab, [n.id]));
    onClose(false);
  };

  const more = () => {
    focusRow.current = shown;
    void dispatch(loadMore(tab));
  };

  const tabIdOf = (category: NotificationCategory) => `${tabIdPrefix}-${category}`;
  const anythingToClear = list.unread > 0 || list.notifications.some((n) => n.consumed_at === null);
  const isFresh = (n: NotificationView) => n.viewed_at === null || Date.parse(n.viewed_at) >= openedAt;

  return (
    <div id={id} ref={panelRef} role="dialog" aria-labelledby={titleId} className={styles.panel} onKeyDown={onKeyDown}>
      <div className={styles.head}>
        <span id={titleId} className={styles.title}>
          {t("panel.title")}
        </span>
        {shown > 0 ? (
          // Stays (disabled but focusable) once done, so the keyboard focus is not lost.
          <Button appearance="transparent" size="small" disabledFocusable={!anythingToClear} onClick={() => void dispatch(consumeNotifications(tab, [ALL_NOTIFICATIONS_ID]))}>
            {t("panel.markAllRead")}
          </Button>
        ) : null}
      </div>
      <RovingTabList className={styles.tabs} size="small" selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as NotificationCategory)} aria-label={t("panel.lists")}>
        {CATEGORIES.map((category) => {
          const name = t(`lists.${category}`);
          const unread = lists[category].unread;
          return (
            <Tab
              key={category}
              id={tabIdOf(category)}
              value={category}
              aria-controls={tabPanelId}
              aria-label={unread > 0 ? t("lists.unread", { list: name, count: unread }) : name}
            >
              {name}
              {unread > 0 ? (
                <span className={styles.count} aria-hidden="true">
                  {unread > 99 ? "99+" : unread}
                </span>
              ) : null}
            </Tab>
          );
        })}
      </RovingTabList>
      <div id={tabPanelId} role="tabpanel" aria-labelledby={tabIdOf(tab)} aria-busy={list.showSpinner} className={styles.body}>
        {shown > 0 ? (
          <ul ref={listRef} className={styles.list}>
            {list.notifications.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} fresh={isFresh(n)} now={openedAt} onOpen={open} />
              </li>
            ))}
          </ul>
        ) : list.loaded ? (
          <p className={styles.empty}>{t(`panel.empty.${tab}`)}</p>
        ) : (
          <div className={styles.more}>
            <Spinner size="tiny" label={t("panel.loading")} />
          </div>
        )}
        {list.hasMore ? (
          <div className={styles.more}>
            <Button
              appearance="secondary"
              size="small"
              disabledFocusable={list.showSpinner}
              icon={list.showSpinner ? <Spinner size="extra-tiny" aria-hidden="true" /> : undefined}
              onClick={more}
            >
              {t("panel.loadMore")}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
