import { MessageBar, MessageBarBody, MessageBarTitle, Text } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../../i18n";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { recoverPassword as recover } from "../authCalls";
import { AuthField } from "../components/AuthField";
import { AuthForm, AuthLayout, AuthLinks } from "../components/AuthLayout";
import { RouteLink } from "../components/RouteLink";
import { SubmitButton } from "../components/SubmitButton";
import { TextInput } from "../components/TextInput";
import { useFieldFocus, useMountedRef } from "../hooks";
import { checkEmail, type FieldProblem } from "../validation";

/**
 * /recover-password: asks for a reset link. The answer never says whether the address has an
 * account (ADR 0004), so the confirmation is the same for every address.
 */
export function RecoverPasswordPage() {
  const { t, i18n } = useTranslation("auth");
  const notify = useNotify();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<FieldProblem | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  const { refFor, focus } = useFieldFocus<"email">();
  const mounted = useMountedRef();

  const submit = async () => {
    if (loading) return;
    const found = checkEmail(email);
    setProblem(found);
    if (found) return focus("email");
    setLoading(true);
    try {
      // The mail is written in the language the reader is using now.
      await recover({ email: email.trim(), locale: toLanguage(i18n.language) });
      if (mounted.current) setSent(true);
    } catch (error) {
      // Only a failure to deliver the request lands here (rate limit, network): say so.
      notify({ intent: "error", title: errorMessage(t, error) });
    } finally {
      if (mounted.current) setLoading(false);
    }
  };

  return (
    <AuthLayout title={t("recover.title")}>
      {sent ? (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t("recover.sentTitle")}</MessageBarTitle>
            {t("recover.sent")}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <AuthForm onSubmit={() => void submit()}>
          <Text>{t("recover.intro")}</Text>
          <AuthField label={t("fields.email")} problem={problem}>
            <TextInput
              ref={refFor("email")}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(_, d) => setEmail(d.value)}
            />
          </AuthField>
          <SubmitButton loading={loading}>{t("recover.submit")}</SubmitButton>
        </AuthForm>
      )}
      <AuthLinks>
        <RouteLink to="/auth/login">{t("recover.backToLogin")}</RouteLink>
      </AuthLinks>
    </AuthLayout>
  );
}
