import { Badge, Button, Card, CardHeader, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { Recommendation } from "../../../contracts/practice";
import { errorKeyOf } from "../../app/apiResult";
import { activityPath, dayText, kcName, percentText, practiceApi, useGeneratePracticeMutation, useGetRecommendationsQuery } from "./practiceApi";

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
  const navigate = useNavigate();
  const { data, isLoading } = useGetRecommendationsQuery(courseGuid);
  const [generate, { isLoading: starting }] = useGeneratePracticeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [loadSession] = practiceApi.endpoints.getPracticeSession.useLazyQuery();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const open = async (card: Recommendation) => {
    setFailure(null);
    setBusy(card.key);
    try {
      if (card.sessionGuid) {
        const session = await loadSession(card.sessionGuid).unwrap();
        const next = session.activities.find((a) => a.state === "pending" || a.state === "retry") ?? session.activities[session.activities.length - 1];
        if (next) navigate(activityPath(session.guid, next.activityInstanceId));
        return;
      }
      const made = await generate({
        courseGuid: card.course.guid,
        challenge: card.type,
        kcs: card.kcs.map((k) => k.code),
        ...(card.assignment ? { assignmentGuid: card.assignment.guid } : {}),
      }).unwrap();
      const first = made.activities[0];
      if (first) navigate(activityPath(made.sessionId, first.activityInstanceId));
    } catch (error) {
      const key = errorKeyOf(error);
      setFailure(t("cards.failed", { error: t(`errors:${key}`, { defaultValue: t("errors:INTERNAL_ERROR") }) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="practice-cards-heading">
      <Heading id="practice-cards-heading" className={styles.heading}>
        <Text size={500} weight="semibold">
          {t("cards.label")}
        </Text>
      </Heading>
      {failure ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      {isLoading ? <Spinner size="small" label={t("player.loading")} /> : null}
      {data && data.items.length === 0 ? <Text as="p">{t("cards.empty")}</Text> : null}
      {data && data.items.length > 0 ? (
        <ul className={styles.grid}>
          {data.items.map((card) => (
            <li key={card.key}>
              <Card className={styles.card} style={{ "--course-color": card.course.color } as React.CSSProperties}>
                <CardHeader
                  header={
                    <Text as="h3" weight="semibold" className={styles.heading}>
                      {t(`titles.${card.titleIndex}`)}
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
                    disabled={starting || busy !== null}
                    onClick={() => void open(card)}
                    aria-label={`${card.sessionGuid ? t("cards.resume") : t("cards.start")}: ${t(`titles.${card.titleIndex}`)}`}
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
