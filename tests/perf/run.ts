/**
 * `npm run bench`: bundle sizes per route, API throughput/p99 ratios, the assessment page's time to
 * interactive in Chromium, a gamification reward's arrival among 2,000 sockets and 500 students earning every award exactly once, the learner model against simulated students, teacher analytics on a class of 30, the local teacher tools on a 1,000-word text, the assistant's first token and retrieval, read-aloud of a 1,000-character message, then every key screen under Lighthouse's mobile and desktop profiles.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const here = __dirname;
const tsx = path.resolve(here, "../../node_modules/.bin/tsx");
execFileSync(tsx, [path.join(here, "bundle.ts"), "--check"], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "api.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "classes.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "lrs.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "answers.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "daily-work-api.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "notifications-fanout.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "gamification.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "learner-model.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "analytics.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "teacher-tools.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "readability-corpus.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "chatbot.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "read-aloud.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "assessment-tti.ts")], { stdio: "inherit" });
execFileSync(tsx, [path.join(here, "lighthouse.ts")], { stdio: "inherit" });
