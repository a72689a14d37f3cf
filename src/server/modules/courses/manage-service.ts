import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  CourseSettingsSchema,
  defaultCourseDates,
  defaultCourseSettings,
  type CourseForm,
  type CourseSettings,
} from "../../../contracts/course-settings";
import type { EventBus } from "../../platform/events";
import type { Db } from "../../db/client";
import {
  courseMembers,
  coursePublications,
  courses,
  disciplines,
  educationLevels,
  educationYears,
  publications,
  tenants,
} from "../../db/schema";
import { AppError, forbidden, validation } from "../../platform/errors";
import { findCallerSchool } from "../organization/service";
import { loadCourseAccess, type Caller, type CourseAccess, type CourseRecord } from "./access";
import { classKeyExpiry, generateClassKey } from "./keys";
import { canCreateClasses, creationRefusal, type SchoolFlags } from "./policy";
import { assertPublicationsAvailable, detachPublications, type ClassPublicationRow } from "./publications-service";

export type CourseDetailRow = {
  access: CourseAccess;
  levelName: string | null;
  yearName: string | null;
  disciplineCode: string | null;
  studentCount: number;
  teacherCount: number;
  publications: ClassPublicationRow[];
  editionGamified: boolean;
  settings: CourseSettings;
};

/** Makes new class keys; tests pass their own to force a collision. */
export type KeyMaker = () => string;

const MAX_KEY_ATTEMPTS = 5;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === "object" && e !== null; e = "cause" in e ? e.cause : undefined) {
    if ("code" in e && e.code === "23505") return true;
  }
  return false;
}

/**
 * Runs `write` with fresh keys until one is free in the edition. The unique index decides (a
 * pre-check would race); `write` must be its own transaction, since a violation aborts it.
 */
async function withFreshKey<T>(newKey: KeyMaker, write: (key: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(newKey());
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= MAX_KEY_ATTEMPTS) throw err;
    }
  }
}

