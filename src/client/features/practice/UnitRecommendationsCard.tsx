import { Badge, Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { UnitRecommendation } from "../../../contracts/practice";
import { RouterLink } from "../../ui/RouterLink";
import { lessonBasePath } from "../lesson/lessonRules";
import { kcName, useGetUnitRecommendationsQuery } from "./practiceApi";
import { QueryState } from "./QueryState";

const useStyles = makeStyles({
  heading: { margin: 0 },
  units: { listStyleType: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  lessons: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  lesson: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  reasons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
  why: { color: tokens.colorNeutralForeground2 },
});

/**
 * Spec "unit recommendations card" (issue 15): the units, and in each the lessons in program order,
 * a student should go back to, each lesson with the learner model's reasons and the KCs behind
 * them; 'no recommendations' when there are none, and 'No lessons available for this unit' when the
 * class follows none of the lessons that teach a flagged KC. A student's own (studentGuid omitted)
 * or, for the class's teachers, one student's.
 */
export function UnitRecommendationsCard({
  courseGuid,
  studentGuid,
  headingLevel = 2,
  title,
}: {
  courseGuid: string;
  studentGuid?: string;
  headingLevel?: 2 | 3;
  /** Replaces the card's own heading (a dialog already names it). */
  title?: string | null;
}) {
  const styles = useStyles();
  const { t } = useTranslation("practice");
  const { data, isLoading, isError, error, refetch } = useGetUnitRecommendationsQuery({ courseGuid, ...(studentGuid ? { studentGuid } : {}) });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const headingId = `unit-recommendations-${studentGuid ?? "self"}`;
  return (
    <section aria-labelledby={title === null ? undefined : headingId} aria-label={title === null ? t("units.label") : undefined}>
      {title === null ? null : (
        <Heading id={headingId} className={styles.heading}>
          <Text size={500} weight="semibold">
            {title ?? t("units.label")}
          </Text>
        </Heading>
      )}
      <QueryState isLoading={isLoading} isError={isError} error={error} onRetry={() => void refetch()} failedKey="units.loadFailed" />
      {data && data.items.length === 0 ? <Text as="p">{t("units.none")}</Text> : null}
      {data && data.items.length > 0 ? (
        <ul className={styles.units}>
          {data.items.map((unit) => (
            <li key={unit.unitId}>
              <Card>
                <Sub className={styles.heading}>
                  <Text weight="semibold">{unit.title}</Text>
                </Sub>
                <UnitLessons courseGuid={courseGuid} unit={unit} />
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UnitLessons({ courseGuid, unit }: { courseGuid: string; unit: UnitRecommendation }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("practice");
  if (unit.lessons.length === 0) return <Text as="p">{t("units.noLessons")}</Text>;
  return (
    <ol className={styles.lessons}>
      {unit.lessons.map((lesson) => (
        <li key={lesson.lessonId} value={lesson.order} className={styles.lesson}>
          <RouterLink to={lessonBasePath(courseGuid, lesson.lessonId, unit.unitId)}>{lesson.title}</RouterLink>
          <span className={styles.reasons} aria-label={t("units.reasons")}>
            {lesson.alertReasons.map((reason) => (
              <Badge key={reason} appearance="tint" color={reason === "review_needed" ? "warning" : "danger"}>
                {t(`units.reason.${reason}`)}
              </Badge>
            ))}
          </span>
          <Text size={200} className={styles.why}>
            {t("units.kcs", { list: lesson.kcs.map((k) => kcName(k, i18n.language)).join(" · ") })}
          </Text>
        </li>
      ))}
    </ol>
  );
}
