/**
 * The Teams app package, offline: reads env/.env.<env> (and its .user file), fills the ${{VARS}}
 * of appPackage/manifest.json, validates the result against the official JSON schema bundled in
 * @microsoft/app-manifest (no network), checks the icons from their PNG headers and a few rules the
 * schema cannot express, and zips manifest.json + icons as Teams Toolkit's zipAppPackage does.
 * Used by scripts/teams-cli.ts (npm run teams:validate | teams:package) and by the contract test.
 */
import fs from "node:fs";
import path from "node:path";
import AdmZip from "adm-zip";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";

export const ROOT = path.resolve(__dirname, "..");
const APP_PACKAGE = path.join(ROOT, "appPackage");
const ZERO_GUID = "00000000-0000-0000-0000-000000000000";

/**
 * Stand-ins for values that only exist after `teamsapp provision` (or before a domain is chosen),
 * obviously fake but schema-valid, so a fresh checkout validates offline. Packaging reports them.
 */
const FAKE_VALUES: Record<string, (vars: Record<string, string>) => string> = {
  TEAMS_APP_ID: () => ZERO_GUID,
  AAD_APP_CLIENT_ID: () => ZERO_GUID,
  TAB_DOMAIN: () => "teams-tab.example.invalid",
  TAB_ENDPOINT: (vars) => `https://${vars.TAB_DOMAIN || "teams-tab.example.invalid"}`,
  APP_NAME_SUFFIX: () => "",
};

export type EnvValues = { values: Record<string, string>; faked: string[] };

/** KEY=VALUE lines; # comments; optional quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    out[match[1]] = (match[2] ?? "").replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

/** env/.env.<env>, then env/.env.<env>.user, then the process environment (as the toolkit CLI does). */
export function loadEnv(env: string, processEnv: NodeJS.ProcessEnv = {}): EnvValues {
  const file = path.join(ROOT, "env", `.env.${env}`);
  if (!fs.existsSync(file)) throw new Error(`no environment file env/.env.${env}`);
  const values = parseEnvFile(fs.readFileSync(file, "utf8"));
  const user = `${file}.user`;
  if (fs.existsSync(user)) Object.assign(values, parseEnvFile(fs.readFileSync(user, "utf8")));
  for (const key of Object.keys(values)) {
    const fromProcess = processEnv[key];
    if (fromProcess) values[key] = fromProcess;
  }
  const faked: string[] = [];
  for (const [key, fake] of Object.entries(FAKE_VALUES)) {
    if (values[key]) continue;
    values[key] = fake(values);
    if (key !== "APP_NAME_SUFFIX") faked.push(key);
  }
  return { values, faked };
}

/** Replaces every ${{NAME}}; names with no value are reported, not left in place. */
export function substitute(template: string, values: Record<string, string>): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const text = template.replace(/\$\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) missing.add(name);
    return value ?? "";
  });
  return { text, missing: [...missing] };
}

export type PngInfo = { width: number; height: number; hasAlpha: boolean };

/** Width, height and whether it can be transparent, from the PNG signature, IHDR and any tRNS chunk. */
export function readPngInfo(buf: Buffer): PngInfo | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buf.length < 33 || !buf.subarray(0, 8).equals(signature) || buf.toString("latin1", 12, 16) !== "IHDR") return undefined;
  const colorType = buf.readUInt8(25);
  let hasAlpha = colorType === 4 || colorType === 6;
  for (let at = 8; !hasAlpha && at + 8 <= buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    if (type === "tRNS") hasAlpha = true;
    if (type === "IDAT" || type === "IEND") break; // tRNS must come before the image data
    at += 12 + length;
  }
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20), hasAlpha };
}

export function checkIcons(dir = APP_PACKAGE, icons = { color: "color.png", outline: "outline.png" }): string[] {
  const errors: string[] = [];
  const check = (file: string, size: number, needsAlpha: boolean) => {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) return void errors.push(`icon ${file} is missing`);
    const info = readPngInfo(fs.readFileSync(full));
    if (!info) return void errors.push(`icon ${file} is not a PNG`);
    if (info.width !== size || info.height !== size) errors.push(`icon ${file} is ${info.width}x${info.height}, must be ${size}x${size}`);
    if (needsAlpha && !info.hasAlpha) errors.push(`icon ${file} must have a transparent background`);
  };
  check(icons.color, 192, false);
  check(icons.outline, 32, true);
  return errors;
}

type ManifestShape = {
  $schema?: string;
  icons?: { color?: string; outline?: string };
  validDomains?: string[];
  staticTabs?: Array<{ entityId?: string; contentUrl?: string; websiteUrl?: string }>;
  configurableTabs?: Array<{ configurationUrl?: string }>;
  webApplicationInfo?: { id?: string; resource?: string };
};

