import { Text } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { errorKeyOf } from "../../../app/apiResult";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useAssessmentDetailQuery, useQuestionQuery } from "../../questions/assessmentsApi";
import { NotAvailable } from "../../viewers/components/NotAvailable";
import { ControlBar } from "../components/ControlBar";
import { FullScreenState } from "../components/FullScreenState";
import { PresenterPanel } from "../components/PresenterPanel";
import { ProjectionShell } from "../components/ProjectionShell";
import { RemotePanel } from "../components/RemotePanel";
import { ContentStage } from "../components/SlideStage";
import { useProjectionStyles } from "../components/projectionStyles";
import { useGetProjectionContentQuery, useGetProjectionItemsQuery, useGetProjectionLessonQuery, useGetProjectionUnitQuery } from "../projectionApi";
import { itemSlides, slideKeyAction, unitSlides } from "../slides";
import { useScreenRemote } from "../useScreenRemote";

type SlideState = { position: number; revealed: boolean };

/** Moving to another slide hides the answers again (the server applies the same rule). */
const moveTo = (position: number) => (s: SlideState): SlideState => ({ position, revealed: position === s.position ? s.revealed : false });

/**
 * /course/{guid}/lesson/{lessonGuid}/projection (and the /unit/{unitGuid}/ form): the lesson's
 * published items one at a time on the classroom screen, with the phone remote.
 */
export function ProjectionPage() {
  const { guid = "", lessonGuid = "", unitGuid } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation("projection");
  const lesson = useGetProjectionLessonQuery({ courseGuid: guid, lessonGuid });
  const items = useGetProjectionItemsQuery({ courseGuid: guid, lessonGuid });
  const slides = useMemo(() => itemSlides(lessonGuid, items.data ?? []), [lessonGuid, items.data]);
  const [slide, setSlide] = useState<SlideState>({ position: 0, revealed: false });
  const canEdit = lesson.data?.canEdit ?? false;
  const remote = useScreenRemote({ courseGuid: guid, lessonGuid, enabled: canEdit, slide, onRemoteSlide: setSlide });
  const lessonPath = unitGuid ? `/course/${guid}/unit/${unitGuid}/lesson/${lessonGuid}` : `/course/${guid}/lesson/${lessonGuid}`;
  const exit = () => navigate(lessonPath);

  if (lesson.isLoading || items.isLoading) return <FullScreenState loading />;
  const failure = lesson.error ?? items.error;
  if (failure || !lesson.data) {
    return (
      <FullScreenState onExit={exit}>
        <ErrorState message={errorMessage(t, failure)} onRetry={() => void Promise.all([lesson.refetch(), items.refetch()])} />
      </FullScreenState>
    );
  }

  return (
    <ProjectionShell
      context={lesson.data.title}
      slides={slides}
      courseGuid={guid}
      position={slide.position}
      revealed={slide.revealed}
      onGo={(position) => {
        setSlide(moveTo(position));
        remote.go(position);
      }}
      onReveal={
        canEdit
          ? (revealed) => {
              setSlide((s) => ({ ...s, revealed }));
              remote.reveal(revealed);
            }
          : undefined
      }
      onExit={exit}
      onEscape={() => {
        if (!remote.open) return false;
        remote.close();
        return true;
      }}
      remote={remote.available ? { open: remote.open, onToggle: remote.toggle } : undefined}
      side={
        remote.open ? (
          <RemotePanel
            session={remote.session}
            error={remote.error}
            status={remote.status}
            remoteConnected={remote.remoteConnected}
            regenerating={remote.regenerating}
            onRegenerate={remote.renew}
            onRetry={remote.retry}
            onClose={remote.close}
          />
        ) : undefined
      }
      toolsPath={canEdit ? `/tools/${guid}` : undefined}
    />
  );
}

/**
 * /course/{guid}/projection/{unitGuid} and /power: a whole unit, each visible lesson's title slide
 * followed by its published items; `presenter` adds the presenter panel (next slide, counts).
 */
export function UnitProjectionPage({ presenter = false }: { presenter?: boolean }) {
  const { guid = "", unitGuid = "" } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation("projection");
  const unit = useGetProjectionUnitQuery({ courseGuid: guid, unitGuid });
  const slides = useMemo(() => unitSlides(unit.data?.lessons ?? []), [unit.data]);
  const [slide, setSlide] = useState<SlideState>({ position: 0, revealed: false });
  const exit = () => navigate(`/course/${guid}/program`);

  if (unit.isLoading) return <FullScreenState loading />;
  if (unit.error || !unit.data) {
    return (
      <FullScreenState onExit={exit}>
        <ErrorState message={errorMessage(t, unit.error)} onRetry={() => void unit.refetch()} />
      </FullScreenState>
    );
  }
  return (
    <ProjectionShell
      context={unit.data.title}
      slides={slides}
      courseGuid={guid}
      position={slide.position}
      revealed={slide.revealed}
      onGo={(position) => setSlide(moveTo(position))}
      onReveal={unit.data.teacher ? (revealed) => setSlide((s) => ({ ...s, revealed })) : undefined}
      onExit={exit}
      side={presenter ? <PresenterPanel slides={slides} position={slide.position} /> : undefined}
      toolsPath={unit.data.teacher ? `/tools/${guid}` : undefined}
    />
  );
}

