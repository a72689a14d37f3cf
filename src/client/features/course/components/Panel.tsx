import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useId, type ReactNode } from "react";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  title: { margin: 0, flexGrow: 1 },
});

/** A titled section of the class home (stream, key, members, publications), in the look's surface colour. */
export function Panel({ title, actions, children, className }: { title: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  const styles = useStyles();
  const id = useId();
  return (
    <section aria-labelledby={id} className={mergeClasses(styles.root, className)}>
      <div className={styles.head}>
        <Text as="h2" id={id} size={500} weight="semibold" className={styles.title}>
          {title}
        </Text>
        {actions}
      </div>
      {children}
    </section>
  );
}
