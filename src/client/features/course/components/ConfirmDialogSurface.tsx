import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../ui/ModalDialog";
import type { ConfirmDialogProps } from "./ConfirmDialog";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

/** The dialog itself: loaded by ConfirmDialog the first time one opens. */
export function ConfirmDialogSurface({ open, title, body, confirmLabel, onConfirm, onCancel, busy = false, error }: ConfirmDialogProps) {
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
