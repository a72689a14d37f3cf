import { Button, Field, makeStyles, Radio, RadioGroup, Spinner, Text, Textarea, tokens } from "@fluentui/react-components";
import { CheckmarkCircleRegular, ErrorCircleRegular, FlagRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorReportCreate, ErrorReportType } from "../../../contracts/assessments";
import { ModalDialog } from "../../ui/ModalDialog";
import { errorMessage } from "../../ui/errors";
import { useSendErrorReportMutation } from "./assessmentsApi";
import { REPORT_DESCRIPTION_MAX, REPORT_TYPES } from "./report-format";
import { useOpenedOnce } from "../course/components/useOpenedOnce";

/*
 * The exercise error report (spec §3, §4 rule, §9 options): a student or teacher tells the editorial
 * staff something is wrong with a question. One dialog shows the form, then the result: "sent",
 * or "failed" with the reason and a way back to the same form to send again.
 */

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  result: { display: "flex", alignItems: "flex-start", gap: tokens.spacingHorizontalM },
  resultText: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  sentIcon: { fontSize: "32px", color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  failedIcon: { fontSize: "32px", color: tokens.colorPaletteRedForeground1, flexShrink: 0 },
});

type Phase = { kind: "form" } | { kind: "sent" } | { kind: "failed"; message: string };

export type ErrorReportDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The question reported. */
  exerciseId: string;
  /** Where it was seen: the attempt, or the lesson item. */
  activityInstanceId: string;
};

/**
 * The report form and its result. Keep it mounted while closed: after a failed send the choice
 * and description stay for the next try; a successful send or a cancel clears them.
 */
export function ErrorReportDialog({ open, onClose, exerciseId, activityInstanceId }: ErrorReportDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const [send, { isLoading: sending }] = useSendErrorReportMutation();
  const [typeId, setTypeId] = useState<ErrorReportType | "">("");
  const [description, setDescription] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const sendRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLButtonElement>(null);
  const phaseKind = phase.kind;
  const previousKind = useRef(phaseKind);

  // The result's main button takes focus when the result shows; "try again" returns it to Send.
  useEffect(() => {
    if (previousKind.current === phaseKind) return;
    previousKind.current = phaseKind;
    (phaseKind === "form" ? sendRef : resultRef).current?.focus();
  }, [phaseKind]);

  const clearFields = () => {
    setTypeId("");
    setDescription("");
  };

  const close = () => {
    if (sending) return;
    if (phase.kind === "form") clearFields(); // closing the form is cancelling it
    setPhase({ kind: "form" });
    previousKind.current = "form";
    onClose();
  };

  const submit = async () => {
    if (!typeId || sending) return;
    const text = description.trim();
    const body: ErrorReportCreate = {
      exerciseId,
      activityInstanceId,
      errorType: t(`report.types.${typeId}`),
      errorTypeId: typeId,
      ...(text ? { description: text } : {}),
    };
    try {
      await send(body).unwrap();
      clearFields();
      setPhase({ kind: "sent" });
    } catch (error) {
      setPhase({ kind: "failed", message: errorMessage(t, error) });
    }
  };

  const title =
    phase.kind === "sent" ? t("report.sentTitle") : phase.kind === "failed" ? t("report.failedTitle") : t("report.title");

  const actions =
    phase.kind === "form" ? (
      <>
        <Button appearance="secondary" onClick={close} disabled={sending}>
          {t("report.cancel")}
        </Button>
        <Button
          ref={sendRef}
          appearance="primary"
          disabled={!typeId || sending}
          icon={sending ? <Spinner size="tiny" /> : undefined}
          onClick={() => void submit()}
        >
          {sending ? t("report.sending") : t("report.send")}
        </Button>
      </>
    ) : phase.kind === "sent" ? (
      <Button ref={resultRef} appearance="primary" onClick={close}>
        {t("report.close")}
      </Button>
    ) : (
      <>
        <Button appearance="secondary" onClick={close}>
          {t("report.close")}
        </Button>
        <Button ref={resultRef} appearance="primary" onClick={() => setPhase({ kind: "form" })}>
          {t("report.tryAgain")}
        </Button>
      </>
    );

  return (
    <ModalDialog open={open} onClose={close} title={title} size="s" actions={actions}>
      {phase.kind === "form" ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label={t("report.typeLabel")} hint={typeId ? undefined : t("report.typeHint")} required>
            <RadioGroup value={typeId} onChange={(_, d) => setTypeId(d.value as ErrorReportType)}>
              {REPORT_TYPES.map((id) => (
                <Radio key={id} value={id} label={t(`report.types.${id}`)} />
              ))}
            </RadioGroup>
          </Field>
          <Field
            label={t("report.descriptionLabel")}
            hint={t("report.counter", { used: description.length, max: REPORT_DESCRIPTION_MAX })}
          >
            <Textarea
              value={description}
              maxLength={REPORT_DESCRIPTION_MAX}
              resize="vertical"
              rows={4}
              placeholder={t("report.descriptionPlaceholder")}
              onChange={(_, d) => setDescription(d.value.slice(0, REPORT_DESCRIPTION_MAX))}
            />
          </Field>
        </form>
      ) : phase.kind === "sent" ? (
        <div className={styles.result}>
          <CheckmarkCircleRegular className={styles.sentIcon} aria-hidden="true" />
          <Text as="p" role="status">
            {t("report.sentBody")}
          </Text>
        </div>
      ) : (
        <div className={styles.result} role="alert">
          <ErrorCircleRegular className={styles.failedIcon} aria-hidden="true" />
          <div className={styles.resultText}>
            <Text as="p" weight="semibold">
              {phase.message}
            </Text>
            <Text as="p">{t("report.failedBody")}</Text>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

export type ReportErrorButtonProps = { exerciseId: string; activityInstanceId: string };

/** "Informar de un error": a quiet button under a question that opens the report dialog. */
export function ReportErrorButton({ exerciseId, activityInstanceId }: ReportErrorButtonProps) {
  const { t } = useTranslation("questions");
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Focus goes back to the button once the dialog has closed.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <Button ref={buttonRef} appearance="subtle" size="small" icon={<FlagRegular />} onClick={() => setOpen(true)}>
        {t("report.button")}
      </Button>
      {/* Closed means not mounted until first opened (ADR 0029): a closed Fluent Dialog still starts tabster's modal sentinels. */}
      {opened ? <ErrorReportDialog open={open} onClose={() => setOpen(false)} exerciseId={exerciseId} activityInstanceId={activityInstanceId} /> : null}
    </>
  );
}
