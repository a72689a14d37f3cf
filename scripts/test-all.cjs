#!/usr/bin/env node
// The one test command (`npm test`): static checks, unit/integration suites (the server suite on
// PGlite, or on PostgreSQL with a PGlite subset when TEST_DATABASE_URL is set), the production build, the
// Chromium e2e suite, the bundle budget and the login's JS budget measured by Lighthouse. Ends with
// `tests: N passed, N failed`.
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.join(__dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aula-tests-"));
let passed = 0;
let failed = 0;
const failures = [];

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

/** A step that is one check: counts as one test. */
function check(label, cmd, args, env) {
  if (run(label, cmd, args, env)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/**
 * Checks that are one test each, run at the same time (each is single-threaded, and the runners
 * have two cores); their output is printed whole, one after the other, as each ends.
 */
async function checksTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = "";
          child.stdout.on("data", (d) => (output += d));
          child.stderr.on("data", (d) => (output += d));
          child.on("close", (status) => {
            console.log(`\n=== ${label}\n${output}=== ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
            resolve([label, status === 0]);
          });
        }),
    ),
  );
  for (const [label, ok] of results) {
    if (ok) passed += 1;
    else {
      failed += 1;
      failures.push(label);
    }
  }
}

/** A suite whose runner writes a JSON report: counts its tests. */
function suite(label, cmd, args, reportFile, count, env) {
  const ok = run(label, cmd, args, env);
  let counted = false;
  if (fs.existsSync(reportFile)) {
    const { p, f } = count(JSON.parse(fs.readFileSync(reportFile, "utf8")));
    passed += p;
    failed += f;
    counted = p + f > 0;
    if (f > 0) failures.push(`${label} (${f} failed)`);
  }
  if (!ok && (!counted || failures.at(-1)?.startsWith(label) !== true)) {
    failed += 1;
    failures.push(`${label} (runner failed)`);
  }
}

const jestCount = (r) => ({ p: r.numPassedTests, f: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) });
function playwrightCount(r) {
  const s = r.stats ?? {};
  return { p: (s.expected ?? 0) + (s.flaky ?? 0), f: (s.unexpected ?? 0) };
}
// Jest's default on a 2-core machine is one worker, in band: two workers use both cores (each test
// file has its own database, so files do not share state).
const jestWorkers = `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`;
const jest = [process.execPath, ["--experimental-vm-modules", "--no-warnings=ExperimentalWarning", "node_modules/jest/bin/jest.js", jestWorkers]];
const only = process.argv.slice(2);

/**
 * The server files run again on PGlite when the suite runs on PostgreSQL (ADR 0040): boot and
 * health (the driver reported), the scheduled jobs, and every module whose queries lean on raw SQL
 * aggregates, numeric and date types or JSON, where the two drivers' parsing could differ. The
 * whole stack also runs on PGlite in the e2e suite, and the test templates are seeded on it.
 */
const PGLITE_SUITE = [
  "app",
  "platform",
  "jobs",
  "analytics",
  "practice",
  "learning-model",
  "kc-fitting",
  "unit-recommendations",
  "tasks",
  "task-tallies",
  "calendar",
  "notifications",
  "kanban",
  "assessments",
  "results",
  "lrs-statements",
  "licences",
  "course-members",
  "teacher-tools",
  // The ledger's advisory lock and keys on the embedded database too (issue 18).
  "gamification",
  // Search by meaning with pgvector on PGlite; by words alone on a PostgreSQL without it (ADR 0045).
  "chatbot-vectors",
  // The retrieval plans (scope first, rank first, the full search) on both drivers.
  "chatbot-retrieval",
];
for (const name of PGLITE_SUITE) {
  if (!fs.existsSync(path.join(root, "tests/server", `${name}.test.ts`))) throw new Error(`PGLITE_SUITE names tests/server/${name}.test.ts, which does not exist`);
}
const want = (step) => only.length === 0 || only.includes(step);

async function main() {
  if (want("static")) {
    await checksTogether([
      ["typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
      ["lint", "npx", ["eslint", "."]],
    ]);
  }
  if (want("unit")) {
    const report = path.join(tmp, "jest.json");
    if (!process.env.TEST_DATABASE_URL) {
      suite("jest (PGlite)", jest[0], [...jest[1], "--ci", "--json", `--outputFile=${report}`], report, jestCount);
    } else {
      // Every project in one run, the server suite on PostgreSQL (the deployments' database), so
      // both workers stay busy to the end; then the server files that exercise what differs on
      // PGlite (the default's driver) again on PGlite (ADR 0040).
      suite("jest (server suite on PostgreSQL, client, contracts)", jest[0], [...jest[1], "--ci", "--json", `--outputFile=${report}`], report, jestCount);
      const pgliteReport = path.join(tmp, "jest-pglite.json");
      const files = PGLITE_SUITE.map((name) => `tests/server/${name}\\.test\\.ts$`);
      suite(
        "jest server subset (PGlite)",
        jest[0],
        [...jest[1], "--ci", "--selectProjects", "server", "--json", `--outputFile=${pgliteReport}`, ...files],
        pgliteReport,
        jestCount,
        { TEST_DATABASE_URL: "" },
      );
    }
  }
  if (want("e2e") || want("bench")) check("build", "npm", ["run", "-s", "build"]);
  if (want("e2e")) {
    const report = path.join(tmp, "e2e.json");
    suite("e2e (Chromium)", "npx", ["playwright", "test", "-c", "tests/e2e/playwright.config.ts"], report, playwrightCount, { E2E_JSON: report });
  }
  if (want("bench")) check("bundle budget", "npx", ["tsx", "tests/perf/bundle.ts", "--check"]);
  // The login's JS as Chromium fetches it before the page is usable, one Lighthouse pass (ADR 0025).
  if (want("bench")) check("login JS budget (Lighthouse)", "npx", ["tsx", "tests/perf/lighthouse.ts", "--check-login"]);

  fs.rmSync(tmp, { recursive: true, force: true });
  if (failures.length > 0) console.log(`\nFailed: ${failures.join("; ")}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
