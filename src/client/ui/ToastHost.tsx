import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_TOASTER_ID, listenToNotices } from "./toast";

const DEFAULT_TIMEOUT_MS = 5000;

/** Fluent's toaster, fed from the notice queue in toast.tsx. */
export function ToastHost() {
  const { dispatchToast } = useToastController(APP_TOASTER_ID);
  // The toasts live in a labelled landmark of their own, so no page content sits outside landmarks.
  const { t } = useTranslation("common");
  const [region, setRegion] = useState<HTMLElement | null>(null);
  // Notices are taken once the toaster is mounted in its region (its listener is then in place).
  useEffect(() => {
    if (!region) return undefined;
    return listenToNotices(({ intent, title, body, timeoutMs }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{title}</ToastTitle>
            {body ? <ToastBody>{body}</ToastBody> : null}
          </Toast>,
          // Errors are announced assertively so screen readers hear them at once.
          { intent, timeout: timeoutMs ?? DEFAULT_TIMEOUT_MS, politeness: intent === "error" ? "assertive" : "polite" },
        ),
    );
  }, [dispatchToast, region]);
  return (
    <section ref={setRegion} aria-label={t("app.notifications")}>
      {region ? <Toaster toasterId={APP_TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur mountNode={region} /> : null}
    </section>
  );
}
