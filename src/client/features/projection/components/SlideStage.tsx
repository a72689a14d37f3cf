import { Spinner, Text } from "@fluentui/react-components";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ClipboardCheckmarkRegular } from "@fluentui/react-icons";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { LinkButton } from "../../lesson/components/LinkButton";
import { useGetProjectionContentQuery } from "../projectionApi";
import type { Slide } from "../slides";
import { useProjectionStyles } from "./projectionStyles";

// The viewers (and pdf.js, scorm-again behind them) load only when a slide shows a content.
const ContentViewer = lazy(() => import(/* webpackChunkName: "content-viewer" */ "../../viewers/ContentViewer"));

type Props = { slide: Slide; courseGuid: string };

/** The slide in the middle of the screen: a lesson's title, or an item's content in projection mode. */
export function SlideStage({ slide, courseGuid }: Props) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  if (slide.kind === "lesson") {
    return (
      <div className={styles.titleSlide}>
        <h2 className={styles.titleSlideHeading}>{slide.title}</h2>
        <Text size={500}>{t("slide.items", { count: slide.itemCount })}</Text>
      </div>
    );
  }
  return <ItemContent key={slide.item.guid} slide={slide} courseGuid={courseGuid} />;
}

function ItemContent({ slide, courseGuid }: { slide: Extract<Slide, { kind: "item" }>; courseGuid: string }) {
  const { t } = useTranslation("projection");
  const { item } = slide;
  if (item.content.deleted) return <Text as="p" size={500}>{t("errors:CONTENT_DELETED")}</Text>;
  if (item.content.type === "CTTY_18") return <AssessmentSlide contentGuid={item.content.guid} courseGuid={courseGuid} />;
  return <ContentStage contentGuid={item.content.guid} courseGuid={courseGuid} allowDownload={item.settings.allowDownload ?? true} />;
}

/** An assessment: its questions are projected one by one on their own screen (/projection/test). */
function AssessmentSlide({ contentGuid, courseGuid }: { contentGuid: string; courseGuid: string }) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const to = `/projection/test/${contentGuid}${courseGuid ? `?course=${courseGuid}` : ""}`;
  return (
    <div className={styles.titleSlide}>
      <Text size={500}>{t("questions.testSlide")}</Text>
      <LinkButton to={to} appearance="primary" size="large" icon={<ClipboardCheckmarkRegular />}>
        {t("questions.openTest")}
      </LinkButton>
    </div>
  );
}

/** One content in the viewers' projection mode, filling the stage. */
export function ContentStage({ contentGuid, courseGuid, allowDownload = true }: { contentGuid: string; courseGuid?: string; allowDownload?: boolean }) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const content = useGetProjectionContentQuery({ guid: contentGuid, courseGuid });
  if (content.isLoading) return <Spinner label={t("slide.loading")} />;
  if (content.error || !content.data) return <ErrorState message={errorMessage(t, content.error)} onRetry={() => void content.refetch()} />;
  return (
    <div className={styles.viewerBox}>
      <Suspense fallback={<Spinner label={t("slide.loading")} />}>
        <ContentViewer content={content.data} courseGuid={courseGuid ?? ""} mode="projection" allowDownload={allowDownload} />
      </Suspense>
    </div>
  );
}
