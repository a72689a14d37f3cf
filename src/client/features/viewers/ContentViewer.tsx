import { makeStyles, mergeClasses, Spinner, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useCallback, useRef, type JSX } from "react";
import { useTranslation } from "react-i18next";
import type { ContentDetail } from "../../../contracts/lessons";
import { NotAvailable } from "./components/NotAvailable";
import type { ViewerMode, ViewerProps } from "./components/types";
import { useViewerConsumptionMutation } from "./viewersApi";

// Each viewer is its own chunk: pdf.js, scorm-again and the media transcript load only when used.
const PdfContent = lazy(() => import(/* webpackChunkName: "viewer-pdf" */ "./components/PdfContent"));
const MediaViewer = lazy(() => import(/* webpackChunkName: "viewer-media" */ "./components/MediaViewer"));
const ImageViewer = lazy(() => import(/* webpackChunkName: "viewer-image" */ "./components/ImageViewer"));
const LinkViewer = lazy(() => import(/* webpackChunkName: "viewer-link" */ "./components/LinkViewer"));
const FrameViewer = lazy(() => import(/* webpackChunkName: "viewer-frame" */ "./components/FrameViewer"));
const TextViewer = lazy(() => import(/* webpackChunkName: "viewer-text" */ "./components/TextViewer"));
const DownloadViewer = lazy(() => import(/* webpackChunkName: "viewer-download" */ "./components/DownloadViewer"));
const ScormPlayer = lazy(() => import(/* webpackChunkName: "viewer-scorm" */ "./components/ScormPlayer"));
const XapiPlayer = lazy(() => import(/* webpackChunkName: "viewer-xapi" */ "./components/XapiPlayer"));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  projection: {
    position: "fixed",
    inset: 0,
    zIndex: 1,
    overflow: "auto",
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
  },
});

/** True when the content has what its viewer needs; otherwise 'Content not available'. */
export function isViewable(content: ContentDetail): boolean {
  const v = content.view;
  if (!content.ready) return false;
  switch (v.viewer) {
    case "pdf":
    case "video":
    case "audio":
    case "image":
    case "download":
      return Boolean(v.fileUrl);
    case "html":
    case "scorm":
      return Boolean(v.launchUrl);
    case "xapi":
      return true;
    case "link":
    case "embed":
      return Boolean(v.url && /^https?:\/\//i.test(v.url));
    case "text":
      return Boolean(v.body?.trim());
    default:
      return false;
  }
}

export type ContentViewerProps = {
  content: ContentDetail;
  courseGuid: string;
  mode?: ViewerMode;
  /** The lesson item lets students download the file (default: allowed). */
  allowDownload?: boolean;
  /** Called once when the learner reaches the end (after the 'finished' consumption is recorded). */
  onFinished?: () => void;
};

/**
 * Shows any content with the viewer its `view.viewer` names. With a class (`courseGuid`), reaching
 * the end records the 'finished' consumption once per mount.
 */
export function ContentViewer(props: { content: ContentDetail; courseGuid: string; mode?: "inline" | "projection" } & Omit<ContentViewerProps, "content" | "courseGuid" | "mode">): JSX.Element {
  const { content, courseGuid, mode = "inline", allowDownload = true, onFinished } = props;
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const [record] = useViewerConsumptionMutation();
  const finished = useRef<string | null>(null);

  const finish = useCallback(() => {
    if (finished.current === content.guid) return;
    finished.current = content.guid;
    if (courseGuid) void record({ courseGuid, contentGuid: content.guid, event: "finished" }).unwrap().catch(() => undefined);
    onFinished?.();
  }, [content.guid, courseGuid, onFinished, record]);

  const viewerProps: ViewerProps = { content, courseGuid, mode, allowDownload, onFinished: finish };
  const body = isViewable(content) ? <Viewer {...viewerProps} /> : <NotAvailable />;

  return (
    // Projected, the region scrolls on its own: focusable so the keyboard can scroll it too.
    <section
      className={mergeClasses(styles.root, mode === "projection" && styles.projection)}
      aria-label={content.title}
      data-viewer={content.view.viewer}
      tabIndex={mode === "projection" ? 0 : undefined}
    >
      <Suspense fallback={<Spinner label={t("loading")} />}>{body}</Suspense>
    </section>
  );
}

function Viewer(props: ViewerProps) {
  switch (props.content.view.viewer) {
    case "pdf":
      return <PdfContent {...props} />;
    case "video":
    case "audio":
      return <MediaViewer {...props} />;
    case "image":
      return <ImageViewer {...props} />;
    case "link":
      return <LinkViewer {...props} />;
    case "embed":
    case "html":
      return <FrameViewer {...props} />;
    case "text":
      return <TextViewer {...props} />;
    case "download":
      return <DownloadViewer {...props} />;
    case "scorm":
      return <ScormPlayer {...props} />;
    case "xapi":
      return <XapiPlayer {...props} />;
    default:
      return <NotAvailable />;
  }
}

export default ContentViewer;