/** Rules the schema cannot express: HTTPS tab URLs on a valid domain, and the SSO resource. */
export function checkRules(manifest: ManifestShape): string[] {
  const errors: string[] = [];
  const domains = manifest.validDomains ?? [];
  const urls = new Set(
    [
      ...(manifest.staticTabs ?? []).flatMap((t) => [t.contentUrl, t.websiteUrl]),
      ...(manifest.configurableTabs ?? []).map((t) => t.configurationUrl),
    ].filter((u): u is string => typeof u === "string"),
  );
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      errors.push(`${url} is not a URL`);
      continue;
    }
    if (parsed.protocol !== "https:") errors.push(`${url} must use https (Teams loads tabs over HTTPS only)`);
    if (!domains.includes(parsed.host)) errors.push(`${parsed.host} (from ${url}) is not in validDomains`);
  }
  const ids = (manifest.staticTabs ?? []).map((t) => t.entityId);
  if (new Set(ids).size !== ids.length) errors.push("staticTabs entityIds must be unique");
  const sso = manifest.webApplicationInfo;
  if (sso) {
    const expected = `api://${domains[0] ?? ""}/${sso.id ?? ""}`;
    if (sso.resource !== expected) errors.push(`webApplicationInfo.resource must be ${expected} (the Entra app's Application ID URI)`);
  }
  return errors;
}

/**
 * The official schema for a $schema URL, from the copy bundled in @microsoft/app-manifest; never
 * fetched, so validation runs offline.
 */
function bundledSchema(schemaUrl: string | undefined): object {
  const prefix = "https://developer.microsoft.com/json-schemas/teams/";
  if (!schemaUrl?.startsWith(prefix)) throw new Error(`$schema must be an official Teams schema URL (${prefix}v1.xx/...)`);
  const pkg = path.dirname(require.resolve("@microsoft/app-manifest/package.json"));
  const file = path.join(pkg, "build", "json-schemas", "teams", schemaUrl.slice(prefix.length));
  if (!fs.existsSync(file)) throw new Error(`schema ${schemaUrl} is not bundled in @microsoft/app-manifest`);
  // The published schemas carry \a and \v escapes that JSON.parse rejects (the library does the same).
  const parsed: object = JSON.parse(fs.readFileSync(file, "utf8").replace(/\\a/g, "\\u0007").replace(/\\v/g, "\\u000b"));
  return parsed;
}

/**
 * What `AppManifestUtils.validateAgainstSchema` of @microsoft/app-manifest 1.1.2 does for Teams
 * schemas (draft-04, allErrors, formats uri/email/regex, same messages). That module cannot be
 * loaded here: it requires fs-extra, which the package lists only as a devDependency.
 */
export function validateAgainstSchema(manifest: unknown, schemaUrl: string | undefined): string[] {
  const ajv = new AjvDraft04({ allErrors: true, strictTypes: false });
  addFormats(ajv, ["uri", "email", "regex"]);
  const validate = ajv.compile(bundledSchema(schemaUrl));
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}. Details: ${JSON.stringify(e.params)}`);
}

export type ValidationResult = { manifestJson: string; errors: string[]; faked: string[] };

/** Fills and validates appPackage/manifest.json for `env`. `errors` is empty when it is valid. */
export async function validateAppPackage(env: string, processEnv: NodeJS.ProcessEnv = {}): Promise<ValidationResult> {
  const { values, faked } = loadEnv(env, processEnv);
  const { text, missing } = substitute(fs.readFileSync(path.join(APP_PACKAGE, "manifest.json"), "utf8"), values);
  const errors = missing.map((name) => `\${{${name}}} has no value in env/.env.${env}`);
  let shape: ManifestShape;
  try {
    shape = JSON.parse(text);
  } catch (err) {
    return { manifestJson: text, errors: [...errors, `manifest.json is not JSON: ${String(err)}`], faked };
  }
  try {
    errors.push(...validateAgainstSchema(shape, shape.$schema));
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  }
  errors.push(...checkRules(shape), ...checkIcons(APP_PACKAGE, { color: shape.icons?.color ?? "color.png", outline: shape.icons?.outline ?? "outline.png" }));
  return { manifestJson: text, errors, faked };
}

/** appPackage/build/appPackage.<env>.zip with manifest.json and the two icons at its root. */
export function writeAppPackage(env: string, manifestJson: string, outDir = path.join(APP_PACKAGE, "build")): string {
  const shape: ManifestShape = JSON.parse(manifestJson);
  const zip = new AdmZip();
  zip.addFile("manifest.json", Buffer.from(manifestJson, "utf8"));
  for (const icon of [shape.icons?.color ?? "color.png", shape.icons?.outline ?? "outline.png"]) {
    zip.addFile(icon, fs.readFileSync(path.join(APP_PACKAGE, icon)));
  }
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `appPackage.${env}.zip`);
  zip.writeZip(file);
  return file;
}
