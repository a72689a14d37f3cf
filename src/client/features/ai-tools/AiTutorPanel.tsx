import { Button, MessageBar, MessageBarBody, Spinner, Text, tokens, makeStyles } from "@fluentui/react-components";
import { CopyRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToolHistoryItem } from "../../../contracts/teacher-tools-base";
import { ModalDialog } from "../../ui/ModalDialog";
import { RouterLink } from "../../ui/RouterLink";
import { useGetToolCatalogueQuery, useGetToolHistoryQuery, useLazyGetToolInstanceQuery, type LessonRef } from "./aiToolsApi";
import { HistoryTable, ToolsLoadError, useToolFormat } from "./parts";
import { resultText } from "./resultText";
import { isFormTool, TOOL_LOOK, toolPaths } from "./toolLook";

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  item: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "flex-start" },
  icon: { fontSize: "24px", display: "inline-flex" },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  footer: { marginTop: tokens.spacingVerticalL },
  history: { marginTop: tokens.spacingVerticalL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400 },
});

/** The spec's creation history in the panel: the latest instances (the history's first page), each with a Copy that fetches and copies its content. */
function PanelHistory() {
  const styles = useStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const { data, isLoading, isError, error, refetch } = useGetToolHistoryQuery(0);
  const [fetchInstance] = useLazyGetToolInstanceQuery();
  const [copying, setCopying] = useState<string | undefined>();
  const [copyState, setCopyState] = useState<{ id: string; state: "copied" | "failed" } | undefined>();

  const copy = async (item: ToolHistoryItem) => {
    setCopying(item.id);
    setCopyState(undefined);
    try {
      const instance = await fetchInstance(item.id, true).unwrap();
      await navigator.clipboard.writeText(resultText(instance, t, f.decimal, f.dateTime));
      setCopyState({ id: item.id, state: "copied" });
    } catch {
      setCopyState({ id: item.id, state: "failed" });
    } finally {
      setCopying(undefined);
    }
  };

  const body = (() => {
    if (isError) return <ToolsLoadError context={t("history.failed")} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !data) return <Spinner size="small" label={t("loading")} />;
    if (data.items.length === 0) return <Text className={styles.muted}>{t("history.empty.body")}</Text>;
    return (
      <HistoryTable
        id="tutor-history-caption"
        caption={t("tutor.historyCaption")}
        items={data.items}
        actions={{
          label: t("tutor.actions"),
          cell: (item) => (
            <Button
              size="small"
              icon={copying === item.id ? <Spinner size="tiny" /> : <CopyRegular />}
              disabled={copying !== undefined}
              aria-label={t("tutor.copyItem", { title: item.title })}
              onClick={() => void copy(item)}
            >
              {t("tutor.copy")}
            </Button>
          ),
        }}
      />
    );
  })();

  const copiedTitle = copyState ? data?.items.find((i) => i.id === copyState.id)?.title : undefined;
  return (
    <section className={styles.history} aria-labelledby="tutor-history">
      <h3 id="tutor-history" className={styles.heading}>
        {t("tutor.history")}
      </h3>
      <div role="status">{copyState?.state === "copied" ? <Text>{t("tutor.copied", { title: copiedTitle ?? "" })}</Text> : null}</div>
      {copyState?.state === "failed" ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t("instance.copyFailed")}</MessageBarBody>
        </MessageBar>
      ) : null}
      {body}
    </section>
  );
}

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
      <PanelHistory />
      <div className={styles.footer}>
        <RouterLink to={toolPaths.history}>{t("history.open")}</RouterLink>
      </div>
    </ModalDialog>
  );
}
