import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { pointInZone } from "../../../../contracts/questions-base";
import type { Point, QuestionDataFor } from "../../../../contracts/questions";
import { ZoneImage, type ZoneMarker } from "./media-ZoneImage";
import { partResult, ReviewMark } from "./parts";
import { numberFormat } from "../../../i18n/format";

/*
 * Click to find (QT_21) shown read-only: the student's points and, when the solution may be shown,
 * the target zones outlined and lettered (A, B...). Which targets were found and which points hit
 * nothing is said in words: from `parts` (target ids, `click-<i>`) and, with the solution, from
 * the zones themselves.
 */

export const targetLetter = (i: number): string => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : "");
/** A percentage with at most one decimal, in the UI language ("17,5" in Spanish). */
export const percentText = (v: number, language: string): string => numberFormat(language, { maximumFractionDigits: 1 }).format(v);

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  large: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, paddingLeft: 0, listStyleType: "none" },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  muted: { margin: 0, color: tokens.colorNeutralForeground3 },
  p: { margin: 0 },
});

export function FindResult(props: {
  label: string;
  mode: "review" | "projection";
  data: { image: QuestionDataFor<"QT_21">["image"]; targetCount: number };
  clicks: readonly Point[] | undefined;
  solution: QuestionDataFor<"QT_21"> | null | undefined;
  parts: readonly { id: string; correct: boolean }[] | undefined;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const { mode, data, solution, parts } = props;
  const clicks = props.clicks ?? [];
  const targets = solution?.targets ?? [];
  /** The letters of the targets a point falls in (with the solution). */
  const hitsOf = (p: Point) => targets.flatMap((target, i) => (pointInZone(target.zone, p) ? [targetLetter(i)] : []));
  const clickCorrect = (p: Point, i: number): boolean | undefined => {
    const part = partResult(parts, `click-${i}`);
    if (part !== undefined) return part;
    return solution ? hitsOf(p).length > 0 : undefined;
  };

  const markers: ZoneMarker[] = [
    ...targets.map((target, i) => ({ id: `target-${target.id}`, at: target.zone, number: targetLetter(i), tone: "target" as const, outline: true })),
    ...clicks.map((p, i) => {
      const correct = clickCorrect(p, i);
      return { id: `click-${i}`, at: p, number: i + 1, tone: correct === undefined ? ("neutral" as const) : correct ? ("right" as const) : ("wrong" as const) };
    }),
  ];
  const targetParts = (parts ?? []).filter((p) => !p.id.startsWith("click-"));

  return (
    <div role="group" aria-label={props.label} className={mergeClasses(styles.root, mode === "projection" && styles.large)}>
      <p className={styles.p}>{t("media.find.goal", { count: data.targetCount })}</p>
      <ZoneImage image={data.image} markers={markers} large={mode === "projection"} />
      {targets.length > 0 && (
        <>
          <h4 className={styles.heading}>{t("media.find.targets")}</h4>
          <ul className={styles.list}>
            {targets.map((target, i) => {
              const by = clicks.flatMap((p, j) => (pointInZone(target.zone, p) ? [j + 1] : []));
              return (
                <li key={target.id} className={styles.row}>
                  <span>{t("media.find.target", { letter: targetLetter(i) })}</span>
                  {mode === "review" && <span>{by.length > 0 ? t("media.find.foundBy", { points: by.join(", ") }) : t("media.find.notFound")}</span>}
                  {mode === "review" && <ReviewMark correct={partResult(parts, target.id)} />}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {targets.length === 0 && mode === "review" && targetParts.length > 0 && (
        <p className={styles.p}>{t("media.find.foundCount", { found: targetParts.filter((p) => p.correct).length, count: targetParts.length })}</p>
      )}
      {(mode === "review" || clicks.length > 0) && (
        <>
          <h4 className={styles.heading}>{t("media.find.points")}</h4>
          {clicks.length === 0 ? (
            <p className={styles.muted}>{t("review.noAnswer")}</p>
          ) : (
            <ol className={styles.list}>
              {clicks.map((p, i) => {
                const hits = hitsOf(p);
                return (
                  <li key={i} className={styles.row}>
                    <span>{t("media.find.point", { n: i + 1, x: percentText(p.x, i18n.language), y: percentText(p.y, i18n.language) })}</span>
                    {solution && <span>{hits.length > 0 ? t("media.find.inTarget", { letter: hits.join(", ") }) : t("media.find.missed")}</span>}
                    <ReviewMark correct={mode === "review" ? partResult(parts, `click-${i}`) : undefined} />
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
