import { makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BarChartSpec } from "./chartjs";
import { useAnalyticsFormat } from "./parts";

const useStyles = makeStyles({
  figure: { margin: `0 0 ${tokens.spacingVerticalL}`, maxWidth: "960px" },
  frame: { position: "relative", width: "100%" },
  caption: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, marginTop: tokens.spacingVerticalXS },
});

/** A Fluent token ("var(--colorX)") as the colour it is now, read where the chart is drawn (theme included). */
function resolve(element: Element, token: string): string {
  const name = /var\((--[^),]+)/.exec(token)?.[1];
  return (name && getComputedStyle(element).getPropertyValue(name).trim()) || token;
}

export type BarChartProps = Omit<BarChartSpec, "formatValue" | "colors" | "animate" | "datasets"> & {
  /** Percentages (0..1) or whole numbers. */
  format: "percent" | "integer";
  /** The chart's name for screen readers; its data is the table `tableId`. */
  title: string;
  tableId: string;
  /** Fluent colour tokens per dataset. */
  datasets: Array<{ label: string; data: number[]; color: string }>;
  height: number;
};

/**
 * A bar chart drawn by Chart.js, loaded on first use in its own chunk. The chart repeats a table of
 * the page (`tableId`), which is what screen readers and keyboards use: the canvas is an image named
 * after the chart that points to it. If the library cannot load, the table is still there.
 */
export function BarChart({ title, tableId, datasets, height, format, ...spec }: BarChartProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify({ datasets, spec, format, language: i18n.language });

  useEffect(() => {
    let cancelled = false;
    let drawn: { destroy(): void } | undefined;
    import(/* webpackChunkName: "analytics-chart" */ "./chartjs").then(
      ({ drawBarChart }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
        drawn = drawBarChart(canvas, {
          ...spec,
          datasets: datasets.map((d) => ({ ...d, color: resolve(canvas, d.color) })),
          formatValue: format === "percent" ? f.percent : f.integer,
          colors: { text: resolve(canvas, tokens.colorNeutralForeground2), grid: resolve(canvas, tokens.colorNeutralStroke2) },
          animate: !reduced,
        });
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      drawn?.destroy();
    };
    // `key` stands for the data and options drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (failed) return null;
  return (
    <figure className={styles.figure}>
      <div className={styles.frame} style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={t("chart.label", { title })} aria-describedby={tableId}>
          {t("chart.fallback")}
        </canvas>
      </div>
      <figcaption className={styles.caption}>{t("chart.caption", { title })}</figcaption>
    </figure>
  );
}
