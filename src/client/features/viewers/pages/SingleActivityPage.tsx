import { Spinner } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { ContentDetail } from "../../../../contracts/lessons";
import { useAppSelector } from "../../../app/store";
import { ContentViewer } from "../ContentViewer";
import { Gone } from "../components/NotAvailable";
import { ResultSummary } from "../components/ResultSummary";
import { useIndividualResultsQuery, useViewerContentQuery, useViewerLessonItemQuery } from "../viewersApi";
import { ContentLoadError, FullScreenFrame, useOpened } from "./shared";

/**
 * /single-activity/:courseGuid/:lessonItemGuid/:contentGuid: one lesson item's content, full
 * screen. An item that is gone, hidden, in another class or no longer holds that content is
 * 'Activity is no longer available'.
 */
export function SingleActivityPage() {
  const { t } = useTranslation("viewer");
  const { courseGuid = "", lessonItemGuid = "", contentGuid = "" } = useParams();
  const item = useViewerLessonItemQuery(lessonItemGuid);
  const matches = Boolean(item.data && item.data.content.guid === contentGuid && item.data.courseGuid === courseGuid && !item.data.content.deleted);
  const content = useViewerContentQuery({ guid: contentGuid, courseGuid }, { skip: !matches });
  useOpened(courseGuid, content.data?.guid, Boolean(content.data));
  const back = item.data ? `/course/${courseGuid}/lesson/${item.data.lessonGuid}` : `/course/${courseGuid}`;
  const title = item.data?.title || content.data?.title || t("activity");

  let body: React.ReactNode;
  if (item.isLoading || content.isLoading) body = <Spinner label={t("loading")} />;
  else if (item.isError) body = <ContentLoadError activity error={item.error} onRetry={() => void item.refetch()} />;
  else if (item.data && !matches) body = <Gone activity />;
  else if (content.isError) body = <ContentLoadError activity error={content.error} onRetry={() => void content.refetch()} />;
  else if (content.data && item.data)
    body = <ContentViewer key={content.data.guid} content={content.data} courseGuid={courseGuid} allowDownload={item.data.settings.allowDownload !== false} />;

  return (
    <FullScreenFrame title={title} back={back} backLabel={t("backToLesson")}>
      {body}
    </FullScreenFrame>
  );
}

const resultsKindOf = (content: ContentDetail | undefined) =>
  content?.view.viewer === "scorm" ? "scorm" : content?.view.viewer === "xapi" ? "xapi" : null;

/**
 * /single-activity/:courseGuid/record/:contentGuid/:referenceGuid: the content opened from a
 * record. For SCORM and xAPI, the learner's own results for that reference when the results
 * call answers; otherwise only the content.
 */
export function SingleActivityRecordPage() {
  const { t } = useTranslation("viewer");
  const { courseGuid = "", contentGuid = "", referenceGuid = "" } = useParams();
  const me = useAppSelector((s) => s.auth.record?.user.guid);
  const content = useViewerContentQuery({ guid: contentGuid, courseGuid });
  useOpened(courseGuid, content.data?.guid, Boolean(content.data));
  const kind = resultsKindOf(content.data);
  const results = useIndividualResultsQuery({ kind: kind ?? "scorm", itemGuid: referenceGuid, userGuid: me ?? "" }, { skip: !kind || !me });

  let body: React.ReactNode;
  if (content.isLoading) body = <Spinner label={t("loading")} />;
  else if (content.isError) body = <ContentLoadError activity error={content.error} onRetry={() => void content.refetch()} />;
  else if (content.data)
    body = (
      <>
        {results.data ? <ResultSummary results={results.data} /> : null}
        <ContentViewer key={content.data.guid} content={content.data} courseGuid={courseGuid} />
      </>
    );

  return (
    <FullScreenFrame title={content.data?.title ?? t("activity")} back={`/course/${courseGuid}`} backLabel={t("back")}>
      {body}
    </FullScreenFrame>
  );
}
