/**
 * Deep links: a Teams sub-page id (subEntityId) names a screen of the app; these pure functions
 * translate between the two, so a shared link opens the same screen in Teams and standalone.
 *
 *   lesson:<courseGuid>:<lessonGuid>                      -> /course/<c>/lesson/<l>
 *   assessment:<courseGuid>:<lessonGuid>:<assessmentGuid> -> /course/<c>/lesson/<l>/assessment/<a>
 *   task:<jobGuid>                                        -> /tasks?job=<jobGuid> (the task open in its dialog)
 *   task (or tasks)                                       -> /tasks
 *   anything else                                         -> /home (or a safe loginContext path)
 *
 * The job's address is the one notifications and kanban cards link to (server notifications
 * presenter `linkOf`, `/tasks?job=<guid>`), so a shared task and a notification open the same dialog.
 */
export const DEEP_LINK_FALLBACK = "/home";

/** Ids inside a sub-page id: guids or slugs, never anything that could break out of a path segment. */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

const enc = (s: string) => encodeURIComponent(s);

/** The app path a sub-page id points at, or undefined when it names nothing we know. */
export function subPageIdToPath(subPageId: string | null | undefined): string | undefined {
  if (!subPageId) return undefined;
  const [kind, ...ids] = subPageId.trim().split(":");
  if (!ids.every((id) => SEGMENT.test(id))) return undefined;
  switch (kind) {
    case "lesson":
      return ids.length === 2 ? `/course/${enc(ids[0] ?? "")}/lesson/${enc(ids[1] ?? "")}` : undefined;
    case "assessment":
      return ids.length === 3
        ? `/course/${enc(ids[0] ?? "")}/lesson/${enc(ids[1] ?? "")}/assessment/${enc(ids[2] ?? "")}`
        : undefined;
    case "task":
    case "tasks":
      if (ids.length === 0) return "/tasks";
      return ids.length === 1 ? `/tasks?job=${enc(ids[0] ?? "")}` : undefined;
    default:
      return undefined;
  }
}

/** Only a same-app relative path ("/course/x?y"), never "//evil", a backslash or a control char. */
const isSafePath = (p: string): boolean => p.startsWith("/") && !p.startsWith("//") && !/\\|\p{Cc}/u.test(p);

/**
 * Where a deep link lands: the sub-page id's screen first, then a safe `loginContext` path, then home.
 */
export function deepLinkPath(subPageId: string | null | undefined, loginContext?: string | null): string {
  const fromId = subPageIdToPath(subPageId);
  if (fromId) return fromId;
  if (loginContext && isSafePath(loginContext) && !loginContext.startsWith("/auth/")) return loginContext;
  return DEEP_LINK_FALLBACK;
}

/** The sub-page id for an app path (inverse of subPageIdToPath), used when sharing a link. */
export function pathToSubPageId(path: string): string | undefined {
  const bare = path.split("#")[0] ?? "";
  const q = bare.indexOf("?");
  const clean = q < 0 ? bare : bare.slice(0, q);
  const query = q < 0 ? "" : bare.slice(q + 1);
  let m = /^\/course\/([^/]+)\/lesson\/([^/]+)\/assessment\/([^/]+)\/?$/.exec(clean);
  if (m) return `assessment:${m[1]}:${m[2]}:${m[3]}`;
  m = /^\/course\/([^/]+)\/(?:unit\/[^/]+\/)?lesson\/([^/]+)\/?$/.exec(clean);
  if (m) return `lesson:${m[1]}:${m[2]}`;
  if (clean === "/tasks" || clean === "/tasks/") {
    // The open job is the task; the list's tab and page are not worth a deep link of their own.
    const job = new URLSearchParams(query).get("job");
    return job && SEGMENT.test(job) ? `task:${job}` : "task";
  }
  return undefined;
}

/**
 * The Teams deep-link URL to a tab's sub-page:
 * https://teams.microsoft.com/l/entity/<appId>/<entityId>?webUrl=...&label=...&context={"subEntityId":...}
 */
export function teamsDeepLinkUrl(p: { appId: string; entityId: string; subPageId: string; webUrl: string; label: string }): string {
  const query = new URLSearchParams({
    webUrl: p.webUrl,
    label: p.label,
    context: JSON.stringify({ subEntityId: p.subPageId }),
  });
  return `https://teams.microsoft.com/l/entity/${enc(p.appId)}/${enc(p.entityId)}?${query.toString()}`;
}
