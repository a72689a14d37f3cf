import crypto from "node:crypto";
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { PROJECTION_TTL_HOURS, type ProjectionCommand } from "../../../contracts/projection";
import type { Db } from "../../db/client";
import {
  contents,
  courseLessons,
  coursePublications,
  courses,
  lessonContents,
  lessonItems,
  lessons,
  projectionSessions,
  publications,
  units,
} from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import { applyCommand, hashSecret, newShortToken, type Slide } from "./policy";

export type SessionRow = typeof projectionSessions.$inferSelect;

/** A session with what its presenters need: the lesson's title and the class's name. */
export type SessionView = SessionRow & { lessonTitle: string; courseName: string };

const MAX_TOKEN_ATTEMPTS = 8;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === "object" && e !== null; e = "cause" in e ? e.cause : undefined) {
    if ("code" in e && e.code === "23505") return true;
  }
  return false;
}

/** Runs `write` with fresh short tokens until one is free; the unique index decides (a pre-check would race). */
async function withFreshToken<T>(write: (token: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(newShortToken());
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= MAX_TOKEN_ATTEMPTS) throw err;
    }
  }
}

export const isExpired = (session: Pick<SessionRow, "expiresAt">, now = new Date()): boolean => session.expiresAt.getTime() <= now.getTime();

export const projectionExpired = () => new AppError(410, "PROJECTION_EXPIRED", "This projection has ended");
export const remoteUrlUsed = () => new AppError(410, "PROJECTION_URL_USED", "This URL has already been used, generate another");

/** The lesson, when it belongs to one of the class's publications of the class's own edition. */
export async function findCourseLesson(db: Db, course: { id: string; tenantId: string }, lessonId: string) {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, course.tenantId)))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row;
}

/**
 * The titles of what the projection shows, in order: the class's published items, or, while the
 * class has never opened the lesson (its items are copied on first visit), the publisher's
 * lesson contents, which is what that first visit will copy.
 */
export async function projectedTitles(db: Db, courseId: string, lessonId: string): Promise<string[]> {
  if (await lessonOpened(db, courseId, lessonId)) {
    const rows = await db
      .select({ title: lessonItems.title, contentTitle: contents.title })
      .from(lessonItems)
      .innerJoin(contents, eq(contents.id, lessonItems.contentId))
      .where(and(eq(lessonItems.courseId, courseId), eq(lessonItems.lessonId, lessonId), eq(lessonItems.status, "published")))
      .orderBy(asc(lessonItems.position), asc(lessonItems.createdAt), asc(lessonItems.id));
    return rows.map((r) => (r.title && r.title.trim() ? r.title : r.contentTitle));
  }
  const rows = await db
    .select({ title: contents.title })
    .from(lessonContents)
    .innerJoin(contents, eq(contents.id, lessonContents.contentId))
    .where(and(eq(lessonContents.lessonId, lessonId), isNull(contents.deletedAt)))
    .orderBy(asc(lessonContents.position), asc(contents.id));
  return rows.map((r) => r.title);
}

/** How many slides the projection has (same rule as `projectedTitles`, counted). */
export async function projectedItemCount(db: Db, courseId: string, lessonId: string): Promise<number> {
  if (await lessonOpened(db, courseId, lessonId)) {
    const [row] = await db
      .select({ n: count() })
      .from(lessonItems)
      .where(and(eq(lessonItems.courseId, courseId), eq(lessonItems.lessonId, lessonId), eq(lessonItems.status, "published")));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(lessonContents)
    .innerJoin(contents, eq(contents.id, lessonContents.contentId))
    .where(and(eq(lessonContents.lessonId, lessonId), isNull(contents.deletedAt)));
  return row?.n ?? 0;
}

async function lessonOpened(db: Db, courseId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.lessonId, lessonId)))
    .limit(1);
  return row !== undefined;
}

export async function createSession(db: Db, input: { tenantId: string; courseId: string; lessonId: string; teacherId: string }): Promise<SessionRow> {
  const expiresAt = new Date(Date.now() + PROJECTION_TTL_HOURS * 3600_000);
  return withFreshToken(async (shortToken) => {
    const [row] = await db.insert(projectionSessions).values({ ...input, shortToken, expiresAt }).returning();
    if (!row) throw new Error("projection session not created");
    return row;
  });
}

const viewColumns = { session: projectionSessions, lessonTitle: lessons.title, courseName: courses.name };
const toView = (r: { session: SessionRow; lessonTitle: string; courseName: string }): SessionView => ({
  ...r.session,
  lessonTitle: r.lessonTitle,
  courseName: r.courseName,
});

