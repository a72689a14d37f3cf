import { makeStyles, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Filled, DismissCircle16Filled } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { StudentItem } from "../../../../contracts/student-questions";
import { MathText } from "./MathText";

/* Pieces every question view uses: an item shown as text and/or image, and the right/wrong mark of review mode. */

const useStyles = makeStyles({
  item: { display: "inline-flex", flexDirection: "column", gap: tokens.spacingVerticalXS, alignItems: "flex-start" },
  image: { maxWidth: "100%", maxHeight: "220px", objectFit: "contain" },
  mark: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXXS, fontWeight: tokens.fontWeightSemibold },
  right: { color: tokens.colorPaletteGreenForeground1 },
  wrong: { color: tokens.colorPaletteRedForeground1 },
});

/** An item's text (with math) and/or image. */
export function ItemContent({ item }: { item: Pick<StudentItem, "text" | "image"> }) {
  const styles = useStyles();
  return (
    <span className={styles.item}>
      {item.image && <img className={styles.image} src={item.image.url} alt={item.image.alt} />}
      {item.text !== undefined && <MathText text={item.text} />}
    </span>
  );
}

/** A part's result in review mode (undefined: not marked). */
export const partResult = (parts: readonly { id: string; correct: boolean }[] | undefined, id: string): boolean | undefined =>
  parts?.find((p) => p.id === id)?.correct;

/** ✓ Correct / ✗ Incorrect, in words as well as colour and icon. */
export function ReviewMark({ correct }: { correct: boolean | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  if (correct === undefined) return null;
  return correct ? (
    <span className={`${styles.mark} ${styles.right}`}>
      <CheckmarkCircle16Filled aria-hidden />
      {t("review.right")}
    </span>
  ) : (
    <span className={`${styles.mark} ${styles.wrong}`}>
      <DismissCircle16Filled aria-hidden />
      {t("review.wrong")}
    </span>
  );
}
