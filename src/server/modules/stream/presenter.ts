import type { PageQuery } from "../../../contracts/common";
import type { StreamComment, StreamPage, StreamPost } from "../../../contracts/course-program";
import { CourseMemberRoleSchema, type CourseViewerRole } from "../../../contracts/courses";
import type { StreamPermission } from "../../../contracts/course-settings";
import { canDeleteStreamItem, type StreamRights } from "./policy";
import type { StreamAuthorRow, StreamCommentRow, StreamPostRow } from "./service";

/** Who is reading: decides `canDelete` on every item. */
export type StreamViewer = { userId: string; role: CourseViewerRole };

const presentAuthor = (a: StreamAuthorRow) => ({
  guid: a.id,
  name: `${a.firstName} ${a.lastName}`.trim(),
  role: CourseMemberRoleSchema.nullable().catch(null).parse(a.role),
});

export function presentComment(c: StreamCommentRow, viewer: StreamViewer): StreamComment {
  return {
    guid: c.id,
    author: presentAuthor(c.author),
    body: c.body,
    createdAt: c.createdAt.toISOString(),
    canDelete: canDeleteStreamItem(viewer, c.author.id),
  };
}

export function presentPost(p: StreamPostRow, viewer: StreamViewer): StreamPost {
  return {
    guid: p.id,
    author: presentAuthor(p.author),
    body: p.body,
    createdAt: p.createdAt.toISOString(),
    comments: p.comments.map((c) => presentComment(c, viewer)),
    canDelete: canDeleteStreamItem(viewer, p.author.id),
  };
}

export function presentStreamPage(
  page: { rows: StreamPostRow[]; total: number },
  query: PageQuery,
  viewer: StreamViewer,
  permission: StreamPermission,
  rights: StreamRights,
): StreamPage {
  return {
    items: page.rows.map((p) => presentPost(p, viewer)),
    total: page.total,
    offset: query.offset,
    pageSize: query.pageSize,
    permission,
    ...rights,
  };
}
