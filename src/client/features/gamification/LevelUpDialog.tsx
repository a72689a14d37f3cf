import { Button } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";

/** Spec: "A level-up opens the level dialog": 'Congratulations!', 'You went up to level x!', 'Accept'. */
export function LevelUpDialog({ level, onAccept }: { level: number; onAccept: () => void }) {
  const { t } = useTranslation("gamification");
  return (
    <ModalDialog
      open
      size="xs"
      onClose={onAccept}
      title={t("levelUp.title")}
      actions={
        <Button appearance="primary" onClick={onAccept}>
          {t("levelUp.accept")}
        </Button>
      }
    >
      <p>{t("levelUp.body", { level })}</p>
    </ModalDialog>
  );
}
