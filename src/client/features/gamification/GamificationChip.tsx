import { makeStyles, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "react-redux";
import { Link } from "react-router-dom";
import { useAppDispatch, useAppSelector, type AppStore } from "../../app/store";
import { useNotify } from "../../ui/toast";
import { useGetGamificationProfileQuery } from "./gamificationApi";
import { startLiveGamification } from "./gamificationLive";
import { levelUpAccepted, profileLoaded, selectColours, selectCurrentPoints, selectLevelUp, selectTotals } from "./gamificationSlice";
import { startRewardScheduler } from "./rewardScheduler";
import { noticeOf } from "./rewardNotices";

/** The level dialog (Fluent's Dialog) loads when a level is reached. */
const LevelUpDialog = lazy(() => import(/* webpackChunkName: "gamification-level-up" */ "./LevelUpDialog").then((m) => ({ default: m.LevelUpDialog })));

const useStyles = makeStyles({
  root: { position: "relative", display: "inline-flex", alignItems: "center" },
  chip: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    minHeight: "32px",
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThick} solid var(--gamification-theme, ${tokens.colorNeutralStroke1})`,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: "none",
    whiteSpace: "nowrap",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  bubble: {
    position: "absolute",
    top: "100%",
    right: "0",
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow4,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: "nowrap",
    pointerEvents: "none",
    animationName: { "0%": { opacity: 0, transform: "translateY(4px)" }, "15%": { opacity: 1, transform: "none" }, "80%": { opacity: 1 }, "100%": { opacity: 0 } },
    animationDuration: "1.6s",
    animationFillMode: "forwards",
    "@media (prefers-reduced-motion: reduce)": { animationName: { "0%": { opacity: 1 }, "80%": { opacity: 1 }, "100%": { opacity: 0 } } },
  },
  hidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
});

/**
 * A gamified student's header chip (its own chunk, after the first screen): level and points,
 * linking to /gamification. It starts the gamification socket and the reward queue's scheduler,
 * shows the "+10 points" notifications (and says them politely to screen readers), and the
 * level dialog.
 */
export function GamificationChip() {
  const { t } = useTranslation("gamification");
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const notify = useNotify();
  const { data: profile } = useGetGamificationProfileQuery();
  const totals = useAppSelector(selectTotals);
  const colours = useAppSelector(selectColours);
  const current = useAppSelector(selectCurrentPoints);
  const levelUp = useAppSelector(selectLevelUp);
  const enabled = profile?.enabled === true;

  useEffect(() => {
    if (!profile?.enabled) return;
    dispatch(
      profileLoaded({ points: profile.points, currency: profile.currency, level: profile.level.order, lastEntryId: profile.lastEntryId, colours: profile.equippedColours }),
    );
  }, [dispatch, profile]);

  // The socket lives for the session (it closes on sign-out), not for this chip.
  useEffect(() => {
    if (enabled) startLiveGamification(store);
  }, [enabled, store]);

  useEffect(() => startRewardScheduler(store, { showToast: (toast) => notify(noticeOf(t, toast)) }), [store, notify, t]);

  if (!enabled || !totals) return null;
  const announcement = current ? (current.capped ? t("points.capped") : t("points.gained", { count: current.points })) : "";
  return (
    <span className={styles.root} style={colours.theme ? ({ "--gamification-theme": colours.theme } as CSSProperties) : undefined}>
      <Link to="/gamification" className={styles.chip} aria-label={t("chip.label", { level: totals.level, count: totals.points })}>
        <span aria-hidden>{t("chip.level", { level: totals.level })}</span>
        <span aria-hidden>·</span>
        <span aria-hidden>{t("chip.points", { count: totals.points })}</span>
      </Link>
      {current ? (
        <span key={current.entryId} className={styles.bubble} aria-hidden>
          {announcement}
        </span>
      ) : null}
      <span className={styles.hidden} role="status">
        {announcement}
      </span>
      {levelUp ? (
        <Suspense fallback={null}>
          <LevelUpDialog level={levelUp.order} onAccept={() => dispatch(levelUpAccepted())} />
        </Suspense>
      ) : null}
    </span>
  );
}
