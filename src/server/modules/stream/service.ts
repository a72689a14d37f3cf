import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { PageQuery } from "../../../contracts/common";
import type { Db } from "../../db/client";
import { courseMembers, coursePostComments, coursePosts, users } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";

export type StreamAuthorRow = { id: string; firstName: string; lastName: string; role: string | null };
export type StreamCommentRow = { id: string; postId: string; body: string; createdAt: Date; author: StreamAuthorRow };
export type StreamPostRow = { id: string; body: string; createdAt: Date; author: StreamAuthorRow; comments: StreamCommentRow[] };

/** The author and their role in this class (null once they have left it). */
const authorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, role: courseMembers.role };
const memberOf = (courseId: string, userColumn: typeof coursePosts.authorId | typeof coursePostComments.authorId) =>
  and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userColumn));

async function commentsOf(db: Db, courseId: string, postIds: string[]): Promise<StreamCommentRow[]> {
  if (postIds.length === 0) return [];
  return db
    .select({
      id: coursePostComments.id,
      postId: coursePostComments.postId,
      body: coursePostComments.body,
      createdAt: coursePostComments.createdAt,
      author: authorColumns,
    })
    .from(coursePostComments)
    .innerJoin(users, eq(users.id, coursePostComments.authorId))
    .leftJoin(courseMembers, memberOf(courseId, coursePostComments.authorId))
    .where(inArray(coursePostComments.postId, postIds))
    .orderBy(asc(coursePostComments.createdAt), asc(coursePostComments.id));
}

/** One page of the class stream, newest post first, each with its comments oldest first: three queries. */
export async function listStream(db: Db, courseId: string, page: PageQuery): Promise<{ rows: StreamPostRow[]; total: number }> {
  const where = eq(coursePosts.courseId, courseId);
  const [posts, [counted]] = await Promise.all([
    db
      .select({ id: coursePosts.id, body: coursePosts.body, createdAt: coursePosts.createdAt, author: authorColumns })
      .from(coursePosts)
      .innerJoin(users, eq(users.id, coursePosts.authorId))
      .leftJoin(courseMembers, memberOf(courseId, coursePosts.authorId))
      .where(where)
      .orderBy(desc(coursePosts.createdAt), desc(coursePosts.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ n: count() }).from(coursePosts).where(where),
  ]);
  const comments = await commentsOf(
    db,
    courseId,
    posts.map((p) => p.id),
  );
  const byPost = new Map<string, StreamCommentRow[]>();
  for (const c of comments) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c]);
  const rows = posts.map((p) => ({ ...p, comments: byPost.get(p.id) ?? [] }));
  return { rows, total: counted?.n ?? 0 };
}

/** A post of this class (404 for any other class's post). */
export async function loadPost(db: Db, courseId: string, postId: string): Promise<StreamPostRow> {
  const [post] = await db
    .select({ id: coursePosts.id, body: coursePosts.body, createdAt: coursePosts.createdAt, author: authorColumns })
    .from(coursePosts)
    .innerJoin(users, eq(users.id, coursePosts.authorId))
    .leftJoin(courseMembers, memberOf(courseId, coursePosts.authorId))
    .where(and(eq(coursePosts.id, postId), eq(coursePosts.courseId, courseId)))
    .limit(1);
  if (!post) throw notFound("Post");
  return { ...post, comments: await commentsOf(db, courseId, [post.id]) };
}

/** A comment on a post of this class (404 otherwise). */
export async function loadComment(db: Db, courseId: string, postId: string, commentId: string): Promise<StreamCommentRow> {
  const [comment] = await db
    .select({
      id: coursePostComments.id,
      postId: coursePostComments.postId,
      body: coursePostComments.body,
      createdAt: coursePostComments.createdAt,
      author: authorColumns,
    })
    .from(coursePostComments)
    .innerJoin(coursePosts, and(eq(coursePosts.id, coursePostComments.postId), eq(coursePosts.courseId, courseId)))
    .innerJoin(users, eq(users.id, coursePostComments.authorId))
    .leftJoin(courseMembers, memberOf(courseId, coursePostComments.authorId))
    .where(and(eq(coursePostComments.id, commentId), eq(coursePostComments.postId, postId)))
    .limit(1);
  if (!comment) throw notFound("Comment");
  return comment;
}

type StreamCourse = { id: string; tenantId: string };

/** Publishes a post; the class hears of it through "stream.posted" (notifications listen). */
export async function createPost(db: Db, events: EventBus, course: StreamCourse, authorId: string, body: string): Promise<StreamPostRow> {
  const [created] = await db.insert(coursePosts).values({ courseId: course.id, authorId, body }).returning({ id: coursePosts.id });
  if (!created) throw new Error("post insert returned nothing");
  events.emit("stream.posted", { tenantId: course.tenantId, courseId: course.id, postId: created.id, authorId });
  return loadPost(db, course.id, created.id);
}

/** Comments on a post; its author and earlier commenters hear of it through "stream.commented". */
export async function createComment(db: Db, events: EventBus, course: StreamCourse, postId: string, authorId: string, body: string): Promise<StreamCommentRow> {
  const [created] = await db.insert(coursePostComments).values({ postId, authorId, body }).returning({ id: coursePostComments.id });
  if (!created) throw new Error("comment insert returned nothing");
  events.emit("stream.commented", { tenantId: course.tenantId, courseId: course.id, postId, commentId: created.id, authorId });
  return loadComment(db, course.id, postId, created.id);
}

/** Removes a post and, through the foreign key, its comments. */
export async function deletePost(db: Db, postId: string): Promise<void> {
  await db.delete(coursePosts).where(eq(coursePosts.id, postId));
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.delete(coursePostComments).where(eq(coursePostComments.id, commentId));
}
