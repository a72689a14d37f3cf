import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/** Where handing in is: asking, waiting for the answers to be saved, handing in, or stuck. */
export type SubmitPhase =
  | { kind: "confirm" }
  | { kind: "saving" }
  | { kind: "submitting" }
  | { kind: "offline" }
  | { kind: "retrying" }
  | { kind: "failed"; message: string };

export type SubmitDialogProps = {
  phase: SubmitPhase | null;
  unanswered: number;
  /** Answers the server refused: they will not count. */
  notSaved: number;
  onConfirm: () => void;
  onCancel: () => void;
};

/** "Hand in the attempt?", with how many questions are unanswered; then the progress or why it cannot be handed in yet. */
export function SubmitDialog({ phase, unanswered, notSaved, onConfirm, onCancel }: SubmitDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const busy = phase?.kind === "saving" || phase?.kind === "submitting";
  const stuck = phase?.kind === "offline" || phase?.kind === "retrying" || phase?.kind === "failed";
  const problem =
    phase?.kind === "offline" ? t("take.submit.offline") : phase?.kind === "retrying" ? t("take.submit.retrying") : phase?.kind === "failed" ? phase.message : null;

  return (
    <ModalDialog
      open={phase !== null}
      onClose={() => (busy ? undefined : onCancel())}
      title={t("take.submit.title")}
      size="s"
      modalType="alert"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel} disabled={busy}>
            {t("take.submit.cancel")}
          </Button>
          <Button appearance="primary" onClick={onConfirm} disabled={busy}>
            {stuck ? t("take.submit.retry") : t("take.submit.confirm")}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <Text as="p" className={styles.text}>
          {unanswered > 0 ? t("take.submit.unanswered", { count: unanswered }) : t("take.submit.allAnswered")}
        </Text>
        {notSaved > 0 ? (
          <Text as="p" className={styles.text}>
            {t("take.submit.notSaved", { count: notSaved })}
          </Text>
        ) : null}
        <Text as="p" className={styles.text}>
          {t("take.submit.final")}
        </Text>
        <div role="status" aria-live="polite">
          {phase?.kind === "saving" ? <Spinner size="tiny" label={t("take.submit.saving")} /> : null}
          {phase?.kind === "submitting" ? <Spinner size="tiny" label={t("take.submit.submitting")} /> : null}
        </div>
        {problem ? (
          <MessageBar intent={phase?.kind === "failed" ? "error" : "warning"} role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ModalDialog>
  );
}
