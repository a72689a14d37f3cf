import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowDownloadRegular, ChevronLeftRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../ui/States";

// The worker is emitted as its own file (hashed asset), fetched only when a PDF opens.
GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
/** Copied by webpack.config.js: fonts for PDFs that use the standard 14 fonts without embedding them. */
const STANDARD_FONTS_URL = "/pdfjs/standard_fonts/";
const MAX_SCALE = 2;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "960px" },
  toolbar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  spacer: { flexGrow: 1 },
  viewport: {
    position: "relative",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalS,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  canvas: { display: "block", maxWidth: "100%", margin: "0 auto", boxShadow: tokens.shadow8 },
  srOnly: {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  },
});

type Loaded = { doc: PDFDocumentProxy; pages: number };
type ViewerProps = {
  url: string;
  title: string;
  /** Show the download link (default: yes). */
  allowDownload?: boolean;
  /** Called each time the reader reaches the last page (a one-page document: once loaded). */
  onLastPage?: () => void;
};

/**
 * A PDF rendered page by page to a canvas (pdf.js), with keyboard paging (arrows, Page Up/Down,
 * Home/End), the page's text for screen readers and a download link.
 */
export function PdfViewer({ url, title, allowDownload = true, onLastPage }: ViewerProps) {
  const [attempt, setAttempt] = useState(0);
  // A new document (or a retry) starts from a fresh viewer: page 1, nothing loaded.
  return (
    <PdfDocument
      key={`${url}#${attempt}`}
      url={url}
      title={title}
      allowDownload={allowDownload}
      onLastPage={onLastPage}
      onRetry={() => setAttempt((a) => a + 1)}
    />
  );
}

function PdfDocument({ url, title, allowDownload, onLastPage, onRetry }: ViewerProps & { onRetry: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("platform");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [pageText, setPageText] = useState("");
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const task = getDocument({ url, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS_URL });
    let live = true;
    task.promise.then(
      (doc) => live && setLoaded({ doc, pages: doc.numPages }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url]);

  const lastPageRef = useRef(onLastPage);
  useEffect(() => {
    lastPageRef.current = onLastPage;
  }, [onLastPage]);
  useEffect(() => {
    if (loaded && page === loaded.pages) lastPageRef.current?.();
  }, [loaded, page]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [loaded]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!loaded || !canvas) return undefined;
    let renderTask: RenderTask | undefined;
    let live = true;
    void loaded.doc.getPage(page).then(async (p) => {
      if (!live) return;
      const natural = p.getViewport({ scale: 1 });
      const scale = Math.min(MAX_SCALE, (width || natural.width) / natural.width);
      const viewport = p.getViewport({ scale });
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * dpr);
      canvas.height = Math.floor(viewport.height * dpr);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      renderTask = p.render({ canvas, viewport, transform: dpr === 1 ? undefined : [dpr, 0, 0, dpr, 0, 0] });
      // Cancelled when the page or the width changes: expected, not an error.
      renderTask.promise.catch(() => undefined);
      const text = await p.getTextContent();
      if (live) setPageText(text.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join(""));
    });
    return () => {
      live = false;
      renderTask?.cancel();
    };
  }, [loaded, page, width]);

  if (failed) return <ErrorState message={t("pdf.failed")} onRetry={onRetry} />;
  if (!loaded) return <Spinner label={t("pdf.loading")} />;

  const go = (n: number) => setPage(Math.min(loaded.pages, Math.max(1, n)));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: page + 1, PageDown: page + 1, ArrowLeft: page - 1, PageUp: page - 1, Home: 1, End: loaded.pages };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    go(target);
  };
  const position = t("pdf.pageOf", { page, total: loaded.pages });

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label={t("pdf.toolbar", { title })}>
        <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => go(page - 1)}>
          {t("pdf.previous")}
        </Button>
        <Text aria-live="polite" aria-atomic="true">
          {position}
        </Text>
        <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={page >= loaded.pages} onClick={() => go(page + 1)}>
          {t("pdf.next")}
        </Button>
        <span className={styles.spacer} />
        {allowDownload ? (
          <Button as="a" href={url} download icon={<ArrowDownloadRegular />}>
            {t("pdf.download")}
          </Button>
        ) : null}
      </div>
      <div
        ref={boxRef}
        className={styles.viewport}
        tabIndex={0}
        role="region"
        aria-label={t("pdf.region", { title, position })}
        aria-describedby="pdf-keys"
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" />
        <div className={styles.srOnly}>{pageText}</div>
        <span id="pdf-keys" className={styles.srOnly}>
          {t("pdf.keys")}
        </span>
      </div>
    </div>
  );
}
