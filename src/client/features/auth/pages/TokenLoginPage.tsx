import { Spinner } from "@fluentui/react-components";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { track } from "../../../app/analytics";
import { errorKeyOf } from "../../../app/apiResult";
import { useNotify } from "../../../ui/toast";
import { tokenLogin } from "../authCalls";
import { loginErrorMessageKey, safeReturnPath } from "../authErrors";
import { AuthLayout } from "../components/AuthLayout";
import { useStartSession } from "../hooks";

/** What an SSO callback puts in the path when the provider refused the user (spec §2). */
const ERROR_TOKEN = "error";

/**
 * /auth/login/:token[?loginContext=/path]: exchanges the one-time token an SSO callback minted
 * for a session (spec §2 'Authenticating').
 */
export function TokenLoginPage() {
  const { t } = useTranslation("auth");
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const startSession = useStartSession();
  const titleId = useId();
  // The token is single use: exchange it once even when effects run twice (StrictMode).
  const exchanged = useRef<string | undefined>(undefined);
  const loginContext = search.get("loginContext");

  useEffect(() => {
    if (exchanged.current === token) return;
    exchanged.current = token;
    const fail = (reason: string) => {
      notify({ intent: "error", title: t(loginErrorMessageKey(reason)) });
      track("login_failed", { reason });
      navigate("/auth/login", { replace: true });
    };
    if (!token || token === ERROR_TOKEN) {
      fail("INVALID_LOGIN");
      return;
    }
    tokenLogin(token)
      .then((session) => startSession(session, safeReturnPath(loginContext) ?? "/home"))
      .catch((error: unknown) => fail(errorKeyOf(error)));
  }, [token, loginContext, startSession, navigate, notify, t]);

  return (
    <AuthLayout title={t("tokenLogin.authenticating")} titleId={titleId}>
      <Spinner aria-labelledby={titleId} />
    </AuthLayout>
  );
}
