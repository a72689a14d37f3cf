import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Zone } from "../../../../contracts/questions";
import { ReviewMark } from "./parts";
import type { MarkerTone, ZoneMarker } from "./media-ZoneImage";
import { useAnswerCaption } from "./review-owner";

/*
 * What the three label-image views share (QT_10 text, QT_11 dropdown, QT_12 drag and drop): the
 * layout (image above, one row per numbered label below), the markers, and the review row that
 * says in words what the student gave, whether it is right and what the right answer is.
 */

export const useLabelStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, minWidth: 0 },
  large: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: "none" },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  number: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: "28px",
    height: "28px",
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightBold,
  },
  name: { fontWeight: tokens.fontWeightSemibold },
  control: { minWidth: "200px", maxWidth: "100%", flexGrow: 1, flexBasis: "220px" },
  muted: { color: tokens.colorNeutralForeground3 },
  answer: { fontWeight: tokens.fontWeightSemibold },
});

/** One marker per label, numbered in the labels' order. */
export function labelMarkers(
  labels: readonly { id: string; zone: Zone }[],
  extra?: (id: string) => { content?: ReactNode; tone?: MarkerTone },
): ZoneMarker[] {
  return labels.map((l, i) => ({ id: l.id, at: l.zone, number: i + 1, ...extra?.(l.id) }));
}

/** The tone of a marker in review mode. */
export const toneOf = (correct: boolean | undefined): MarkerTone => (correct === undefined ? "neutral" : correct ? "right" : "wrong");

/** The number badge in front of a row, hidden from screen readers (the row's name says "Etiqueta 1"). */
export function LabelNumber({ n }: { n: number }) {
  const styles = useLabelStyles();
  return (
    <span className={styles.number} aria-hidden>
      {n}
    </span>
  );
}

/**
 * Review or projection row: "Etiqueta 1 · Tu respuesta: X · ✓ Correcta · Respuesta correcta: Y".
 * `given` undefined in projection (no student); null when the student left it empty.
 */
export function LabelOutcome(props: {
  n: number;
  given?: string | null | undefined;
  correct?: boolean | undefined;
  right?: string | undefined;
}) {
  const styles = useLabelStyles();
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const { n, given, correct, right } = props;
  return (
    <li className={styles.row}>
      <LabelNumber n={n} />
      <span className={styles.name}>{t("media.labels.label", { n })}</span>
      {given !== undefined && (
        <span>
          {yourAnswer}:{" "}
          {given === null || given === "" ? <span className={styles.muted}>{t("review.noAnswer")}</span> : <span className={styles.answer}>{given}</span>}
        </span>
      )}
      <ReviewMark correct={correct} />
      {right !== undefined && (
        <span>
          {t("review.correctAnswer")}: <span className={styles.answer}>{right}</span>
        </span>
      )}
    </li>
  );
}

/** The root of a label view, with the group named after the question. */
export function LabelGroup({ label, large, children }: { label: string; large: boolean; children: ReactNode }) {
  const styles = useLabelStyles();
  return (
    <div role="group" aria-label={label} className={mergeClasses(styles.root, large && styles.large)}>
      {children}
    </div>
  );
}
