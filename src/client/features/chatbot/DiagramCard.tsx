import { Button, Card, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ErrorCircleRegular } from "@fluentui/react-icons";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";

/*
 * Spec §2 diagram card (issue 17, ADR 0043): a diagram the assistant made, as Mermaid source.
 * Mermaid (loaded with the first diagram, never before) lays it out with its strict security
 * level (labels sanitised, no click handlers, no HTML labels), and the SVG it writes is shown as an
 * image: an image cannot run scripts or fetch anything, which is the sandbox a model's code needs.
 * A preview with a View button that opens it large; when the source does not render, the error
 * state: not clickable, 'Error rendering diagram', and 'view error code' showing the source and
 * Mermaid's message.
 */

type Rendered = { state: "loading" } | { state: "ready"; url: string } | { state: "error"; message: string };

let mermaidReady: Promise<typeof import("mermaid").default> | null = null;
function loadMermaid() {
  mermaidReady ??= import(/* webpackChunkName: "mermaid" */ "mermaid").then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", htmlLabels: false, flowchart: { htmlLabels: false }, theme: "neutral", fontFamily: "inherit" });
    return mermaid;
  });
  return mermaidReady;
}

let renders = 0;
/** The diagram's SVG as an object URL, or why it could not be drawn. */
async function renderDiagram(code: string): Promise<Rendered> {
  const id = `aula-diagram-${++renders}`;
  try {
    const mermaid = await loadMermaid();
    const { svg } = await mermaid.render(id, code);
    return { state: "ready", url: URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })) };
  } catch (err) {
    // Mermaid may leave its error drawing in the page when a render fails.
    document.getElementById(`d${id}`)?.remove();
    return { state: "error", message: err instanceof Error ? err.message : String(err) };
  }
}

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  preview: { maxWidth: "100%", maxHeight: "220px", objectFit: "contain", backgroundColor: tokens.colorNeutralBackground1 },
  large: { width: "100%", maxHeight: "70vh", objectFit: "contain" },
  error: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, color: tokens.colorPaletteRedForeground1 },
  errorCard: { borderLeft: `4px solid ${tokens.colorPaletteRedBorder2}` },
  code: { margin: 0, padding: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground3, overflowX: "auto", fontSize: tokens.fontSizeBase200, whiteSpace: "pre-wrap" },
});

export function DiagramCard({ title, code }: { title: string; code: string }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const headingId = useId();
  const [rendered, setRendered] = useState<Rendered>({ state: "loading" });
  const [open, setOpen] = useState(false);
  const [showCode, setShowCode] = useState(false);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    void renderDiagram(code).then((result) => {
      if (result.state === "ready") url = result.url;
      if (live) setRendered(result);
      else if (url) URL.revokeObjectURL(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [code]);

  const label = title || t("diagram.untitled");
  if (rendered.state === "error") {
    return (
      <Card role="group" aria-labelledby={headingId} className={styles.errorCard}>
        <h3 id={headingId} className={styles.title}>
          {label}
        </h3>
        <Text className={styles.error}>
          <ErrorCircleRegular aria-hidden />
          {t("diagram.error")}
        </Text>
        <div>
          <Button appearance="transparent" size="small" aria-expanded={showCode} onClick={() => setShowCode((v) => !v)}>
            {t("diagram.viewErrorCode")}
          </Button>
        </div>
        {showCode ? (
          <pre className={styles.code}>
            {rendered.message}
            {"\n\n"}
            {code}
          </pre>
        ) : null}
      </Card>
    );
  }
  return (
    <Card role="group" aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={styles.title}>
        {label}
      </h3>
      {rendered.state === "loading" ? <Spinner size="tiny" label={t("steps.generatingDiagram")} /> : <img src={rendered.url} alt={label} className={styles.preview} />}
      <div>
        <Button size="small" disabled={rendered.state !== "ready"} onClick={() => setOpen(true)}>
          {t("diagram.view")}
        </Button>
      </div>
      {rendered.state === "ready" ? (
        <ModalDialog open={open} onClose={() => setOpen(false)} title={label} size="xl">
          <img src={rendered.url} alt={label} className={styles.large} />
        </ModalDialog>
      ) : null}
    </Card>
  );
}
