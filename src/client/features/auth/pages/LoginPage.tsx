import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { TIMINGS_MS } from "../../../../contracts/limits";
import { track } from "../../../app/analytics";
import { errorKeyOf, errorParamsOf } from "../../../app/apiResult";
import { returnPath } from "../../../app/guards";
import { useNotify } from "../../../ui/toast";
import { login } from "../authCalls";
import { loginErrorMessageKey, loginErrorParams } from "../authErrors";
import { AuthField } from "../components/AuthField";
import { AuthForm, AuthLayout, AuthLinks } from "../components/AuthLayout";
import { PasswordInput } from "../components/PasswordInput";
import { RouteLink } from "../components/RouteLink";
import { SsoButtons } from "../components/SsoButtons";
import { SubmitButton } from "../components/SubmitButton";
import { TextInput } from "../components/TextInput";
import { useFieldFocus, useMountedRef, useStartSession, wait } from "../hooks";
import { checkEmail, checkRequired, firstInvalid, hasProblems, type FieldProblems } from "../validation";

type LoginField = "email" | "password";
const ORDER: readonly LoginField[] = ["email", "password"];

/** /auth/login: credentials sign-in (spec §4 'Login', §8 login errors). */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const startSession = useStartSession();
  const notify = useNotify();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<FieldProblems<LoginField>>({});
  const [loading, setLoading] = useState(false);
  const { refFor, focus } = useFieldFocus<LoginField>();
  const mounted = useMountedRef();

  const submit = async () => {
    if (loading) return;
    const found: FieldProblems<LoginField> = { email: checkEmail(email), password: checkRequired(password) };
    setProblems(found);
    if (hasProblems(found)) {
      focus(firstInvalid(ORDER, found));
      return;
    }
    setLoading(true);
    // The spec's fixed delay before the call (§4, §9): it also paces password guessing.
    await wait(TIMINGS_MS.loginDelay);
    if (!mounted.current) return;
    try {
      const session = await login({ email: email.trim(), password });
      // The same target GuestOnly picks once the session exists: where RequireAuth sent us from.
      startSession(session, returnPath(location.state));
    } catch (error) {
      const reason = errorKeyOf(error);
      notify({ intent: "error", title: t(loginErrorMessageKey(reason), loginErrorParams(errorParamsOf(error))) });
      track("login_failed", { reason });
      if (mounted.current) setLoading(false);
    }
  };

  return (
    <AuthLayout title={t("login.title")} withLogo>
      <AuthForm onSubmit={() => void submit()}>
        <AuthField label={t("fields.email")} problem={problems.email}>
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
        <AuthField label={t("fields.password")} problem={problems.password}>
          <PasswordInput
            ref={refFor("password")}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(_, d) => setPassword(d.value)}
          />
        </AuthField>
        <SubmitButton loading={loading}>{t("login.submit")}</SubmitButton>
      </AuthForm>
      <SsoButtons returnTo={returnPath(location.state)} />
      <AuthLinks>
        <RouteLink to="/recover-password">{t("login.forgotPassword")}</RouteLink>
        <RouteLink to="/auth/signup">{t("login.createAccount")}</RouteLink>
      </AuthLinks>
    </AuthLayout>
  );
}
