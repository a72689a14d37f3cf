import { makeStyles, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  facts: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    alignItems: "center",
  },
  pair: { display: "contents" },
  term: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: "anywhere" },
});

export type Fact = readonly [term: string, value: ReactNode];

/** Label/value facts as a description list laid out in two columns (profile, status). */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
