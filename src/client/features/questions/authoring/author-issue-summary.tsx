import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { ErrorCircleRegular } from "@fluentui/react-icons";
import { forwardRef, useId } from "react";

/*
 * The list of what stops a save, above the form: focus moves here when a save is refused, so a
 * screen reader hears the title and can read each problem with where it is.
 */

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  title: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, margin: 0 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  where: { fontWeight: tokens.fontWeightSemibold },
});

export type SummaryItem = { key: string; where: string; text: string };

export const IssueSummary = forwardRef<HTMLDivElement, { title: string; items: readonly SummaryItem[]; note?: string }>(function IssueSummary(
  { title, items, note },
  ref,
) {
  const styles = useStyles();
  const titleId = useId();
  return (
    <div ref={ref} className={styles.root} role="region" aria-labelledby={titleId} tabIndex={-1}>
      <Text as="h3" id={titleId} size={400} weight="semibold" className={styles.title}>
        <ErrorCircleRegular aria-hidden />
        {title}
      </Text>
      {note ? <Text>{note}</Text> : null}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.key}>
              {item.where ? <span className={styles.where}>{item.where}: </span> : null}
              {item.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
