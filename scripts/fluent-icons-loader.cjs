// Webpack loader (ADR 0027): rewrites `import { XRegular, ... } from "@fluentui/react-icons"` into
// imports of each icon's own module (`@fluentui/react-icons/svg/<icon>`, the package's documented
// atomic entry points), in the app's files and Fluent's. Through the package root an icon comes
// from one of 120 "chunk" modules of ~100 icons each; tree shaking keeps in such a module every icon
// that any screen uses from it, and every chunk of the build that holds the module holds all of
// them. Per-icon modules hold only that icon's used variants, so a copy costs only what it shows.
// Anything that is not an icon (types, helpers) still comes from the package root.
const fs = require("node:fs");
const path = require("node:path");

let index;
/** Export name -> atomic module request, read once from the installed package. */
function iconIndex() {
  if (index) return index;
  index = new Map();
  const dir = path.join(path.dirname(require.resolve("@fluentui/react-icons/package.json")), "lib/atoms/svg");
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith(".js")) continue;
    const request = `@fluentui/react-icons/svg/${file.slice(0, -3)}`;
    for (const [, name] of fs.readFileSync(path.join(dir, file), "utf8").matchAll(/^export const (\w+)/gm)) index.set(name, request);
  }
  return index;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])@fluentui\/react-icons\2;?/g;

module.exports = function fluentIconsLoader(source, map) {
  if (!source.includes("@fluentui/react-icons")) return this.callback(null, source, map);
  const icons = iconIndex();
  const out = source.replace(IMPORT, (statement, specifiers) => {
    const byModule = new Map();
    const rest = [];
    for (const raw of specifiers.split(",")) {
      const spec = raw.trim();
      if (!spec) continue;
      const name = /^(?:type\s+)?(\w+)/.exec(spec)?.[1];
      const request = !spec.startsWith("type ") && name ? icons.get(name) : undefined;
      if (request) byModule.set(request, [...(byModule.get(request) ?? []), spec]);
      else rest.push(spec);
    }
    const parts = [...byModule].map(([request, specs]) => `import { ${specs.join(", ")} } from "${request}";`);
    if (rest.length > 0) parts.push(`import { ${rest.join(", ")} } from "@fluentui/react-icons";`);
    // As many lines as the statement had: later lines keep their numbers, so source maps stay line-accurate.
    return parts.join(" ") + "\n".repeat(statement.split("\n").length - 1);
  });
  return this.callback(null, out, map);
};
