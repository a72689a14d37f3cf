import { Spinner } from "@fluentui/react-components";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { LOGIN_PATH } from "../../../app/guards";
import { useAppDispatch, useAppSelector } from "../../../app/store";
import { useLogoutMutation } from "../authApi";
import { loggedOut, selectIsAuthenticated } from "../authSlice";
import { clearSessionState } from "../authStorage";
import { AuthLayout } from "../components/AuthLayout";
import { clearSamlFlag } from "../sso";

/**
 * /logout: revokes the session on the server, then forgets it here whatever the server said
 * (a sign-out must never fail for the person at the keyboard).
 */
export function LogoutPage() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const titleId = useId();
  // Once only, even when StrictMode runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const forget = () => {
      // Resets every slice that listens to it, the persisted record and the RTK Query cache.
      dispatch(loggedOut());
      clearSessionState();
      clearSamlFlag();
      navigate(LOGIN_PATH, { replace: true });
    };
    if (!signedIn) {
      forget();
      return;
    }
    // The call must go out while the bearer token is still in the store.
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(forget);
  }, [dispatch, logout, navigate, signedIn]);

  return (
    <AuthLayout title={t("logout.signingOut")} titleId={titleId}>
      <Spinner aria-labelledby={titleId} />
    </AuthLayout>
  );
}
