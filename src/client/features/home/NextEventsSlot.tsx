import { makeStyles, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NextEvents } from "../calendar/NextEvents";

const useStyles = makeStyles({
  card: {
    marginTop: tokens.spacingVerticalXXL,
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    // Five rows, the heading and the link: the card never grows while it loads.
    minHeight: "240px",
    maxWidth: "720px",
    boxSizing: "border-box",
  },
  title: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The home's "next events" card (spec §2). Mounted by the classes list once it is final, at the end
 * of the page, so nothing above it moves; its data is asked with the home's (app/routeData.ts) and
 * its words come with the page (the home carries the calendar namespace). Its height is kept.
 */
export function NextEventsSlot() {
  const styles = useStyles();
  const { t } = useTranslation("home");
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t("nextEvents.title")}
      </h2>
      <NextEvents />
    </section>
  );
}
