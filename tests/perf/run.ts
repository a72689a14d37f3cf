/** `npm run bench`: bundle sizes per route, then API throughput/p99 ratios. */
import { execFileSync } from "node:child_process";
import path from "node:path";

const here = __dirname;
const tsx = path.resolve(here, "../../node_modules/.bin/tsx");
execFileSync(tsx, [path.join(here, "bundle.ts"), "--check"], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "api.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "classes.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "lrs.ts")], { stdio: "inherit" });
