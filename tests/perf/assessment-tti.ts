/**
 * Time to interactive of a 20-question mixed assessment in Chromium, against the home page
 * measured in the same run, and the JS it takes. The production build (dist/) runs on the real
 * server with a fresh data folder, as the e2e suite starts it (tests/e2e/server.ts), and Debian's
 * Chromium with the e2e suite's launch options and locale.
 *
 * Setup, through the HTTP API as the demo teacher, as the lesson page does it: a new assessment
 * (unlimited attempts) with 20 questions copied from the demo Maths assessment's cms read, one per
 * type in the seed's order (single choice first), placed as a draft item in the first lesson of
 * "Matemáticas 1º ESO A" and then published. student1@demo.test signs in through the form once;
 * every run opens a new browser context with that session (fresh page, cold HTTP cache).
 *
 * What is measured, each as performance.now() in the page (ms from navigation start) at the first
 * animation frame where the condition holds, BENCH_TTI_RUNS runs (default 5) of each, interleaved
 * round by round after one unmeasured round, median reported:
 * - home (baseline): /home until a class card's link is laid out;
 * - start screen: /course/:course/lesson/:lesson/assessment/:assessment, no attempt in progress,
 *   until the Start button is laid out and enabled;
 * - started: the same visit continued, the Start button clicked the frame it became enabled, until
 *   the first question's first radio button is laid out and enabled (the TTI of taking the assessment);
 * - resumed: the same URL with that attempt in progress (the page opens it at once), until the first
 *   question's radio is enabled. The attempt is then submitted through the API for the next round.
 * JS: the encoded bytes of the .js responses a cold visit had fetched when each probe held
 * (resource timing; the server sends them uncompressed, so these are the minified sizes), and the
 * route's initial JS (gzip) from the build's stats as `bundle.ts` computes it.
 * Run alone with `tsx tests/perf/assessment-tti.ts`, or call `benchAssessmentTti()`.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import type { AssessmentDetail, MyAttempts, QuestionWrite } from "../../src/contracts/assessments";
import type { CoursesList } from "../../src/contracts/courses";
import type { LessonItem } from "../../src/contracts/lessons";
import type { QuestionType } from "../../src/contracts/questions";
import questionsEs from "../../src/client/i18n/locales/es/questions.json";
import { DEMO_ASSESSMENTS } from "../../src/server/db/seed/assessments";
import e2eConfig from "../e2e/playwright.config";
import { signIn } from "../e2e/fixtures";
import { startServer } from "../e2e/server";
import { measureRoutes } from "./bundle";

const RUNS = Number(process.env.BENCH_TTI_RUNS ?? 5);
const QUESTIONS = 20;
const CLASS_NAME = "Matemáticas 1º ESO A";
const PASSWORD = "demo1234";

/** What the page waits for: the first element matching `selector` (and `text`) laid out and enabled; clicked when `click`. */
type Probe = { selector: string; text?: readonly string[]; click?: boolean };
const CLASS_CARD: Probe = { selector: 'a[href^="/course/"]' };
const START_BUTTON: Probe = { selector: "button", text: [questionsEs.take.start.start, questionsEs.take.start.startAgain], click: true };
const FIRST_QUESTION: Probe = { selector: '[role="radiogroup"] input[type="radio"]' };

