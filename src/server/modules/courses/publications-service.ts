import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  courseLessonStates,
  coursePublications,
  courseUnitStates,
  disciplines,
  educationYears,
  publications,
} from "../../db/schema";
import { AppError, conflict, notFound } from "../../platform/errors";
import { licensedTo } from "../licences/access";
import type { Caller } from "./access";

/** A class's publication as the class pages show it. */
export type ClassPublicationRow = { id: string; title: string; kind: string; coverUrl: string | null };

export type AvailablePublicationRow = ClassPublicationRow & {
  disciplineCode: string | null;
  yearName: string | null;
  access: string;
};

export const publicationNotAvailable = () => new AppError(403, "PUBLICATION_NOT_AVAILABLE", "Publication not available to you");

/** Whether the caller may put the `publications` row in a class: an open one, or one licensed to them. */
export const availableTo = (caller: Caller) => sql<boolean>`(${publications.access} = 'open' or ${licensedTo(caller, sql`${publications.id}`)})`;

/** The publications of the edition the caller may add to a class, by title: open ones and licensed ones. */
export async function listAvailablePublications(db: Db, caller: Caller): Promise<AvailablePublicationRow[]> {
  return db
    .select({
      id: publications.id,
      title: publications.title,
      kind: publications.kind,
      coverUrl: publications.coverUrl,
      disciplineCode: disciplines.code,
      yearName: educationYears.name,
      access: publications.access,
    })
    .from(publications)
    .leftJoin(disciplines, eq(disciplines.id, publications.disciplineId))
    .leftJoin(educationYears, eq(educationYears.id, publications.educationYearId))
    .where(and(eq(publications.tenantId, caller.tenantId), availableTo(caller)))
    .orderBy(asc(sql`lower(${publications.title})`), asc(publications.id));
}

/**
 * Throws 403 PUBLICATION_NOT_AVAILABLE unless every id is a publication of the caller's edition
 * the caller may use; an id of another edition or of nothing is just as unavailable.
 */
export async function assertPublicationsAvailable(db: Db, caller: Caller, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(inArray(publications.id, [...ids]), eq(publications.tenantId, caller.tenantId), availableTo(caller)));
  if (rows.length !== new Set(ids).size) throw publicationNotAvailable();
}

/** A class's publications by title, in one query. */
export async function listClassPublications(db: Db, tenantId: string, courseId: string): Promise<ClassPublicationRow[]> {
  return db
    .select({ id: publications.id, title: publications.title, kind: publications.kind, coverUrl: publications.coverUrl })
    .from(coursePublications)
    .innerJoin(publications, eq(publications.id, coursePublications.publicationId))
    .where(and(eq(coursePublications.courseId, courseId), eq(publications.tenantId, tenantId)))
    .orderBy(asc(sql`lower(${publications.title})`), asc(publications.id));
}

/**
 * Adds a publication to a class. Unknown (or another edition's) is a 404; one the class has is a
 * 409; one the caller has no access to is a 403.
 */
export async function addClassPublication(db: Db, caller: Caller, courseId: string, publicationId: string): Promise<void> {
  const [row] = await db
    .select({
      // A single-table select names its columns without the table, so the subqueries get the id as a value.
      access: publications.access,
      licensed: licensedTo(caller, sql`${publicationId}::uuid`),
      assigned: sql<boolean>`exists (select 1 from ${coursePublications} as cp
        where cp.course_id = ${courseId} and cp.publication_id = ${publicationId})`,
    })
    .from(publications)
    .where(and(eq(publications.id, publicationId), eq(publications.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("Publication");
  if (row.assigned) throw conflict("PUBLICATION_ALREADY_ASSIGNED", "This publication has already been assigned");
  if (row.access !== "open" && !row.licensed) throw publicationNotAvailable();
  const inserted = await db
    .insert(coursePublications)
    .values({ courseId, publicationId })
    .onConflictDoNothing()
    .returning({ id: coursePublications.publicationId });
  // Two teachers adding the same book at once: the second gets the same answer as if it came later.
  if (inserted.length === 0) throw conflict("PUBLICATION_ALREADY_ASSIGNED", "This publication has already been assigned");
}

/** Takes publications out of a class with the class's personalised program for them. */
export async function detachPublications(tx: Db, courseId: string, publicationIds: readonly string[]): Promise<number> {
  if (publicationIds.length === 0) return 0;
  const ids = [...publicationIds];
  await tx.delete(courseUnitStates).where(and(eq(courseUnitStates.courseId, courseId), inArray(courseUnitStates.publicationId, ids)));
  await tx.delete(courseLessonStates).where(and(eq(courseLessonStates.courseId, courseId), inArray(courseLessonStates.publicationId, ids)));
  const removed = await tx
    .delete(coursePublications)
    .where(and(eq(coursePublications.courseId, courseId), inArray(coursePublications.publicationId, ids)))
    .returning({ id: coursePublications.publicationId });
  return removed.length;
}

/** Removes one publication from a class (404 if the class does not have it), in one transaction. */
export async function removeClassPublication(db: Db, courseId: string, publicationId: string): Promise<void> {
  const removed = await db.transaction((tx) => detachPublications(tx, courseId, [publicationId]));
  if (removed === 0) throw notFound("Publication");
}
