/**
 * npm run teams:validate [-- --env <env>]   validate appPackage/manifest.json for env/.env.<env>
 * npm run teams:package  [-- --env <env>]   validate, then write appPackage/build/appPackage.<env>.zip
 * The environment defaults to "local". Exits non-zero when the package is invalid.
 */
import path from "node:path";
import { ROOT, validateAppPackage, writeAppPackage } from "./teams-manifest";

function envArg(argv: string[]): string {
  const at = argv.findIndex((a) => a === "--env" || a.startsWith("--env="));
  if (at < 0) return "local";
  const arg = argv[at] ?? "";
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[at + 1];
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) throw new Error("--env needs a name such as local or dev");
  return value;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== "validate" && command !== "package") {
    console.error("usage: teams-cli.ts validate|package [--env <env>]");
    return 2;
  }
  const env = envArg(rest);
  const result = await validateAppPackage(env, process.env);
  if (result.faked.length > 0) {
    console.warn(`note: ${result.faked.join(", ")} empty in env/.env.${env}; validated with placeholder values (teamsapp provision fills them)`);
  }
  if (result.errors.length > 0) {
    console.error(`appPackage/manifest.json is invalid for env "${env}":`);
    for (const e of result.errors) console.error(`  - ${e}`);
    return 1;
  }
  console.log(`appPackage/manifest.json is valid for env "${env}" (schema, icons, tab URLs, SSO resource)`);
  if (command === "package") {
    const file = writeAppPackage(env, result.manifestJson);
    console.log(`wrote ${path.relative(ROOT, file)}`);
    if (result.faked.length > 0) console.warn("warning: this package holds placeholder ids; provision before uploading it to Teams");
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
