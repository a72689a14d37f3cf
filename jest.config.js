// Three projects: server (integration over app.inject on a fresh database per file, copied from
// templates built once per run), client
// (React Testing Library in jsdom) and contracts (pure rules).
const swc = ["@swc/jest", { jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react: { runtime: "automatic" } }, target: "es2022" }, module: { type: "commonjs" } }];
const fs = require("node:fs");
const path = require("node:path");

/**
 * ESM-only packages (no "require" export) that jest's CommonJS runtime must compile first.
 * Found by scanning node_modules so a dependency update cannot silently break the suites.
 */
function esmOnlyPackages() {
  const root = path.join(__dirname, "node_modules");
  const names = [];
  for (const entry of fs.readdirSync(root)) {
    const dirs = entry.startsWith("@") ? fs.readdirSync(path.join(root, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of dirs) {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(root, name, "package.json"), "utf8"));
        if (pkg.type === "module" && !JSON.stringify(pkg.exports ?? {}).includes('"require"')) names.push(name);
      } catch {
        // not a package folder
      }
    }
  }
  return names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
}
const esmOnly = esmOnlyPackages().join("|");
const common = {
  transform: { "^.+\\.(t|j|mj)sx?$": swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
};

/** @type {import('jest').Config} */
module.exports = {
  // A ceiling, not a cost: server files start the real app on a real database, slow on a busy
  // 2-core machine.
  testTimeout: 120_000,
  projects: [
    { ...common, displayName: "contracts", testEnvironment: "node", testMatch: ["<rootDir>/tests/contracts/**/*.test.ts"] },
    {
      ...common,
      displayName: "server",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/server/**/*.test.ts"],
      setupFiles: ["<rootDir>/tests/support/server-env.ts"],
      // One migrated and one seeded database per run, copied by every file (tests/support/db.ts).
      globalSetup: "<rootDir>/tests/support/db-templates.ts",
      globalTeardown: "<rootDir>/tests/support/db-templates-teardown.ts",
    },
    {
      ...common,
      displayName: "client",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/tests/client/**/*.test.{ts,tsx}"],
      setupFiles: ["<rootDir>/tests/support/client-polyfills.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/support/client-setup.ts"],
      moduleNameMapper: { "\\.(css|svg|png|pdf)$": "<rootDir>/tests/support/file-stub.cjs" },
    },
  ],
};
