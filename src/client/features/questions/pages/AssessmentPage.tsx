import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { useAppSelector } from "../../../app/store";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { selectCurrentUser } from "../../auth/authSlice";
import { lessonBasePath } from "../../lesson/lessonRules";
import { useMyAttemptsQuery, useStartAttemptMutation } from "../assessmentsApi";
import { StartScreen } from "../take-StartScreen";

/*
 * A student first sees the start screen: the player (every question type's view, the answer queue)
 * loads when an attempt opens, and the teacher's overview (settings form, question list, type
 * picker) only for teachers. Starting or resuming fetches the player's code alongside the attempt.
 */
const loadPlayer = () => import(/* webpackChunkName: "assessment-player" */ "../take-Attempt");
const AttemptTaker = lazy(() => loadPlayer().then((m) => ({ default: m.AttemptTaker })));
const AssessmentOverview = lazy(() =>
  import(/* webpackChunkName: "assessment-overview" */ "../authoring/AssessmentOverview").then((m) => ({ default: m.AssessmentOverview })),
);

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<Spinner label={label} />}>{children}</Suspense>;
}

/**
 * /course/{guid}/lesson/{lessonGuid}/assessment/{assessmentGuid} (and the /unit/{unitGuid}/ form).
 * Students take the assessment: the start screen, or straight into the attempt in progress; every
 * answer is autosaved through the answer queue. Everyone else sees the teacher's overview (the
 * server decides what each may do).
 */
export function AssessmentPage() {
  const { guid: courseGuid = "", lessonGuid = "", unitGuid, assessmentGuid = "" } = useParams();
  const { t } = useTranslation("questions");
  const role = useAppSelector(selectCurrentUser)?.role;
  if (role !== "student") {
    return (
      <Loading label={t("take.loading")}>
        <AssessmentOverview assessmentGuid={assessmentGuid} courseGuid={courseGuid} lessonBasePath={lessonBasePath(courseGuid, lessonGuid, unitGuid)} />
      </Loading>
    );
  }
  return <StudentAssessment key={assessmentGuid} courseGuid={courseGuid} assessmentGuid={assessmentGuid} />;
}

function StudentAssessment({ courseGuid, assessmentGuid }: { courseGuid: string; assessmentGuid: string }) {
  const { t } = useTranslation("questions");
  const mine = useMyAttemptsQuery({ assessmentGuid, courseGuid });
  const [start, started] = useStartAttemptMutation();
  const args = { assessmentGuid, courseGuid };

  // An attempt in progress opens at once: starting resumes it.
  const opened = useRef(false);
  const inProgress = mine.data?.attempts.some((a) => a.status === "in_progress") ?? false;
  useEffect(() => {
    if (!inProgress || opened.current) return;
    opened.current = true;
    void loadPlayer();
    void start({ assessmentGuid, courseGuid });
  }, [inProgress, start, assessmentGuid, courseGuid]);

  if (started.data) {
    return (
      <Loading label={t("take.opening")}>
        <AttemptTaker key={started.data.guid} attempt={started.data} />
      </Loading>
    );
  }
  if (mine.isLoading || (inProgress && !started.isError)) return <Spinner label={inProgress ? t("take.opening") : t("take.loading")} />;
  if (!mine.data) return <ErrorState message={errorMessage(t, mine.error)} onRetry={() => void mine.refetch()} />;
  return (
    <StartScreen
      data={mine.data}
      starting={started.isLoading}
      startError={started.error}
      onStart={() => {
        opened.current = true;
        void loadPlayer();
        void start(args);
      }}
    />
  );
}
