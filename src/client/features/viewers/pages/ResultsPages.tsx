import {
  Badge,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import { DataBarVerticalRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { IndividualResults, ItemResults, ResultRow, StatementLine } from "../../../../contracts/records";
import { PageHeader } from "../../../ui/PageHeader";
import { EmptyState, ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useCourseContext } from "../../course/courseContext";
import { ResultSummary } from "../components/ResultSummary";
import { formatWhen, percentOf, sortRows, type SortDirection, type SortKey } from "../components/resultsFormat";
import { statusText } from "../components/statusText";
import { useIndividualResultsQuery, useItemResultsQuery, type ResultsKind } from "../viewersApi";
import { BackButton } from "./shared";
import { RouterLink } from "../../../ui/RouterLink";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  heading: { margin: 0 },
  tableBox: { overflowX: "auto" },
  timeline: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  event: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, paddingLeft: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});


const individualPath = (kind: ResultsKind, itemGuid: string, userGuid: string) => `/results-${kind}-individual/${itemGuid}/user/${userGuid}`;

function StatusCell({ row }: { row: ResultRow }) {
  const { t } = useTranslation("viewer");
  if (!row.attempted) return <>{t("status.notAttempted")}</>;
  return (
    <>
      {statusText(t, row.completion)}
      {row.success ? (
        <>
          {" "}
          <Badge appearance="tint" color={row.success === "passed" ? "success" : row.success === "failed" ? "danger" : "informative"}>
            {statusText(t, row.success)}
          </Badge>
        </>
      ) : null}
    </>
  );
}

