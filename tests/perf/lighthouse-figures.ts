/**
 * The figures `lighthouse.ts` reads from one Lighthouse result (LHR), and the medians it reports.
 * Pure: no browser, so the rules (what counts as JS fetched before the page is usable, what makes
 * a measurement the wrong screen) are unit tested (tests/contracts/perf-lighthouse-figures.test.ts).
 * ADR 0025 says why each is defined as it is.
 */

/** The parts of a Lighthouse 12 result read here (the full type lives in lighthouse/types/lhr). */
export type Lhr = {
  requestedUrl?: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
};

/** One row of the `network-requests` audit (times in ms from its `networkStartTimeTs`). */
export type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
  finished?: boolean;
  networkRequestTime?: number;
  networkEndTime?: number;
};

/** What one Lighthouse run of one screen gives. */
export type Figures = {
  perfScore: number;
  a11yScore: number | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer bytes of the scripts the page fetched before it was usable (see `scriptsBeforeUsable`). */
  jsBytes: number;
  jsFiles: number;
  /** The same, counting only the scripts done by the load event (for comparison; not budgeted). */
  jsBeforeLoadBytes: number;
  /**
   * Rounds of requests after the document (`requestRounds`): how many times the page had to wait
   * for an answer before it could ask for the next thing it needed. Issue 13's goal: at most 3.
   */
  rounds: number;
  /** The counted scripts (path and transfer bytes), so a reader sees which files the figure holds. */
  scripts: Array<{ path: string; transferSize: number }>;
  finalUrl: string;
};

const scoreOf = (lhr: Lhr, category: string): number | null => {
  const score = lhr.categories[category]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
};

const numeric = (lhr: Lhr, audit: string): number => {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== "number") throw new Error(`Lighthouse result has no ${audit} value`);
  return value;
};

/** The `network-requests` rows and the trace timestamp (µs) their times count from. */
export function networkRequests(lhr: Lhr): { items: NetworkItem[]; startTs: number } {
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const startTs = details?.debugData?.networkStartTimeTs;
  if (!details?.items || typeof startTs !== "number") throw new Error("Lighthouse result has no network-requests table");
  return { items: details.items, startTs };
}

/** The observed (unthrottled) milestones of the run, as trace timestamps (µs). */
export function observedMilestones(lhr: Lhr): { loadTs: number; traceEndTs: number } {
  const details = lhr.audits.metrics?.details as { items?: Array<Record<string, number | undefined>> } | undefined;
  const item = details?.items?.[0];
  const loadTs = item?.observedLoadTs;
  const traceEndTs = item?.observedTraceEndTs;
  if (typeof loadTs !== "number" || typeof traceEndTs !== "number") throw new Error("Lighthouse result has no observed load/trace end");
  return { loadTs, traceEndTs };
}

/**
 * The scripts fetched before the page is usable: every request Chromium classed as a Script
 * (whatever its file name or origin) that finished by `untilTs`, a trace timestamp in µs.
 * `lighthouse.ts` passes the end of Lighthouse's load window: Lighthouse ends a navigation only
 * after the load event, 1 s of network quiet and 1 s of CPU idle, so these are all the scripts the
 * screen needed to show itself and answer input, and none that a click would fetch.
 */
export function scriptsBeforeUsable(items: readonly NetworkItem[], startTs: number, untilTs: number): NetworkItem[] {
  return items.filter(
    (r) => r.resourceType === "Script" && r.finished !== false && typeof r.networkEndTime === "number" && startTs + r.networkEndTime * 1000 <= untilTs,
  );
}

/** The request kinds a screen waits on: its document, code, styles and data. */
const WAITED_ON = new Set(["Document", "Script", "Stylesheet", "Fetch", "XHR"]);

/**
 * Rounds of dependent requests after the document, read off the observed (unthrottled) network
 * timeline: the document is round 0, and a request is one round after the latest round among the
 * requests that had already finished when it started (it may have waited on any of them, and on
 * nothing later). Requests started together, e.g. everything the HTML preloads, share a round; a
 * chain like document -> entry -> route chunk -> its data -> a chunk that data asks for counts 4.
 * Only requests done by `untilTs` (the end of the load window, as for the JS count) are counted.
 * An over-estimate when the browser queues independent requests, never an under-estimate.
 */
