import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "src");
const LAYER_RULES = {
  contracts: { forbidden: ["client", "server"], why: "contracts is shared by client and server, so it imports neither (client -> contracts <- server)." },
  server: { forbidden: ["client"], why: "The server never imports client code; share types and rules through src/contracts (client -> contracts <- server)." },
  client: { forbidden: ["server"], why: "The client never imports server code (it would ship it to browsers); share through src/contracts (client -> contracts <- server)." },
};
const layerOf = (file) => path.relative(SRC, file).split(path.sep)[0];

/** Resolves each relative import and refuses the ones that cross a layer the wrong way. */
const layersPlugin = {
  rules: {
    "import-direction": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const from = layerOf(context.filename);
        const rule = LAYER_RULES[from];
        if (!rule) return {};
        const check = (node, source) => {
          if (typeof source !== "string" || !source.startsWith(".")) return;
          const to = layerOf(path.resolve(path.dirname(context.filename), source));
          if (rule.forbidden.includes(to)) context.report({ node, message: `src/${from} must not import src/${to}: ${rule.why}` });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};

const HOST_ONLY =
  "Only src/client/platform/ may import the Teams or MSAL SDKs: the rest of the app talks to the host adapter, so the standalone path never loads them.";
const STORAGE_GLOBALS = ["localStorage", "sessionStorage"];
const STORAGE_ONLY =
  "Use localStore/sessionStore from src/client/platform/storage.ts: the browser's storage throws where it is blocked (Teams tab, strict privacy) and the app must then keep going in memory.";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "coverage/**", "test-results/**", "playwright-report/**", "src/server/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: "module" } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.cjs", "jest.config.js", "webpack.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", __dirname: "readonly", process: "readonly", console: "readonly", Buffer: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Playwright reads fixture dependencies from the destructuring pattern, even an empty one.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["src/**"],
    plugins: { layers: layersPlugin },
    rules: { "layers/import-direction": "error" },
  },
  {
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["react", "react-dom", "@fluentui/*"], message: "The server never imports UI libraries." }] }],
    },
  },
  {
    files: ["src/client/**"],
    ignores: ["src/client/platform/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [{ group: ["@microsoft/teams-js", "@azure/msal-browser"], message: HOST_ONLY }] }],
    },
  },
  {
    // Reading window.localStorage throws where the browser blocks storage (a Teams tab with
    // third-party storage blocked): every use goes through the memory fallback (ADR 0021).
    files: ["src/client/**"],
    ignores: ["src/client/platform/storage.ts"],
    rules: {
      "no-restricted-globals": ["error", ...STORAGE_GLOBALS.map((name) => ({ name, message: STORAGE_ONLY }))],
      "no-restricted-properties": [
        "error",
        ...["window", "globalThis", "self"].flatMap((object) => STORAGE_GLOBALS.map((property) => ({ object, property, message: STORAGE_ONLY }))),
      ],
    },
  },
  {
    files: ["src/client/**"],
    ignores: ["src/client/i18n/format.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|ListFormat|NumberFormat|RelativeTimeFormat)$/]",
          message:
            "Format dates, numbers and lists with src/client/i18n/format.ts: it picks the edition's regional tag (pt-BR / pt-PT) and writes Basque where the browser has no Basque data.",
        },
      ],
    },
  },
);
