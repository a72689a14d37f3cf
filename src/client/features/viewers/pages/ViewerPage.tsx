import { makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../../ui/PageHeader";
import { ContentViewer } from "../ContentViewer";
import { useViewerContentQuery } from "../viewersApi";
import { BackButton, ContentLoadError, useOpened } from "./shared";

const useStyles = makeStyles({
  full: {
    position: "fixed",
    inset: 0,
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bar: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0, flexGrow: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  body: { flexGrow: 1, overflow: "auto", padding: tokens.spacingHorizontalL },
});

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
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const { course, query, back } = useViewerData();
  const content = query.data;
  return (
    <main className={styles.full}>
      <div className={styles.bar}>
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {content?.title ?? t("title")}
        </Text>
        <BackButton fallback={back} label={t("close")} close />
      </div>
      <div className={styles.body}>
        {query.isLoading ? <Spinner label={t("loading")} /> : null}
        {query.isError ? <ContentLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {content && !query.isError ? <ContentViewer key={content.guid} content={content} courseGuid={course ?? ""} /> : null}
      </div>
    </main>
  );
}
