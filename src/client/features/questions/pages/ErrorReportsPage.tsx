import { Button, Field, makeStyles, Radio, RadioGroup, Spinner, Text, tokens } from "@fluentui/react-components";
import { ChevronLeftRegular, ChevronRightRegular, FlagRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import type { ErrorReport } from "../../../../contracts/assessments";
import { PageHeader } from "../../../ui/PageHeader";
import { EmptyState, ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useErrorReportsQuery, useUpdateErrorReportMutation } from "../assessmentsApi";
import { isReportFilter, pageFromParam, pageRange, REPORT_FILTERS, REPORTS_PAGE_SIZE, type ReportStatusFilter } from "../report-format";
import { ErrorReportsTable } from "../report-table";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  toolbar: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", justifyContent: "space-between", gap: tokens.spacingHorizontalL },
  paging: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

/**
 * /editorial/error-reports: what students and teachers reported about exercises, for the editorial
 * staff to check and mark resolved. The filter and page live in the address (?status=open&page=2).
 * The server decides who may see it: anyone else gets its 403 as the app's error state.
 */
export function ErrorReportsPage() {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const statusParam = search.get("status");
  const filter: ReportStatusFilter = isReportFilter(statusParam) ? statusParam : "all";
  const page = pageFromParam(search.get("page"));
  const offset = page * REPORTS_PAGE_SIZE;
  const query = useErrorReportsQuery({ offset, pageSize: REPORTS_PAGE_SIZE, status: filter === "all" ? undefined : filter });
  const [update] = useUpdateErrorReportMutation();
  const [busyGuid, setBusyGuid] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const refocusTable = useRef(false);
  const data = query.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  const go = (next: { filter?: ReportStatusFilter; page?: number }) => {
    const params = new URLSearchParams(search);
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? page;
    if (nextFilter === "all") params.delete("status");
    else params.set("status", nextFilter);
    if (nextPage > 0) params.set("page", String(nextPage + 1));
    else params.delete("page");
    setSearch(params);
  };

  // A page past the end (the last rows were resolved away, or an old link): show the last page.
  const lastPage = Math.max(0, Math.ceil(total / REPORTS_PAGE_SIZE) - 1);
  const pastEnd = !!data && !query.isFetching && items.length === 0 && page > 0 && page > lastPage;
  useEffect(() => {
    if (pastEnd) go({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out past the end
  }, [pastEnd, lastPage]);

  // After a status change removed the focused row (filtered list), focus stays in the table.
  useEffect(() => {
    if (!refocusTable.current || query.isFetching || pastEnd) return;
    refocusTable.current = false;
    const box = tableRef.current;
    if (box && !box.contains(document.activeElement)) box.focus();
  }, [data, query.isFetching, pastEnd]);

  const setStatus = async (report: ErrorReport, status: "open" | "resolved") => {
    if (busyGuid) return;
    setBusyGuid(report.guid);
    try {
      await update({ guid: report.guid, status }).unwrap();
      refocusTable.current = true;
      notify({ intent: "success", title: status === "resolved" ? t("report.list.resolvedNotice") : t("report.list.reopenedNotice") });
    } catch (error) {
      notify({ intent: "error", title: t("report.list.updateFailed"), body: errorMessage(t, error) });
    } finally {
      setBusyGuid(null);
    }
  };

  const range = pageRange(offset, items.length, total);
  const filterLabels: Record<ReportStatusFilter, string> = {
    all: t("report.list.filter.all"),
    open: t("report.list.filter.open"),
    resolved: t("report.list.filter.resolved"),
  };

  return (
    <section className={styles.root}>
      <PageHeader title={t("report.list.title")} subtitle={t("report.list.subtitle")} />
      <div className={styles.toolbar}>
        <Field label={t("report.list.filterLabel")}>
          <RadioGroup layout="horizontal" value={filter} onChange={(_, d) => isReportFilter(d.value) && go({ filter: d.value, page: 0 })}>
            {REPORT_FILTERS.map((f) => (
              <Radio key={f} value={f} label={filterLabels[f]} />
            ))}
          </RadioGroup>
        </Field>
      </div>

      {query.isLoading ? <Spinner label={t("report.list.loading")} /> : null}
      {query.isError && !data ? <ErrorState message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} /> : null}
      {data && items.length === 0 && !pastEnd ? (
        <EmptyState icon={<FlagRegular />} title={t(`report.list.empty.${filter}`)} body={t("report.list.emptyBody")} />
      ) : null}
      {data && items.length > 0 ? (
        <>
          <ErrorReportsTable ref={tableRef} reports={items} busyGuid={busyGuid} onSetStatus={(r, s) => void setStatus(r, s)} />
          <nav className={styles.paging} aria-label={t("report.list.paging")}>
            <Button
              icon={<ChevronLeftRegular />}
              disabledFocusable={page === 0 || query.isFetching}
              onClick={() => go({ page: page - 1 })}
            >
              {t("report.list.previous")}
            </Button>
            <Text role="status" aria-live="polite">
              {t("report.list.range", range)}
            </Text>
            <Button
              icon={<ChevronRightRegular />}
              iconPosition="after"
              disabledFocusable={offset + items.length >= total || query.isFetching}
              onClick={() => go({ page: page + 1 })}
            >
              {t("report.list.next")}
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
