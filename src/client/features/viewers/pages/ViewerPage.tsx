import { Spinner } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../../ui/PageHeader";
import { ContentViewer } from "../ContentViewer";
import { useViewerContentQuery } from "../viewersApi";
import { BackButton, ContentLoadError, FullScreenFrame, useOpened } from "./shared";

/** ?course=<courseGuid>: the class the content is opened in (needed for students and progress). */
function useViewerParams() {
  const { guid = "" } = useParams();
  const [params] = useSearchParams();
  const course = params.get("course") ?? params.get("courseGuid") ?? undefined;
  return { guid, course };
}

function useViewerData() {
  const { guid, course } = useViewerParams();
  const query = useViewerContentQuery({ guid, courseGuid: course });
  useOpened(course, query.data?.guid, Boolean(query.data));
  return { guid, course, query, back: course ? `/course/${course}` : "/" };
}

/** /viewer/:guid (and its aliases): the content inside the shell, with its title and a way back. */
export function ViewerPage() {
  const { t } = useTranslation("viewer");
  const { course, query, back } = useViewerData();
  const content = query.data;
  return (
    <>
      <PageHeader title={content?.title ?? t("title")} actions={<BackButton fallback={back} label={t("back")} />} subtitle={content?.description || undefined} />
      {query.isLoading ? <Spinner label={t("loading")} /> : null}
      {query.isError ? <ContentLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {content && !query.isError ? <ContentViewer key={content.guid} content={content} courseGuid={course ?? ""} /> : null}
    </>
  );
}

/** /viewerfull/:guid (and aliases): the whole window for the content, without the shell; close goes back. */
export function FullViewerPage() {
  const { t } = useTranslation("viewer");
  const { course, query, back } = useViewerData();
  const content = query.data;
  return (
    <FullScreenFrame title={content?.title ?? t("title")} back={back} backLabel={t("close")} close>
      {query.isLoading ? <Spinner label={t("loading")} /> : null}
      {query.isError ? <ContentLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {content && !query.isError ? <ContentViewer key={content.guid} content={content} courseGuid={course ?? ""} /> : null}
    </FullScreenFrame>
  );
}
