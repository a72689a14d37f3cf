import { Button } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "./ModalDialog";

/** The coming-soon info dialog; its own chunk so the dialog code stays out of the entry. */
export function ComingSoonDialog({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation("common");
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t("comingSoon.title")}
      size="xs"
      actions={
        <Button appearance="primary" onClick={onClose}>
          {t("actions.ok")}
        </Button>
      }
    >
      {text}
    </ModalDialog>
  );
}
