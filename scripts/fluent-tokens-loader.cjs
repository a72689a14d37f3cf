// Webpack loader (ADR 0027): writes each `tokens.<name>` of Fluent's theme tokens as the string it
// stands for ("var(--<name>)"), in Fluent's own files and the app's. Fluent's styles are compiled
// ahead of time, but a few keep a stray read such as `tokens.strokeWidthThin` in an unused constant
// (Button), which kept the whole 467-entry token map (~9 KiB gzip) in the entry. With every read
// written out, nothing imports the map and webpack drops it. Same strings, so the same styles.
const { tokens } = require("@fluentui/react-theme");

/** `import { ..., tokens, ... } from "@fluentui/react-components" | "@fluentui/react-theme" | "@fluentui/tokens"`, not renamed. */
const IMPORTS_TOKENS = /import\s*\{[^}]*(?<![\w$])tokens(?![\w$])(?!\s+as\b)[^}]*\}\s*from\s*["']@fluentui\/(?:react-components|react-theme|tokens)["']/;
const IMPORT_STATEMENT = /import\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?/g;
/** Another binding or use of the name than a property read (a parameter, a destructured local, the map passed on): leave the file alone. */
const OTHER_USE = /(?<![\w$.])tokens(?![\w$])\s*(?:[=,)}\]:;]|=>)|(?:const|let|var|function|class)\s+tokens(?![\w$])/;
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<=^|\s)\/\/.*$/gm;
const READ = /(?<![\w$.])tokens\.([A-Za-z_$][\w$]*)/g;

module.exports = function fluentTokensLoader(source, map) {
  if (!source.includes("tokens.") || !IMPORTS_TOKENS.test(source)) return this.callback(null, source, map);
  if (OTHER_USE.test(source.replace(IMPORT_STATEMENT, "").replace(COMMENTS, ""))) return this.callback(null, source, map);
  const out = source.replace(READ, (read, name) => (Object.hasOwn(tokens, name) ? JSON.stringify(tokens[name]) : read));
  // Only columns move, never lines: the incoming source map stays line-accurate.
  return this.callback(null, out, map);
};
