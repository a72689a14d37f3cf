import { Badge, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { RUBRIC_CRITERIA_MAX, type RubricCriterion, type RubricGeneratorResult } from "../../../contracts/teacher-tools-base";
import { ToolNotes, useToolFormat, useToolStyles } from "./parts";
import { levelCellText, levelNames } from "./resultText";

const useStyles = makeStyles({
  criterion: { minWidth: "220px", display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightRegular },
  name: { fontWeight: tokens.fontWeightSemibold },
  points: { display: "block", fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXXS },
  indicator: { fontStyle: "italic" },
  level: { minWidth: "140px" },
  total: { fontWeight: tokens.fontWeightSemibold },
});

const SOURCE_COLOR = { objective: "brand", kc: "informative", model: "warning" } as const;

/** The criterion's header cell: name, where it comes from, its KC, key terms, questions and evidence sentences. */
function CriterionHead({ c }: { c: RubricCriterion }) {
  const styles = useToolStyles();
  const own = useStyles();
  const { t } = useTranslation("aiTools");
  return (
    <th scope="row" className={styles.cell}>
      <span className={own.criterion}>
        <span className={own.name}>{c.name}</span>
        <span>
          <Badge appearance="tint" color={SOURCE_COLOR[c.source]}>
            {t(`rubric.sources.${c.source}`)}
          </Badge>
        </span>
        {c.kc ? (
          <Text size={200} className={styles.muted}>
            {t("rubric.kc", { kc: c.kc })}
          </Text>
        ) : null}
        <Text size={200} className={styles.muted}>
          {t("rubric.questions", { count: c.questions })}
        </Text>
        {c.keyTerms.length > 0 ? (
          <Text size={200}>
            {t("rubric.keyTerms")}: {c.keyTerms.join(", ")}
          </Text>
        ) : null}
        {c.evidence.length > 0 ? (
          <details>
            <summary>{t("rubric.evidenceCount", { count: c.evidence.length })}</summary>
            <ul>
              {c.evidence.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </span>
    </th>
  );
}

/**
 * The rubric: one row per criterion, one column per level (best first), each cell with the points
 * the level earns and what it looks like — the model's descriptor, or, without a model, an
 * observable indicator built from the lesson's key terms.
 */
export function RubricResult({ result }: { result: RubricGeneratorResult }) {
  const styles = useToolStyles();
  const own = useStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const names = levelNames(t, result.numberOfLevels);
  const noDescriptors = result.criteria.some((c) => c.descriptors === null);
  const totalWeight = result.criteria.reduce((sum, c) => sum + c.weight, 0);
  return (
    <>
      <section className={styles.section} aria-labelledby="rubric-title">
        <h2 id="rubric-title">{t("rubric.title")}</h2>
        <Text className={styles.muted}>
          {t("rubric.summary", { count: result.criteria.length, levels: result.numberOfLevels, score: f.decimal2(result.maxScore) })}
        </Text>
        {noDescriptors ? (
          <Text id="rubric-indicators" className={styles.muted}>
            {t("rubric.indicatorsHint")}
          </Text>
        ) : null}
        <div className={styles.scroller} role="region" aria-labelledby="rubric-caption" tabIndex={0}>
          <table className={styles.table} aria-describedby={noDescriptors ? "rubric-indicators" : undefined}>
            <caption id="rubric-caption" className={styles.caption}>
              {t("rubric.caption")}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t("rubric.columns.criterion")}
                </th>
                <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t("rubric.columns.weight")}
                </th>
                <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
                  {t("rubric.columns.points")}
                </th>
                {names.map((name, i) => (
                  <th key={i} scope="col" className={mergeClasses(styles.cell, styles.head, own.level)}>
                    {name}
                    <br />
                    <Text size={200} weight="regular">
                      {t("rubric.shareOfPoints", { percent: f.integer(Math.round((result.levelShares[i] ?? 0) * 100)) })}
                    </Text>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.criteria.map((c, row) => (
                <tr key={row}>
                  <CriterionHead c={c} />
                  <td className={styles.cell}>{t("rubric.percent", { percent: f.decimal(c.weight) })}</td>
                  <td className={styles.cell}>{f.decimal2(c.points)}</td>
                  {names.map((_, i) => {
                    const points = c.points * (result.levelShares[i] ?? 0);
                    return (
                      <td key={i} className={styles.cell}>
                        <span className={own.points}>{t("rubric.points", { count: points, points: f.decimal2(points) })}</span>
                        <span className={c.descriptors?.[i] ? undefined : own.indicator}>{levelCellText(t, c, result.levelShares, i, f.integer)}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={mergeClasses(styles.cell, own.total)}>
                  {t("rubric.total")}
                </th>
                <td className={mergeClasses(styles.cell, own.total)}>{t("rubric.percent", { percent: f.decimal(totalWeight) })}</td>
                <td className={mergeClasses(styles.cell, own.total)}>{f.decimal2(result.maxScore)}</td>
                <td colSpan={names.length} className={styles.cell} />
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      <ToolNotes id="rubric-notes" notes={result.notes.map((n) => t(`notes.rubric.${n}`, { max: RUBRIC_CRITERIA_MAX }))} />
    </>
  );
}
