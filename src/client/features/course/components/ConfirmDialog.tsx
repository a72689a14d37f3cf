import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../ui/ModalDialog";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** A translated error from the last attempt, shown above the buttons. */
  error?: string;
};

/** "Are you sure?" before anything that cannot be undone (delete a post, a class, a new key). */
export function ConfirmDialog({ open, title, body, confirmLabel, onConfirm, onCancel, busy = false, error }: ConfirmDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation("course");
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      size="s"
      modalType="alert"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            {t("actions.cancel")}
          </Button>
          <Button appearance="primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        {typeof body === "string" ? <Text as="p">{body}</Text> : body}
        {error ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ModalDialog>
  );
}
