import { Badge, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { FeedbackLevel, StudentFeedbackResult } from "../../../contracts/teacher-tools-base";
import { FactList, type Fact } from "../../ui/FactList";
import { ToolNotes, useToolFormat, useToolStyles } from "./parts";
import { feedbackCriterionName, masteryText, scoreText } from "./resultText";

const useStyles = makeStyles({
  quote: {
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
});

/** The level's badge colour: green to red as the share of the marks falls; neutral while the teacher's grade is awaited. */
const LEVEL_COLOR: Record<FeedbackLevel, "success" | "brand" | "warning" | "danger" | "informative"> = {
  excellent: "success",
  good: "brand",
  sufficient: "warning",
  needs_work: "danger",
  pending: "informative",
};

/** The student feedback: the work and its marks, the model's message, then each criterion with its level, mastery and what to review. */
export function FeedbackResult({ result }: { result: StudentFeedbackResult }) {
  const styles = useToolStyles();
  const own = useStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const s = result.source;
  const facts: Fact[] = [
    [t("feedback.student"), result.student.name],
    [t("feedback.work"), `${s.title} (${t(`feedbackForm.kinds.${s.kind}`)})`],
    [
      t("feedback.submitted"),
      <span key="submitted" className={styles.row}>
        {s.submittedAt ? f.dateTime(s.submittedAt) : t("feedback.notSubmitted")}
        {s.late ? (
          <Badge appearance="filled" color="severe">
            {t("feedback.late")}
          </Badge>
        ) : null}
      </span>,
    ],
    [t("feedback.score"), scoreText(s.score, s.maxScore, f.decimal2)],
  ];
  if (s.pendingGrading > 0) facts.push([t("feedback.pendingTitle"), t("feedback.pending", { count: s.pendingGrading })]);
  if (s.teacherFeedback) facts.push([t("feedback.teacherFeedback"), s.teacherFeedback]);
  const cols = ["score", "answers", "level", "mastery", "review", "comments"] as const;

  return (
    <>
      <section className={styles.section} aria-labelledby="feedback-work">
        <h2 id="feedback-work">{t("feedback.title")}</h2>
        <FactList facts={facts} />
      </section>
      {result.message ? (
        <section className={styles.section} aria-labelledby="feedback-message">
          <h2 id="feedback-message">{t("feedback.message")}</h2>
          <blockquote className={own.quote} lang={result.language}>
            <p className={styles.text}>{result.message}</p>
          </blockquote>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="feedback-criteria">
        <h2 id="feedback-criteria">{t("feedback.criteria")}</h2>
        {result.criteria.length === 0 ? (
          <Text>{t("feedback.noCriteria")}</Text>
        ) : (
          <div className={styles.scroller} role="region" aria-labelledby="feedback-caption" tabIndex={0}>
            <table className={styles.table}>
              <caption id="feedback-caption" className={styles.caption}>
                {t("feedback.caption", { name: result.student.name })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                    {t("feedback.columns.criterion")}
                  </th>
                  {cols.map((c) => (
                    <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                      {t(`feedback.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.criteria.map((c, i) => {
                  const mastery = masteryText(t, c.mastery, f.integer);
                  const change = c.mastery?.change ?? 0;
                  return (
                    <tr key={`${c.kc ?? ""}-${i}`}>
                      <th scope="row" className={styles.cell}>
                        {feedbackCriterionName(t, c)}
                      </th>
                      <td className={styles.cell}>{scoreText(c.score, c.maxScore, f.decimal2)}</td>
                      <td className={styles.cell}>
                        {t("feedback.answers", { correct: f.integer(c.correct), partial: f.integer(c.partial), wrong: f.integer(c.wrong), unanswered: f.integer(c.unanswered) })}
                      </td>
                      <td className={styles.cell}>
                        <Badge appearance="tint" color={LEVEL_COLOR[c.level]}>
                          {t(`feedback.levels.${c.level}`)}
                        </Badge>
                      </td>
                      <td className={styles.cell}>
                        {mastery ? (
                          <>
                            {mastery.known}
                            {c.mastery ? <span className={styles.muted}>{` · ${t(`feedback.states.${c.mastery.state}`)}`}</span> : null}
                            {mastery.change ? (
                              <>
                                <br />
                                <Text size={200} className={change > 0 ? own.up : change < 0 ? own.down : styles.muted}>
                                  {mastery.change}
                                </Text>
                              </>
                            ) : null}
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className={styles.cell}>
                        {c.review.length > 0 ? (
                          <ul className={own.list}>
                            {c.review.map((r) => (
                              <li key={r.lessonGuid}>{r.title}</li>
                            ))}
                          </ul>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className={styles.cell}>
                        {c.comments.length > 0 ? (
                          <ul className={own.list}>
                            {c.comments.map((comment, j) => (
                              <li key={j}>{comment}</li>
                            ))}
                          </ul>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ToolNotes id="feedback-notes" notes={result.notes.map((n) => t(`notes.feedback.${n}`))} />
    </>
  );
}
