import { Badge, Button, Card, CardHeader, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { Recommendation } from "../../../contracts/practice";
import { dayText, kcName, percentText, useGetRecommendationsQuery } from "./practiceApi";
import { titleKey } from "./practiceRules";
import { usePracticeStart } from "./usePracticeStart";
import { QueryState } from "./QueryState";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))", gap: tokens.spacingHorizontalM, listStyleType: "none", padding: 0, margin: 0 },
  card: { height: "100%", borderTop: `${tokens.strokeWidthThickest} solid var(--course-color)` },
  kcs: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  facts: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", color: tokens.colorNeutralForeground2 },
  foot: { marginTop: "auto", display: "flex", justifyContent: "flex-end" },
  heading: { margin: 0 },
});


/**
 * The student's recommendation cards (issue 15): one of the twelve rotating titles, the challenge,
 * the class, the KCs and why; Start builds the session (activities-generation) and opens its first
 * activity, Continue reopens an unfinished one where it was left.
 */
export function RecommendationCards({ courseGuid, headingLevel = 2 }: { courseGuid: string | null; headingLevel?: 2 | 3 }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  const { data, isLoading, isError, error, refetch } = useGetRecommendationsQuery(courseGuid);
  const { start, resume, busy } = usePracticeStart();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  // Resume reopens the card's unfinished session; Start builds one for its challenge and KCs (a teacher's set by its guid).
  const open = (card: Recommendation) =>
    card.sessionGuid
      ? resume(card.sessionGuid, card.key)
      : start(
          {
            courseGuid: card.course.guid,
            challenge: card.type,
            kcs: card.kcs.map((k) => k.code),
            ...(card.assignment ? { assignmentGuid: card.assignment.guid } : {}),
          },
          card.key,
        );

  return (
    <section aria-labelledby="practice-cards-heading">
      <Heading id="practice-cards-heading" className={styles.heading}>
        <Text size={500} weight="semibold">
          {t("cards.label")}
        </Text>
      </Heading>
      <QueryState isLoading={isLoading} isError={isError} error={error} onRetry={() => void refetch()} failedKey="cards.loadFailed" />
      {data && data.items.length === 0 ? <Text as="p">{t("cards.empty")}</Text> : null}
      {data && data.items.length > 0 ? (
        <ul className={styles.grid}>
          {data.items.map((card) => (
            <li key={card.key}>
              <Card className={styles.card} style={{ "--course-color": card.course.color } as React.CSSProperties}>
                <CardHeader
                  header={
                    <Text as="h3" weight="semibold" className={styles.heading}>
                      {t(titleKey(card.titleIndex))}
                    </Text>
                  }
                  description={<Text size={200}>{card.course.name}</Text>}
                  action={<Badge appearance="tint">{t(`challenge.${card.type}`)}</Badge>}
                />
                <ul className={styles.kcs}>
                  {card.kcs.map((k) => (
                    <li key={k.code}>{kcName(k, i18n.language)}</li>
                  ))}
                </ul>
                <div className={styles.facts}>
                  {card.known > 0 ? <Text size={200}>{t("cards.known", { value: percentText(card.known, i18n.language) })}</Text> : null}
                  {card.recall !== null ? <Text size={200}>{t("cards.recall", { value: percentText(card.recall, i18n.language) })}</Text> : null}
                  {card.assignment ? <Text size={200}>{t("cards.from", { teacher: card.assignment.teacherName })}</Text> : null}
                  {card.assignment?.dueAt ? (
                    <Text size={200}>{t("cards.due", { date: dayText(card.assignment.dueAt, i18n.language) })}</Text>
                  ) : null}
                </div>
                <div className={styles.foot}>
                  <Button
                    appearance="primary"
                    disabled={busy !== null}
                    onClick={() => void open(card)}
                    aria-label={`${card.sessionGuid ? t("cards.resume") : t("cards.start")}: ${t(titleKey(card.titleIndex))}`}
                  >
                    {card.sessionGuid ? t("cards.resume") : t("cards.start")}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
