import { makeStyles, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** The card's code, data and translations load after the home is on display (Lighthouse measures the home). */
const NextEvents = lazy(() => import(/* webpackChunkName: "home-next-events" */ "../calendar/NextEvents").then((m) => ({ default: m.NextEvents })));

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

/** Runs `fn` once the browser is idle (at the latest after 2 s); returns the way to cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * The home's "next events" card (spec §2). Mounted by the classes list once it is final, at the end
 * of the page, and filled when the browser is idle: nothing on the first paint waits for it and
 * nothing above it moves. Its height is kept from the start.
 */
export function NextEventsSlot() {
  const styles = useStyles();
  const { t } = useTranslation("home");
  const id = useId();
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t("nextEvents.title")}
      </h2>
      {ready ? (
        <Suspense fallback={null}>
          <NextEvents />
        </Suspense>
      ) : null}
    </section>
  );
}
