import path from "node:path";
import { unzipSync } from "fflate";
import { UPLOAD_LIMITS, type ContentTypeCode, type PackageKind } from "../../../contracts/lessons";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { attr, childrenNamed, descendants, firstDescendant, parseXml, textOf, type XmlElement } from "./xml";

/*
 * Uploaded packages (HTML interactive CTTY_08, SCORM CTTY_15, xAPI CTTY_17): a zip checked entry
 * by entry, unpacked under contents/<id>/package/, with its kind and launch page found in its
 * manifest. Zip downloads (CTTY_12) are not unpacked; only their entry list is read.
 */

export const PACKAGE_LIMITS = {
  /** Declared size of everything unpacked: a zip bomb is refused before anything is inflated. */
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /** Entries inflated together: keeps memory bounded whatever the package's size. */
  batchBytes: 64 * 1024 * 1024,
  /** Entries listed beside a zip download (the contract's maximum). */
  listedEntries: 2000,
};

export type PackageInfo = { packageKind: PackageKind; launchPath: string; activityId?: string; title?: string };
export type ZipEntry = { path: string; sizeBytes: number };
export type PlannedFile = { name: string; path: string; sizeBytes: number };

export const packageInvalid = (reason: string) => new AppError(400, "PACKAGE_INVALID", `The package is not valid: ${reason}`, { reason });

