import { and, asc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Consumption, ResourceMaterialCreateSchema, ResourceMaterialUpdateSchema } from "../../../contracts/lessons";
import type { Db } from "../../db/client";
import { consumptions, contents, courses, resourceMaterials } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { Caller } from "../courses/access";
import type { ContentRecord } from "../contents/access";
import type { CourseRef } from "../program/service";
import { loadPlaceableContent } from "../contents/access";
import { insertionPosition } from "./policy";

export type ResourceMaterialRecord = typeof resourceMaterials.$inferSelect;
export type ResourceMaterialRow = { material: ResourceMaterialRecord; content: ContentRecord };
type MaterialCreate = z.infer<typeof ResourceMaterialCreateSchema>;
type MaterialUpdate = z.infer<typeof ResourceMaterialUpdateSchema>;

/** The class's classroom resources by position; students get only those visible to them. */
export async function listResourceMaterials(db: Db, course: CourseRef, onlyVisible: boolean): Promise<ResourceMaterialRow[]> {
  return db
    .select({ material: resourceMaterials, content: contents })
    .from(resourceMaterials)
    .innerJoin(contents, eq(contents.id, resourceMaterials.contentId))
    .where(and(eq(resourceMaterials.courseId, course.id), onlyVisible ? eq(resourceMaterials.visibleToStudents, true) : undefined))
    .orderBy(asc(resourceMaterials.position), asc(resourceMaterials.createdAt), asc(resourceMaterials.id));
}

export async function loadResourceMaterialRow(db: Db, materialId: string): Promise<ResourceMaterialRow> {
  const [row] = await db
    .select({ material: resourceMaterials, content: contents })
    .from(resourceMaterials)
    .innerJoin(contents, eq(contents.id, resourceMaterials.contentId))
    .where(eq(resourceMaterials.id, materialId))
    .limit(1);
  if (!row) throw notFound("Resource material");
  return row;
}

/** The material in the caller's edition; 404 otherwise. */
export async function loadTenantMaterial(db: Db, caller: Caller, materialId: string): Promise<ResourceMaterialRecord> {
  const [row] = await db
    .select()
    .from(resourceMaterials)
    .where(and(eq(resourceMaterials.id, materialId), eq(resourceMaterials.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("Resource material");
  return row;
}

/** Serialises writes to one class's materials (positions stay 1..n) without blocking inserts that reference the class. */
const lockCourse = (tx: Db, courseId: string) => tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("no key update");

const countIn = async (tx: Db, courseId: string): Promise<number> => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(resourceMaterials).where(eq(resourceMaterials.courseId, courseId));
  return row?.n ?? 0;
};

export async function createResourceMaterial(db: Db, caller: Caller, course: CourseRef, body: MaterialCreate): Promise<ResourceMaterialRecord> {
  const content = await loadPlaceableContent(db, caller, body.contentGuid, course.id);
  return db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const [row] = await tx
      .insert(resourceMaterials)
      .values({
        tenantId: course.tenantId,
        courseId: course.id,
        contentId: content.id,
        title: body.title ? body.title : null,
        visibleToStudents: body.visibleToStudents,
        position: (await countIn(tx, course.id)) + 1,
        createdBy: caller.userId,
      })
      .returning();
    if (!row) throw new Error("resource material not inserted");
    return row;
  });
}

/** Renames, shows or hides, or moves a material (the others shift to make room). */
export async function updateResourceMaterial(db: Db, material: ResourceMaterialRecord, body: MaterialUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCourse(tx, material.courseId);
    const [current] = await tx.select().from(resourceMaterials).where(eq(resourceMaterials.id, material.id)).limit(1);
    if (!current) throw notFound("Resource material");
    const inCourse = eq(resourceMaterials.courseId, current.courseId);
    if (body.position !== undefined) {
      const to = insertionPosition((await countIn(tx, current.courseId)) - 1, body.position);
      const from = current.position;
      if (to < from) {
        await tx
          .update(resourceMaterials)
          .set({ position: sql`${resourceMaterials.position} + 1` })
          .where(and(inCourse, gte(resourceMaterials.position, to), lt(resourceMaterials.position, from)));
      } else if (to > from) {
        await tx
          .update(resourceMaterials)
          .set({ position: sql`${resourceMaterials.position} - 1` })
          .where(and(inCourse, gt(resourceMaterials.position, from), lte(resourceMaterials.position, to)));
      }
      await tx.update(resourceMaterials).set({ position: to }).where(eq(resourceMaterials.id, current.id));
    }
    if (body.title !== undefined || body.visibleToStudents !== undefined) {
      await tx
        .update(resourceMaterials)
        .set({
          ...(body.title !== undefined ? { title: body.title ? body.title : null } : {}),
          ...(body.visibleToStudents !== undefined ? { visibleToStudents: body.visibleToStudents } : {}),
        })
        .where(eq(resourceMaterials.id, current.id));
    }
  });
}

export async function deleteResourceMaterial(db: Db, material: ResourceMaterialRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCourse(tx, material.courseId);
    const [gone] = await tx.delete(resourceMaterials).where(eq(resourceMaterials.id, material.id)).returning({ position: resourceMaterials.position });
    if (!gone) return;
    await tx
      .update(resourceMaterials)
      .set({ position: sql`${resourceMaterials.position} - 1` })
      .where(and(eq(resourceMaterials.courseId, material.courseId), gt(resourceMaterials.position, gone.position)));
  });
}

/**
 * Records that the user opened or finished a content in a class: the first and last opening and
 * how often; the first finishing time is kept.
 */
export async function recordConsumption(db: Db, userId: string, courseId: string, contentId: string, event: Consumption["event"], now = new Date()): Promise<void> {
  const key = { userId, contentId, courseId };
  const target = [consumptions.userId, consumptions.contentId, consumptions.courseId];
  if (event === "opened") {
    await db
      .insert(consumptions)
      .values({ ...key, firstOpenedAt: now, lastOpenedAt: now, openCount: 1 })
      .onConflictDoUpdate({ target, set: { lastOpenedAt: now, openCount: sql`${consumptions.openCount} + 1` } });
    return;
  }
  await db
    .insert(consumptions)
    .values({ ...key, firstOpenedAt: now, lastOpenedAt: now, openCount: 1, finishedAt: now })
    .onConflictDoUpdate({ target, set: { finishedAt: sql`coalesce(${consumptions.finishedAt}, excluded.finished_at)` } });
}
