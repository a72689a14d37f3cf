import { Button } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, BoardRegular, PresenterRegular, SparkleRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ANALYTICS_ROLES } from "../../../../contracts/analytics-base";
import { useAppSelector } from "../../../app/store";
import { selectCurrentUser } from "../../auth/authSlice";
import type { LessonDetail } from "../../../../contracts/lessons";
import { lessonBasePath } from "../lessonRules";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";

// The AI Tutor panel (issue 16): its own chunk, loaded when a teacher opens it.
const AiTutorPanel = lazy(() => import(/* webpackChunkName: "ai-tutor" */ "../../ai-tools/AiTutorPanel").then((m) => ({ default: m.AiTutorPanel })));

export type LessonHeaderProps = { lesson: LessonDetail; basePath: string; search: string; editing: boolean };

/** The lesson's title, unit and publication, its neighbours, and Project for teachers (spec §2). */
export function LessonHeader({ lesson, basePath, search, editing }: LessonHeaderProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const courseGuid = lesson.course.guid;
  // The AI tools are the teachers' and co-teachers' alone (the server refuses anyone else).
  const role = useAppSelector(selectCurrentUser)?.role;
  const aiTutor = editing && role !== undefined && ANALYTICS_ROLES.includes(role);
  const [tutorOpen, setTutorOpen] = useState(false);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h2 className={styles.title}>{lesson.title}</h2>
        {/* The lesson's kanban (its own route and chunk): a student's board, or where the class is for its teachers. */}
        <LinkButton to={`${basePath}/kanban/${lesson.guid}${search}`} appearance="secondary" icon={<BoardRegular />}>
          {t("header.kanban")}
        </LinkButton>
        {editing ? (
          <LinkButton to={`${basePath}/projection`} appearance="primary" icon={<PresenterRegular />}>
            {t("header.project")}
          </LinkButton>
        ) : null}
        {aiTutor ? (
          <Button appearance="secondary" icon={<SparkleRegular />} onClick={() => setTutorOpen(true)}>
            {t("header.aiTutor")}
          </Button>
        ) : null}
      </div>
      {tutorOpen ? (
        <Suspense fallback={null}>
          <AiTutorPanel lesson={{ courseGuid, lessonGuid: lesson.guid }} onClose={() => setTutorOpen(false)} />
        </Suspense>
      ) : null}
      <div className={styles.meta}>
        <span>{t("header.unit", { title: lesson.unit.title })}</span>
        <span>{t("header.publication", { title: lesson.publication.title })}</span>
      </div>
      {lesson.summary ? <p className={styles.muted}>{lesson.summary}</p> : null}
      {lesson.previousLessonGuid || lesson.nextLessonGuid ? (
        <nav className={styles.nav} aria-label={t("header.neighbours")}>
          {lesson.previousLessonGuid ? (
            <LinkButton to={`${lessonBasePath(courseGuid, lesson.previousLessonGuid)}${search}`} appearance="subtle" icon={<ArrowLeftRegular />}>
              {t("header.previous")}
            </LinkButton>
          ) : null}
          {lesson.nextLessonGuid ? (
            <LinkButton to={`${lessonBasePath(courseGuid, lesson.nextLessonGuid)}${search}`} appearance="subtle" icon={<ArrowRightRegular />}>
              {t("header.next")}
            </LinkButton>
          ) : null}
        </nav>
      ) : null}
    </header>
  );
}
