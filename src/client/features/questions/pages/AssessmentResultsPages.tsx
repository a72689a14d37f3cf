import { Field, makeStyles, Select, Spinner, Text, tokens } from "@fluentui/react-components";
import { DataBarVerticalRegular, PersonClockRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { AttemptResult, AttemptSummary } from "../../../../contracts/assessments";
import { useAppDispatch, useAppSelector } from "../../../app/store";
import { PageHeader } from "../../../ui/PageHeader";
import { EmptyState, ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { selectCurrentUser } from "../../auth/authSlice";
import {
  assessmentsApi,
  useAssessmentIndividualResultsQuery,
  useAttemptResultQuery,
  useClassResultsQuery,
} from "../assessmentsApi";
import { AttemptResultView } from "../results-attempt";
import { BackLink, ClassSummary, QuestionsTable, StudentsTable } from "../results-class";
import { classResultsPath, formatDateTime, formatPoints, lessonPath } from "../results-format";

/*
 * Assessment results (issue 6): the class's results for the teacher, one attempt for its student
 * (or a teacher), and one student's attempts with the teacher's grading of the open answers.
 * The server decides who may see what; these pages show what it sends.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  picker: { maxWidth: "32rem" },
});

/** A failed load as the app's error state, translated, with Retry. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("questions");
  return <ErrorState message={errorMessage(t, error)} onRetry={onRetry} />;
}

/** /course/:guid/[unit/:unitGuid/]lesson/:lessonGuid/results-assessment/:assessmentGuid */
export function ClassResultsPage() {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { guid = "", lessonGuid = "", unitGuid, assessmentGuid = "" } = useParams();
  const query = useClassResultsQuery({ assessmentGuid, courseGuid: guid });
  const data = query.data;
  const started = data?.rows.some((r) => r.attempts > 0) ?? false;
  return (
    <div className={styles.root}>
      <PageHeader
        title={data ? t("results.class.title", { title: data.assessment.title }) : t("results.class.heading")}
        subtitle={data?.course.name}
        actions={<BackLink to={lessonPath(guid, lessonGuid, unitGuid)}>{t("results.backToLesson")}</BackLink>}
      />
      {query.isLoading ? <Spinner label={t("results.loading")} /> : null}
      {query.isError && !data ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data && !started ? <EmptyState icon={<DataBarVerticalRegular />} title={t("results.class.emptyTitle")} body={t("results.class.emptyBody")} /> : null}
      {data && started ? (
        <>
          <ClassSummary results={data} />
          <StudentsTable results={data} />
          <QuestionsTable results={data} />
        </>
      ) : null}
    </div>
  );
}

/** /results-assesment/:guid — one attempt, for its student or a teacher. */
export function AttemptResultPage() {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { guid = "" } = useParams();
  const query = useAttemptResultQuery(guid);
  const data = query.data;
  const own = data !== undefined && user?.guid === data.student.guid;
  const onGraded = (updated: AttemptResult) => {
    dispatch(assessmentsApi.util.updateQueryData("attemptResult", guid, () => updated));
  };
  return (
    <div className={styles.root}>
      <PageHeader
        title={data ? t("results.attempt.title", { title: data.assessment.title }) : t("results.attempt.heading")}
        subtitle={data && !own ? `${data.student.firstName} ${data.student.lastName}` : undefined}
        actions={data ? <BackLink to={lessonPath(data.courseGuid, data.lessonGuid)}>{t("results.backToLesson")}</BackLink> : null}
      />
      {query.isLoading ? <Spinner label={t("results.loading")} /> : null}
      {query.isError && !data ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data ? <AttemptResultView result={data} own={own} reportable={user?.role === "student"} onGraded={data.canGrade ? onGraded : undefined} /> : null}
    </div>
  );
}

function attemptOption(t: (key: string, options?: Record<string, unknown>) => string, a: AttemptSummary, language: string): string {
  const parts = [t("results.individual.attempt", { number: a.number })];
  parts.push(a.submittedAt ? formatDateTime(a.submittedAt, language) : t(`results.status.${a.status}`));
  if (a.score !== null) parts.push(t("results.points", { score: formatPoints(a.score, language), max: formatPoints(a.maxScore, language), count: a.maxScore }));
  if (a.pendingGrading > 0) parts.push(t("results.attempt.pendingGrading"));
  return parts.join(" · ");
}

/** /results-assesment-individual/course/:courseGuid/:assessmentGuid/user/:userGuid — a student's attempts, gradable. */
export function IndividualResultsPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { courseGuid = "", assessmentGuid = "", userGuid = "" } = useParams();
  const [attemptGuid, setAttemptGuid] = useState<string | undefined>();
  const args = { assessmentGuid, courseGuid, userGuid, attemptGuid };
  const query = useAssessmentIndividualResultsQuery(args);
  const data = query.data;
  const result = data?.result ?? null;
  const switching = query.isFetching && attemptGuid !== undefined && result?.guid !== attemptGuid;

  const onGraded = (updated: AttemptResult) => {
    dispatch(
      assessmentsApi.util.updateQueryData("assessmentIndividualResults", args, (draft) => {
        draft.result = updated;
        draft.attempts = draft.attempts.map((a) =>
          a.guid === updated.guid ? { ...a, score: updated.score, maxScore: updated.maxScore, pendingGrading: updated.pendingGrading } : a,
        );
      }),
    );
  };

  const back = result ? classResultsPath(courseGuid, result.lessonGuid, assessmentGuid) : `/course/${courseGuid}`;
  return (
    <div className={styles.root}>
      <PageHeader
        title={data ? `${data.student.firstName} ${data.student.lastName}` : t("results.individual.heading")}
        subtitle={result ? t("results.attempt.title", { title: result.assessment.title }) : undefined}
        actions={<BackLink to={back}>{t("results.individual.backToClass")}</BackLink>}
      />
      {query.isLoading ? <Spinner label={t("results.loading")} /> : null}
      {query.isError && !data ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isError && data ? <Text role="alert">{errorMessage(t, query.error)}</Text> : null}
      {data && !result ? <EmptyState icon={<PersonClockRegular />} title={t("results.individual.emptyTitle")} body={t("results.individual.emptyBody")} /> : null}
      {data && result ? (
        <>
          {data.attempts.length > 1 ? (
            <Field className={styles.picker} label={t("results.individual.picker")}>
              <Select value={attemptGuid ?? result.guid} onChange={(_e, d) => setAttemptGuid(d.value)}>
                {data.attempts.map((a) => (
                  <option key={a.guid} value={a.guid}>
                    {attemptOption(t, a, i18n.language)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          {switching ? (
            <Spinner label={t("results.loading")} />
          ) : (
            <AttemptResultView
              result={result}
              own={user?.guid === data.student.guid}
              reportable={user?.role === "student"}
              onGraded={result.canGrade ? onGraded : undefined}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
