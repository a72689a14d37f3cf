import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorKeyOf } from "../../../app/apiResult";
import { EmptyState, ErrorState } from "../../../ui/States";
import { useGetLessonContentQuery, useRecordConsumptionMutation } from "../lessonApi";
import { useLessonStyles } from "./lessonStyles";

// The viewers (pdf.js, scorm-again, media) stay out of the lesson page's chunk.
const ContentViewer = lazy(() => import(/* webpackChunkName: "content-viewer" */ "../../viewers/ContentViewer").then((m) => ({ default: m.ContentViewer })));

const GONE = new Set(["NOT_FOUND", "CONTENT_DELETED", "CONTENT_NOT_AVAILABLE", "FORBIDDEN"]);

export type LessonContentViewProps = {
  courseGuid: string;
  contentGuid: string;
  allowDownload?: boolean;
  mode?: "inline" | "projection";
};

/**
 * One content inside the lesson page (content/{contentGuid}, resource/{itemGuid}, a session's
 * current item): GET front/contents/{id}, the shared viewer, and the 'opened' consumption once.
 */
export function LessonContentView({ courseGuid, contentGuid, allowDownload, mode = "inline" }: LessonContentViewProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation(["lesson", "errors"]);
  const { data: content, error, isLoading, refetch } = useGetLessonContentQuery({ contentGuid, courseGuid });
  const [record] = useRecordConsumptionMutation();
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (!content || opened.current === content.guid) return;
    opened.current = content.guid;
    void record({ courseGuid, contentGuid: content.guid, event: "opened" })
      .unwrap()
      .catch(() => undefined);
  }, [content, courseGuid, record]);

  if (isLoading) return <Spinner label={t("viewer.loading")} />;
  if (!content) {
    const key = errorKeyOf(error);
    if (GONE.has(key)) return <EmptyState title={t(key === "NOT_FOUND" || key === "FORBIDDEN" ? "errors:CONTENT_NOT_AVAILABLE" : `errors:${key}`)} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  return (
    <div className={styles.viewer}>
      <Suspense fallback={<Spinner label={t("viewer.loading")} />}>
        <ContentViewer content={content} courseGuid={courseGuid} mode={mode} allowDownload={allowDownload} />
      </Suspense>
    </div>
  );
}