export type TtiRow = { name: string; medianMs: number; minMs: number; maxMs: number; ratio: number; jsBytes: number; jsFiles: number; runsMs: number[] };
export type TtiResult = { questions: number; types: QuestionType[]; runs: number; rows: TtiRow[]; initialJsGzip: { assessment: number; home: number } };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** A small client of the server's API for one signed-in person. */
async function apiAs(base: string, email: string) {
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return async <T>(method: "GET" | "POST" | "PUT", url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

/**
 * The demo teacher's 20-question assessment in the Maths class's first lesson, built as the lesson
 * page builds one: create it, place it as a draft item, add the questions, publish the item.
 */
async function buildAssessment(base: string) {
  const teacher = await apiAs(base, "teacher@demo.test");
  const maths = DEMO_ASSESSMENTS.find((a) => a.key === "maths-naturales");
  if (!maths) throw new Error("demo Maths assessment missing");
  const courses = await teacher<CoursesList>("GET", "/front/courses?pageSize=100");
  const course = courses.items.find((c) => c.name === CLASS_NAME);
  if (!course) throw new Error(`${CLASS_NAME} missing`);

  // One question per type, in the seed's order (which starts with single choice), then repeats up to 20.
  const source = await teacher<AssessmentDetail>("GET", `/cms/assessments/${maths.id}`);
  const firsts = source.questions.filter((q, i) => source.questions.findIndex((o) => o.type === q.type) === i);
  const rest = source.questions.filter((q) => !firsts.includes(q));
  const picked = [...firsts, ...rest].slice(0, QUESTIONS);
  if (picked[0]?.type !== "QT_1" || picked.length < QUESTIONS) throw new Error("the demo assessment does not start with single choice or has too few questions");

  const created = await teacher<AssessmentDetail>("POST", "/cms/assessments", {
    title: "Evaluación de rendimiento: 20 preguntas",
    description: "Veinte preguntas de tipos distintos, copiadas de la evaluación de los números naturales.",
    settings: { maxAttempts: null, showAnswers: "after_submit", shuffleQuestions: false, dueAt: null },
  });
  const item = await teacher<LessonItem>("POST", "/front/lesson-items", { courseGuid: course.guid, lessonGuid: maths.lessonId, contentGuid: created.guid, status: "draft" });
  for (const q of picked) {
    const body: QuestionWrite = { type: q.type, question_data: q.question_data, prompt: q.prompt, points: q.points, kcs: q.kcs, media: q.media, feedback: q.feedback };
    await teacher("POST", `/cms/assessments/${created.guid}/questions`, body);
  }
  await teacher<LessonItem>("PUT", `/front/lesson-items/${item.guid}`, { status: "published" });
  return {
    courseGuid: course.guid,
    lessonGuid: maths.lessonId,
    assessmentGuid: created.guid,
    types: picked.map((q) => q.type),
    left: [...new Set(source.questions.map((q) => q.type))].filter((t) => !picked.some((q) => q.type === t)),
  };
}

type Marks = { ms: number[]; jsBytes: number[]; jsFiles: number[] };
type Recorder = { __tti?: Marks };

/**
 * Installed in every new document (top frame): from its first animation frame on, checks the next
 * probe each frame and, when it holds, notes the page's clock and the .js responses fetched so far
 * (encoded bytes, from resource timing), then clicks if asked. No round trip to the test runner
 * between probes, so a probe that holds early is not noted late.
 */
function recordProbes(probes: readonly Probe[]): void {
  if (window !== window.top) return;
  const marks: Marks = { ms: [], jsBytes: [], jsFiles: [] };
  (window as Recorder).__tti = marks;
  const tick = () => {
    const probe = probes[marks.ms.length];
    if (!probe) return;
    const ready = Array.from(document.querySelectorAll<HTMLElement>(probe.selector)).find((el) => {
      const box = el.getBoundingClientRect();
      const enabled = !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true";
      return box.width > 0 && box.height > 0 && enabled && (!probe.text || probe.text.includes(el.textContent?.trim() ?? ""));
    });
    if (ready) {
      marks.ms.push(performance.now());
      const js = performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.endsWith(".js")) as PerformanceResourceTiming[];
      marks.jsBytes.push(js.reduce((sum, e) => sum + e.encodedBodySize, 0));
      marks.jsFiles.push(js.length);
      if (probe.click) ready.click();
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** One cold visit of `url` in a new context with the session: the page's marks at each probe, in order. */
async function visit(browser: Browser, session: Awaited<ReturnType<BrowserContext["storageState"]>>, base: string, url: string, probes: readonly Probe[]): Promise<Marks> {
  const context = await browser.newContext({ baseURL: base, locale: e2eConfig.use?.locale, storageState: session });
  try {
    // tsx keeps function names by wrapping inner functions in __name(); the page has no such helper.
    await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
    await context.addInitScript(recordProbes, probes);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction((n) => ((window as Recorder).__tti?.ms.length ?? 0) >= n, probes.length, { timeout: 60_000 });
    return await page.evaluate(() => (window as Recorder).__tti as Marks);
  } finally {
    await context.close();
  }
}

/** Runs the benchmark, prints the table and writes results/assessment-tti.json. */
export async function benchAssessmentTti(): Promise<TtiResult> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    const placed = await buildAssessment(server.url);
    const student = await apiAs(server.url, "student1@demo.test");
    const courseQuery = `courseGuid=${placed.courseGuid}`;
    const mine = await student<MyAttempts>("GET", `/front/assessments/${placed.assessmentGuid}/my-attempts?${courseQuery}`);
    if (mine.assessment.questionCount !== QUESTIONS || !mine.canStart) throw new Error(`the student cannot start the ${QUESTIONS}-question assessment`);
    const submitOpenAttempts = async () => {
      const { attempts } = await student<MyAttempts>("GET", `/front/assessments/${placed.assessmentGuid}/my-attempts?${courseQuery}`);
      for (const a of attempts.filter((x) => x.status === "in_progress")) await student("POST", `/front/attempts/${a.guid}/submit`, {});
    };

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: e2eConfig.use?.launchOptions?.args ?? [] });
    const signInContext = await browser.newContext({ baseURL: server.url, locale: e2eConfig.use?.locale });
    await signIn(await signInContext.newPage(), "student1@demo.test", PASSWORD);
    const session = await signInContext.storageState();
    await signInContext.close();

    const assessmentUrl = `/course/${placed.courseGuid}/lesson/${placed.lessonGuid}/assessment/${placed.assessmentGuid}`;
    const home: Marks[] = [];
    const started: Marks[] = [];
    const resumed: Marks[] = [];
    for (let round = 0; round <= RUNS; round++) {
      const measured = round > 0; // round 0 warms the server and the browser
      const h = await visit(browser, session, server.url, "/home", [CLASS_CARD]);
      const s = await visit(browser, session, server.url, assessmentUrl, [START_BUTTON, FIRST_QUESTION]);
      const r = await visit(browser, session, server.url, assessmentUrl, [FIRST_QUESTION]);
      await submitOpenAttempts();
      if (measured) {
        home.push(h);
        started.push(s);
        resumed.push(r);
      }
    }

    const baselineMs = median(home.map((v) => v.ms[0] ?? 0));
    const row = (name: string, visits: readonly Marks[], probe: number): TtiRow => {
      const runsMs = visits.map((v) => v.ms[probe] ?? 0);
      return {
        name,
        medianMs: median(runsMs),
        minMs: Math.min(...runsMs),
        maxMs: Math.max(...runsMs),
        ratio: median(runsMs) / baselineMs,
        jsBytes: median(visits.map((v) => v.jsBytes[probe] ?? 0)),
        jsFiles: median(visits.map((v) => v.jsFiles[probe] ?? 0)),
        runsMs,
      };
    };
    const rows = [
      row("/home: class list (baseline)", home, 0),
      row("assessment: Start enabled", started, 0),
      row("assessment: started, Q1 enabled", started, 1),
      row("assessment: resumed, Q1 enabled", resumed, 0),
    ];
    const sizes = measureRoutes().routes;
    const gzipOf = (route: string) => sizes.find((r) => r.route === route)?.gzipBytes ?? 0;
    const result: TtiResult = {
      questions: QUESTIONS,
      types: placed.types,
      runs: RUNS,
      rows,
      initialJsGzip: { assessment: gzipOf("assessment"), home: gzipOf("home") },
    };

    const kib = (b: number) => (b / 1024).toFixed(1);
    console.log(
      `\nAssessment time to interactive in Chromium (${QUESTIONS} questions: ${new Set(placed.types).size} types, ${placed.left.join(", ") || "none"} left out; ` +
        `cold cache, median of ${RUNS} runs, ms from navigation start)`,
    );
    for (const r of rows) {
      console.log(
        `  ${r.name.padEnd(34)} ${r.medianMs.toFixed(0).padStart(6)} ms  (${r.minMs.toFixed(0)}-${r.maxMs.toFixed(0)})  x baseline ${r.ratio.toFixed(2)}  ` +
          `JS fetched ${kib(r.jsBytes).padStart(7)} KiB in ${r.jsFiles} files`,
      );
    }
    console.log(`  initial JS (gzip, build stats): assessment route ${kib(result.initialJsGzip.assessment)} KiB, home route ${kib(result.initialJsGzip.home)} KiB`);
    fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
    fs.writeFileSync(path.join(__dirname, "results/assessment-tti.json"), JSON.stringify(result, null, 2));
    return result;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (require.main === module) {
  benchAssessmentTti().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
