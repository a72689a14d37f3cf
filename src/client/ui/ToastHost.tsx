import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from "@fluentui/react-components";
import { useEffect } from "react";
import { APP_TOASTER_ID, listenToNotices } from "./toast";

const DEFAULT_TIMEOUT_MS = 5000;

/** Fluent's toaster, fed from the notice queue in toast.tsx. */
export function ToastHost() {
  const { dispatchToast } = useToastController(APP_TOASTER_ID);
  useEffect(
    () =>
      listenToNotices(({ intent, title, body, timeoutMs }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{title}</ToastTitle>
            {body ? <ToastBody>{body}</ToastBody> : null}
          </Toast>,
          // Errors are announced assertively so screen readers hear them at once.
          { intent, timeout: timeoutMs ?? DEFAULT_TIMEOUT_MS, politeness: intent === "error" ? "assertive" : "polite" },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={APP_TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur />;
}
