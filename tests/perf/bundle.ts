/**
 * Initial JS per route (gzip): the entry's files plus the route's lazy chunk group, from the
 * webpack stats of the production build. Reports each route against the entry alone (the
 * baseline measured in the same run). `--check` fails when the login route exceeds its budget.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { allowedReason, findEvalUses } from "./no-eval";

const ROOT = path.resolve(__dirname, "../..");
const DIST = process.env.AULA_CLIENT_DIST ? path.resolve(process.env.AULA_CLIENT_DIST) : path.join(ROOT, "dist/client");
// 175 -> 176 KiB (issue 12): the entry now holds what must work before any chunk can (storage that
// falls back to memory when a Teams tab's storage is blocked, the "screen could not be loaded"
// fallback with Retry); the Teams session check moved to its own chunk. Issue 13 replaces this
// measure with the browser's own count of the login's JS (tests/perf/lighthouse.ts); 176 -> 174
// when the weight work of issue 13 landed (ADR 0027).
export const LOGIN_BUDGET_KIB = 174;

type ChunkGroup = { assets: Array<{ name: string } | string>; chunks: Array<string | number> };
type Stats = {
  entrypoints: Record<string, ChunkGroup>;
  namedChunkGroups: Record<string, ChunkGroup>;
  /** Chunk id -> the heavy libraries it holds (written by webpack.config.js). */
  heavyChunks: Record<string, string[]>;
};

/**
 * The heavy libraries and the routes whose first load may include them. pdf.js and scorm-again are
 * loaded by their viewers when a content needs them, MathLive by the cloze-math question and KaTeX
 * by a text that holds math, so no route's initial JS holds them. zod (ADR 0028) only where a form
 * shown with the screen is checked with a contract's schema before it is sent: the class page
 * (stream message, co-teacher), classroom resources (new content), the question editor and the
 * editorial question tester (question_data pasted as JSON). The lesson's forms (new content, lesson
 * items, new assessment) and the new-class and join-class dialogs load it in their own lazy chunks.
 */
export const HEAVY_ALLOWED: Record<string, readonly string[]> = {
  pdfjs: [],
  "scorm-again": [],
  qrcode: [],
  mathlive: [],
  katex: [],
  "socket.io": ["projection", "remote"],
  projection: ["projection", "remote", "tools"],
  zod: ["course-resources", "question-editor", "lemon-test"],
  // The analytics charts (ADR 0036): a chunk the analytics pages load after their tables, in no route's first load.
  "chart.js": [],
  // The assistant's diagram cards (ADR 0043): loaded with the first diagram an answer holds.
  mermaid: [],
};

const gzipSize = (file: string): number => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const jsAssets = (g: ChunkGroup): string[] =>
  g.assets.map((a) => (typeof a === "string" ? a : a.name)).filter((n) => n.endsWith(".js"));

export type RouteSize = { route: string; files: number; gzipBytes: number; ratioToEntry: number; heavy: string[] };

export function measureRoutes(): { entryBytes: number; routes: RouteSize[] } {
  const statsFile = path.join(DIST, "stats.json");
  if (!fs.existsSync(statsFile)) throw new Error("dist/client/stats.json missing: run `npm run build:client`");
  const stats = JSON.parse(fs.readFileSync(statsFile, "utf8")) as Stats;
  const entry = Object.values(stats.entrypoints).flatMap(jsAssets);
  const entryChunks = Object.values(stats.entrypoints).flatMap((g) => g.chunks);
  const heavyOf = (chunks: Array<string | number>) => [...new Set(chunks.flatMap((c) => stats.heavyChunks?.[String(c)] ?? []))].sort();
  const entryBytes = entry.reduce((sum, f) => sum + gzipSize(f), 0);
  const routes = Object.entries(stats.namedChunkGroups)
    .filter(([name]) => name.startsWith("route-"))
    .map(([name, group]) => {
      const files = [...new Set([...entry, ...jsAssets(group)])];
      const gzipBytes = files.reduce((sum, f) => sum + gzipSize(f), 0);
      const heavy = heavyOf([...entryChunks, ...group.chunks]);
      return { route: name.slice("route-".length), files: files.length, gzipBytes, ratioToEntry: gzipBytes / entryBytes, heavy };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return { entryBytes, routes };
}

function main(): void {
  const { entryBytes, routes } = measureRoutes();
  const kib = (b: number) => (b / 1024).toFixed(1);
  console.log(`entry (baseline): ${kib(entryBytes)} KiB gzip`);
  console.log("route".padEnd(24), "files", "KiB gzip", "x entry", " heavy libraries in its first load");
  for (const r of routes) {
    console.log(r.route.padEnd(24), String(r.files).padStart(5), kib(r.gzipBytes).padStart(8), r.ratioToEntry.toFixed(2).padStart(7), "", r.heavy.join(", ") || "-");
  }
  fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(__dirname, "results/bundle.json"), JSON.stringify({ entryBytes, routes }, null, 2));
  if (process.argv.includes("--check")) {
    const misplaced = routes.flatMap((r) => r.heavy.filter((lib) => !(HEAVY_ALLOWED[lib] ?? []).includes(r.route)).map((lib) => `${lib} on route ${r.route}`));
    if (misplaced.length > 0) {
      console.error(`heavy code in a route's first load: ${misplaced.join("; ")}`);
      process.exit(1);
    }
    console.log(`heavy libraries only on their routes (${Object.keys(HEAVY_ALLOWED).join(", ")})`);
    // No code built from strings anywhere in the build: the CSP has no 'unsafe-eval' (ADR 0028).
    const evalUses = findEvalUses(DIST);
    const refused = evalUses.filter((u) => !allowedReason(u));
    if (refused.length > 0) {
      console.error(`code built from strings (eval, Function, string timers) in the build:\n${refused.map((u) => `  ${u.file}:${u.line}:${u.column} from ${u.source}: ${u.code}`).join("\n")}`);
      process.exit(1);
    }
    const guarded = [...new Map(evalUses.map((u) => [u.source, allowedReason(u)])).entries()];
    console.log(`no eval in the build; ${evalUses.length} guarded use(s) of Function, never run in a browser:`);
    for (const [source, why] of guarded) console.log(`  ${source}: ${why}`);
    const login = routes.find((r) => r.route === "login");
    if (!login) {
      console.error("no route-login chunk group in the build");
      process.exit(1);
    }
    if (login.gzipBytes > LOGIN_BUDGET_KIB * 1024) {
      console.error(`login route initial JS ${kib(login.gzipBytes)} KiB gzip exceeds the ${LOGIN_BUDGET_KIB} KiB budget`);
      process.exit(1);
    }
    console.log(`login route ${kib(login.gzipBytes)} KiB <= ${LOGIN_BUDGET_KIB} KiB budget`);
  }
}

if (require.main === module) main();
