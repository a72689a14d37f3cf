import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Text, tokens } from "@fluentui/react-components";
import { KeyRegular } from "@fluentui/react-icons";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PersonalLicence } from "../../../../contracts/licences";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { errorMessage } from "../../../ui/errors";
import { useMountedRef } from "../../auth/hooks";
import { useRedeemLicenceMutation } from "../licenceApi";
import { checkLicenceCode, formatDate, formatList } from "../licenceRules";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "520px" },
  row: { display: "flex", alignItems: "flex-start", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  field: { flexGrow: 1, minWidth: "220px" },
  // Lines the button up with the input, below the field's label.
  submit: { marginTop: `calc(${tokens.lineHeightBase300} + ${tokens.spacingVerticalXXS})` },
  heading: { margin: 0 },
});

/**
 * "Redeem a code": checks the code is there, sends it, then says what it opened and until
 * when. A refused code stays in the field with the reason under it, so it can be corrected.
 */
export function RedeemForm() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["licence", "common", "errors"]);
  const [redeem] = useRedeemLicenceMutation();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [redeemed, setRedeemed] = useState<PersonalLicence | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const mounted = useMountedRef();
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rule = checkLicenceCode(code);
    if (rule) {
      setProblem(t(`common:${rule}`));
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    setRedeemed(undefined);
    setBusy(true);
    try {
      const licence = await redeem({ code: code.trim() }).unwrap();
      if (!mounted.current) return;
      setRedeemed(licence);
      setCode("");
    } catch (error) {
      if (!mounted.current) return;
      setProblem(errorMessage(t, error));
      input.current?.focus();
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <Text as="h2" id={headingId} size={500} weight="semibold" className={styles.heading}>
          {t("redeem.heading")}
        </Text>
        <Text as="p" className={styles.heading}>
          {t("redeem.intro")}
        </Text>
        <div className={styles.row}>
          <Field
            className={styles.field}
            label={t("redeem.label")}
            required
            validationState={problem ? "error" : "none"}
            validationMessage={problem}
          >
            <Input
              ref={input}
              name="code"
              value={code}
              placeholder={t("redeem.placeholder")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(_, d) => setCode(d.value)}
            />
          </Field>
          <Button
            className={styles.submit}
            type="submit"
            appearance="primary"
            icon={busy ? <BusyIndicator size="tiny" /> : <KeyRegular />}
            disabledFocusable={busy}
            aria-busy={busy || undefined}
          >
            {busy ? t("redeem.busy") : t("redeem.submit")}
          </Button>
        </div>
        {/* Always in the page so the success is announced when it appears. */}
        <div role="status" aria-live="polite">
          {redeemed ? (
            <MessageBar intent="success" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{t("redeem.successTitle")}</MessageBarTitle>
                {t("redeem.successBody", {
                  publications: formatList(
                    redeemed.publications.map((p) => p.title),
                    i18n.language,
                  ),
                  date: formatDate(redeemed.expiresAt, i18n.language),
                })}
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
      </form>
    </section>
  );
}
