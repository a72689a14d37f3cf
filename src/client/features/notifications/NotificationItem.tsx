import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import {
  ArrowRepeatAllRegular,
  BookOpenRegular,
  CalendarClockRegular,
  ChatRegular,
  CheckmarkCircleRegular,
  ClipboardTaskRegular,
  ClockAlarmRegular,
  CommentRegular,
  DocumentCheckmarkRegular,
  DocumentArrowUpRegular,
  MegaphoneRegular,
  NoteRegular,
  PeopleCheckmarkRegular,
  SendRegular,
  TaskListSquareLtrRegular,
} from "@fluentui/react-icons";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { NotificationType, NotificationView } from "../../../contracts/notifications-base";
import { formatRelativeIso } from "../../i18n/format";

const ICONS: Record<NotificationType, ReactElement> = {
  comment: <CommentRegular />,
  post: <NoteRegular />,
  assessment_comment: <ChatRegular />,
  job_comment: <ChatRegular />,
  tenant: <MegaphoneRegular />,
  assigned: <ClipboardTaskRegular />,
  reassigned: <ArrowRepeatAllRegular />,
  evaluated: <CheckmarkCircleRegular />,
  one_day: <CalendarClockRegular />,
  late: <ClockAlarmRegular />,
  deliver_at_complete: <SendRegular />,
  publish_pending: <TaskListSquareLtrRegular />,
  student_deliver: <DocumentArrowUpRegular />,
  all_deliver: <PeopleCheckmarkRegular />,
  resource_assigned: <BookOpenRegular />,
  resource_delivered: <DocumentArrowUpRegular />,
  resource_evaluated: <DocumentCheckmarkRegular />,
  record_delivered: <SendRegular />,
};

const useStyles = makeStyles({
  item: {
    display: "flex",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalS,
    width: "100%",
    boxSizing: "border-box",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: "none",
    borderRadius: tokens.borderRadiusMedium,
    background: "none",
    color: tokens.colorNeutralForeground1,
    font: "inherit",
    textAlign: "start",
    textDecoration: "none",
    cursor: "pointer",
    ":hover": { backgroundColor: tokens.colorSubtleBackgroundHover },
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
  },
  fresh: { backgroundColor: tokens.colorBrandBackground2 },
  icon: { flexShrink: 0, fontSize: "20px", lineHeight: "20px", color: tokens.colorBrandForeground1, paddingTop: "2px" },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1 },
  message: { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, overflowWrap: "anywhere" },
  meta: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
  dot: {
    flexShrink: 0,
    width: "8px",
    height: "8px",
    marginTop: "6px",
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThin} solid transparent`,
  },
  visuallyHidden: { position: "absolute", width: "1px", height: "1px", margin: "-1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" },
});

/** The sentence of a notification in the reader's language: the type's text with who and what. */
export function useNotificationText(): (n: NotificationView) => string {
  const { t } = useTranslation("notifications");
  return (n) => t(`types.${n.type}`, { actor: n.actor?.name ?? t("someone"), title: n.title });
}

export type NotificationItemProps = {
  notification: NotificationView;
  /** Not seen before this opening of the dropdown (marked, not hidden, while it stays open). */
  fresh: boolean;
  /** The time "ago" is measured from. */
  now: number;
  onOpen: (n: NotificationView) => void;
};

/** One notification: a link to what it is about (or a button when it links nowhere) that consumes it when opened. */
export function NotificationItem({ notification: n, fresh, now, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation("notifications");
  const styles = useStyles();
  const text = useNotificationText();
  const className = mergeClasses(styles.item, fresh && styles.fresh);
  const when = formatRelativeIso(n.created_at, i18n.language, now);
  const body = (
    <>
      <span className={styles.icon} aria-hidden="true">
        {ICONS[n.type]}
      </span>
      <span className={styles.text}>
        <span className={styles.message}>{text(n)}</span>
        <span className={styles.meta}>
          {n.course ? `${n.course.name} · ` : null}
          <time dateTime={n.created_at}>{when}</time>
        </span>
      </span>
      {fresh ? (
        <span className={styles.dot}>
          <span className={styles.visuallyHidden}>{t("panel.new")}</span>
        </span>
      ) : null}
    </>
  );
  if (n.link) {
    return (
      <Link to={n.link} className={className} onClick={() => onOpen(n)}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onOpen(n)}>
      {body}
    </button>
  );
}
