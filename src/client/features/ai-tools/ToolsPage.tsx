import { Badge, makeStyles, mergeClasses, Spinner, Tab, Text, tokens } from "@fluentui/react-components";
import { HistoryRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToolCard as ToolCardData, ToolCategory } from "../../../contracts/teacher-tools-base";
import { TOOL_CATEGORIES } from "../../../contracts/teacher-tools-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { RouterLink } from "../../ui/RouterLink";
import { RovingTabList } from "../home/RovingTabList";
import { useGetToolCatalogueQuery } from "./aiToolsApi";
import { ToolsLoadError, useToolStyles } from "./parts";
import { isFormTool, TOOL_LOOK, toolPaths } from "./toolLook";

const useStyles = makeStyles({
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  // Disabled without dimming the text: what it says (why it is unavailable) must stay readable.
  disabled: { borderTopStyle: "dashed", borderRightStyle: "dashed", borderBottomStyle: "dashed", borderLeftStyle: "dashed", boxShadow: "none" },
  top: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM },
  icon: { fontSize: "32px", display: "inline-flex" },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground2 },
});

type Filter = "all" | ToolCategory;

/** One tool card (spec: title, description, icon, iconColor, category, available). */
export function ToolCardView({ card }: { card: ToolCardData }) {
  const styles = useStyles();
  const { t } = useTranslation("aiTools");
  const { icon: Icon, color } = TOOL_LOOK[card.tool];
  const title = t(`tools.${card.tool}.title`);
  return (
    <li className={mergeClasses(styles.card, !card.available && styles.disabled)}>
      <div className={styles.top}>
        <span className={styles.icon} style={{ color: card.available ? color : tokens.colorNeutralForegroundDisabled }} aria-hidden="true">
          <Icon />
        </span>
        <h2 className={styles.title}>
          {card.available && isFormTool(card.tool) ? <RouterLink to={toolPaths.setup(card.tool)}>{title}</RouterLink> : title}
        </h2>
      </div>
      <div>
        <Badge appearance="tint" color="informative">
          {t(`categories.${card.category}`)}
        </Badge>
      </div>
      <Text as="p">{t(`tools.${card.tool}.description`)}</Text>
      {card.mode === "local" ? <Text className={styles.note}>{t(`catalogue.local.${card.tool}`, { defaultValue: t("catalogue.local.generic") })}</Text> : null}
      {card.available && !isFormTool(card.tool) ? <Text className={styles.note}>{t("catalogue.noForm")}</Text> : null}
      {!card.available ? (
        <>
          <Badge appearance="outline" color="subtle">
            {t("catalogue.unavailable")}
          </Badge>
          <Text className={styles.note}>{t(`catalogue.reasons.${card.reason ?? "NO_LANGUAGE_MODEL"}`)}</Text>
        </>
      ) : null}
    </li>
  );
}

/** /ai/tools (issue 16): the tools the server runs, filtered by category, and the way to the history. */
export function ToolsPage() {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const { data, isLoading, isError, error, refetch } = useGetToolCatalogueQuery();
  const [filter, setFilter] = useState<Filter>("all");

  const body = (() => {
    if (isError) return <ToolsLoadError context={t("catalogue.failed")} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !data) return <Spinner label={t("loading")} />;
    const present = TOOL_CATEGORIES.filter((c) => data.tools.some((tool) => tool.category === c));
    const shown = data.tools.filter((tool) => filter === "all" || tool.category === filter);
    return (
      <>
        {present.length > 0 ? (
          <RovingTabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as Filter)} aria-label={t("catalogue.filter")}>
            <Tab value="all">{t("categories.all")}</Tab>
            {present.map((c) => (
              <Tab key={c} value={c}>
                {t(`categories.${c}`)}
              </Tab>
            ))}
          </RovingTabList>
        ) : null}
        <ul className={styles.grid} aria-label={t("catalogue.list")}>
          {shown.map((card) => (
            <ToolCardView key={card.tool} card={card} />
          ))}
        </ul>
      </>
    );
  })();

  return (
    <div className={styles.page}>
      <AppPageHeader
        subtitle={t("catalogue.subtitle")}
        actions={
          <span className={styles.row}>
            <HistoryRegular aria-hidden="true" />
            <RouterLink to={toolPaths.history}>{t("history.open")}</RouterLink>
          </span>
        }
      />
      {body}
    </div>
  );
}
