import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { SelectField } from "../../../ui/Select";
import { ErrorState } from "../../../ui/States";
import { useGetCoursesQuery } from "../../home/homeApi";
import { useGetRankingQuery } from "../gamificationApi";
import { RankingTable } from "../RankingTable";
import { useSectionStyles } from "./sectionStyles";

/** (3) The ranking of one of the student's classes (the first one at first). */
export function RankingSection() {
  const { t } = useTranslation("gamification");
  const styles = useSectionStyles();
  const { data: courses } = useGetCoursesQuery();
  const classes = courses?.items ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const guid = chosen ?? classes[0]?.guid;
  const chosenName = classes.find((c) => c.guid === guid)?.name ?? "";
  return (
    <section className={styles.section} aria-labelledby="gamification-ranking">
      <h2 id="gamification-ranking" className={styles.heading}>
        {t("ranking.heading")}
      </h2>
      {courses && classes.length === 0 ? <p className={styles.muted}>{t("ranking.noClasses")}</p> : null}
      {classes.length > 1 ? (
        <SelectField label={t("ranking.class")} value={guid ?? ""} onChange={setChosen} options={classes.map((c) => ({ value: c.guid, label: c.name }))} />
      ) : null}
      {guid ? <ClassRanking guid={guid} name={chosenName} /> : null}
    </section>
  );
}

function ClassRanking({ guid, name }: { guid: string; name: string }) {
  const { t } = useTranslation("gamification");
  const styles = useSectionStyles();
  const { data: ranking, isFetching, isError, refetch } = useGetRankingQuery(guid);
  if (!ranking) {
    if (isError) return <ErrorState onRetry={() => void refetch()} />;
    return isFetching ? <BusyIndicator label={t("loading")} /> : null;
  }
  if (!ranking.enabled) return <p className={styles.muted}>{t("ranking.gamificationOff")}</p>;
  if (ranking.mode === "off") return <p className={styles.muted}>{t("ranking.off")}</p>;
  if (ranking.rows.length === 0 && !ranking.mine) return <p className={styles.muted}>{t("ranking.empty")}</p>;
  return <RankingTable caption={t("ranking.caption", { name })} ranking={ranking} />;
}
