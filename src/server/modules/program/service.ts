import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ProgramOrder } from "../../../contracts/course-program";
import { FORM_RULES } from "../../../contracts/course-settings";
import type { Db } from "../../db/client";
import {
  courseLessonStates,
  courseMembers,
  coursePublications,
  courses,
  courseUnitStates,
  lessons,
  publications,
  units,
  users,
} from "../../db/schema";
import { notFound, validation } from "../../platform/errors";
import { isPermutation, seenOrder } from "./policy";

/** The class a program belongs to; its tenant bounds every publication it may show. */
export type CourseRef = { id: string; tenantId: string };

export type PublicationRow = { id: string; title: string; kind: string; coverUrl: string | null };

/** Units and lessons carry `stated`: whether the class has its own state row for them. */
export type ProgramLessonNode = { id: string; title: string; summary: string; hidden: boolean; stated: boolean };
export type ProgramUnitNode = { id: string; title: string; hidden: boolean; stated: boolean; lessons: ProgramLessonNode[] };
export type ProgramPublicationNode = PublicationRow & { personalised: boolean; units: ProgramUnitNode[] };
/** A class's whole program in the order the class sees it, hidden items included (the teacher view). */
export type ProgramTree = ProgramPublicationNode[];

/** The class's publications by title, only those of the class's own edition. */
export async function listCoursePublications(db: Db, course: CourseRef): Promise<PublicationRow[]> {
  return db
    .select({ id: publications.id, title: publications.title, kind: publications.kind, coverUrl: publications.coverUrl })
    .from(coursePublications)
    .innerJoin(publications, eq(publications.id, coursePublications.publicationId))
    .where(and(eq(coursePublications.courseId, course.id), eq(publications.tenantId, course.tenantId)))
    .orderBy(asc(publications.title), asc(publications.id));
}

/**
 * Units and lessons of `pubs` with this class's states, in one query driven by the publication ids
 * and the class id (state rows are found through their primary keys): the program page costs the
 * same whether the edition has ten classes or ten thousand.
 */
export async function buildProgramTree(db: Db, courseId: string, pubs: PublicationRow[]): Promise<ProgramTree> {
  if (pubs.length === 0) return [];
  const rows = await db
    .select({
      publicationId: units.publicationId,
      unitId: units.id,
      unitTitle: units.title,
      unitOrder: units.order,
      unitPosition: courseUnitStates.position,
      unitHidden: courseUnitStates.hidden,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      lessonSummary: lessons.summary,
      lessonOrder: lessons.order,
      lessonPosition: courseLessonStates.position,
      lessonHidden: courseLessonStates.hidden,
    })
    .from(units)
    .leftJoin(courseUnitStates, and(eq(courseUnitStates.courseId, courseId), eq(courseUnitStates.unitId, units.id)))
    .leftJoin(lessons, eq(lessons.unitId, units.id))
    .leftJoin(courseLessonStates, and(eq(courseLessonStates.courseId, courseId), eq(courseLessonStates.lessonId, lessons.id)))
    .where(
      inArray(
        units.publicationId,
        pubs.map((p) => p.id),
      ),
    );

  type Sortable<T> = { node: T; position: number | null; order: number };
  const unitsByPub = new Map<string, Array<Sortable<ProgramUnitNode>>>();
  const lessonsByUnit = new Map<string, Array<Sortable<ProgramLessonNode>>>();
  for (const r of rows) {
    if (!lessonsByUnit.has(r.unitId)) {
      lessonsByUnit.set(r.unitId, []);
      const unit: ProgramUnitNode = { id: r.unitId, title: r.unitTitle, hidden: r.unitHidden ?? false, stated: r.unitPosition !== null, lessons: [] };
      const list = unitsByPub.get(r.publicationId) ?? [];
      list.push({ node: unit, position: r.unitPosition, order: r.unitOrder });
      unitsByPub.set(r.publicationId, list);
    }
    if (r.lessonId === null || r.lessonTitle === null || r.lessonOrder === null) continue;
    const lesson: ProgramLessonNode = {
      id: r.lessonId,
      title: r.lessonTitle,
      summary: r.lessonSummary ?? "",
      hidden: r.lessonHidden ?? false,
      stated: r.lessonPosition !== null,
    };
    lessonsByUnit.get(r.unitId)?.push({ node: lesson, position: r.lessonPosition, order: r.lessonOrder });
  }

  return pubs.map((pub) => {
    const unitNodes = seenOrder(unitsByPub.get(pub.id) ?? []).map((unit) => ({
      ...unit,
      lessons: seenOrder(lessonsByUnit.get(unit.id) ?? []),
    }));
    const personalised = unitNodes.some((u) => u.stated || u.lessons.some((l) => l.stated));
    return { ...pub, personalised, units: unitNodes };
  });
}

