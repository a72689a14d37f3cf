import { Spinner, Text, tokens, makeStyles } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";
import { RouterLink } from "../../ui/RouterLink";
import { useGetToolCatalogueQuery, type LessonRef } from "./aiToolsApi";
import { ToolsLoadError } from "./parts";
import { isFormTool, TOOL_LOOK, toolPaths } from "./toolLook";

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  item: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "flex-start" },
  icon: { fontSize: "24px", display: "inline-flex" },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  footer: { marginTop: tokens.spacingVerticalL },
});

/**
 * The lesson page's "AI Tutor" panel (spec: the Teacher AI panel): the tools, each opening its form
 * with this lesson's text (?courseGuid=&lessonGuid=), and the way to the history. Mounted only when open.
 */
export function AiTutorPanel({ lesson, onClose }: { lesson: LessonRef; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("aiTools");
  const { data, isLoading, isError, error, refetch } = useGetToolCatalogueQuery();
  const body = (() => {
    if (isError) return <ToolsLoadError context={t("catalogue.failed")} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !data) return <Spinner size="small" label={t("loading")} />;
    return (
      <ul className={styles.list} aria-label={t("catalogue.list")}>
        {data.tools.map((card) => {
          const { icon: Icon, color } = TOOL_LOOK[card.tool];
          const title = t(`tools.${card.tool}.title`);
          return (
            <li key={card.tool} className={styles.item}>
              <span className={styles.icon} style={{ color: card.available ? color : tokens.colorNeutralForegroundDisabled }} aria-hidden="true">
                <Icon />
              </span>
              <span className={styles.text}>
                {card.available && isFormTool(card.tool) ? <RouterLink to={toolPaths.setup(card.tool, lesson)}>{title}</RouterLink> : <Text weight="semibold">{title}</Text>}
                <Text size={200} className={styles.muted}>
                  {card.available ? t(`tools.${card.tool}.description`) : t(`catalogue.reasons.${card.reason ?? "NO_LANGUAGE_MODEL"}`)}
                </Text>
              </span>
            </li>
          );
        })}
      </ul>
    );
  })();
  return (
    <ModalDialog open title={t("tutor.title")} size="small" onClose={onClose}>
      <Text as="p">{t("tutor.intro")}</Text>
      {body}
      <div className={styles.footer}>
        <RouterLink to={toolPaths.history}>{t("history.open")}</RouterLink>
      </div>
    </ModalDialog>
  );
}
