import type { ContentDetail } from "../../../../contracts/lessons";

export type ViewerMode = "inline" | "projection";

/** What every viewer gets from ContentViewer. */
export type ViewerProps = {
  content: ContentDetail;
  courseGuid: string;
  mode: ViewerMode;
  allowDownload: boolean;
  /** The learner reached the end (media ended, last PDF page, SCORM completed). */
  onFinished: () => void;
};
