import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from "@fluentui/react-components";
import { AddRegular, DataBarVerticalRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { LinkButton } from "../../lesson/components/LinkButton";
import { MathText } from "../views/MathText";
import { useAssessmentDetailQuery } from "../assessmentsApi";
import { AssessmentSettingsFacts, AssessmentSettingsForm } from "./author-assessment-form";
import { AssessmentClosureControl } from "./author-closure";
import { QuestionList } from "./author-question-list";
import { TypePicker } from "./author-type-picker";

/*
 * The teacher's view of an assessment (issue 6): its title, description and settings (saved with
 * PUT) and whether it is closed in this class (close, reopen), its questions in order with a preview
 * each (reorder, edit, delete), "Añadir pregunta" with a type picker, and the class's results. When the caller may not change it, the same facts
 * read-only, with a note saying why.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL },
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  titleRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  title: { margin: 0, flexGrow: 1 },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  sectionHead: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  heading: { margin: 0, flexGrow: 1 },
  description: { margin: 0, whiteSpace: "pre-wrap" },
});

export type AssessmentOverviewProps = { assessmentGuid: string; courseGuid: string; lessonBasePath: string };

export function AssessmentOverview({ assessmentGuid, courseGuid, lessonBasePath }: AssessmentOverviewProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const titleId = useId();
  const settingsId = useId();
  const questionsId = useId();
  const [picking, setPicking] = useState(false);
  const query = useAssessmentDetailQuery(assessmentGuid);
  const detail = query.data;

  if (query.isLoading) return <Spinner label={t("authoring.overview.loading")} />;
  if (!detail) return <ErrorState message={query.error ? errorMessage(t, query.error) : undefined} onRetry={() => void query.refetch()} />;

  const base = `${lessonBasePath}/assessment/${detail.guid}`;
  return (
    <section className={styles.root} aria-labelledby={titleId}>
      <div className={styles.header}>
        <div className={styles.titleRow}>
          <Text as="h2" id={titleId} size={700} weight="semibold" className={styles.title}>
            {detail.title}
          </Text>
          <LinkButton to={`${lessonBasePath}/results-assessment/${detail.guid}`} icon={<DataBarVerticalRegular />}>
            {t("authoring.overview.results")}
          </LinkButton>
        </div>
        {detail.description ? <MathText as="p" className={styles.description} text={detail.description} /> : null}
        <Text>{t("authoring.overview.maxScore", { score: detail.maxScore })}</Text>
        {!detail.editable ? (
          <MessageBar intent="info">
            <MessageBarBody>{t("authoring.overview.readOnly")}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>

      <section className={styles.section} aria-labelledby={settingsId}>
        <Text as="h3" id={settingsId} size={500} weight="semibold" className={styles.heading}>
          {t("authoring.settings.heading")}
        </Text>
        {detail.editable ? <AssessmentSettingsForm key={detail.guid} detail={detail} /> : <AssessmentSettingsFacts detail={detail} />}
        <AssessmentClosureControl assessmentGuid={detail.guid} courseGuid={courseGuid} />
      </section>

      <section className={styles.section} aria-labelledby={questionsId}>
        <div className={styles.sectionHead}>
          <Text as="h3" id={questionsId} size={500} weight="semibold" className={styles.heading}>
            {t("authoring.overview.questionsHeading", { total: detail.questions.length })}
          </Text>
          {detail.editable ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setPicking(true)}>
              {t("authoring.overview.addQuestion")}
            </Button>
          ) : null}
        </div>
        <QuestionList detail={detail} lessonBasePath={lessonBasePath} editable={detail.editable} />
      </section>

      {detail.editable ? <TypePicker open={picking} onClose={() => setPicking(false)} pathOf={(type) => `${base}/new-question/${type}`} /> : null}
    </section>
  );
}
