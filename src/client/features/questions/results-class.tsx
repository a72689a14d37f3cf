import {
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import { ArrowLeftRegular, Clock16Regular } from "@fluentui/react-icons";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHref, useLinkClickHandler } from "react-router-dom";
import type { ClassResults } from "../../../contracts/assessments";
import { excerpt, formatDateTime, formatFraction, formatGrade, formatPoints, individualResultsPath, mean } from "./results-format";
import { MathText } from "./views/MathText";
import { RouterLink } from "../../ui/RouterLink";

/* The class's results of one assessment: a summary, a row per student and a row per question. */

const useStyles = makeStyles({
  facts: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(10rem, 1fr))",
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  fact: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  tableBox: { overflowX: "auto" },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  kcs: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});


/** A way back (to the lesson, to the class's results) as a real link. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button as="a" href={href} appearance="secondary" icon={<ArrowLeftRegular />} onClick={(e: MouseEvent<HTMLAnchorElement>) => onClick(e)}>
      {children}
    </Button>
  );
}

type Row = ClassResults["rows"][number];
const studentName = (row: Row) => `${row.student.firstName} ${row.student.lastName}`.trim();
const isSubmitted = (row: Row) => row.attempt?.status === "submitted";

/** Students, submitted attempts, average grade and answers waiting for the teacher. */
export function ClassSummary({ results }: { results: ClassResults }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const average = mean(results.rows.filter(isSubmitted).map((r) => r.grade));
  const pending = results.rows.reduce((sum, r) => sum + (r.attempt?.pendingGrading ?? 0), 0);
  const facts: [string, string | number][] = [
    [t("results.class.students"), results.rows.length],
    [t("results.class.submitted"), results.rows.filter(isSubmitted).length],
    [t("results.class.average"), average === null ? t("results.none") : formatGrade(average, i18n.language)],
    [t("results.class.pending"), pending],
  ];
  return (
    <dl className={styles.facts} aria-label={t("results.class.summary")}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PendingBadge({ count }: { count: number }) {
  const { t } = useTranslation("questions");
  if (count <= 0) return null;
  return (
    <Badge appearance="tint" color="warning" icon={<Clock16Regular />}>
      {t("results.class.pendingBadge", { count })}
    </Badge>
  );
}

/** A row per student: attempts, status, counted score and grade, pending answers and when submitted. */
export function StudentsTable({ results }: { results: ClassResults }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const lng = i18n.language;
  const rows = [...results.rows].sort((a, b) =>
    `${a.student.lastName} ${a.student.firstName}`.localeCompare(`${b.student.lastName} ${b.student.firstName}`, lng, { sensitivity: "base" }),
  );
  return (
    <div className={styles.tableBox}>
      <Table aria-label={t("results.class.studentsTable", { title: results.assessment.title })}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t("results.class.columns.student")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.attempts")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.status")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.score")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.grade")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.pending")}</TableHeaderCell>
            <TableHeaderCell>{t("results.class.columns.submitted")}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const attempt = row.attempt;
            return (
              <TableRow key={row.student.guid}>
                <TableCell>
                  <RouterLink to={individualResultsPath(results.course.guid, results.assessment.guid, row.student.guid)}>{studentName(row)}</RouterLink>
                </TableCell>
                <TableCell>{row.attempts}</TableCell>
                <TableCell>{t(`results.status.${attempt?.status ?? "not_started"}`)}</TableCell>
                <TableCell>
                  {attempt?.score == null
                    ? t("results.none")
                    : t("results.points", { score: formatPoints(attempt.score, lng), max: formatPoints(attempt.maxScore, lng), count: attempt.maxScore })}
                </TableCell>
                <TableCell>{row.grade === null ? t("results.none") : formatGrade(row.grade, lng)}</TableCell>
                <TableCell>
                  {attempt && attempt.pendingGrading > 0 ? <PendingBadge count={attempt.pendingGrading} /> : t("results.none")}
                </TableCell>
                <TableCell>
                  {attempt?.submittedAt ? <time dateTime={attempt.submittedAt}>{formatDateTime(attempt.submittedAt, lng)}</time> : t("results.none")}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** A row per question: type, prompt, KCs, how many answered it, got it fully right, the mean and what waits for grading. */
export function QuestionsTable({ results }: { results: ClassResults }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  return (
    <section className={styles.section} aria-labelledby="results-questions-title">
      <Text as="h2" id="results-questions-title" size={500} weight="semibold" className={styles.heading}>
        {t("results.class.questionsTitle")}
      </Text>
      <div className={styles.tableBox}>
        <Table aria-label={t("results.class.questionsTitle")}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t("results.class.questionColumns.number")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.type")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.prompt")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.kcs")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.answered")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.fullyCorrect")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.average")}</TableHeaderCell>
              <TableHeaderCell>{t("results.class.questionColumns.pending")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {results.questions.map((q, i) => (
              <TableRow key={q.guid}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{t(`authoring.types.${q.type}.name`)}</TableCell>
                <TableCell>
                  <MathText text={excerpt(q.prompt)} />
                </TableCell>
                <TableCell>
                  <span className={styles.kcs}>{q.kcs.length ? q.kcs.join(", ") : t("results.none")}</span>
                </TableCell>
                <TableCell>{q.answered}</TableCell>
                <TableCell>{q.fullyCorrect}</TableCell>
                <TableCell>{q.averageFraction === null ? t("results.none") : formatFraction(q.averageFraction, i18n.language)}</TableCell>
                <TableCell>{q.pendingGrading}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
