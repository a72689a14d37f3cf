import { Badge, Button, CounterBadge, makeStyles, Spinner, Tab, Text, tokens } from "@fluentui/react-components";
import { ChevronLeftRegular, ChevronRightRegular, TaskListLtrRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import type { TaskListItem } from "../../../contracts/tasks";
import { TASKS_PAGE_SIZE, tabsOf, tasksViewOf, type TaskTab } from "../../../contracts/tasks-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useAppSelector } from "../../app/store";
import { numberFormat } from "../../i18n/format";
import { EmptyState, ErrorState } from "../../ui/States";
import { selectCurrentUser } from "../auth/authSlice";
import { RovingTabList } from "../home/RovingTabList";
import { ContentTypeIcon } from "../lesson/components/ContentTypeIcon";
import { COUNT_KEY_OF, formatDue, tabOf } from "./taskTabs";
import { useGetTaskCountsQuery, useGetTasksQuery } from "./tasksApi";
import { useLiveTasks } from "./useLiveTasks";

/** The job's detail opens on demand (a row, or a notification's deep link ?job=): its own chunk. */
const JobDialog = lazy(() => import(/* webpackChunkName: "tasks-job" */ "./JobDialog").then((m) => ({ default: m.JobDialog })));

export const JOB_PARAM = "job";
export const TAB_PARAM = "tab";

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  tabLabel: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: {
    display: "flex",
    gap: tokens.spacingHorizontalM,
    alignItems: "flex-start",
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: { fontSize: "24px", color: tokens.colorBrandForeground1, flexShrink: 0, paddingTop: "2px" },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  link: { color: tokens.colorBrandForegroundLink, overflowWrap: "anywhere" },
  meta: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  pager: { display: "flex", alignItems: "center", justifyContent: "flex-end", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
});

/**
 * /tasks (spec "Tasks tabs", §7 "Tasks and records"): students see To Do, Turned in and Grades
 * published, teachers Pending tasks and Reviewed assessments, each with its count and a paged list
 * (10 a page). The tab is in the URL (?tab=) and so is an open job (?job=<guid>, the address
 * notifications link to).
 */
export function TasksPage() {
  const styles = useStyles();
  const { t } = useTranslation("tasks");
  const user = useAppSelector(selectCurrentUser);
  const role = user?.role ?? "student";
  const [params, setParams] = useSearchParams();
  const tab = tabOf(role, params.get(TAB_PARAM));
  const jobGuid = params.get(JOB_PARAM);
  const tabs = tabsOf(role);
  const teacher = tasksViewOf(role) === "teacher";
  const { data: counts } = useGetTaskCountsQuery();
  useLiveTasks();

  const closeJob = useCallback(() => {
    const closed = jobGuid;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(JOB_PARAM);
        return next;
      },
      { replace: true },
    );
    // Focus goes back to the row that opened it (when it is on this page).
    if (closed) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-job-guid="${CSS.escape(closed)}"]`)?.focus());
  }, [jobGuid, setParams]);

  return (
    <>
      <AppPageHeader subtitle={t("subtitle")} actions={<Link to="/tasks/kanban">{t("common:menu.tasksKanban")}</Link>} />
      <RovingTabList
        className={styles.tabs}
        selectedValue={tab}
        aria-label={t("tabs.label")}
        onTabSelect={(_, data) => setParams({ [TAB_PARAM]: String(data.value) }, { replace: true })}
      >
        {tabs.map((value) => {
          const count = counts?.[COUNT_KEY_OF[value]];
          return (
            <Tab key={value} id={`tasks-tab-${value}`} value={value} aria-controls={`tasks-panel-${value}`}>
              <span className={styles.tabLabel}>
                {t(`tabs.${value}`)}
                {count === undefined ? null : (
                  <CounterBadge count={count} showZero size="small" appearance={count > 0 ? "filled" : "ghost"} color={count > 0 ? "brand" : "informative"} aria-label={t("tabs.count", { count })} />
                )}
              </span>
            </Tab>
          );
        })}
      </RovingTabList>
      <div role="tabpanel" id={`tasks-panel-${tab}`} aria-labelledby={`tasks-tab-${tab}`}>
        <TaskList key={tab} tab={tab} teacher={teacher} />
      </div>
      {jobGuid ? (
        <Suspense fallback={null}>
          <JobDialog guid={jobGuid} onClose={closeJob} />
        </Suspense>
      ) : null}
    </>
  );
}

function TaskList({ tab, teacher }: { tab: TaskTab; teacher: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("tasks");
  const [offset, setOffset] = useState(0);
  // Exactly the arguments the route's data starter asks for the first page (firstPageOf).
  const { data, isLoading, isError, refetch } = useGetTasksQuery({ tab, offset, pageSize: TASKS_PAGE_SIZE });

  if (isLoading) return <Spinner label={t("list.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.total === 0) return <EmptyState icon={<TaskListLtrRegular />} title={t(`empty.${tab}.title`)} body={t(`empty.${tab}.body`)} />;

  const number = numberFormat(i18n.language);
  const from = data.offset + 1;
  const to = data.offset + data.items.length;
  return (
    <>
      <ul className={styles.list}>
        {data.items.map((item) => (
          <TaskRow key={item.guid} item={item} tab={tab} teacher={teacher} />
        ))}
      </ul>
      <nav className={styles.pager} aria-label={t("list.pager")}>
        <Text aria-live="polite">{t("list.range", { from: number.format(from), to: number.format(to), total: number.format(data.total) })}</Text>
        <Button
          icon={<ChevronLeftRegular />}
          aria-label={t("list.previous")}
          disabledFocusable={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - TASKS_PAGE_SIZE))}
        />
        <Button
          icon={<ChevronRightRegular />}
          aria-label={t("list.next")}
          disabledFocusable={to >= data.total}
          onClick={() => setOffset(offset + TASKS_PAGE_SIZE)}
        />
      </nav>
    </>
  );
}

function TaskRow({ item, tab, teacher }: { item: TaskListItem; tab: TaskTab; teacher: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("tasks");
  const number = numberFormat(i18n.language);
  const search = new URLSearchParams({ [TAB_PARAM]: tab, [JOB_PARAM]: item.guid }).toString();
  return (
    <li className={styles.row}>
      <span className={styles.icon}>
        <ContentTypeIcon type={item.item.type} />
      </span>
      <div className={styles.text}>
        <h2 className={styles.title}>
          <Link to={{ search: `?${search}` }} className={styles.link} data-job-guid={item.guid} aria-label={t("row.open", { title: item.item.title })}>
            {item.item.title}
          </Link>
        </h2>
        <div className={styles.meta}>
          <span>{t(`kinds.${item.item.kind}`)}</span>
          <span>·</span>
          <span>{t("row.place", { course: item.course.name, lesson: item.lesson.title })}</span>
        </div>
        <div className={styles.meta}>
          {teacher && item.student ? <span>{t("row.student", { name: item.student.name })}</span> : null}
          <span>{item.dueAt ? t("row.due", { date: formatDue(item.dueAt, i18n.language) }) : t("row.noDue")}</span>
          <Badge appearance="tint" color={item.state === "graded" ? "success" : item.state === "pending" ? "informative" : "subtle"}>
            {t(`states.${item.state}`)}
          </Badge>
          {item.late ? (
            <Badge appearance="filled" color="warning">
              {t("row.late")}
            </Badge>
          ) : null}
          {item.overdue ? (
            <Badge appearance="filled" color="danger">
              {t("row.overdue")}
            </Badge>
          ) : null}
          {item.state === "graded" && item.score !== null ? (
            <span>{t("row.score", { score: number.format(item.score), max: number.format(item.maxScore) })}</span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
