import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { HomeRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { HOME_PATH } from "../../app/guards";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    textAlign: "center",
    gap: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalXXXL,
  },
  code: { fontSize: "64px", lineHeight: 1, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightBold },
  title: { margin: 0 },
});

/** The shared look of the error and not-found pages: what happened and a way home. */
export function ProblemPage({ code, title, body }: { code?: string; title: string; body?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  return (
    <section className={styles.root}>
      {code ? (
        <Text className={styles.code} aria-hidden="true">
          {code}
        </Text>
      ) : null}
      <Text as="h1" size={700} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {body ? <Text as="p">{body}</Text> : null}
      <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate(HOME_PATH)}>
        {t("actions.goHome")}
      </Button>
    </section>
  );
}