/** A session of the caller's edition (404 otherwise, other editions' included). */
export async function loadSession(db: Db, tenantId: string, sessionId: string): Promise<SessionView> {
  const [row] = await db
    .select(viewColumns)
    .from(projectionSessions)
    .innerJoin(lessons, eq(lessons.id, projectionSessions.lessonId))
    .innerJoin(courses, eq(courses.id, projectionSessions.courseId))
    .where(and(eq(projectionSessions.id, sessionId), eq(projectionSessions.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound("Projection");
  return toView(row);
}

/** A session by id alone: the phone has no tenant, only the session id and its secret. */
export async function findSession(db: Db, sessionId: string): Promise<SessionView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(projectionSessions)
    .innerJoin(lessons, eq(lessons.id, projectionSessions.lessonId))
    .innerJoin(courses, eq(courses.id, projectionSessions.courseId))
    .where(eq(projectionSessions.id, sessionId))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** "Generate another": a new short token; the previous phone's claim (and secret) no longer count. */
export async function regenerateToken(db: Db, session: SessionRow): Promise<SessionRow> {
  return withFreshToken(async (shortToken) => {
    const [row] = await db
      .update(projectionSessions)
      .set({
        shortToken,
        claimedAt: null,
        remoteSecretHash: null,
        // The row's token before this update (SET reads the old row), even if another regeneration won a race.
        retiredTokens: sql`array_append(${projectionSessions.retiredTokens}, ${projectionSessions.shortToken})`,
      })
      .where(eq(projectionSessions.id, session.id))
      .returning();
    if (!row) throw notFound("Projection");
    return row;
  });
}

/**
 * The first phone to open /remote/{shortToken} claims it, in one statement (two phones at once:
 * exactly one wins). Anyone later gets PROJECTION_URL_USED; an ended projection PROJECTION_EXPIRED.
 */
export async function claimRemote(db: Db, shortToken: string): Promise<{ session: SessionView; remoteSecret: string }> {
  const remoteSecret = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const [claimed] = await db
    .update(projectionSessions)
    .set({ claimedAt: now, remoteSecretHash: hashSecret(remoteSecret) })
    .where(and(eq(projectionSessions.shortToken, shortToken), isNull(projectionSessions.claimedAt), sql`${projectionSessions.expiresAt} > ${now}`))
    .returning({ id: projectionSessions.id });
  if (claimed) {
    const session = await findSession(db, claimed.id);
    if (!session) throw notFound("Projection");
    return { session, remoteSecret };
  }
  // The current token of a session, or one that "Generate another URL" replaced: used either way.
  const [existing] = await db
    .select({ expiresAt: projectionSessions.expiresAt })
    .from(projectionSessions)
    .where(or(eq(projectionSessions.shortToken, shortToken), sql`${shortToken} = any(${projectionSessions.retiredTokens})`))
    .limit(1);
  if (!existing) throw notFound("Projection");
  if (isExpired(existing, now)) throw projectionExpired();
  throw remoteUrlUsed();
}

export type CommandOutcome =
  | { kind: "ok"; slide: Slide; itemCount: number }
  | { kind: "missing" }
  | { kind: "expired" }
  | { kind: "revoked" };

/**
 * Applies a command under a row lock, so commands from the screen and the phone at the same
 * moment apply one after the other. `remoteSecretHash`: the phone's secret must still be the
 * session's (a regenerated URL revokes the previous phone).
 */
export async function runCommand(
  db: Db,
  sessionId: string,
  command: Pick<ProjectionCommand, "command" | "position">,
  remoteSecretHash?: string,
): Promise<CommandOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(projectionSessions).where(eq(projectionSessions.id, sessionId)).for("update").limit(1);
    if (!row) return { kind: "missing" } as const;
    if (isExpired(row)) return { kind: "expired" } as const;
    if (remoteSecretHash !== undefined && row.remoteSecretHash !== remoteSecretHash) return { kind: "revoked" } as const;
    const itemCount = await projectedItemCount(tx, row.courseId, row.lessonId);
    const slide = applyCommand({ position: row.position, revealed: row.revealed }, command, itemCount);
    if (slide.position !== row.position || slide.revealed !== row.revealed) {
      await tx.update(projectionSessions).set(slide).where(eq(projectionSessions.id, sessionId));
    }
    return { kind: "ok", slide, itemCount } as const;
  });
}
