import { Badge, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { ClassroomEnergizerResult, RealWorldConnectionResult } from "../../../contracts/teacher-tools-base";
import { FactList } from "../../ui/FactList";
import { useToolStyles } from "./parts";

/** The real-world connection's situations, each with why it fits, a question and an activity. */
export function ConnectionsResult({ result }: { result: RealWorldConnectionResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  return (
    <section className={styles.section} aria-labelledby="connections-title">
      <h2 id="connections-title">{t("connections.title")}</h2>
      {result.connections.map((c, i) => (
        <article key={i} className={styles.section} aria-labelledby={`connection-${i}`}>
          <h3 id={`connection-${i}`}>{c.title}</h3>
          <p className={styles.text}>{c.situation}</p>
          <p className={styles.text}>{c.explanation}</p>
          <FactList
            facts={[
              [t("connections.question"), c.question],
              [t("connections.activity"), c.activity],
            ]}
          />
        </article>
      ))}
    </section>
  );
}

/** The classroom energizer's activities: time, grouping, materials and steps. */
export function EnergizerResult({ result }: { result: ClassroomEnergizerResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  return (
    <section className={styles.section} aria-labelledby="energizer-title">
      <h2 id="energizer-title">{t("energizer.title")}</h2>
      {result.activities.map((a, i) => (
        <article key={i} className={styles.section} aria-labelledby={`energizer-${i}`}>
          <h3 id={`energizer-${i}`}>{a.name}</h3>
          <div className={styles.row}>
            <Badge appearance="tint" color="informative">
              {t("energizer.minutes", { count: a.minutes })}
            </Badge>
            <Badge appearance="tint" color="brand">
              {t(`energizer.groupings.${a.grouping}`)}
            </Badge>
          </div>
          {a.materials.length > 0 ? (
            <Text>
              {t("energizer.materials")}: {a.materials.join(", ")}
            </Text>
          ) : null}
          <ol>
            {a.steps.map((s, j) => (
              <li key={j}>{s}</li>
            ))}
          </ol>
          {a.link ? (
            <Text>
              {t("energizer.link")}: {a.link}
            </Text>
          ) : null}
        </article>
      ))}
    </section>
  );
}
