import { Button, Spinner, Text } from "@fluentui/react-components";
import { ChevronLeftRegular, ChevronRightRegular, HistoryRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { TOOL_HISTORY_PAGE } from "../../../contracts/teacher-tools-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { EmptyState } from "../../ui/States";
import { RouterLink } from "../../ui/RouterLink";
import { historyOffsetOf, useGetToolHistoryQuery } from "./aiToolsApi";
import { HistoryTable, ToolsLoadError, useToolFormat, useToolStyles } from "./parts";
import { toolPaths } from "./toolLook";

/** /ai/tools/history: what the teacher's tools made, newest first, twenty a page. */
export function HistoryPage() {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const [search, setSearch] = useSearchParams();
  const offset = historyOffsetOf(search);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetToolHistoryQuery(offset);
  const goTo = (next: number) => setSearch(next > 0 ? { offset: String(next) } : {});

  const body = (() => {
    if (isError) return <ToolsLoadError context={t("history.failed")} error={error} onRetry={() => void refetch()} />;
    if (isLoading || !data) return <Spinner label={t("loading")} />;
    if (data.total === 0) {
      return <EmptyState icon={<HistoryRegular />} title={t("history.empty.title")} body={t("history.empty.body")} action={<RouterLink to={toolPaths.list}>{t("history.toTools")}</RouterLink>} />;
    }
    const first = data.offset + 1;
    const last = data.offset + data.items.length;
    return (
      <>
        <HistoryTable id="tool-history-caption" caption={t("history.caption")} items={data.items} />
        <nav className={styles.row} aria-label={t("history.pages")}>
          <Button icon={<ChevronLeftRegular />} disabled={data.offset === 0 || isFetching} onClick={() => goTo(Math.max(0, data.offset - TOOL_HISTORY_PAGE))}>
            {t("history.previous")}
          </Button>
          <Text role="status">{t("history.range", { first: f.integer(first), last: f.integer(last), total: f.integer(data.total) })}</Text>
          <Button
            icon={<ChevronRightRegular />}
            iconPosition="after"
            disabled={last >= data.total || isFetching}
            onClick={() => goTo(data.offset + TOOL_HISTORY_PAGE)}
          >
            {t("history.next")}
          </Button>
        </nav>
      </>
    );
  })();

  return (
    <div className={styles.page}>
      <AppPageHeader subtitle={t("history.subtitle")} actions={<RouterLink to={toolPaths.list}>{t("history.toTools")}</RouterLink>} />
      {body}
    </div>
  );
}