/** Name-based UUIDs from the class id: filling an old row's settings gives the same guids every time. */
function stableGuids(courseId: string): () => string {
  let n = 0;
  return () => {
    const digest = crypto.createHash("sha1").update(`course-settings\u001f${courseId}\u001f${n++}`).digest();
    digest.writeUInt8((digest.readUInt8(6) & 0x0f) | 0x50, 6);
    digest.writeUInt8((digest.readUInt8(8) & 0x3f) | 0x80, 8);
    const hex = digest.subarray(0, 16).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/**
 * Stored settings with every missing or unreadable part (rows older than the new-class form) taken
 * from a new class's defaults for the class's dates.
 */
export function completeSettings(course: CourseRecord, gamified: boolean): CourseSettings {
  const dates = course.startDate && course.endDate ? { startDate: course.startDate, endDate: course.endDate } : defaultCourseDates(course.schoolYear);
  const defaults = defaultCourseSettings(stableGuids(course.id), dates, gamified);
  const stored: Record<string, unknown> = course.settings;
  const keep = <K extends keyof CourseSettings>(key: K): CourseSettings[K] => {
    const parsed = CourseSettingsSchema.shape[key].safeParse(stored[key]);
    return parsed.success ? (parsed.data as CourseSettings[K]) : defaults[key];
  };
  return {
    teachingModel: keep("teachingModel"),
    devices: keep("devices"),
    streamPermission: keep("streamPermission"),
    lessonQuestions: keep("lessonQuestions"),
    gamification: keep("gamification"),
    schedule: keep("schedule"),
    periods: keep("periods"),
  };
}

/** Everything GET /front/courses/:guid shows, in one query after the access check. */
export async function loadCourseDetail(db: Db, access: CourseAccess): Promise<CourseDetailRow> {
  const { course } = access;
  const [row] = await db
    .select({
      levelName: educationLevels.name,
      yearName: educationYears.name,
      disciplineCode: disciplines.code,
      editionGamified: tenants.gamified,
      studentCount: sql<number>`(select count(*) from ${courseMembers} as m
        where m.course_id = ${courses.id} and m.role = 'student')`.mapWith(Number),
      teacherCount: sql<number>`(select count(*) from ${courseMembers} as m
        where m.course_id = ${courses.id} and m.role in ('teacher', 'coteacher'))`.mapWith(Number),
      publications: sql<ClassPublicationRow[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'title', p.title, 'kind', p.kind, 'coverUrl', p.cover_url)
          order by lower(p.title), p.id)
        from ${coursePublications} as cp join ${publications} as p on p.id = cp.publication_id
        where cp.course_id = ${courses.id} and p.tenant_id = ${courses.tenantId}), '[]'::json)`,
    })
    .from(courses)
    .innerJoin(tenants, eq(tenants.id, courses.tenantId))
    .leftJoin(educationLevels, eq(educationLevels.id, courses.educationLevelId))
    .leftJoin(educationYears, eq(educationYears.id, courses.educationYearId))
    .leftJoin(disciplines, eq(disciplines.id, courses.disciplineId))
    .where(and(eq(courses.id, course.id), eq(courses.tenantId, course.tenantId)))
    .limit(1);
  if (!row) throw new Error("class vanished after its access check");
  return { access, ...row, settings: completeSettings(course, row.editionGamified) };
}

/** Reloads the class for the caller (after a write) and its detail. */
export async function courseDetailFor(db: Db, caller: Caller, courseId: string): Promise<CourseDetailRow> {
  return loadCourseDetail(db, await loadCourseAccess(db, caller, courseId));
}

/**
 * Level of the edition's country, year of that level, discipline that exists: one query, and every
 * mismatch reported at once as a VALIDATION_ERROR on its field.
 */
async function assertReferenceChoices(db: Db, caller: Caller, form: CourseForm): Promise<void> {
  const [row] = await db
    .select({
      level: sql<boolean>`exists (select 1 from ${educationLevels} as l join ${tenants} as t on t.country = l.country
        where l.id = ${form.educationLevelGuid} and t.id = ${caller.tenantId})`,
      year: sql<boolean>`exists (select 1 from ${educationYears} as y
        where y.id = ${form.educationYearGuid} and y.level_id = ${form.educationLevelGuid})`,
      discipline: sql<boolean>`exists (select 1 from ${disciplines} as d where d.id = ${form.disciplineGuid})`,
    })
    .from(tenants)
    .where(eq(tenants.id, caller.tenantId))
    .limit(1);
  // (The subqueries take values only: a single-table select names its columns without the table.)
  const details = [
    ...(row?.level ? [] : [{ field: "educationLevelGuid", message: "invalid_choice" }]),
    ...(row?.year ? [] : [{ field: "educationYearGuid", message: "invalid_choice" }]),
    ...(row?.discipline ? [] : [{ field: "disciplineGuid", message: "invalid_choice" }]),
  ];
  if (details.length > 0) throw validation(details);
}

/** 403 with the school flag's key when the caller's school does not allow this kind of class. */
function assertKindAllowed(kind: CourseForm["kind"], school: SchoolFlags | undefined): void {
  const refusal = creationRefusal(kind, school);
  if (refusal === "GROUP_CREATION_DISABLED") throw new AppError(403, refusal, "Your school does not allow creating groups");
  if (refusal === "COURSE_CREATION_DISABLED") throw new AppError(403, refusal, "Your school does not allow creating classes");
}

const courseValues = (form: CourseForm) => ({
  name: form.name,
  kind: form.kind,
  educationLevelId: form.educationLevelGuid,
  educationYearId: form.educationYearGuid,
  disciplineId: form.disciplineGuid,
  schoolYear: form.schoolYear,
  startDate: form.startDate,
  endDate: form.endDate,
  color: form.color,
  icon: form.icon,
  settings: form.settings,
});

/**
 * POST /front/courses: checks role, school flags, reference choices and publications, then writes
 * the class, its creator as teacher and its publications in one transaction. Returns the new id.
 */
export async function createCourse(db: Db, caller: Caller, form: CourseForm, newKey: KeyMaker = generateClassKey): Promise<string> {
  if (!canCreateClasses(caller.role)) throw forbidden();
  const school = await findCallerSchool(db, caller);
  assertKindAllowed(form.kind, school);
  await assertReferenceChoices(db, caller, form);
  await assertPublicationsAvailable(db, caller, form.publicationGuids);

  return withFreshKey(newKey, (classKey) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(courses)
        .values({
          ...courseValues(form),
          tenantId: caller.tenantId,
          schoolId: school?.schoolId ?? null,
          classKey,
          classKeyExpiresAt: classKeyExpiry(form.endDate),
          createdBy: caller.userId,
        })
        .returning({ id: courses.id });
      if (!created) throw new Error("class insert returned nothing");
      await tx.insert(courseMembers).values({ courseId: created.id, userId: caller.userId, role: "teacher" });
      if (form.publicationGuids.length > 0) {
        await tx.insert(coursePublications).values(form.publicationGuids.map((publicationId) => ({ courseId: created.id, publicationId })));
      }
      return created.id;
    }),
  );
}

/**
 * PUT /front/courses/:guid: the same checks as creating; the body's publications replace the
 * class's (only new ones need to be available to the caller; removed ones take their
 * personalised program with them). A new end date moves the key's expiry.
 */
export async function updateCourse(db: Db, events: EventBus, caller: Caller, access: CourseAccess, form: CourseForm): Promise<void> {
  const { course } = access;
  if (form.kind !== course.kind) assertKindAllowed(form.kind, await findCallerSchool(db, caller));
  await assertReferenceChoices(db, caller, form);

  const current = await db
    .select({ id: coursePublications.publicationId })
    .from(coursePublications)
    .where(eq(coursePublications.courseId, course.id));
  const had = new Set(current.map((r) => r.id));
  const wanted = new Set(form.publicationGuids);
  const added = [...wanted].filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !wanted.has(id));
  await assertPublicationsAvailable(db, caller, added);

  await db.transaction(async (tx) => {
    await tx
      .update(courses)
      .set({
        ...courseValues(form),
        ...(form.endDate !== course.endDate ? { classKeyExpiresAt: classKeyExpiry(form.endDate) } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(courses.id, course.id), eq(courses.tenantId, caller.tenantId)));
    await detachPublications(tx, course.id, removed);
    if (added.length > 0) {
      await tx
        .insert(coursePublications)
        .values(added.map((publicationId) => ({ courseId: course.id, publicationId })))
        .onConflictDoNothing();
    }
  });
  // Its sessions, name and colour are what its calendar shows.
  events.emit("calendar.changed", { tenantId: caller.tenantId, courseIds: [course.id], schoolIds: [] });
}

/** DELETE /front/courses/:guid: archived classes leave every list and every class route. */
export async function archiveCourse(db: Db, events: EventBus, access: CourseAccess): Promise<void> {
  if (!access.canManageTeachers) throw forbidden();
  const archived = await db
    .update(courses)
    .set({ archived: true, updatedAt: new Date() })
    .where(and(eq(courses.id, access.course.id), eq(courses.tenantId, access.course.tenantId), eq(courses.archived, false)))
    .returning({ id: courses.id });
  if (archived.length > 0) events.emit("course.archived", { tenantId: access.course.tenantId, courseId: access.course.id });
}

/** POST /front/courses/:guid/key: a new key replaces the old one at once. */
export async function regenerateClassKey(
  db: Db,
  access: CourseAccess,
  newKey: KeyMaker = generateClassKey,
): Promise<{ classKey: string; classKeyExpiresAt: Date | null }> {
  const { course } = access;
  return withFreshKey(newKey, async (classKey) => {
    const [row] = await db
      .update(courses)
      .set({ classKey, classKeyExpiresAt: classKeyExpiry(course.endDate), updatedAt: new Date() })
      .where(and(eq(courses.id, course.id), eq(courses.tenantId, course.tenantId)))
      .returning({ classKey: courses.classKey, classKeyExpiresAt: courses.classKeyExpiresAt });
    if (!row) throw new Error("class vanished while regenerating its key");
    return row;
  });
}