export function requestRounds(items: readonly NetworkItem[], startTs: number, untilTs: number): number {
  const timed = items
    .filter((r) => WAITED_ON.has(r.resourceType ?? "") && typeof r.networkRequestTime === "number" && typeof r.networkEndTime === "number")
    .filter((r) => startTs + (r.networkEndTime as number) * 1000 <= untilTs)
    .map((r) => ({ start: r.networkRequestTime as number, end: r.networkEndTime as number, document: r.resourceType === "Document" }))
    .sort((a, b) => a.start - b.start);
  const done: Array<{ end: number; round: number }> = [];
  let deepest = 0;
  for (const r of timed) {
    const before = done.filter((d) => d.end <= r.start);
    const round = r.document && done.length === 0 ? 0 : before.length === 0 ? 1 : Math.max(...before.map((d) => d.round)) + 1;
    done.push({ end: r.end, round });
    deepest = Math.max(deepest, round);
  }
  return deepest;
}

const bytes = (items: readonly NetworkItem[]) => items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

/**
 * Refuses a measurement of the wrong screen: Lighthouse's own error, a page that ended on another
 * path than the one asked for (the client sends a signed-out visitor to /auth/login), or an API
 * call answered 401/403 (an expired or missing session).
 */
export function wrongScreen(lhr: Lhr, expectedPath: string): string | undefined {
  if (lhr.runtimeError) return `Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== expectedPath) return `ended on ${finalPath}, not ${expectedPath}`;
  const refused = networkRequests(lhr).items.filter((r) => new URL(r.url).pathname.startsWith("/api/") && (r.statusCode === 401 || r.statusCode === 403));
  if (refused.length > 0) return `API refused: ${refused.map((r) => `${r.statusCode} ${new URL(r.url).pathname}`).join(", ")}`;
  return undefined;
}

/** The figures of one run; throws when the run measured the wrong screen. */
export function figuresOf(lhr: Lhr, expectedPath: string): Figures {
  const wrong = wrongScreen(lhr, expectedPath);
  if (wrong) throw new Error(`wrong screen measured for ${expectedPath}: ${wrong}`);
  const perfScore = scoreOf(lhr, "performance");
  if (perfScore === null) throw new Error(`no performance score for ${expectedPath}`);
  const { items, startTs } = networkRequests(lhr);
  const { loadTs, traceEndTs } = observedMilestones(lhr);
  const scripts = scriptsBeforeUsable(items, startTs, traceEndTs);
  return {
    perfScore,
    a11yScore: scoreOf(lhr, "accessibility"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    jsBytes: bytes(scripts),
    jsFiles: scripts.length,
    jsBeforeLoadBytes: bytes(scriptsBeforeUsable(items, startTs, loadTs)),
    rounds: requestRounds(items, startTs, traceEndTs),
    scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, transferSize: r.transferSize ?? 0 })),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Each figure's median over the runs (each taken on its own, as Lighthouse's own guidance does). */
export function medianFigures(runs: readonly Figures[]): Omit<Figures, "finalUrl" | "a11yScore" | "scripts"> & { a11yScore: number | null } {
  const of = (pick: (f: Figures) => number) => median(runs.map(pick));
  const a11y = runs.map((f) => f.a11yScore).filter((s): s is number => s !== null);
  return {
    perfScore: of((f) => f.perfScore),
    a11yScore: a11y.length > 0 ? median(a11y) : null,
    lcpMs: of((f) => f.lcpMs),
    tbtMs: of((f) => f.tbtMs),
    cls: of((f) => f.cls),
    jsBytes: of((f) => f.jsBytes),
    jsFiles: of((f) => f.jsFiles),
    jsBeforeLoadBytes: of((f) => f.jsBeforeLoadBytes),
    rounds: of((f) => f.rounds),
  };
}

export const kib = (n: number) => n / 1024;
