import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ALERT_RULES, type AnalyticsCell } from "../../../contracts/analytics-base";
import { EmptyState } from "../../ui/States";
import { cellKey, kcsOfLesson, type EvidenceTarget, type Model } from "./model";
import { studentNameOf, useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const CAPTION_ID = "analytics-heatmap-caption";

const useStyles = makeStyles({
  mastered: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  progress: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  low: { backgroundColor: tokens.colorPaletteRedBackground2 },
  none: { color: tokens.colorNeutralForeground3 },
  heat: { padding: 0, textAlign: "center" },
  button: {
    width: "100%",
    minWidth: "4.5rem",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: "none",
    background: "transparent",
    color: tokens.colorNeutralForeground1,
    font: "inherit",
    fontVariantNumeric: "tabular-nums",
    cursor: "pointer",
    ":hover": { textDecorationLine: "underline" },
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-3px" },
  },
  legend: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalL, listStyleType: "none", padding: 0, margin: `0 0 ${tokens.spacingVerticalM}` },
  swatch: { display: "inline-block", width: "1rem", height: "1rem", marginInlineEnd: tokens.spacingHorizontalXS, verticalAlign: "middle", border: `1px solid ${tokens.colorNeutralStroke1}` },
  colHead: { verticalAlign: "bottom" },
  name: { textAlign: "start", fontWeight: "inherit" },
});

/**
 * Students × KCs as a real table (issue 15): a row per student, a column per KC, each cell its state
 * (an abbreviation and, for screen readers, the word), P(L) and an alert mark. Colour repeats the
 * state; it never carries it alone. A practised cell opens the answers behind its estimate.
 */
export function HeatMap({
  model,
  lesson,
  onOpen,
  onStudent,
}: {
  model: Model;
  lesson: string | null;
  onOpen: (target: EvidenceTarget) => void;
  /** A student's name opens the lessons they should revisit. */
  onStudent: (studentGuid: string) => void;
}) {
  const styles = useAnalyticsStyles();
  const own = useStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const kcs = kcsOfLesson(model.data, lesson);
  const { students } = model.data;
  if (students.length === 0) return <EmptyState title={t("heatmap.noStudents")} />;
  if (kcs.length === 0) return <EmptyState title={t("kcs.empty")} />;
  const tone = (c: AnalyticsCell) => (c.state === "mastered" ? own.mastered : c.known < ALERT_RULES.lowMastery.knownBelow ? own.low : own.progress);
  return (
    <>
      <ul className={own.legend} aria-label={t("heatmap.legend")}>
        <li>
          <span className={mergeClasses(own.swatch, own.mastered)} aria-hidden="true" />
          {t("heatmap.key.mastered", { abbr: t("states.abbr.mastered") })}
        </li>
        <li>
          <span className={mergeClasses(own.swatch, own.progress)} aria-hidden="true" />
          {t("heatmap.key.in_progress", { abbr: t("states.abbr.in_progress") })}
        </li>
        <li>
          <span className={mergeClasses(own.swatch, own.low)} aria-hidden="true" />
          {t("heatmap.key.low", { abbr: t("states.abbr.in_progress"), threshold: f.probability(ALERT_RULES.lowMastery.knownBelow) })}
        </li>
        <li>{t("heatmap.key.not_started")}</li>
        <li>{t("heatmap.key.alert")}</li>
      </ul>
      <div className={styles.scroller} role="region" aria-labelledby={CAPTION_ID} tabIndex={0}>
        <table className={styles.table}>
          <caption id={CAPTION_ID} className={styles.caption}>
            {t("heatmap.caption")}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                {t("heatmap.student")}
              </th>
              {kcs.map((k) => (
                <th key={k.code} scope="col" className={mergeClasses(styles.cell, styles.head, own.colHead)} title={f.kcName(k.names, k.code)}>
                  {k.code}
                  <span className={styles.visuallyHidden}>{` ${f.kcName(k.names, k.code)}`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.guid}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                  <button type="button" className={mergeClasses(own.button, own.name)} onClick={() => onStudent(s.guid)} aria-label={t("heatmap.studentLessons", { student: studentNameOf(s) })}>
                    {studentNameOf(s)}
                  </button>
                </th>
                {kcs.map((k) => {
                  const c = model.cell.get(cellKey(s.guid, k.code));
                  if (!c) {
                    return (
                      <td key={k.code} className={mergeClasses(styles.cell, own.heat, own.none)}>
                        <span aria-hidden="true">—</span>
                        <span className={styles.visuallyHidden}>{t("states.not_started")}</span>
                      </td>
                    );
                  }
                  return (
                    <td key={k.code} className={mergeClasses(styles.cell, own.heat, tone(c))}>
                      <button type="button" className={own.button} onClick={() => onOpen({ student: s.guid, kc: k.code })}>
                        <span aria-hidden="true">{t(`states.abbr.${c.state}`)} </span>
                        <span className={styles.visuallyHidden}>{`${t(`states.${c.state}`)}, P(L) `}</span>
                        {f.probability(c.known)}
                        {c.alerts.length > 0 ? (
                          <>
                            <span aria-hidden="true"> ⚠</span>
                            <span className={styles.visuallyHidden}>{`, ${t("heatmap.alerts", { list: f.list(c.alerts.map((a) => t(`alertTypes.${a}`))) })}`}</span>
                          </>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
