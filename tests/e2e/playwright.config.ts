import { defineConfig } from "@playwright/test";

/**
 * E2E: Debian's Chromium (Playwright's own browser download is not reachable here) against the
 * real production build served by the real server on a free port with a fresh data folder.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.e2e\.ts$/,
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  // Files run on two workers against the one server (the tests of a file stay in order): on a
  // two-core runner one worker left a core idle while the browser waited on the server, and two
  // cut the stage from 8.7 to 5.8 min. Files use their own accounts, classes or lessons, or only
  // read what others change; the waits below allow for the two sharing the cores.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : [["list"]],
  use: {
    browserName: "chromium",
    locale: "es-ES",
    // Fluent's motion honours reduced motion: axe then reads a toast's final colours, not a frame
    // of its fade-in (a colour-contrast flake on a toast title).
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  outputDir: "../../test-results",
});
