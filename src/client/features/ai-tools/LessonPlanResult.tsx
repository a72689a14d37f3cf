import { Badge, Text } from "@fluentui/react-components";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { CONTENT_TYPES, type ContentTypeCode } from "../../../contracts/lessons-base";
import type { LessonPlanItem, LessonPlanResult } from "../../../contracts/teacher-tools-base";
import { FactList } from "../../ui/FactList";
import { ToolNotes, useToolFormat, useToolStyles } from "./parts";

const CODE_OF_TYPE = new Map(Object.entries(CONTENT_TYPES).map(([code, name]) => [name as string, code as ContentTypeCode]));

/** A lesson item's type in words (the lesson page's names), or as the server wrote it. */
export function itemTypeText(t: TFunction, type: string): string {
  const code = CODE_OF_TYPE.get(type);
  return code ? t(`lesson:types.${code}`, { defaultValue: type }) : type;
}

/** Where an item's minutes come from: its reading at the class's speed, its media length, its questions, or the usual time. */
export function basisText(t: TFunction, item: LessonPlanItem, readingSpeed: string): string {
  return t(`aiTools:plan.basis.${item.basis}`, { speed: readingSpeed });
}

/** The lesson plan: objectives and KCs, then each session's phases with their items and minutes. */
export function LessonPlanView({ result }: { result: LessonPlanResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation(["aiTools", "lesson"]);
  const f = useToolFormat();
  const speed = f.integer(result.readingSpeed);
  return (
    <>
      <section className={styles.section} aria-labelledby="plan-overview">
        <h2 id="plan-overview">{t("aiTools:plan.overview")}</h2>
        <FactList
          facts={[
            [t("aiTools:plan.sessionMinutes"), t("aiTools:plan.minutes", { count: result.sessionMinutes })],
            [t("aiTools:plan.sessionCount"), f.integer(result.sessions.length)],
            [t("aiTools:plan.readingSpeed"), t("aiTools:plan.wordsPerMinute", { speed })],
          ]}
        />
        <h3>{t("aiTools:plan.objectives")}</h3>
        {result.objectives.length > 0 ? (
          <ul>
            {result.objectives.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
        ) : (
          <Text>{t("aiTools:plan.noObjectives")}</Text>
        )}
        <h3>{t("aiTools:plan.kcs")}</h3>
        {result.kcs.length > 0 ? (
          <ul>
            {result.kcs.map((kc) => (
              <li key={kc.code}>
                <Text weight="semibold">{kc.code}</Text> {kc.name}
              </li>
            ))}
          </ul>
        ) : (
          <Text>{t("aiTools:plan.noKcs")}</Text>
        )}
      </section>

      {result.sessions.map((session) => (
        <section key={session.number} className={styles.section} aria-labelledby={`plan-session-${session.number}`}>
          <h2 id={`plan-session-${session.number}`}>
            {t("aiTools:plan.session", { number: session.number, minutes: t("aiTools:plan.minutes", { count: session.minutes }) })}
          </h2>
          {session.phases.map((phase) => {
            const id = `plan-session-${session.number}-${phase.phase}`;
            return (
              <article key={phase.phase} className={styles.card} aria-labelledby={id}>
                <div className={styles.row}>
                  <h3 id={id}>{t(`aiTools:plan.phases.${phase.phase}`)}</h3>
                  <Badge appearance="tint" color="informative">
                    {t("aiTools:plan.minutes", { count: phase.minutes })}
                  </Badge>
                </div>
                {phase.items.length > 0 ? (
                  <ul>
                    {phase.items.map((item, i) => (
                      <li key={i}>
                        <Text weight="semibold">{item.title}</Text>
                        {` · ${itemTypeText(t, item.type)} · ${t("aiTools:plan.minutes", { count: item.minutes })}`}
                        <br />
                        <Text size={200} className={styles.muted}>
                          {basisText(t, item, speed)}
                        </Text>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Text className={styles.muted}>{t("aiTools:plan.noItems")}</Text>
                )}
                {phase.note ? (
                  <p className={styles.text}>
                    <Text weight="semibold">{t("aiTools:plan.note")}:</Text> {phase.note}
                  </p>
                ) : null}
              </article>
            );
          })}
        </section>
      ))}

      <ToolNotes id="plan-notes" notes={result.notes.map((n) => t(`aiTools:notes.plan.${n}`))} />
    </>
  );
}
