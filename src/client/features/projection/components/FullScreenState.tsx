import { Button, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const useStyles = makeStyles({
  root: {
    position: "fixed",
    inset: 0,
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** Loading, failure or "not available" on a screen without the app shell; always with a way out. */
export function FullScreenState({ loading, children, onExit }: { loading?: boolean; children?: ReactNode; onExit?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("projection");
  return (
    <main className={styles.root}>
      {loading ? <Spinner size="large" label={t("loading")} /> : children}
      {onExit ? (
        <Button icon={<DismissRegular />} onClick={onExit}>
          {t("controls.exit")}
        </Button>
      ) : null}
    </main>
  );
}
