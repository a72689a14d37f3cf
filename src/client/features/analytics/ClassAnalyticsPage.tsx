import { Button, CounterBadge, makeStyles, Spinner, Tab, tokens } from "@fluentui/react-components";
import { ArrowDownloadRegular } from "@fluentui/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { ANALYTICS_NOT_AVAILABLE } from "../../../contracts/analytics-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorKeyOf } from "../../app/apiResult";
import { errorMessage } from "../../ui/errors";
import { FactList } from "../../ui/FactList";
import { SelectField } from "../../ui/Select";
import { EmptyState } from "../../ui/States";
import { useNotify } from "../../ui/toast";
import { RovingTabList } from "../home/RovingTabList";
import { AlertsPanel } from "./AlertsPanel";
import { saveCsv, useExportAnalyticsCsvMutation, useGetClassAnalyticsQuery } from "./analyticsApi";
import { DiagnosticsPanel } from "./DiagnosticsPanel";
import { EvidenceDialog } from "./EvidenceDialog";
import { HeatMap } from "./HeatMap";
import { KcsPanel } from "./KcsPanel";
import { LessonsPanel } from "./LessonsPanel";
import { StudentLessonsDialog } from "./StudentLessonsDialog";
import { modelOf, type EvidenceTarget } from "./model";
import { AnalyticsError, StatusBadge, studentNameOf, useAnalyticsFormat } from "./parts";

export const TABS = ["lessons", "kcs", "students", "alerts", "diagnostics"] as const;
export type AnalyticsTab = (typeof TABS)[number];
const TAB_PARAM = "tab";
const LESSON_PARAM = "lesson";
const tabOf = (value: string | null): AnalyticsTab => (TABS as readonly string[]).includes(value ?? "") ? (value as AnalyticsTab) : "lessons";

const useStyles = makeStyles({
  actions: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalM },
  summary: { marginBottom: tokens.spacingVerticalXL, maxWidth: "40rem" },
  tabs: { marginBottom: tokens.spacingVerticalL },
  tabLabel: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  filter: { maxWidth: "24rem", marginBottom: tokens.spacingVerticalL },
});

/** Errors that a retry would not change: said once, with the way back to the list. */
const FINAL_ERRORS = new Set([ANALYTICS_NOT_AVAILABLE, "NOT_FOUND", "FORBIDDEN", "VALIDATION_ERROR"]);

/**
 * /analytics/{classId} (issue 15): one Maths or Language class's lessons with their status, KCs
 * with the class's mastery, students × KCs, alerts per lesson with their evidence, and diagnostics
 * with recommendations; the students × KCs as CSV. Every chart repeats a table of the page.
 */
export function ClassAnalyticsPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["analytics", "errors", "common"]);
  const f = useAnalyticsFormat();
  const notify = useNotify();
  const { classId = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get(TAB_PARAM));
  const { data, isLoading, isError, error, refetch } = useGetClassAnalyticsQuery(classId);
  const [exportCsv, exporting] = useExportAnalyticsCsvMutation();
  const [evidence, setEvidence] = useState<EvidenceTarget | null>(null);
  const [lessonsOf, setLessonsOf] = useState<string | null>(null);
  const model = useMemo(() => (data ? modelOf(data) : undefined), [data]);
  const lessonParam = search.get(LESSON_PARAM);
  const lesson = lessonParam && model?.lesson.has(lessonParam) ? lessonParam : null;

  const setParam = (name: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const download = async () => {
    try {
      saveCsv(await exportCsv({ guid: classId, lang: i18n.language }).unwrap());
    } catch (failure) {
      notify({ intent: "error", title: t("analytics:export.failed", { error: errorMessage(t, failure) }) });
    }
  };

  if (isError && FINAL_ERRORS.has(errorKeyOf(error))) {
    return (
      <>
        <AppPageHeader />
        <EmptyState title={t("analytics:class.unavailable")} body={errorMessage(t, error)} action={<Link to="/analytics">{t("analytics:class.back")}</Link>} />
      </>
    );
  }
  if (isError) {
    return (
      <>
        <AppPageHeader />
        <AnalyticsError error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (isLoading || !data || !model) {
    return (
      <>
        <AppPageHeader />
        <Spinner label={t("analytics:loading")} />
      </>
    );
  }

  const { summary } = data;
  const counts: Partial<Record<AnalyticsTab, number>> = { alerts: data.cells.filter((c) => c.alerts.length > 0).length };
  return (
    <>
      <AppPageHeader
        title={data.class.name}
        subtitle={t("analytics:class.subtitle", { subject: t(`analytics:subjects.${data.class.discipline}`), date: f.dateTime(data.generatedAt) })}
        actions={
          <div className={styles.actions}>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void download()} disabled={exporting.isLoading}>
              {t("analytics:export.action")}
            </Button>
            <Link to="/analytics">{t("analytics:class.back")}</Link>
          </div>
        }
      />
      <section className={styles.summary} aria-label={t("analytics:class.summary")}>
        <FactList
          facts={[
            [t("analytics:list.columns.students"), f.integer(summary.students)],
            [t("analytics:list.columns.kcs"), f.integer(summary.kcs)],
            [t("analytics:list.columns.mastered"), f.percent(summary.masteredShare)],
            [t("analytics:list.columns.alerts"), f.integer(summary.alerts)],
            [t("analytics:list.columns.worst"), <StatusBadge key="worst" status={summary.worstStatus} />],
          ]}
        />
      </section>
      <RovingTabList className={styles.tabs} selectedValue={tab} aria-label={t("analytics:tabs.label")} onTabSelect={(_, d) => setParam(TAB_PARAM, String(d.value))}>
        {TABS.map((value) => (
          <Tab key={value} id={`analytics-tab-${value}`} value={value} aria-controls={`analytics-panel-${value}`}>
            <span className={styles.tabLabel}>
              {t(`analytics:tabs.${value}`)}
              {counts[value] ? <CounterBadge count={counts[value]} size="small" color="danger" aria-label={t("analytics:tabs.count", { count: counts[value] })} /> : null}
            </span>
          </Tab>
        ))}
      </RovingTabList>
      <div role="tabpanel" id={`analytics-panel-${tab}`} aria-labelledby={`analytics-tab-${tab}`}>
        {tab === "kcs" || tab === "students" ? (
          <div className={styles.filter}>
            <SelectField
              label={t("analytics:filter.lesson")}
              value={lesson ?? ""}
              onChange={(v) => setParam(LESSON_PARAM, v === "" ? null : v)}
              options={[{ value: "", label: t("analytics:filter.all") }, ...data.lessons.map((l) => ({ value: l.guid, label: l.title }))]}
            />
          </div>
        ) : null}
        {tab === "lessons" ? <LessonsPanel model={model} /> : null}
        {tab === "kcs" ? <KcsPanel model={model} lesson={lesson} /> : null}
        {tab === "students" ? <HeatMap model={model} lesson={lesson} onOpen={setEvidence} onStudent={setLessonsOf} /> : null}
        {tab === "alerts" ? <AlertsPanel model={model} onOpen={setEvidence} /> : null}
        {tab === "diagnostics" ? <DiagnosticsPanel model={model} /> : null}
      </div>
      {evidence ? <EvidenceDialog classGuid={classId} target={evidence} model={model} onClose={() => setEvidence(null)} /> : null}
      {lessonsOf ? <StudentLessonsDialog classGuid={classId} student={lessonsOf} name={studentNameOf(model.student.get(lessonsOf))} onClose={() => setLessonsOf(null)} /> : null}
    </>
  );
}
