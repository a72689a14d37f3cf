import type { ContentData, ContentDetail, ContentTypeCode, ContentView, ViewerKind } from "../../../contracts/lessons";
import { CONTENT_TYPE_RULES } from "../../../contracts/lessons";
import type { FileSigner } from "../../platform/storage";
import type { ContentRecord } from "./access";
import { contentReady, presentContentSummary } from "./content-presenter";

/** Which viewer shows each type (spec §2 viewers). Packages take their viewer from their kind once unpacked. */
const VIEWER_BY_TYPE: Record<ContentTypeCode, ViewerKind> = {
  CTTY_01: "pdf",
  CTTY_02: "text",
  CTTY_03: "video",
  CTTY_04: "audio",
  CTTY_05: "pdf",
  CTTY_06: "link",
  CTTY_07: "image",
  CTTY_08: "html",
  CTTY_09: "text",
  CTTY_10: "unsupported",
  CTTY_11: "download",
  CTTY_12: "download",
  CTTY_13: "html",
  CTTY_14: "embed",
  CTTY_15: "scorm",
  CTTY_16: "unsupported",
  CTTY_17: "xapi",
  CTTY_18: "unsupported",
  CTTY_19: "unsupported",
  CTTY_20: "video",
};

export const contentPrefix = (contentId: string): string => `contents/${contentId}/`;

/** A signed address for a key under the content's folder; the query of a launch path is kept ("index.html?x=1"). */
function signedUrl(files: FileSigner, row: ContentRecord, relative: string): string {
  const cut = relative.search(/[?#]/);
  const filePath = cut >= 0 ? relative.slice(0, cut) : relative;
  return `${files.url(row.id, filePath)}${cut >= 0 ? relative.slice(cut) : ""}`;
}

/** The path of a storage key relative to the content's folder ("contents/<id>/captions.vtt" -> "captions.vtt"). */
const relativeKey = (row: ContentRecord, key: string): string | null =>
  key.startsWith(contentPrefix(row.id)) ? key.slice(contentPrefix(row.id).length) : null;

/**
 * What a viewer needs. Addresses are only given for a content that is ready (its file, package,
 * address or text is there); a viewer with no address says "Content not available".
 */
export function buildContentView(files: FileSigner, row: ContentRecord): ContentView {
  const type = row.type as ContentTypeCode;
  const rule = CONTENT_TYPE_RULES[type];
  const data = row.data as ContentData;
  const ready = contentReady(row);
  const viewer: ViewerKind = VIEWER_BY_TYPE[type] ?? "unsupported";

  const hasFile = ready && rule?.source === "file" && row.fileName !== null;
  const fileUrl = hasFile && row.fileName ? signedUrl(files, row, row.fileName) : null;
  let launchUrl: string | null = null;
  if (ready && rule?.source === "package" && data.launchPath) launchUrl = signedUrl(files, row, `package/${data.launchPath}`);
  if (viewer === "html" && rule?.source === "file") launchUrl = fileUrl;

  const media = viewer === "video" || viewer === "audio";
  const captionsPath = media && ready && data.captionsKey ? relativeKey(row, data.captionsKey) : null;
  const usesUrl = rule?.source === "url";
  const usesBody = rule?.source === "text";

  return {
    viewer,
    fileUrl,
    launchUrl,
    captionsUrl: captionsPath ? signedUrl(files, row, captionsPath) : null,
    captionsLanguage: captionsPath ? (data.captionsLanguage ?? null) : null,
    url: usesUrl ? row.url : null,
    body: usesBody ? (data.body ?? null) : null,
    alt: viewer === "image" ? (data.alt ?? null) : null,
    packageKind: rule?.source === "package" && ready ? (data.packageKind ?? null) : null,
    entries: type === "CTTY_12" && ready ? (data.entries ?? []) : [],
  };
}

/** The content data that leaves the server: storage keys stay inside. */
function publicData(data: ContentData): ContentData {
  const { captionsKey: _captionsKey, ...rest } = data;
  return rest;
}

export function presentContentDetail(files: FileSigner, row: ContentRecord, callerId: string): ContentDetail {
  return {
    ...presentContentSummary(row, callerId),
    url: row.url,
    data: publicData(row.data as ContentData),
    view: buildContentView(files, row),
  };
}
