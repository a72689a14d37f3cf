import { Button, Field, makeStyles, Radio, RadioGroup, tokens } from "@fluentui/react-components";
import { RibbonAddRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { RANKING_MODES, type RankingMode } from "../../../contracts/gamification-base";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { errorMessage } from "../../ui/errors";
import { ErrorState } from "../../ui/States";
import { useNotify } from "../../ui/toast";
import { useGetRankingQuery, useUpdateRankingModeMutation } from "./gamificationApi";
import { RankingTable } from "./RankingTable";

/** The award dialog (Fluent's Dialog, radio group, text area) loads when a teacher opens it. */
const AwardMedalDialog = lazy(() => import(/* webpackChunkName: "gamification-award" */ "./AwardMedalDialog").then((m) => ({ default: m.AwardMedalDialog })));

const useStyles = makeStyles({
  panel: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    overflowX: "auto",
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * A class's gamification for its teachers (issue 18; shown when the edition is gamified and the
 * class has it on): which ranking the students see, the ranking with full names, and a medal by hand.
 */
export function ClassGamificationPanel({ courseGuid, headingLevel = 2 }: { courseGuid: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("gamification");
  const styles = useStyles();
  const notify = useNotify();
  const { data: ranking, isError, refetch } = useGetRankingQuery(courseGuid);
  const [updateMode, updating] = useUpdateRankingModeMutation();
  const [awarding, setAwarding] = useState<{ guid: string; name: string } | undefined>(undefined);
  const Heading = `h${headingLevel}` as const;

  const changeMode = async (mode: RankingMode) => {
    try {
      await updateMode({ courseGuid, mode }).unwrap();
      notify({ intent: "success", title: t("teacher.modeSaved") });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`gamification-${courseGuid}`}>
      <Heading id={`gamification-${courseGuid}`} className={styles.heading}>
        {t("teacher.heading")}
      </Heading>
      {!ranking ? (
        isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : (
          <BusyIndicator label={t("loading")} />
        )
      ) : (
        <>
          <Field label={t("teacher.mode")}>
            <RadioGroup value={ranking.mode} disabled={updating.isLoading} onChange={(_, data) => void changeMode(data.value as RankingMode)}>
              {RANKING_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={t(`teacher.modes.${mode}`)} />
              ))}
            </RadioGroup>
          </Field>
          {ranking.rows.length === 0 ? (
            <p className={styles.muted}>{t("teacher.empty")}</p>
          ) : (
            <RankingTable
              caption={t("ranking.heading")}
              ranking={ranking}
              action={
                ranking.manualMedals.length > 0
                  ? {
                      header: t("teacher.award"),
                      render: (row) =>
                        row.studentGuid ? (
                          <Button
                            size="small"
                            icon={<RibbonAddRegular />}
                            aria-label={`${t("teacher.award")}: ${row.name}`}
                            onClick={() => setAwarding({ guid: row.studentGuid ?? "", name: row.name })}
                          >
                            {t("teacher.award")}
                          </Button>
                        ) : null,
                    }
                  : undefined
              }
            />
          )}
          {ranking.manualMedals.length === 0 ? <p className={styles.muted}>{t("teacher.noMedals")}</p> : null}
        </>
      )}
      {awarding && ranking ? (
        <Suspense fallback={null}>
          <AwardMedalDialog courseGuid={courseGuid} student={awarding} medals={ranking.manualMedals} onClose={() => setAwarding(undefined)} />
        </Suspense>
      ) : null}
    </section>
  );
}
