import { figuresOf, median, medianFigures, requestRounds, scriptsBeforeUsable, wrongScreen, type Figures, type Lhr, type NetworkItem } from "../perf/lighthouse-figures";

/*
 * The rules `npm run bench` and the CI login budget read Lighthouse results by (ADR 0025): which
 * requests count as JS fetched before the page is usable, and which runs measured the wrong screen.
 */

const START_TS = 1_000_000_000; // µs, the network table's zero
const ms = (n: number) => START_TS + n * 1000;

const item = (url: string, over: Partial<NetworkItem> = {}): NetworkItem => ({
  url: `http://127.0.0.1:4000${url}`,
  resourceType: "Script",
  transferSize: 1000,
  statusCode: 200,
  finished: true,
  networkRequestTime: 10,
  networkEndTime: 50,
  ...over,
});

function lhr(items: NetworkItem[], over: Partial<Lhr> = {}, observed = { load: 300, traceEnd: 2000 }): Lhr {
  return {
    finalDisplayedUrl: "http://127.0.0.1:4000/home",
    categories: { performance: { score: 0.456 }, accessibility: { score: 0.97 } },
    audits: {
      "network-requests": { details: { items, debugData: { networkStartTimeTs: START_TS } } },
      metrics: { details: { items: [{ observedLoadTs: ms(observed.load), observedTraceEndTs: ms(observed.traceEnd) }] } },
      "largest-contentful-paint": { numericValue: 3100 },
      "total-blocking-time": { numericValue: 420 },
      "cumulative-layout-shift": { numericValue: 0.031 },
    },
    ...over,
  };
}

describe("JS fetched before the page is usable", () => {
  it("counts every Script request done by the cut-off, whatever its name, and nothing else", () => {
    const counted = scriptsBeforeUsable(
      [
        item("/js/main.js"),
        item("/js/route-login.js", { networkEndTime: 900 }),
        item("/chunk-without-extension", { networkEndTime: 1500 }),
        item("/api/edition", { resourceType: "Fetch" }),
        item("/css/main.css", { resourceType: "Stylesheet" }),
        item("/js/late.js", { networkEndTime: 2500 }),
        item("/js/aborted.js", { finished: false }),
        item("/js/never-ended.js", { networkEndTime: undefined }),
      ],
      START_TS,
      ms(2000),
    );
    expect(counted.map((r) => new URL(r.url).pathname)).toEqual(["/js/main.js", "/js/route-login.js", "/chunk-without-extension"]);
  });

  it("reports transfer bytes up to the end of the load window, and separately up to the load event", () => {
    const figures = figuresOf(
      lhr([item("/js/a.js", { transferSize: 100_000 }), item("/js/b.js", { transferSize: 7_000, networkEndTime: 1200 }), item("/api/me", { resourceType: "Fetch", transferSize: 9 })]),
      "/home",
    );
    expect(figures).toMatchObject({ jsBytes: 107_000, jsFiles: 2, jsBeforeLoadBytes: 100_000, perfScore: 46, a11yScore: 97, lcpMs: 3100, tbtMs: 420, cls: 0.031 });
  });
});

describe("rounds of dependent requests after the document", () => {
  const at = (url: string, type: string, start: number, end: number) => item(url, { resourceType: type, networkRequestTime: start, networkEndTime: end });

  it("counts what the HTML preloads as one round with the entry, and each wait for an answer as one more", () => {
    const together = [
      at("/course/1/lesson/2", "Document", 0, 10),
      at("/js/vendor.js", "Script", 12, 80),
      at("/js/main.js", "Script", 12, 40),
      at("/js/route-lesson.js", "Script", 13, 90),
      at("/api/front/courses/1", "Fetch", 95, 120),
      at("/api/front/lessons/2", "Fetch", 96, 130),
    ];
    expect(requestRounds(together, START_TS, ms(2000))).toBe(2);
  });

  it("sees a waterfall: code, then the class, then the lesson once the class answered, then a chunk the lesson asks for", () => {
    const waterfall = [
      at("/course/1/lesson/2", "Document", 0, 10),
      at("/js/main.js", "Script", 12, 40),
      at("/js/route-lesson.js", "Script", 45, 90),
      at("/api/front/courses/1", "Fetch", 95, 120),
      at("/api/front/lessons/2", "Fetch", 125, 140),
      at("/js/question-QT_3.js", "Script", 150, 170),
      at("/brand/logo.svg", "Image", 200, 900),
    ];
    expect(requestRounds(waterfall, START_TS, ms(2000))).toBe(5);
  });

  it("leaves out what ended after the load window", () => {
    expect(requestRounds([at("/", "Document", 0, 10), at("/js/main.js", "Script", 12, 40), at("/js/late.js", "Script", 2100, 2200)], START_TS, ms(2000))).toBe(1);
  });
});

describe("the wrong screen is refused", () => {
  it("accepts the screen asked for", () => {
    expect(wrongScreen(lhr([item("/api/front/courses", { resourceType: "Fetch" })]), "/home")).toBeUndefined();
  });

  it("refuses a run that ended on the login (a session the client did not accept)", () => {
    const run = lhr([], { finalDisplayedUrl: "http://127.0.0.1:4000/auth/login" });
    expect(wrongScreen(run, "/home")).toMatch(/ended on \/auth\/login/);
    expect(() => figuresOf(run, "/home")).toThrow(/wrong screen/);
  });

  it("refuses a run where the API answered 401 or 403", () => {
    expect(wrongScreen(lhr([item("/api/front/courses", { resourceType: "Fetch", statusCode: 401 })]), "/home")).toMatch(/401 \/api\/front\/courses/);
    expect(wrongScreen(lhr([item("/api/front/courses/x", { resourceType: "Fetch", statusCode: 403 })]), "/home")).toMatch(/403/);
  });

  it("refuses a run Lighthouse itself reports as failed", () => {
    expect(wrongScreen(lhr([], { runtimeError: { code: "NO_FCP", message: "no paint" } }), "/home")).toMatch(/NO_FCP/);
  });
});

describe("medians", () => {
  it("takes each figure's median on its own", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const run = (perfScore: number, jsBytes: number): Figures => ({ perfScore, a11yScore: 100, lcpMs: 1, tbtMs: 1, cls: 0, jsBytes, jsFiles: 1, jsBeforeLoadBytes: jsBytes, rounds: 2, scripts: [], finalUrl: "" });
    expect(medianFigures([run(50, 300), run(70, 100), run(60, 200)])).toMatchObject({ perfScore: 60, jsBytes: 200, a11yScore: 100 });
  });
});
