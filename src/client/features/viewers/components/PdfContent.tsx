import { PdfViewer } from "../../platform/PdfViewer";
import type { ViewerProps } from "./types";

/** The PDF viewer (pdf.js lives only in this chunk and the legal pages' one). Last page = finished. */
export default function PdfContent({ content, allowDownload, onFinished }: ViewerProps) {
  return <PdfViewer url={content.view.fileUrl ?? ""} title={content.title} allowDownload={allowDownload} onLastPage={onFinished} />;
}
