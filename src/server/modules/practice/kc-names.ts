import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coursePublications, knowledgeComponents } from "../../db/schema";
import { classKcMap } from "../learning/kcs-service";

export type KcNames = Record<string, string>;

/** Every KC the class's publications teach, with its names (the KCs a class may practise). */
export async function classKcNames(db: Db, course: { id: string; tenantId: string }): Promise<Map<string, KcNames>> {
  return new Map((await classKcMap(db, course)).map((k) => [k.code, k.names]));
}

/** The names of some KCs as the class's publications give them. */
export async function kcNamesOf(db: Db, courseId: string, codes: readonly string[]): Promise<Map<string, KcNames>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: knowledgeComponents.code, names: knowledgeComponents.names })
    .from(knowledgeComponents)
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, knowledgeComponents.publicationId), eq(coursePublications.courseId, courseId)))
    .where(inArray(knowledgeComponents.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.names]));
}
