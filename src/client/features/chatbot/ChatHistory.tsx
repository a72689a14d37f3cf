import { Button, Input, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner, Text, tokens } from "@fluentui/react-components";
import { DeleteRegular, MoreHorizontalRegular, RenameRegular } from "@fluentui/react-icons";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_LIMITS, type ConversationView } from "../../../contracts/chatbot-base";
import { errorKeyOf } from "../../app/apiResult";
import { ModalDialog } from "../../ui/ModalDialog";
import { useDeleteConversationMutation, useGetConversationsQuery, useRenameConversationMutation } from "./chatbotApi";
import { dateTimeFormat } from "../../i18n/format";

const useStyles = makeStyles({
  root: { flexGrow: 1, overflowY: "auto", padding: tokens.spacingHorizontalM, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  item: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  open: { flexGrow: 1, justifyContent: "flex-start", textAlign: "start", minWidth: 0 },
  label: { display: "flex", flexDirection: "column", minWidth: 0 },
  title: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  date: { color: tokens.colorNeutralForeground3 },
  current: { backgroundColor: tokens.colorNeutralBackground1Selected },
  rename: { display: "flex", gap: tokens.spacingHorizontalXS, flexGrow: 1 },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

type Props = { current: string | null; busy: boolean; onOpen: (guid: string) => void; onDeleted: (guid: string) => void };

function Row({ conversation, current, busy, onOpen, onAskDelete }: { conversation: ConversationView; current: boolean; busy: boolean; onOpen: () => void; onAskDelete: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("chatbot");
  const { t: te } = useTranslation("errors");
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const [rename, renaming] = useRenameConversationMutation();
  const [error, setError] = useState<string | null>(null);
  const shown = conversation.title || t("history.untitled");
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === "") return;
    try {
      await rename({ guid: conversation.guid, title: title.trim() }).unwrap();
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError(te(errorKeyOf(failure)));
    }
  };
  if (editing) {
    return (
      <li>
        <form className={styles.rename} onSubmit={(e) => void save(e)}>
          <Input
            aria-label={t("history.renameLabel")}
            value={title}
            maxLength={CHAT_LIMITS.titleMaxChars}
            onChange={(_, d) => setTitle(d.value)}
            autoFocus
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                e.stopPropagation();
                setEditing(false);
              }
            }}
          />
          <Button type="submit" appearance="primary" disabled={title.trim() === "" || renaming.isLoading}>
            {t("history.save")}
          </Button>
          <Button onClick={() => setEditing(false)}>{t("history.cancel")}</Button>
        </form>
        {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      </li>
    );
  }
  return (
    <li className={styles.item}>
      <Button appearance="subtle" className={`${styles.open} ${current ? styles.current : ""}`} aria-current={current ? "true" : undefined} disabled={busy} onClick={onOpen}>
        <span className={styles.label}>
          <span className={styles.title}>{shown}</span>
          <Text size={200} className={styles.date}>
            {dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(conversation.updatedAt))}
          </Text>
        </span>
      </Button>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t("history.actions", { title: shown })} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<RenameRegular />} onClick={() => setEditing(true)}>
              {t("history.rename")}
            </MenuItem>
            <MenuItem icon={<DeleteRegular />} onClick={onAskDelete}>
              {t("history.delete")}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </li>
  );
}

/** One page of the history (20 conversations, the latest first); the next page loads on demand. */
function Page({ offset, last, onMore, ...props }: Props & { offset: number; last: boolean; onMore: () => void; onAskDelete: (c: ConversationView) => void }) {
  const { t } = useTranslation("chatbot");
  const styles = useStyles();
  const { data, isLoading, isError, refetch } = useGetConversationsQuery({ offset });
  if (isLoading) return <Spinner size="tiny" />;
  if (isError || !data) {
    return (
      <Button appearance="secondary" onClick={() => void refetch()}>
        {t("answer.error")}
      </Button>
    );
  }
  if (offset === 0 && data.total === 0) return <Text>{t("history.empty")}</Text>;
  return (
    <>
      <ul className={styles.list}>
        {data.items.map((c) => (
          <Row key={c.guid} conversation={c} current={c.guid === props.current} busy={props.busy} onOpen={() => props.onOpen(c.guid)} onAskDelete={() => props.onAskDelete(c)} />
        ))}
      </ul>
      {last && offset + data.items.length < data.total ? (
        <Button appearance="secondary" onClick={onMore}>
          {t("history.more")}
        </Button>
      ) : null}
    </>
  );
}

/** Spec §2 history: the user's conversations to open, rename or delete (after asking). */
export function ChatHistory(props: Props) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const { t: te } = useTranslation("errors");
  const [pages, setPages] = useState(1);
  const [deleting, setDeleting] = useState<ConversationView | null>(null);
  const [remove, removal] = useDeleteConversationMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.guid).unwrap();
      props.onDeleted(deleting.guid);
      setDeleting(null);
      setError(null);
    } catch (failure) {
      setError(te(errorKeyOf(failure)));
    }
  };
  return (
    <div className={styles.root}>
      <h3 className={styles.heading}>{t("history.title")}</h3>
      {Array.from({ length: pages }, (_, i) => (
        <Page key={i} {...props} offset={i * CHAT_LIMITS.historyPageSize} last={i === pages - 1} onMore={() => setPages((p) => p + 1)} onAskDelete={setDeleting} />
      ))}
      <ModalDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        size="xs"
        modalType="alert"
        title={t("history.deleteTitle")}
        actions={
          <>
            <Button appearance="primary" disabled={removal.isLoading} onClick={() => void confirm()}>
              {t("history.delete")}
            </Button>
            <Button onClick={() => setDeleting(null)}>{t("history.cancel")}</Button>
          </>
        }
      >
        <p>{t("history.deleteBody", { title: deleting?.title || t("history.untitled") })}</p>
        {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      </ModalDialog>
    </div>
  );
}
