import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

/*
 * Chart.js (ADR 0036), in its own chunk ("analytics-chart") that only the analytics pages load, after
 * their tables: only the bar chart's controller, element, scales, legend and tooltip are registered,
 * so the rest of the library is shaken out of the build.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type BarChartSpec = {
  labels: string[];
  datasets: Array<{ label: string; data: number[]; color: string }>;
  /** Bars along the y axis (one row per label). */
  horizontal: boolean;
  stacked: boolean;
  /** The value axis's end (1 for a probability, the class size for counts). */
  max: number;
  /** Ticks and values as the reader's language writes them (i18n/format.ts). */
  formatValue: (value: number) => string;
  colors: { text: string; grid: string };
  /** No animation when the reader asked for reduced motion. */
  animate: boolean;
};

export type DrawnChart = { destroy(): void };

export function drawBarChart(canvas: HTMLCanvasElement, spec: BarChartSpec): DrawnChart {
  const valueAxis = {
    stacked: spec.stacked,
    min: 0,
    max: spec.max,
    ticks: { color: spec.colors.text, precision: 0, callback: (value: string | number) => spec.formatValue(Number(value)) },
    grid: { color: spec.colors.grid },
  };
  const categoryAxis = { stacked: spec.stacked, ticks: { color: spec.colors.text, autoSkip: false }, grid: { display: false } };
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: spec.labels,
      datasets: spec.datasets.map((d) => ({ label: d.label, data: d.data, backgroundColor: d.color, borderColor: spec.colors.text, borderWidth: 0.5 })),
    },
    options: {
      indexAxis: spec.horizontal ? "y" : "x",
      responsive: true,
      maintainAspectRatio: false,
      animation: spec.animate ? undefined : false,
      scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: { display: spec.datasets.length > 1, labels: { color: spec.colors.text } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ""}: ${spec.formatValue(Number(item.raw))}` } },
      },
    },
  });
}