/** The class's table for one SCORM or xAPI item: a row per student, sortable, each linking to the student's detail. */
export function ResultsTable({ results }: { results: ItemResults }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("viewer");
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: "name", direction: "ascending" });
  const rows = sortRows(results.rows, sort.key, sort.direction, i18n.language);
  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === "ascending" ? "descending" : "ascending" }));
  const header = (key: SortKey, label: string) => (
    <TableHeaderCell sortDirection={sort.key === key ? sort.direction : undefined} onClick={() => sortBy(key)}>
      {label}
    </TableHeaderCell>
  );
  return (
    <div className={styles.tableBox}>
      <Table sortable aria-label={t("results.tableLabel", { title: results.title })}>
        <TableHeader>
          <TableRow>
            {header("name", t("results.columns.student"))}
            {header("status", t("results.columns.completion"))}
            {header("score", t("results.columns.score"))}
            <TableHeaderCell>{t("results.columns.statements")}</TableHeaderCell>
            <TableHeaderCell>{t("results.columns.lastActivity")}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const percent = percentOf(row);
            return (
              <TableRow key={row.user.guid}>
                <TableCell>
                  <RouterLink to={individualPath(results.kind, results.itemGuid, row.user.guid)}>{row.user.name}</RouterLink>
                </TableCell>
                <TableCell>
                  <StatusCell row={row} />
                </TableCell>
                <TableCell>{percent === null ? t("results.none") : t("results.percent", { value: percent })}</TableCell>
                <TableCell>{row.statements}</TableCell>
                <TableCell>{row.lastActivityAt ? formatWhen(row.lastActivityAt, i18n.language) : t("results.none")}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function ItemResultsPage({ kind }: { kind: ResultsKind }) {
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const { itemGuid = "" } = useParams();
  const { course } = useCourseContext();
  const query = useItemResultsQuery({ kind, itemGuid });
  const data = query.data;
  return (
    <section className={styles.root} aria-labelledby="results-title">
      <Text as="h2" id="results-title" size={600} weight="semibold" className={styles.heading}>
        {data ? t(`results.${kind}Title`, { title: data.title }) : t(`results.${kind}Heading`)}
      </Text>
      {query.isLoading ? <Spinner label={t("loading")} /> : null}
      {query.isError ? <ErrorState message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} /> : null}
      {data && data.courseGuid !== course.guid ? <EmptyState title={t("results.notInCourse")} /> : null}
      {data && data.courseGuid === course.guid ? (
        data.rows.some((r) => r.attempted) ? (
          <ResultsTable results={data} />
        ) : (
          <EmptyState icon={<DataBarVerticalRegular />} title={t("results.emptyTitle")} body={t("results.emptyBody")} />
        )
      ) : null}
    </section>
  );
}

/** /course/:guid/results-scorm/:itemGuid */
export function ScormResultsPage() {
  return <ItemResultsPage kind="scorm" />;
}
/** /course/:guid/results-xapi/:itemGuid */
export function XapiResultsPage() {
  return <ItemResultsPage kind="xapi" />;
}

function resultLine(t: (key: string, options?: Record<string, unknown>) => string, s: StatementLine): string {
  const r = s.result;
  if (!r) return "";
  const parts: string[] = [];
  if (r.success !== null) parts.push(r.success ? t("status.passed") : t("status.failed"));
  if (r.completion !== null) parts.push(r.completion ? t("status.completed") : t("status.incomplete"));
  const percent = percentOf({ scoreScaled: r.scoreScaled, scoreRaw: r.scoreRaw });
  if (percent !== null) parts.push(t("results.percent", { value: percent }));
  if (r.response) parts.push(t("results.response", { value: r.response }));
  return parts.join(" · ");
}

/** Statements, most recent first: verb, object, result and when. */
export function StatementsTimeline({ statements }: { statements: readonly StatementLine[] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("viewer");
  if (!statements.length) return <Text>{t("results.noStatements")}</Text>;
  const ordered = [...statements].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return (
    <ol className={styles.timeline} aria-label={t("results.statements")}>
      {ordered.map((s) => {
        const line = resultLine(t, s);
        return (
          <li key={s.id} className={styles.event}>
            <Text>
              <Text weight="semibold">{s.verb}</Text> {s.object}
            </Text>
            {line ? <Text size={200}>{line}</Text> : null}
            <time dateTime={s.timestamp} className={styles.muted}>
              {formatWhen(s.timestamp, i18n.language)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

function InteractionsTable({ results }: { results: IndividualResults }) {
  const { t } = useTranslation("viewer");
  const styles = useStyles();
  if (!results.interactions.length) return <Text>{t("results.noInteractions")}</Text>;
  return (
    <div className={styles.tableBox}>
      <Table aria-label={t("results.interactions")}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t("results.interactionColumns.id")}</TableHeaderCell>
            <TableHeaderCell>{t("results.interactionColumns.type")}</TableHeaderCell>
            <TableHeaderCell>{t("results.interactionColumns.response")}</TableHeaderCell>
            <TableHeaderCell>{t("results.interactionColumns.correct")}</TableHeaderCell>
            <TableHeaderCell>{t("results.interactionColumns.result")}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {results.interactions.map((i, n) => (
            <TableRow key={`${i.id}-${n}`}>
              <TableCell>{i.id}</TableCell>
              <TableCell>{i.type ?? t("results.none")}</TableCell>
              <TableCell>{i.response ?? t("results.none")}</TableCell>
              <TableCell>{i.correct ?? t("results.none")}</TableCell>
              <TableCell>{i.result ?? t("results.none")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function IndividualPage({ kind }: { kind: ResultsKind }) {
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const { itemGuid = "", userGuid = "" } = useParams();
  const query = useIndividualResultsQuery({ kind, itemGuid, userGuid });
  const data = query.data;
  const back = data ? `/course/${data.courseGuid}/results-${kind}/${itemGuid}` : "/";
  return (
    <div className={styles.root}>
      <PageHeader
        title={data?.user.name ?? t(`results.${kind}Heading`)}
        subtitle={data ? t(`results.${kind}Title`, { title: data.title }) : undefined}
        actions={<BackButton fallback={back} label={t("results.backToResults")} />}
      />
      {query.isLoading ? <Spinner label={t("loading")} /> : null}
      {query.isError ? <ErrorState message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} /> : null}
      {data ? (
        data.summary.attempted || data.statements.length ? (
          <>
            <ResultSummary results={data} />
            {kind === "scorm" ? (
              <section className={styles.root} aria-labelledby="interactions-title">
                <Text as="h2" id="interactions-title" size={500} weight="semibold" className={styles.heading}>
                  {t("results.interactions")}
                </Text>
                <InteractionsTable results={data} />
              </section>
            ) : null}
            <section className={styles.root} aria-labelledby="statements-title">
              <Text as="h2" id="statements-title" size={500} weight="semibold" className={styles.heading}>
                {t("results.statements")}
              </Text>
              <StatementsTimeline statements={data.statements} />
            </section>
          </>
        ) : (
          <EmptyState icon={<DataBarVerticalRegular />} title={t("results.individualEmpty")} />
        )
      ) : null}
    </div>
  );
}

/** /results-scorm-individual/:itemGuid/user/:userGuid */
export function ScormIndividualPage() {
  return <IndividualPage kind="scorm" />;
}
/** /results-xapi-individual/:itemGuid/user/:userGuid */
export function XapiIndividualPage() {
  return <IndividualPage kind="xapi" />;
}
