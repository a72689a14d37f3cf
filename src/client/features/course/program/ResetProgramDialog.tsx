import { Button, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../ui/ModalDialog";
import { useNotify } from "../../../ui/toast";
import { useResetProgramMutation } from "../programApi";

export type ResetProgramDialogProps = { open: boolean; onClose: () => void; courseGuid: string; publicationGuid: string; title: string };

/** Asks before dropping the class's changes: the publisher's order and visibility come back. */
export function ResetProgramDialog({ open, onClose, courseGuid, publicationGuid, title }: ResetProgramDialogProps) {
  const { t } = useTranslation("program");
  const notify = useNotify();
  const [reset, { isLoading }] = useResetProgramMutation();
  const confirm = async () => {
    try {
      await reset({ guid: courseGuid, publicationGuid }).unwrap();
      onClose();
      notify({ intent: "success", title: t("reset.done", { title }) });
    } catch {
      notify({ intent: "error", title: t("errors.saveFailed") });
    }
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      size="s"
      modalType="alert"
      title={t("reset.title", { title })}
      actions={
        <>
          <Button appearance="secondary" onClick={onClose}>
            {t("reset.cancel")}
          </Button>
          <Button appearance="primary" disabled={isLoading} onClick={() => void confirm()}>
            {t("reset.confirm")}
          </Button>
        </>
      }
    >
      <Text as="p">{t("reset.body")}</Text>
    </ModalDialog>
  );
}