export async function loadProgramTree(db: Db, course: CourseRef): Promise<ProgramTree> {
  return buildProgramTree(db, course.id, await listCoursePublications(db, course));
}

/** One publication of the class as the class sees it, or null when it is not one of the class's. */
async function loadPublicationNode(db: Db, course: CourseRef, publicationId: string): Promise<ProgramPublicationNode | null> {
  const pubs = await listCoursePublications(db, course);
  const pub = pubs.find((p) => p.id === publicationId);
  if (!pub) return null;
  const [node] = await buildProgramTree(db, course.id, [pub]);
  return node ?? null;
}

/** A unit of one of the class's publications, or null. */
async function findCourseUnit(db: Db, course: CourseRef, unitId: string): Promise<{ id: string; publicationId: string } | null> {
  const [row] = await db
    .select({ id: units.id, publicationId: units.publicationId })
    .from(units)
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, course.tenantId)))
    .where(eq(units.id, unitId))
    .limit(1);
  return row ?? null;
}

/** A lesson of one of the class's publications, or null. */
async function findCourseLesson(db: Db, course: CourseRef, lessonId: string): Promise<{ id: string; publicationId: string } | null> {
  const [row] = await db
    .select({ id: lessons.id, publicationId: units.publicationId })
    .from(lessons)
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, course.id)))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, course.tenantId)))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row ?? null;
}

/**
 * Gives every unit and lesson of the publication a state row holding the position the class sees
 * now. The first change copies the publisher's order; later ones only add rows for items the
 * publisher added since (which the class already sees last), so nothing visibly moves.
 */
async function materialise(db: Db, courseId: string, node: ProgramPublicationNode): Promise<void> {
  const complete = node.units.every((u) => u.stated && u.lessons.every((l) => l.stated));
  if (complete || node.units.length === 0) return;
  await db
    .insert(courseUnitStates)
    .values(node.units.map((u, i) => ({ courseId, unitId: u.id, publicationId: node.id, position: i + 1, hidden: u.hidden })))
    .onConflictDoUpdate({ target: [courseUnitStates.courseId, courseUnitStates.unitId], set: { position: sql`excluded.position` } });
  const lessonRows = node.units.flatMap((u) =>
    u.lessons.map((l, i) => ({ courseId, lessonId: l.id, publicationId: node.id, position: i + 1, hidden: l.hidden })),
  );
  if (lessonRows.length === 0) return;
  await db
    .insert(courseLessonStates)
    .values(lessonRows)
    .onConflictDoUpdate({ target: [courseLessonStates.courseId, courseLessonStates.lessonId], set: { position: sql`excluded.position` } });
}

/** Materialises the publication's program, then runs `change`, all in one transaction. */
async function personalise(
  db: Db,
  course: CourseRef,
  publicationId: string,
  change: (tx: Db, node: ProgramPublicationNode) => Promise<void>,
  missing: () => Error = () => notFound("Publication"),
): Promise<void> {
  await db.transaction(async (tx) => {
    const node = await loadPublicationNode(tx, course, publicationId);
    if (!node) throw missing();
    await materialise(tx, course.id, node);
    await change(tx, node);
  });
}

export async function setUnitHidden(db: Db, course: CourseRef, unitId: string, hidden: boolean): Promise<void> {
  const unit = await findCourseUnit(db, course, unitId);
  if (!unit) throw notFound("Unit");
  await personalise(db, course, unit.publicationId, async (tx) => {
    await tx
      .update(courseUnitStates)
      .set({ hidden })
      .where(and(eq(courseUnitStates.courseId, course.id), eq(courseUnitStates.unitId, unitId)));
  });
}

export async function setLessonHidden(db: Db, course: CourseRef, lessonId: string, hidden: boolean): Promise<void> {
  const lesson = await findCourseLesson(db, course, lessonId);
  if (!lesson) throw notFound("Lesson");
  await personalise(db, course, lesson.publicationId, async (tx) => {
    await tx
      .update(courseLessonStates)
      .set({ hidden })
      .where(and(eq(courseLessonStates.courseId, course.id), eq(courseLessonStates.lessonId, lessonId)));
  });
}

const invalidOrder = () => validation([{ field: "order", message: FORM_RULES.invalidChoice }]);

/**
 * Writes a new order for one publication's units or one unit's lessons. The order must list
 * exactly the items the class has there now; anything else (including a parent that is not the
 * class's) is a validation error on `order`.
 */
