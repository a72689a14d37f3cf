import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import { PlayRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AttemptSummary, MyAttempts } from "../../../contracts/assessments";
import { FactList, type Fact } from "../../ui/FactList";
import { errorMessage } from "../../ui/errors";
import { LinkButton } from "../lesson/components/LinkButton";
import { attemptResultPath, formatDateTime, formatNumber } from "./take-format";
import { MathText } from "./views/MathText";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "760px" },
  title: { margin: 0 },
  description: { margin: 0, whiteSpace: "pre-wrap" },
  startRow: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: tokens.spacingVerticalS },
  reason: { color: tokens.colorNeutralForeground2 },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  attempt: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  attemptText: { flexGrow: 1, display: "flex", flexDirection: "column" },
});

export type StartScreenProps = {
  data: MyAttempts;
  onStart: () => void;
  starting: boolean;
  /** The last start call's failure. */
  startError: unknown;
};

/** Why a new attempt cannot start, as the server's flags tell it. */
function cannotStartReason(data: MyAttempts, now: Date): "exhausted" | "closed" | "closedByTeacher" | "other" {
  if (data.closedAt) return "closedByTeacher";
  if (data.attemptsLeft === 0) return "exhausted";
  const due = data.assessment.settings.dueAt;
  if (due && new Date(due).getTime() <= now.getTime()) return "closed";
  return "other";
}

function PreviousAttempt({ attempt }: { attempt: AttemptSummary }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const lng = i18n.language;
  const score =
    attempt.score === null
      ? t("take.start.noScore")
      : t("take.start.score", { score: formatNumber(attempt.score, lng), max: formatNumber(attempt.maxScore, lng) });
  return (
    <li className={styles.attempt}>
      <span className={styles.attemptText}>
        <Text weight="semibold">{t("take.start.attemptNumber", { number: attempt.number })}</Text>
        <Text>
          {attempt.status === "in_progress" ? t("take.start.inProgress") : score}
          {attempt.pendingGrading > 0 ? ` · ${t("take.start.pendingGrading", { count: attempt.pendingGrading })}` : ""}
        </Text>
        {attempt.submittedAt ? <Text size={200}>{t("take.start.submittedAt", { date: formatDateTime(attempt.submittedAt, lng) })}</Text> : null}
      </span>
      {attempt.status === "submitted" ? (
        <LinkButton to={attemptResultPath(attempt.guid)} aria-label={t("take.start.viewResultsOf", { number: attempt.number })}>
          {t("take.start.viewResults")}
        </LinkButton>
      ) : null}
    </li>
  );
}

/** Before an attempt: what the assessment is, the attempts so far and a Start button. */
export function StartScreen({ data, onStart, starting, startError }: StartScreenProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const reasonId = useId();
  const lng = i18n.language;
  const { assessment, attempts } = data;
  const used = attempts.length;
  const max = assessment.settings.maxAttempts;

  const facts: Fact[] = [
    [t("take.start.questions"), formatNumber(assessment.questionCount, lng)],
    [t("take.start.maxScore"), t("take.start.points", { count: assessment.maxScore, value: formatNumber(assessment.maxScore, lng) })],
    [t("take.start.dueAt"), assessment.settings.dueAt ? formatDateTime(assessment.settings.dueAt, lng) : t("take.start.noDueDate")],
    [
      t("take.start.attempts"),
      max === null ? t("take.start.attemptsUnlimited", { used }) : t("take.start.attemptsOf", { used, max }),
    ],
  ];
  if (data.attemptsLeft !== null) facts.push([t("take.start.attemptsLeftTerm"), formatNumber(data.attemptsLeft, lng)]);

  const reason = data.canStart ? null : t(`take.start.cannotStart.${cannotStartReason(data, new Date())}`);

  return (
    <section className={styles.root} aria-labelledby={`${reasonId}-title`}>
      <Text as="h2" size={700} weight="semibold" id={`${reasonId}-title`} className={styles.title}>
        {assessment.title}
      </Text>
      {assessment.description ? <MathText as="p" className={styles.description} text={assessment.description} /> : null}
      <FactList facts={facts} />

      <div className={styles.startRow}>
        <Button
          appearance="primary"
          icon={<PlayRegular />}
          onClick={onStart}
          disabledFocusable={!data.canStart || starting}
          aria-describedby={reason ? reasonId : undefined}
        >
          {starting ? t("take.starting") : used > 0 ? t("take.start.startAgain") : t("take.start.start")}
        </Button>
        {reason ? (
          <Text id={reasonId} className={styles.reason}>
            {reason}
          </Text>
        ) : null}
        {startError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{errorMessage(t, startError)}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>

      {attempts.length > 0 ? (
        <section aria-labelledby={`${reasonId}-previous`}>
          <Text as="h3" size={500} weight="semibold" id={`${reasonId}-previous`}>
            {t("take.start.previous")}
          </Text>
          <ul className={styles.list}>
            {attempts.map((a) => (
              <PreviousAttempt key={a.guid} attempt={a} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
