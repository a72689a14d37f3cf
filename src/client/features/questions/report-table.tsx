import {
  Badge,
  Button,
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
import { ArrowUndoRegular, CheckmarkRegular } from "@fluentui/react-icons";
import { forwardRef, useId } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorReport } from "../../../contracts/assessments";
import { formatReportDate, promptExcerpt } from "./report-format";
import { MathText } from "./views/MathText";

const useStyles = makeStyles({
  scroll: {
    overflowX: "auto",
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  table: { minWidth: "1100px" },
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: "break-all" },
  description: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
});

export type ErrorReportsTableProps = {
  reports: readonly ErrorReport[];
  /** The report whose status is being changed, if any. */
  busyGuid: string | null;
  onSetStatus: (report: ErrorReport, status: "open" | "resolved") => void;
};

function ReportRow({ report, busy, onSetStatus }: { report: ErrorReport; busy: boolean; onSetStatus: ErrorReportsTableProps["onSetStatus"] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const summaryId = useId();
  const typeLabel = t(`report.types.${report.errorTypeId}`);
  const resolved = report.status === "resolved";
  return (
    <TableRow>
      <TableCell>
        <time dateTime={report.createdAt}>{formatReportDate(report.createdAt, i18n.language)}</time>
      </TableCell>
      <TableCell>
        <span id={summaryId}>{typeLabel}</span>
      </TableCell>
      <TableCell>
        {report.description ? (
          <span className={styles.description}>{report.description}</span>
        ) : (
          <span className={styles.muted}>{t("report.list.noDescription")}</span>
        )}
      </TableCell>
      <TableCell>
        {report.question ? (
          <span className={styles.stack}>
            <Text weight="semibold" size={200}>
              {t(`authoring.types.${report.question.type}.name`, { defaultValue: report.question.type })}
            </Text>
            <MathText text={promptExcerpt(report.question.prompt)} />
          </span>
        ) : (
          <span className={styles.muted}>{t("report.list.questionDeleted")}</span>
        )}
      </TableCell>
      <TableCell>
        <code className={styles.id}>{report.exerciseId}</code>
      </TableCell>
      <TableCell>
        <code className={styles.id}>{report.activityInstanceId}</code>
      </TableCell>
      <TableCell>
        {report.reporter ? (
          <span className={styles.stack}>
            <span>{report.reporter.name}</span>
            <Text size={200} className={styles.muted}>
              {t(`common:roles.${report.reporter.role}`, { defaultValue: report.reporter.role })}
            </Text>
          </span>
        ) : (
          <span className={styles.muted}>{t("report.list.reporterUnknown")}</span>
        )}
      </TableCell>
      <TableCell>
        <Badge appearance="tint" color={resolved ? "success" : "warning"} icon={resolved ? <CheckmarkRegular /> : undefined}>
          {t(`report.list.status.${report.status}`)}
        </Badge>
      </TableCell>
      <TableCell>
        <Button
          size="small"
          appearance={resolved ? "secondary" : "primary"}
          icon={busy ? <Spinner size="tiny" /> : resolved ? <ArrowUndoRegular /> : <CheckmarkRegular />}
          aria-describedby={summaryId}
          disabledFocusable={busy}
          onClick={() => onSetStatus(report, resolved ? "open" : "resolved")}
        >
          {resolved ? t("report.list.reopen") : t("report.list.resolve")}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The editorial list's table: one row per report, each with its status action. A focusable scroll box. */
export const ErrorReportsTable = forwardRef<HTMLDivElement, ErrorReportsTableProps>(function ErrorReportsTable(
  { reports, busyGuid, onSetStatus },
  ref,
) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  return (
    <div ref={ref} className={styles.scroll} role="region" aria-label={t("report.list.tableLabel")} tabIndex={0}>
      <Table className={styles.table} aria-label={t("report.list.tableLabel")}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t("report.list.columns.date")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.type")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.description")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.question")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.exercise")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.activity")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.reporter")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.status")}</TableHeaderCell>
            <TableHeaderCell>{t("report.list.columns.actions")}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reports.map((report) => (
            <ReportRow key={report.guid} report={report} busy={busyGuid === report.guid} onSetStatus={onSetStatus} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
});
