import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { LIMITS } from "../../../../contracts/limits";
import { errorKeyOf } from "../../../app/apiResult";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { resetPassword as reset } from "../authCalls";
import { problemsFromServer } from "../authErrors";
import { AuthField } from "../components/AuthField";
import { AuthForm, AuthLayout, AuthLinks } from "../components/AuthLayout";
import { PasswordInput } from "../components/PasswordInput";
import { RouteLink } from "../components/RouteLink";
import { SubmitButton } from "../components/SubmitButton";
import { useFieldFocus, useMountedRef } from "../hooks";
import { checkNewPassword, checkRepeat, firstInvalid, hasProblems, type FieldProblems } from "../validation";

type ResetField = "password" | "repeat";
const ORDER: readonly ResetField[] = ["password", "repeat"];
const SERVER_MESSAGES = {
  password: { key: "validation.passwordTooShort", values: { length: LIMITS.passwordMinChars } },
  repeat: { key: "validation.passwordMismatch" },
};

/** The reset link is spent, expired, or was never one: offer a new one instead of a form. */
function InvalidLink() {
  const { t } = useTranslation("auth");
  return (
    <>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t("reset.invalidLinkTitle")}</MessageBarTitle>
          {t("reset.invalidLink")}
        </MessageBarBody>
      </MessageBar>
      <AuthLinks>
        <RouteLink to="/recover-password">{t("reset.requestNew")}</RouteLink>
        <RouteLink to="/auth/login">{t("recover.backToLogin")}</RouteLink>
      </AuthLinks>
    </>
  );
}

/** /reset-password?token=…: chooses a new password from an emailed link (spec §2 mock-up). */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const token = search.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problems, setProblems] = useState<FieldProblems<ResetField>>({});
  const [loading, setLoading] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const { refFor, focus } = useFieldFocus<ResetField>();
  const mounted = useMountedRef();

  const showProblems = (found: FieldProblems<ResetField>) => {
    setProblems(found);
    focus(firstInvalid(ORDER, found));
  };

  const submit = async () => {
    if (loading) return;
    const found = { password: checkNewPassword(password), repeat: checkRepeat(password, repeat) };
    if (hasProblems(found)) return showProblems(found);
    setProblems({});
    setLoading(true);
    try {
      await reset({ token, password });
      notify({ intent: "success", title: t("reset.success") });
      navigate("/auth/login", { replace: true });
    } catch (error) {
      if (!mounted.current) return;
      setLoading(false);
      const key = errorKeyOf(error);
      const onFields = problemsFromServer(error, SERVER_MESSAGES);
      // A malformed token fails validation on the `token` field: that is an invalid link too.
      if (key === "RESET_LINK_INVALID" || (key === "VALIDATION_ERROR" && !hasProblems(onFields))) setLinkInvalid(true);
      else if (hasProblems(onFields)) showProblems(onFields);
      else notify({ intent: "error", title: errorMessage(t, error) });
    }
  };

  return (
    <AuthLayout title={t("reset.title")}>
      {linkInvalid ? (
        <InvalidLink />
      ) : (
        <AuthForm onSubmit={() => void submit()}>
          <AuthField label={t("fields.password")} problem={problems.password} hint={t("fields.passwordHint", { length: LIMITS.passwordMinChars })}>
            <PasswordInput ref={refFor("password")} name="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </AuthField>
          <AuthField label={t("fields.repeatPassword")} problem={problems.repeat}>
            <PasswordInput ref={refFor("repeat")} name="repeatPassword" autoComplete="new-password" value={repeat} onChange={(_, d) => setRepeat(d.value)} />
          </AuthField>
          <SubmitButton loading={loading}>{t("reset.submit")}</SubmitButton>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