export async function reorderProgram(db: Db, course: CourseRef, body: ProgramOrder): Promise<void> {
  if (body.scope === "units") {
    await personalise(
      db,
      course,
      body.parentGuid,
      async (tx, node) => {
        if (!isPermutation(body.order, node.units.map((u) => u.id))) throw invalidOrder();
        await tx
          .insert(courseUnitStates)
          .values(body.order.map((unitId, i) => ({ courseId: course.id, unitId, publicationId: node.id, position: i + 1 })))
          .onConflictDoUpdate({ target: [courseUnitStates.courseId, courseUnitStates.unitId], set: { position: sql`excluded.position` } });
      },
      invalidOrder,
    );
    return;
  }
  const unit = await findCourseUnit(db, course, body.parentGuid);
  if (!unit) throw invalidOrder();
  await personalise(db, course, unit.publicationId, async (tx, node) => {
    const current = node.units.find((u) => u.id === unit.id)?.lessons.map((l) => l.id) ?? [];
    if (!isPermutation(body.order, current)) throw invalidOrder();
    await tx
      .insert(courseLessonStates)
      .values(body.order.map((lessonId, i) => ({ courseId: course.id, lessonId, publicationId: node.id, position: i + 1 })))
      .onConflictDoUpdate({ target: [courseLessonStates.courseId, courseLessonStates.lessonId], set: { position: sql`excluded.position` } });
  });
}

/** Drops the class's states (all, or one publication's): the class sees the publisher's original again. */
export async function resetPersonalisation(db: Db, course: CourseRef, publicationId: string | undefined): Promise<void> {
  if (publicationId !== undefined) {
    const isMine = (await listCoursePublications(db, course)).some((p) => p.id === publicationId);
    if (!isMine) throw notFound("Publication");
  }
  await db.transaction(async (tx) => {
    const unitScope = publicationId === undefined ? undefined : eq(courseUnitStates.publicationId, publicationId);
    const lessonScope = publicationId === undefined ? undefined : eq(courseLessonStates.publicationId, publicationId);
    await tx.delete(courseUnitStates).where(and(eq(courseUnitStates.courseId, course.id), unitScope));
    await tx.delete(courseLessonStates).where(and(eq(courseLessonStates.courseId, course.id), lessonScope));
  });
}

/**
 * Whether the class's students may open this lesson: it belongs to one of the class's publications
 * and neither it nor its unit is hidden in the class's program. One indexed query.
 */
export async function isLessonVisibleToStudents(db: Db, courseId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ unitHidden: courseUnitStates.hidden, lessonHidden: courseLessonStates.hidden })
    .from(lessons)
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, and(eq(coursePublications.publicationId, units.publicationId), eq(coursePublications.courseId, courseId)))
    .innerJoin(courses, eq(courses.id, coursePublications.courseId))
    .innerJoin(publications, and(eq(publications.id, units.publicationId), eq(publications.tenantId, courses.tenantId)))
    .leftJoin(courseUnitStates, and(eq(courseUnitStates.courseId, courseId), eq(courseUnitStates.unitId, units.id)))
    .leftJoin(courseLessonStates, and(eq(courseLessonStates.courseId, courseId), eq(courseLessonStates.lessonId, lessons.id)))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) return false;
  return !(row.unitHidden ?? false) && !(row.lessonHidden ?? false);
}

export type StudentRow = { id: string; firstName: string; lastName: string };

/** The class's students by last name then first name (all of them, or only `onlyUserId`). */
export async function listCourseStudents(db: Db, course: CourseRef, onlyUserId?: string): Promise<StudentRow[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseMembers)
    .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, course.tenantId)))
    .where(
      and(
        eq(courseMembers.courseId, course.id),
        eq(courseMembers.role, "student"),
        onlyUserId === undefined ? undefined : eq(courseMembers.userId, onlyUserId),
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export type GradebookInput = {
  programs: PublicationRow[];
  program: ProgramPublicationNode | null;
  students: StudentRow[];
};

/**
 * What the gradebook frame shows: the class's publications, the chosen one's program (program
 * scope; default the first, 404 for one that is not the class's) and the rows asked for.
 */
export async function loadGradebook(
  db: Db,
  course: CourseRef,
  query: { scope: "workbook" | "program"; programGuid?: string | undefined },
  onlyStudentId: string | undefined,
): Promise<GradebookInput> {
  const programs = await listCoursePublications(db, course);
  let program: ProgramPublicationNode | null = null;
  if (query.scope === "program") {
    const chosen = query.programGuid === undefined ? programs[0] : programs.find((p) => p.id === query.programGuid);
    if (query.programGuid !== undefined && !chosen) throw notFound("Program");
    if (chosen) program = (await buildProgramTree(db, course.id, [chosen]))[0] ?? null;
  }
  const students = await listCourseStudents(db, course, onlyStudentId);
  if (onlyStudentId !== undefined && students.length === 0) throw notFound("Student");
  return { programs, program, students };
}