const CONTENT_KINDS = ["question", "test", "videolesson"] as const;
type ContentKind = (typeof CONTENT_KINDS)[number];
const isContentKind = (kind: string | undefined): kind is ContentKind => CONTENT_KINDS.includes(kind as ContentKind);

/**
 * /projection/{question|test|videolesson}/{contentGuid}?course={courseGuid}: one content full
 * screen. A question, or a test's questions one by one, with Reveal answers; a video lesson in its
 * viewer.
 */
export function ContentProjectionPage() {
  const { kind, contentGuid = "" } = useParams();
  const [search] = useSearchParams();
  const courseGuid = search.get("course") ?? undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation("projection");
  const exit = () => {
    if (location.key !== "default") void navigate(-1);
    else void navigate(courseGuid ? `/course/${courseGuid}` : "/home");
  };

  if (!isContentKind(kind)) {
    return (
      <FullScreenState onExit={exit}>
        <Text as="h1" size={600} weight="semibold">
          {t("errors:PAGE_NOT_AVAILABLE")}
        </Text>
      </FullScreenState>
    );
  }
  if (kind === "question") return <SingleQuestionProjection guid={contentGuid} onExit={exit} />;
  if (kind === "test") return <TestProjection guid={contentGuid} onExit={exit} />;
  return <VideoLessonProjection contentGuid={contentGuid} courseGuid={courseGuid} onExit={exit} />;
}

/** The question views and their math load only when a question is projected. */
const QuestionSlides = lazy(() => import(/* webpackChunkName: "projection-questions" */ "../components/QuestionSlides").then((m) => ({ default: m.QuestionSlides })));

function QuestionsState({ query, onExit }: { query: { isLoading: boolean; error?: unknown; refetch: () => unknown }; onExit: () => void }) {
  const { t } = useTranslation("projection");
  if (query.isLoading) return <FullScreenState loading />;
  return (
    <FullScreenState onExit={onExit}>
      {query.error && errorKeyOf(query.error) === "NOT_FOUND" ? <NotAvailable /> : <ErrorState message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} />}
    </FullScreenState>
  );
}

function SingleQuestionProjection({ guid, onExit }: { guid: string; onExit: () => void }) {
  const { t } = useTranslation("projection");
  const question = useQuestionQuery(guid);
  if (!question.data) return <QuestionsState query={question} onExit={onExit} />;
  return (
    <Suspense fallback={<FullScreenState loading />}>
      <QuestionSlides title={t("questions.single")} questions={[question.data]} onExit={onExit} />
    </Suspense>
  );
}

function TestProjection({ guid, onExit }: { guid: string; onExit: () => void }) {
  const test = useAssessmentDetailQuery(guid);
  if (!test.data) return <QuestionsState query={test} onExit={onExit} />;
  return (
    <Suspense fallback={<FullScreenState loading />}>
      <QuestionSlides title={test.data.title} questions={test.data.questions} onExit={onExit} />
    </Suspense>
  );
}

function VideoLessonProjection({ contentGuid, courseGuid, onExit }: { contentGuid: string; courseGuid: string | undefined; onExit: () => void }) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const content = useGetProjectionContentQuery({ guid: contentGuid, courseGuid });
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.defaultPrevented && slideKeyAction(event) === "exit") exitRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className={styles.root}>
      <header className={styles.head}>
        <h1 className={styles.slideTitle}>{content.data?.title ?? t("title")}</h1>
      </header>
      <main className={styles.stage} aria-label={t("slide.region")}>
        <ContentStage contentGuid={contentGuid} courseGuid={courseGuid} />
      </main>
      <ControlBarForContent onExit={onExit} />
    </div>
  );
}

/** A single content has no slides to step through: only full screen and exit. */
function ControlBarForContent({ onExit }: { onExit: () => void }) {
  return (
    <ControlBar
      position={0}
      count={1}
      revealed={false}
      onPrevious={() => undefined}
      onNext={() => undefined}
      onExit={onExit}
      fullscreenTarget={() => document.documentElement}
      hideNavigation
    />
  );
}
