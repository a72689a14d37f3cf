import { Button, Field, makeStyles, Textarea, tokens } from "@fluentui/react-components";
import { SendRegular } from "@fluentui/react-icons";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { COURSE_LIMITS } from "../../../../contracts/course-settings-base";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  actions: { display: "flex", justifyContent: "flex-end" },
});

export type MessageFormProps = {
  label: string;
  submitLabel: string;
  rows?: number;
  /** Comment boxes: the counter shows once something is typed, so a long stream stays quiet. */
  compact?: boolean;
  /** Sends the body; resolves to a translated error, or undefined once it was sent. */
  onSubmit: (body: string) => Promise<string | undefined>;
};

const MAX = COURSE_LIMITS.streamBodyMaxChars;

/**
 * The shared message rule (zod, ~25 KiB gzip) loads when someone starts writing, not with the
 * class page: most visits read the stream and post nothing (ADR 0028).
 */
const loadRule = () => import(/* webpackChunkName: "course-message-rule" */ "../../../../contracts/course-program").then((m) => m.StreamMessageSchema);

/** A labelled text box with a character counter and a send button (stream posts and comments). */
export function MessageForm({ label, submitLabel, rows = 3, compact = false, onSubmit }: MessageFormProps) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "common", "errors"]);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const schema = await loadRule().catch(() => undefined);
    if (!schema) {
      setBusy(false);
      setError(t("errors:NETWORK_ERROR"));
      return;
    }
    const parsed = schema.safeParse({ body });
    if (!parsed.success) {
      setBusy(false);
      setError(t(`common:form.${parsed.error.issues[0]?.message ?? "required"}`, { count: MAX }));
      return;
    }
    const failure = await onSubmit(parsed.data.body);
    setBusy(false);
    setError(failure);
    if (!failure) setBody("");
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={label}
        validationMessage={error}
        validationState={error ? "error" : "none"}
        hint={compact && body.length === 0 ? undefined : t("stream.counter", { used: body.length, max: MAX })}
      >
        <Textarea
          value={body}
          onFocus={() => void loadRule()}
          rows={rows}
          resize="vertical"
          maxLength={MAX}
          onChange={(_, data) => {
            setBody(data.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={busy || body.trim().length === 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