/** The files a zip holds, read from its central directory only (nothing is inflated). */
function readDirectory(zip: Uint8Array): Array<{ name: string; originalSize: number }> {
  const found: Array<{ name: string; originalSize: number }> = [];
  try {
    unzipSync(zip, {
      filter: (file) => {
        found.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    throw packageInvalid("the zip file cannot be read");
  }
  return found;
}

/**
 * An entry's path inside the package, or null for folders and system clutter. Absolute paths,
 * drive letters and ".." are refused: nothing may be written outside the package's folder.
 */
export function entryPath(name: string): string | null {
  if (name.endsWith("/") || name.endsWith("\\")) return null;
  const unified = name.replace(/\\/g, "/");
  if (unified.startsWith("/") || /^[A-Za-z]:/.test(unified) || unified.includes("\0")) {
    throw packageInvalid(`the entry "${name}" has an absolute path`);
  }
  const segments = unified.split("/");
  if (segments.includes("..")) throw packageInvalid(`the entry "${name}" points outside the package`);
  const clean = segments.filter((s) => s !== "" && s !== ".");
  if (clean.length === 0 || clean[0] === "__MACOSX" || clean[clean.length - 1] === ".DS_Store") return null;
  return clean.join("/");
}

/** Every file of the zip, checked: safe paths, not too many, not too large once unpacked. */
function planFiles(zip: Uint8Array): PlannedFile[] {
  const directory = readDirectory(zip);
  if (directory.length > UPLOAD_LIMITS.packageEntries) {
    throw packageInvalid(`it has more than ${UPLOAD_LIMITS.packageEntries} files`);
  }
  const files: PlannedFile[] = [];
  let total = 0;
  for (const entry of directory) {
    const p = entryPath(entry.name);
    if (p === null) continue;
    total += entry.originalSize;
    if (total > PACKAGE_LIMITS.maxUncompressedBytes) throw packageInvalid("its files are too large once unpacked");
    files.push({ name: entry.name, path: p, sizeBytes: entry.originalSize });
  }
  if (files.length === 0) throw packageInvalid("the package is empty");
  return files;
}

/** The zip download's entry list (CTTY_12), at most PACKAGE_LIMITS.listedEntries of them. */
export function listZipEntries(zip: Uint8Array): ZipEntry[] {
  return planFiles(zip)
    .slice(0, PACKAGE_LIMITS.listedEntries)
    .map((f) => ({ path: f.path, sizeBytes: f.sizeBytes }));
}

/** The folder a package's files live in: the root, or its single top folder ("course/") when everything is inside one. */
function packageRoot(paths: readonly string[]): string {
  const atRoot = new Set(paths.filter((p) => !p.includes("/")).map((p) => p.toLowerCase()));
  if (atRoot.has("imsmanifest.xml") || atRoot.has("tincan.xml") || atRoot.has("index.html")) return "";
  const tops = new Set(paths.map((p) => (p.includes("/") ? p.slice(0, p.indexOf("/")) : "")));
  const [only] = [...tops];
  return tops.size === 1 && only ? `${only}/` : "";
}

const findFile = (files: readonly PlannedFile[], wanted: string): PlannedFile | undefined =>
  files.find((f) => f.path.toLowerCase() === wanted.toLowerCase());

function readText(zip: Uint8Array, file: PlannedFile): string {
  try {
    const out = unzipSync(zip, { filter: (f) => f.name === file.name });
    return Buffer.from(out[file.name] ?? new Uint8Array()).toString("utf8");
  } catch {
    throw packageInvalid(`${file.path} cannot be read`);
  }
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * A launch address from a manifest (relative to `base`), as a path inside the package that exists,
 * with its query kept ("index.html?lang=es"). Absolute addresses and paths leaving the package are refused.
 */
function resolveLaunch(base: string, href: string, files: readonly PlannedFile[], manifestName: string): string {
  const trimmed = href.trim();
  if (!trimmed) throw packageInvalid(`${manifestName} names no launch page`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("/")) {
    throw packageInvalid(`the launch page in ${manifestName} is outside the package`);
  }
  const cut = trimmed.search(/[?#]/);
  const pathPart = cut >= 0 ? trimmed.slice(0, cut) : trimmed;
  const query = cut >= 0 ? trimmed.slice(cut) : "";
  const joined = path.posix.normalize(`${base}${safeDecode(pathPart).replace(/\\/g, "/")}`);
  if (joined.startsWith("../") || joined === "..") throw packageInvalid(`the launch page in ${manifestName} is outside the package`);
  const file = findFile(files, joined);
  if (!file) throw packageInvalid(`the launch page "${joined}" is not in the package`);
  return `${file.path}${query}`;
}

/** Joins xml:base values and an href the way a SCORM manifest layers them. */
function withBases(bases: ReadonlyArray<string | undefined>, href: string): string {
  let out = "";
  for (const base of bases) {
    if (!base) continue;
    out = base.startsWith("/") ? base : `${out}${base}`;
    if (!out.endsWith("/")) out += "/";
  }
  return `${out}${href}`;
}

/** SCORM item parameters are appended to the resource's href ("?a=1", "#p", or "a=1"). */
function withParameters(href: string, parameters: string | undefined): string {
  const p = parameters?.trim();
  if (!p) return href;
  if (p.startsWith("#")) return `${href}${p}`;
  const query = p.replace(/^[?&]/, "");
  return `${href}${href.includes("?") ? "&" : "?"}${query}`;
}

export function scormVersion(manifest: XmlElement): "scorm12" | "scorm2004" {
  const version = textOf(firstDescendant(manifest, "schemaversion"));
  if (/2004|cam\s*1\.3/i.test(version)) return "scorm2004";
  if (/1\.2/.test(version)) return "scorm12";
  // No schemaversion: the namespaces tell (adlcp_v1p3 is 2004, adlcp_rootv1p2 is 1.2).
  const namespaces = [...manifest.attrs.values()].join(" ");
  if (/adlcp_v1p3|adlseq|imsss/i.test(namespaces)) return "scorm2004";
  return "scorm12";
}

function scormPackage(manifestText: string, root: string, files: readonly PlannedFile[]): PackageInfo {
  const doc = parseXml(manifestText);
  const manifest = firstDescendant(doc, "manifest");
  if (!manifest) throw packageInvalid("imsmanifest.xml has no manifest element");
  const packageKind = scormVersion(manifest);

  const organizations = firstDescendant(manifest, "organizations");
  const orgs = organizations ? childrenNamed(organizations, "organization") : [];
  const defaultId = organizations ? attr(organizations, "default") : undefined;
  const org = orgs.find((o) => attr(o, "identifier") === defaultId) ?? orgs[0];

  const resourcesElement = firstDescendant(manifest, "resources");
  const resources = resourcesElement ? childrenNamed(resourcesElement, "resource") : [];
  const byId = new Map(resources.map((r) => [attr(r, "identifier") ?? "", r]));
  const isSco = (r: XmlElement) => (attr(r, "scormtype") ?? "").toLowerCase() === "sco";
  const hasHref = (r: XmlElement | undefined): r is XmlElement => Boolean(r && attr(r, "href"));

  // The default organization's first item that launches a SCO; then any launchable item; then any SCO resource.
  const items = org ? descendants(org, "item").filter((i) => attr(i, "identifierref")) : [];
  const linked = items.map((item) => ({ item, resource: byId.get(attr(item, "identifierref") ?? "") }));
  const choice =
    linked.find((l) => hasHref(l.resource) && isSco(l.resource)) ??
    linked.find((l) => hasHref(l.resource)) ??
    (() => {
      const resource = resources.find((r) => hasHref(r) && isSco(r)) ?? resources.find(hasHref);
      return resource ? { item: undefined, resource } : undefined;
    })();
  if (!choice?.resource) throw packageInvalid("imsmanifest.xml names no launch page");

  const href = withBases(
    [attr(manifest, "xml:base"), resourcesElement ? attr(resourcesElement, "xml:base") : undefined, attr(choice.resource, "xml:base")],
    withParameters(attr(choice.resource, "href") ?? "", choice.item ? attr(choice.item, "parameters") : undefined),
  );
  const launchPath = resolveLaunch(root, href, files, "imsmanifest.xml");
  const orgTitle = org ? textOf(childrenNamed(org, "title")[0]) : "";
  const title = (orgTitle || textOf(childrenNamed(manifest, "title")[0])).slice(0, 200);
  return { packageKind, launchPath, ...(title ? { title } : {}) };
}

function xapiPackage(tincanText: string, root: string, files: readonly PlannedFile[]): PackageInfo {
  const doc = parseXml(tincanText);
  const activities = descendants(doc, "activity").filter((a) => textOf(childrenNamed(a, "launch")[0]));
  const activity = activities.find((a) => /\/course$/i.test(attr(a, "type") ?? "")) ?? activities[0];
  if (!activity) throw packageInvalid("tincan.xml names no launch page");
  const activityId = (attr(activity, "id") ?? "").trim();
  if (!activityId || !/^[a-z][a-z0-9+.-]*:/i.test(activityId) || activityId.length > 2000) {
    throw packageInvalid("tincan.xml has no valid activity id");
  }
  const launchPath = resolveLaunch(root, textOf(childrenNamed(activity, "launch")[0]), files, "tincan.xml");
  const title = textOf(childrenNamed(activity, "name")[0]).slice(0, 200);
  return { packageKind: "xapi", launchPath, activityId, ...(title ? { title } : {}) };
}

const REQUIRED_FILE: Partial<Record<ContentTypeCode, string>> = {
  CTTY_08: "index.html",
  CTTY_15: "imsmanifest.xml",
  CTTY_17: "tincan.xml",
};

/**
 * What a package is and where it starts, without writing anything. With a content type, the
 * package must be of that type (a SCORM content needs imsmanifest.xml, an xAPI one tincan.xml, an
 * HTML interactive index.html); without one, the kind is detected in that order.
 */
export function inspectPackage(zip: Uint8Array, type?: ContentTypeCode): PackageInfo & { files: PlannedFile[] } {
  const files = planFiles(zip);
  const root = packageRoot(files.map((f) => f.path));
  const manifest = findFile(files, `${root}imsmanifest.xml`);
  const tincan = findFile(files, `${root}tincan.xml`);
  const index = findFile(files, `${root}index.html`);

  const required = type ? REQUIRED_FILE[type] : undefined;
  const present: Record<string, PlannedFile | undefined> = { "imsmanifest.xml": manifest, "tincan.xml": tincan, "index.html": index };
  if (required && !present[required]) throw packageInvalid(`${required} is missing`);

  const kind = required ?? (manifest ? "imsmanifest.xml" : tincan ? "tincan.xml" : index ? "index.html" : undefined);
  if (kind === "imsmanifest.xml" && manifest) return { ...scormPackage(readText(zip, manifest), root, files), files };
  if (kind === "tincan.xml" && tincan) return { ...xapiPackage(readText(zip, tincan), root, files), files };
  if (kind === "index.html" && index) return { packageKind: "html", launchPath: index.path, files };
  throw packageInvalid("imsmanifest.xml, tincan.xml or index.html is missing");
}

export const packagePrefix = (contentId: string): string => `contents/${contentId}/package`;

/**
 * Writes a checked package's files under contents/<id>/package/ (replacing what was there),
 * inflating a bounded batch of entries at a time.
 */
export async function writePackageFiles(storage: Storage, contentId: string, zip: Uint8Array, files: readonly PlannedFile[]): Promise<void> {
  const prefix = packagePrefix(contentId);
  await storage.removePrefix(prefix);
  let batch: PlannedFile[] = [];
  let batchBytes = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const wanted = new Map(batch.map((f) => [f.name, f]));
    let inflated: Record<string, Uint8Array>;
    try {
      inflated = unzipSync(zip, { filter: (f) => wanted.has(f.name) });
    } catch {
      throw packageInvalid("the zip file cannot be read");
    }
    for (const [name, file] of wanted) {
      const data = inflated[name];
      if (data) await storage.put(`${prefix}/${file.path}`, data);
    }
    batch = [];
    batchBytes = 0;
  };
  for (const file of files) {
    if (batchBytes + file.sizeBytes > PACKAGE_LIMITS.batchBytes) await flush();
    batch.push(file);
    batchBytes += file.sizeBytes;
  }
  await flush();
}

/** Checks and unpacks a package into contents/<id>/package/. Returns its kind and launch page (relative to package/). */
export async function unpackPackage(storage: Storage, contentId: string, zip: Uint8Array, type?: ContentTypeCode): Promise<PackageInfo> {
  const { files, ...info } = inspectPackage(zip, type);
  await writePackageFiles(storage, contentId, zip, files);
  return info;
}
