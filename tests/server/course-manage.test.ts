process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  AvailablePublicationsResponseSchema,
  ClassKeySchema,
  CourseDetailSchema,
  CourseFormSchema,
  defaultCourseSettings,
  defaultPeriods,
  type CourseDetail,
  type CourseFormInput,
} from "../../src/contracts/course-settings";
import {
  courseLessonStates,
  courseMembers,
  coursePublications,
  courseUnitStates,
  courses,
  disciplines,
  educationLevels,
  educationYears,
  lessons,
  licences,
  personalLicences,
  publications,
  schools,
  units,
} from "../../src/server/db/schema";
import { createCourse, regenerateClassKey } from "../../src/server/modules/courses/manage-service";
import { loadCourseAccess } from "../../src/server/modules/courses/access";
import { bearer as bearerOf, demoUser as demoUserOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildSchool, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

type UserLike = { id: string; tenantId: string; role: string };
const db = () => t.app.ctx.db;
const demoUser = (email: string) => demoUserOf(t.app, email);
const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`missing ${what}`);
  return row;
};
const errorOf = (res: { statusCode: number; json: <T>() => T }) => ({
  status: res.statusCode,
  key: res.json<{ error?: { key: string } }>().error?.key,
});
const detailsOf = (res: { json: <T>() => T }) => res.json<{ error: { details: Array<{ field: string; message: string }> } }>().error.details;
const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: UserLike | string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: await bearerOf(t.app, typeof who === "string" ? await demoUser(who) : who),
    ...(payload ? { payload } : {}),
  });
const detailOf = (res: { json: <T>() => T }): CourseDetail => CourseDetailSchema.parse(res.json<{ data: unknown }>().data);

const publicationId = async (title: string) => (await one(db().select().from(publications).where(eq(publications.title, title)), title)).id;
const courseId = async (name: string) => (await one(db().select().from(courses).where(eq(courses.name, name)), name)).id;
const courseRow = async (id: string) => one(db().select().from(courses).where(eq(courses.id, id)), "course");
const classPublications = async (id: string) =>
  (await db().select().from(coursePublications).where(eq(coursePublications.courseId, id))).map((r) => r.publicationId).sort();

const ref = { level: "", year: "", otherYear: "", math: "", brLevel: "", brYear: "" };
beforeAll(async () => {
  const eso = await one(db().select().from(educationLevels).where(and(eq(educationLevels.country, "ES"), eq(educationLevels.code, "secondary"))), "ESO");
  const bach = await one(db().select().from(educationLevels).where(and(eq(educationLevels.country, "ES"), eq(educationLevels.code, "baccalaureate"))), "Bach");
  const br = await one(db().select().from(educationLevels).where(and(eq(educationLevels.country, "BR"), eq(educationLevels.code, "secondary"))), "BR");
  ref.level = eso.id;
  ref.year = (await one(db().select().from(educationYears).where(and(eq(educationYears.levelId, eso.id), eq(educationYears.code, "1"))), "1º ESO")).id;
  ref.otherYear = (await one(db().select().from(educationYears).where(eq(educationYears.levelId, bach.id)), "1º Bach")).id;
  ref.brLevel = br.id;
  ref.brYear = (await one(db().select().from(educationYears).where(eq(educationYears.levelId, br.id)), "6º ano")).id;
  ref.math = (await one(db().select().from(disciplines).where(eq(disciplines.code, "math")), "math")).id;
});

const DATES = { startDate: "2026-09-01", endDate: "2027-06-30" };
const form = (overrides: Partial<CourseFormInput> = {}): CourseFormInput => ({
  kind: "class",
  name: `Física ${crypto.randomBytes(3).toString("hex")}`,
  educationLevelGuid: ref.level,
  educationYearGuid: ref.year,
  disciplineGuid: ref.math,
  schoolYear: "2026-2027",
  ...DATES,
  color: "#0B6A0B",
  icon: "flask",
  publicationGuids: [],
  settings: defaultCourseSettings(() => crypto.randomUUID(), DATES, false),
  ...overrides,
});
const create = (who: UserLike | string, body: object) => call("POST", "/api/front/courses", who, body);
/** A class created through the API by `who`; its detail. */
const created = async (who: UserLike | string, overrides: Partial<CourseFormInput> = {}) => {
  const res = await create(who, form(overrides));
  expect(res.statusCode).toBe(201);
  return detailOf(res);
};

/** A teacher of the Aula edition in a school of their own whose flags the test may change. */
const teacherInOwnSchool = async (flags: { canCreateCourse?: boolean; canCreateGroup?: boolean } = {}) => {
  const aula = (await demoUser("teacher@demo.test")).tenantId;
  const school = await buildSchool(db(), aula);
  if (Object.keys(flags).length > 0) await db().update(schools).set(flags).where(eq(schools.id, school.id));
  return { school, teacher: await buildUser(db(), aula, { schoolId: school.id }) };
};

describe("POST /api/front/courses", () => {
  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/front/courses", payload: form() })).statusCode).toBe(401);
  });

  it("creates the class, its teacher and its publications, and answers the detail with a fresh key", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const bio = await publicationId("Biología y Geología 1º ESO");
    const maths = await publicationId("Matemáticas 1º ESO"); // licensed: teacher@ redeemed AULA-TEACH-2026
    const body = form({ name: "  Física y Química 2º A  ", publicationGuids: [maths, bio] });
    const res = await create(teacher, body);
    expect(res.statusCode).toBe(201);
    const detail = detailOf(res);
    expect(detail).toMatchObject({
      name: "Física y Química 2º A",
      kind: "class",
      myRole: "teacher",
      educationLevel: "ESO",
      educationYear: "1º ESO",
      discipline: "math",
      educationLevelGuid: ref.level,
      educationYearGuid: ref.year,
      disciplineGuid: ref.math,
      startDate: "2026-09-01",
      endDate: "2027-06-30",
      studentCount: 0,
      teacherCount: 1,
      canEdit: true,
      canManageTeachers: true,
      editionGamified: true,
      classKeyExpiresAt: "2027-07-01T00:00:00.000Z",
      settings: body.settings,
    });
    expect(detail.publications.map((p) => [p.title, p.kind])).toEqual([
      ["Biología y Geología 1º ESO", "book"],
      ["Matemáticas 1º ESO", "program"],
    ]);
    expect(detail.classKey).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);

    const row = await courseRow(detail.guid);
    expect(row).toMatchObject({
      tenantId: teacher.tenantId,
      schoolId: teacher.schoolId,
      createdBy: teacher.id,
      name: "Física y Química 2º A",
      classKey: detail.classKey?.replace("-", ""),
      archived: false,
      settings: body.settings,
    });
    expect(row.classKeyExpiresAt?.toISOString()).toBe("2027-07-01T00:00:00.000Z");
    const members = await db().select().from(courseMembers).where(eq(courseMembers.courseId, detail.guid));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[teacher.id, "teacher"]]);
    expect(await classPublications(detail.guid)).toEqual([bio, maths].sort());
  });

  it("lets a co-teacher create a class, as its teacher", async () => {
    const co = await demoUser("coteacher@demo.test");
    const detail = await created(co, { kind: "group" });
    expect(detail).toMatchObject({ kind: "group", myRole: "teacher", canManageTeachers: true });
    const [member] = await db().select().from(courseMembers).where(eq(courseMembers.courseId, detail.guid));
    expect(member).toMatchObject({ userId: co.id, role: "teacher" });
  });

  it.each(["student1@demo.test", "admin@demo.test", "editor@demo.test", "student@lumen.test"])("refuses %s with 403 FORBIDDEN", async (email) => {
    const body = form();
    const res = await create(email, body);
    expect(errorOf(res)).toEqual({ status: 403, key: "FORBIDDEN" });
    expect(await db().select().from(courses).where(eq(courses.name, body.name))).toHaveLength(0);
  });

  it("follows the school's flags: canCreateCourse for classes, canCreateGroup for groups", async () => {
    const noClasses = await teacherInOwnSchool({ canCreateCourse: false });
    expect(errorOf(await create(noClasses.teacher, form()))).toEqual({ status: 403, key: "COURSE_CREATION_DISABLED" });
    expect((await create(noClasses.teacher, form({ kind: "group" }))).statusCode).toBe(201);

    const noGroups = await teacherInOwnSchool({ canCreateGroup: false });
    expect(errorOf(await create(noGroups.teacher, form({ kind: "group" })))).toEqual({ status: 403, key: "GROUP_CREATION_DISABLED" });
    const ok = await create(noGroups.teacher, form());
    expect(ok.statusCode).toBe(201);
    expect((await courseRow(detailOf(ok).guid)).schoolId).toBe(noGroups.school.id);
  });

  it("refuses a teacher without a school (no flags means not allowed)", async () => {
    const aula = (await demoUser("teacher@demo.test")).tenantId;
    const loner = await buildUser(db(), aula);
    expect(errorOf(await create(loner, form()))).toEqual({ status: 403, key: "COURSE_CREATION_DISABLED" });
    expect(errorOf(await create(loner, form({ kind: "group" })))).toEqual({ status: 403, key: "GROUP_CREATION_DISABLED" });
  });

  it("answers 400 invalid_choice for a level of another country, a year of another level, an unknown discipline", async () => {
    const brLevel = await create("teacher@demo.test", form({ educationLevelGuid: ref.brLevel, educationYearGuid: ref.brYear }));
    expect(errorOf(brLevel)).toEqual({ status: 400, key: "VALIDATION_ERROR" });
    expect(detailsOf(brLevel)).toEqual([{ field: "educationLevelGuid", message: "invalid_choice" }]);

    const wrongYear = await create("teacher@demo.test", form({ educationYearGuid: ref.otherYear }));
    expect(detailsOf(wrongYear)).toEqual([{ field: "educationYearGuid", message: "invalid_choice" }]);

    const nothing = await create("teacher@demo.test", form({ disciplineGuid: crypto.randomUUID(), educationYearGuid: ref.brYear }));
    expect(errorOf(nothing)).toEqual({ status: 400, key: "VALIDATION_ERROR" });
    expect(detailsOf(nothing)).toEqual([
      { field: "educationYearGuid", message: "invalid_choice" },
      { field: "disciplineGuid", message: "invalid_choice" },
    ]);
    // A Lumen teacher may use Brazil's levels, not Spain's.
    const lumen = await create("teacher@lumen.test", form({ educationLevelGuid: ref.brLevel, educationYearGuid: ref.brYear }));
    expect(lumen.statusCode).toBe(201);
    expect(detailsOf(await create("teacher@lumen.test", form()))).toContainEqual({ field: "educationLevelGuid", message: "invalid_choice" });
  });

  it("refuses publications the caller has no access to with 403 PUBLICATION_NOT_AVAILABLE and writes nothing", async () => {
    const maths = await publicationId("Matemáticas 1º ESO");
    const lumenBook = await publicationId("Matemática 6º ano");
    for (const [email, guid] of [
      ["newteacher@demo.test", maths], // licensed, and newteacher has no licence
      ["teacher@demo.test", lumenBook], // another edition's
      ["teacher@demo.test", crypto.randomUUID()],
    ] as const) {
      const body = form({ publicationGuids: [guid] });
      expect(errorOf(await create(email, body))).toEqual({ status: 403, key: "PUBLICATION_NOT_AVAILABLE" });
      expect(await db().select().from(courses).where(eq(courses.name, body.name))).toHaveLength(0);
    }
  });

  it("does not count an expired personal licence", async () => {
    const { teacher } = await teacherInOwnSchool();
    const licence = await one(db().select().from(licences).where(eq(licences.code, "AULATEACH2026")), "licence");
    await db().insert(personalLicences).values({
      tenantId: teacher.tenantId,
      licenceId: licence.id,
      userId: teacher.id,
      activatedAt: new Date("2024-01-01T00:00:00Z"),
      expiresAt: new Date("2025-01-01T00:00:00Z"),
    });
    const res = await create(teacher, form({ publicationGuids: [await publicationId("Matemáticas 1º ESO")] }));
    expect(errorOf(res)).toEqual({ status: 403, key: "PUBLICATION_NOT_AVAILABLE" });
  });

  describe("validation", () => {
    const settings = defaultCourseSettings(() => crypto.randomUUID(), DATES, false);
    it.each<[string, Partial<CourseFormInput>, { field: string; message: string }]>([
      ["an end date before the start", { startDate: "2027-06-30", endDate: "2026-09-01" }, { field: "endDate", message: "end_before_start" }],
      ["an empty name", { name: "   " }, { field: "name", message: "required" }],
      ["a name over 80 characters", { name: "x".repeat(81) }, { field: "name", message: "max_chars" }],
      [
        "overlapping periods",
        {
          settings: {
            ...settings,
            periods: { type: "semester", items: [{ start: "2026-09-01", end: "2027-02-01" }, { start: "2027-01-15", end: "2027-06-30" }] },
          },
        },
        { field: "settings.periods.items.1.start", message: "overlapping_dates" },
      ],
      [
        "an invalid time in the schedule",
        {
          settings: {
            ...settings,
            schedule: { quarters: [{ guid: crypto.randomUUID(), days: [{ guid: crypto.randomUUID(), weekday: "monday", start: "25:00", end: "26:00" }] }] },
          },
        },
        { field: "settings.schedule.quarters.0.days.0.start", message: "invalid_time" },
      ],
      ["a date that does not exist", { startDate: "2026-02-30" }, { field: "startDate", message: "invalid_date" }],
      ["an unknown icon", { icon: "rocket" as never }, { field: "icon", message: "invalid_choice" }],
      ["a repeated publication", { publicationGuids: [ref.math, ref.math] }, { field: "publicationGuids", message: "duplicate" }],
    ])("answers 400 VALIDATION_ERROR for %s", async (_what, overrides, detail) => {
      const res = await create("teacher@demo.test", form(overrides));
      expect(errorOf(res)).toEqual({ status: 400, key: "VALIDATION_ERROR" });
      expect(detailsOf(res)).toContainEqual(detail);
    });

    it("answers 400 (never 500) for a body that is not a form at all", async () => {
      for (const payload of [{}, { name: 5 }, { ...form(), settings: null }, { ...form(), publicationGuids: ["nope"] }]) {
        expect(errorOf(await create("teacher@demo.test", payload))).toEqual({ status: 400, key: "VALIDATION_ERROR" });
      }
    });
  });

  it("draws another key when the first one is taken in the edition", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const keys = ["MATEESA2", "QRST2345"];
    const id = await createCourse(db(), { userId: teacher.id, tenantId: teacher.tenantId, role: "teacher" }, CourseFormSchema.parse(form()), () => {
      const key = keys.shift();
      if (!key) throw new Error("asked for too many keys");
      return key;
    });
    expect((await courseRow(id)).classKey).toBe("QRST2345");
    // The other class kept its key, and the failed attempt left nothing behind.
    expect((await courseRow(await courseId("Matemáticas 1º ESO A"))).classKey).toBe("MATEESA2");
    expect(await db().select().from(courseMembers).where(eq(courseMembers.courseId, id))).toHaveLength(1);
  });
});

describe("GET /api/front/courses/:guid", () => {
  const get = async (email: string, id: string) => call("GET", `/api/front/courses/${id}`, email);

  it("gives the teacher everything, the key formatted", async () => {
    const res = await get("teacher@demo.test", await courseId("Matemáticas 1º ESO A"));
    expect(res.statusCode).toBe(200);
    const detail = detailOf(res);
    expect(detail).toMatchObject({
      name: "Matemáticas 1º ESO A",
      kind: "class",
      myRole: "teacher",
      classKey: "MATE-ESA2",
      classKeyExpiresAt: "2027-07-01T00:00:00.000Z",
      studentCount: 2,
      teacherCount: 2,
      canEdit: true,
      canManageTeachers: true,
      editionGamified: true,
      educationLevelGuid: ref.level,
      educationYearGuid: ref.year,
      disciplineGuid: ref.math,
      startDate: "2026-09-01",
      endDate: "2027-06-30",
      publications: [{ title: "Matemáticas 1º ESO", kind: "program", coverUrl: null }],
    });
    expect(detail.settings).toMatchObject({ teachingModel: "secondary-2022", streamPermission: "students_comment", devices: "one_to_one" });
  });

  it.each<[string, Partial<CourseDetail>]>([
    ["coteacher@demo.test", { myRole: "coteacher", canEdit: true, canManageTeachers: false, classKey: "MATE-ESA2" }],
    ["student1@demo.test", { myRole: "student", canEdit: false, canManageTeachers: false, classKey: null, classKeyExpiresAt: null }],
    ["admin@demo.test", { myRole: "observer", canEdit: false, canManageTeachers: false, classKey: null }],
  ])("shows %s their role, and the key only to staff", async (email, expected) => {
    const res = await get(email, await courseId("Matemáticas 1º ESO A"));
    expect(res.statusCode).toBe(200);
    expect(detailOf(res)).toMatchObject(expected);
  });

  it.each(["editor@demo.test", "newteacher@demo.test", "teacher@lumen.test", "student@lumen.test", "admin@lumen.test"])(
    "answers 404 to %s, who is not in the class",
    async (email) => {
      expect(errorOf(await get(email, await courseId("Matemáticas 1º ESO A")))).toEqual({ status: 404, key: "NOT_FOUND" });
    },
  );

  it("answers 404 for an unknown class and 400 for a malformed guid", async () => {
    expect(errorOf(await get("teacher@demo.test", crypto.randomUUID()))).toEqual({ status: 404, key: "NOT_FOUND" });
    expect(errorOf(await get("teacher@demo.test", "not-a-guid"))).toEqual({ status: 400, key: "VALIDATION_ERROR" });
  });

  it("fills an old class's missing settings from the defaults, with the same guids every time", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const old = await buildCourse(db(), teacher.tenantId, {
      settings: { teachingModel: "retro", devices: "nonsense" as never },
      members: [{ userId: teacher.id, role: "teacher" }],
    });
    const first = detailOf(await get("teacher@demo.test", old.id));
    const again = detailOf(await get("teacher@demo.test", old.id));
    expect(first.settings).toMatchObject({ teachingModel: "retro", devices: "one_to_one", lessonQuestions: true, gamification: true });
    expect(first.settings.schedule.quarters).toHaveLength(3);
    // No dates stored: the periods follow the school year's usual dates.
    expect(first.settings.periods).toMatchObject({ type: "quarter" });
    expect(first.settings.periods.items[0]?.start).toBe("2026-09-01");
    expect(first.settings.periods.items[2]?.end).toBe("2027-06-30");
    expect(again.settings).toEqual(first.settings);
    expect(first).toMatchObject({ kind: "class", startDate: null, endDate: null, educationLevel: null, classKeyExpiresAt: null });
  });

  it("reports a non-gamified edition", async () => {
    const res = await get("teacher@lumen.test", await courseId("Matemática 6º ano B"));
    expect(detailOf(res)).toMatchObject({ editionGamified: false, classKey: "NUMR-6ANB", educationYear: "6º ano" });
  });
});

describe("PUT /api/front/courses/:guid", () => {
  const put = (who: UserLike | string, id: string, body: object) => call("PUT", `/api/front/courses/${id}`, who, body);
  const bodyFrom = (d: CourseDetail, overrides: Partial<CourseFormInput> = {}): CourseFormInput => ({
    kind: d.kind,
    name: d.name,
    educationLevelGuid: d.educationLevelGuid ?? "",
    educationYearGuid: d.educationYearGuid ?? "",
    disciplineGuid: d.disciplineGuid ?? "",
    schoolYear: d.schoolYear,
    startDate: d.startDate ?? "",
    endDate: d.endDate ?? "",
    color: d.color,
    icon: d.icon as CourseFormInput["icon"],
    publicationGuids: d.publications.map((p) => p.guid),
    settings: d.settings,
    ...overrides,
  });

  it("saves the form, replaces the publications with their program states, and moves the key's expiry", async () => {
    const bio = await publicationId("Biología y Geología 1º ESO");
    const geo = await publicationId("Geografía e Historia 1º ESO");
    const music = await publicationId("Música 1º ESO");
    const before = await created("teacher@demo.test", { publicationGuids: [bio, geo] });
    const stored = await courseRow(before.guid);
    // A personalised program for both books: only the removed one's rows must go.
    for (const pub of [bio, geo]) {
      const unit = await one(db().select().from(units).where(eq(units.publicationId, pub)), "unit");
      const lesson = await one(db().select().from(lessons).where(eq(lessons.unitId, unit.id)), "lesson");
      await db().insert(courseUnitStates).values({ courseId: before.guid, unitId: unit.id, publicationId: pub, position: 0, hidden: true });
      await db().insert(courseLessonStates).values({ courseId: before.guid, lessonId: lesson.id, publicationId: pub, position: 0 });
    }

    // The periods must fit the new end date.
    const periods = defaultPeriods("semester", "2026-09-01", "2027-06-15");
    const settings = { ...before.settings, teachingModel: "unoi" as const, streamPermission: "teacher_only" as const, periods };
    const res = await put("teacher@demo.test", before.guid, bodyFrom(before, { name: "Renamed", endDate: "2027-06-15", publicationGuids: [geo, music], settings, color: "#8F4E00" }));
    expect(res.statusCode).toBe(200);
    const after = detailOf(res);
    expect(after).toMatchObject({ name: "Renamed", endDate: "2027-06-15", color: "#8F4E00", classKey: before.classKey, classKeyExpiresAt: "2027-06-16T00:00:00.000Z" });
    expect(after.settings).toEqual(settings);
    expect(after.publications.map((p) => p.title)).toEqual(["Geografía e Historia 1º ESO", "Música 1º ESO"]);

    const row = await courseRow(before.guid);
    expect(row).toMatchObject({ name: "Renamed", endDate: "2027-06-15", settings });
    expect(row.updatedAt.getTime()).toBeGreaterThan(stored.updatedAt.getTime());
    expect(await classPublications(before.guid)).toEqual([geo, music].sort());
    const unitStates = await db().select().from(courseUnitStates).where(eq(courseUnitStates.courseId, before.guid));
    const lessonStates = await db().select().from(courseLessonStates).where(eq(courseLessonStates.courseId, before.guid));
    expect(unitStates.map((s) => s.publicationId)).toEqual([geo]);
    expect(lessonStates.map((s) => s.publicationId)).toEqual([geo]);
  });

  it("keeps the key's expiry when the end date does not change", async () => {
    const before = await created("teacher@demo.test");
    const custom = new Date("2030-01-01T00:00:00Z");
    await db().update(courses).set({ classKeyExpiresAt: custom }).where(eq(courses.id, before.guid));
    const res = await put("teacher@demo.test", before.guid, bodyFrom(before, { name: "Same dates" }));
    expect(res.statusCode).toBe(200);
    expect((await courseRow(before.guid)).classKeyExpiresAt?.toISOString()).toBe(custom.toISOString());
  });

  it("lets a co-teacher keep a licensed book they could not add, but not add one", async () => {
    const maths = await publicationId("Matemáticas 1º ESO");
    const lengua = await publicationId("Lengua Castellana y Literatura 1º ESO");
    const bio = await publicationId("Biología y Geología 1º ESO");
    const teacher = await demoUser("teacher@demo.test");
    const co = await demoUser("coteacher@demo.test");
    const d = await created(teacher, { publicationGuids: [maths] });
    await db().insert(courseMembers).values({ courseId: d.guid, userId: co.id, role: "coteacher" });

    const kept = await put(co, d.guid, bodyFrom(d, { publicationGuids: [maths, bio] }));
    expect(kept.statusCode).toBe(200);
    expect(await classPublications(d.guid)).toEqual([maths, bio].sort());
    const added = await put(co, d.guid, bodyFrom(d, { publicationGuids: [maths, bio, lengua] }));
    expect(errorOf(added)).toEqual({ status: 403, key: "PUBLICATION_NOT_AVAILABLE" });
    expect(await classPublications(d.guid)).toEqual([maths, bio].sort());
  });

  it("needs canCreateGroup to turn a class into a group", async () => {
    const { school, teacher } = await teacherInOwnSchool();
    const d = await created(teacher);
    await db().update(schools).set({ canCreateGroup: false }).where(eq(schools.id, school.id));
    expect(errorOf(await put(teacher, d.guid, bodyFrom(d, { kind: "group" })))).toEqual({ status: 403, key: "GROUP_CREATION_DISABLED" });
    expect((await courseRow(d.guid)).kind).toBe("class");
    // Editing a class without changing its kind needs no flag.
    await db().update(schools).set({ canCreateCourse: false }).where(eq(schools.id, school.id));
    expect((await put(teacher, d.guid, bodyFrom(d, { name: "Still a class" }))).statusCode).toBe(200);
  });

  it("validates like creating", async () => {
    const d = await created("teacher@demo.test");
    const dates = await put("teacher@demo.test", d.guid, bodyFrom(d, { endDate: "2026-08-01" }));
    expect(errorOf(dates)).toEqual({ status: 400, key: "VALIDATION_ERROR" });
    expect(detailsOf(dates)).toContainEqual({ field: "endDate", message: "end_before_start" });
    const level = await put("teacher@demo.test", d.guid, bodyFrom(d, { educationLevelGuid: ref.brLevel }));
    expect(detailsOf(level)).toContainEqual({ field: "educationLevelGuid", message: "invalid_choice" });
    expect((await courseRow(d.guid)).name).toBe(d.name);
  });

  it.each([
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("answers %s with %i", async (email, status, key) => {
    const id = await courseId("Lengua 1º ESO A");
    const d = detailOf(await call("GET", `/api/front/courses/${id}`, "teacher@demo.test"));
    expect(errorOf(await put(email, id, bodyFrom(d, { name: "Hijacked" })))).toEqual({ status, key });
    expect((await courseRow(id)).name).toBe("Lengua 1º ESO A");
  });
});

describe("DELETE /api/front/courses/:guid", () => {
  const remove = (who: UserLike | string, id: string) => call("DELETE", `/api/front/courses/${id}`, who);

  it("archives the class for its teacher: gone from the list and the class routes", async () => {
    const d = await created("teacher@demo.test", { name: "To archive" });
    const res = await remove("teacher@demo.test", d.guid);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await courseRow(d.guid)).archived).toBe(true);
    expect(errorOf(await call("GET", `/api/front/courses/${d.guid}`, "teacher@demo.test"))).toEqual({ status: 404, key: "NOT_FOUND" });
    const list = await call("GET", "/api/front/courses?pageSize=100", "teacher@demo.test");
    expect(list.json<{ data: { items: Array<{ name: string }> } }>().data.items.map((c) => c.name)).not.toContain("To archive");
    expect(errorOf(await remove("teacher@demo.test", d.guid))).toEqual({ status: 404, key: "NOT_FOUND" });
  });

  it.each([
    ["coteacher@demo.test", 403, "FORBIDDEN"],
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("refuses %s", async (email, status, key) => {
    const id = await courseId("Matemáticas 1º ESO A");
    expect(errorOf(await remove(email, id))).toEqual({ status, key });
    expect((await courseRow(id)).archived).toBe(false);
  });
});

describe("POST /api/front/courses/:guid/key", () => {
  const regenerate = (who: UserLike | string, id: string) => call("POST", `/api/front/courses/${id}/key`, who);
  const join = (email: string, key: string) => call("POST", "/api/front/courses/join", email, { key });

  it("gives the class a new key; the old one stops working at once", async () => {
    const student = await demoUser("student2@demo.test");
    const d = await created("teacher@demo.test");
    const oldKey = d.classKey ?? "";
    const res = await regenerate("teacher@demo.test", d.guid);
    expect(res.statusCode).toBe(200);
    const fresh = ClassKeySchema.parse(res.json<{ data: unknown }>().data);
    expect(fresh.classKey).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(fresh.classKey).not.toBe(oldKey);
    expect(fresh.classKeyExpiresAt).toBe("2027-07-01T00:00:00.000Z");
    expect((await courseRow(d.guid)).classKey).toBe(fresh.classKey.replace("-", ""));

    expect(errorOf(await join("student2@demo.test", oldKey))).toEqual({ status: 404, key: "CLASS_KEY_NOT_FOUND" });
    const joined = await join("student2@demo.test", fresh.classKey.toLowerCase().replace("-", " "));
    expect(joined.statusCode).toBe(200);
    const [member] = await db().select().from(courseMembers).where(and(eq(courseMembers.courseId, d.guid), eq(courseMembers.userId, student.id)));
    expect(member?.role).toBe("student");
  });

  it("is open to co-teachers", async () => {
    const id = await courseId("Matemáticas 1º ESO A");
    const res = await regenerate("coteacher@demo.test", id);
    expect(res.statusCode).toBe(200);
    expect((await courseRow(id)).classKey).toBe(ClassKeySchema.parse(res.json<{ data: unknown }>().data).classKey.replace("-", ""));
    await db().update(courses).set({ classKey: "MATEESA2" }).where(eq(courses.id, id)); // the demo key, for the other tests
  });

  it.each([
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("refuses %s", async (email, status, key) => {
    const id = await courseId("Lengua 1º ESO A");
    expect(errorOf(await regenerate(email, id))).toEqual({ status, key });
    expect((await courseRow(id)).classKey).toBe("TEXTESA2");
  });

  it("draws again when the new key is taken", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const d = await created(teacher);
    const keys = ["TEXTESA2", "WXYZ2345"];
    const access = await loadCourseAccess(db(), { userId: teacher.id, tenantId: teacher.tenantId, role: "teacher" }, d.guid);
    const row = await regenerateClassKey(db(), access, () => keys.shift() ?? "");
    expect(row.classKey).toBe("WXYZ2345");
    expect((await courseRow(await courseId("Lengua 1º ESO A"))).classKey).toBe("TEXTESA2");
  });
});

describe("POST and DELETE /api/front/courses/:guid/publications", () => {
  const add = (who: UserLike | string, id: string, publicationGuid: string) =>
    call("POST", `/api/front/courses/${id}/publications`, who, { publicationGuid });
  const drop = (who: UserLike | string, id: string, publicationGuid: string) =>
    call("DELETE", `/api/front/courses/${id}/publications/${publicationGuid}`, who);
  const titles = (res: { json: <T>() => T }) => res.json<{ data: { items: Array<{ title: string }> } }>().data.items.map((p) => p.title);

  it("adds an open book and answers the class's publications; a second time is 409", async () => {
    const bio = await publicationId("Biología y Geología 1º ESO");
    const music = await publicationId("Música 1º ESO");
    const d = await created("teacher@demo.test", { publicationGuids: [music] });
    const res = await add("teacher@demo.test", d.guid, bio);
    expect(res.statusCode).toBe(201);
    expect(titles(res)).toEqual(["Biología y Geología 1º ESO", "Música 1º ESO"]);
    expect(await classPublications(d.guid)).toEqual([bio, music].sort());
    expect(errorOf(await add("teacher@demo.test", d.guid, bio))).toEqual({ status: 409, key: "PUBLICATION_ALREADY_ASSIGNED" });
  });

  it("answers 404 for an unknown publication or another edition's", async () => {
    const d = await created("teacher@demo.test");
    expect(errorOf(await add("teacher@demo.test", d.guid, crypto.randomUUID()))).toEqual({ status: 404, key: "NOT_FOUND" });
    expect(errorOf(await add("teacher@demo.test", d.guid, await publicationId("Matemática 6º ano")))).toEqual({ status: 404, key: "NOT_FOUND" });
    expect(await classPublications(d.guid)).toEqual([]);
  });

  it("lets newteacher add the licensed Matemáticas 1º ESO only after redeeming AULA-TEACH-2026", async () => {
    const maths = await publicationId("Matemáticas 1º ESO");
    const d = await created("newteacher@demo.test");
    expect(errorOf(await add("newteacher@demo.test", d.guid, maths))).toEqual({ status: 403, key: "PUBLICATION_NOT_AVAILABLE" });
    expect(await classPublications(d.guid)).toEqual([]);
    expect((await call("POST", "/api/front/redeem", "newteacher@demo.test", { code: "AULA-TEACH-2026" })).statusCode).toBe(201);
    const res = await add("newteacher@demo.test", d.guid, maths);
    expect(res.statusCode).toBe(201);
    expect(titles(res)).toEqual(["Matemáticas 1º ESO"]);
  });

  it.each([
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("refuses %s", async (email, status, key) => {
    const id = await courseId("Lengua 1º ESO A");
    const bio = await publicationId("Biología y Geología 1º ESO");
    expect(errorOf(await add(email, id, bio))).toEqual({ status, key });
    expect(errorOf(await drop(email, id, await publicationId("Lengua Castellana y Literatura 1º ESO")))).toEqual({ status, key });
    expect(await classPublications(id)).toEqual([await publicationId("Lengua Castellana y Literatura 1º ESO")]);
  });

  it("removes a publication with the class's program states for it; a second time is 404", async () => {
    const bio = await publicationId("Biología y Geología 1º ESO");
    const geo = await publicationId("Geografía e Historia 1º ESO");
    const d = await created("teacher@demo.test", { publicationGuids: [bio, geo] });
    for (const pub of [bio, geo]) {
      const unit = await one(db().select().from(units).where(eq(units.publicationId, pub)), "unit");
      const lesson = await one(db().select().from(lessons).where(eq(lessons.unitId, unit.id)), "lesson");
      await db().insert(courseUnitStates).values({ courseId: d.guid, unitId: unit.id, publicationId: pub, position: 1 });
      await db().insert(courseLessonStates).values({ courseId: d.guid, lessonId: lesson.id, publicationId: pub, position: 1 });
    }
    const res = await drop("coteacher@demo.test", d.guid, bio);
    expect(res.statusCode).toBe(404); // the co-teacher of another class is not in this one

    const ok = await drop("teacher@demo.test", d.guid, bio);
    expect(ok.statusCode).toBe(204);
    expect(await classPublications(d.guid)).toEqual([geo]);
    expect((await db().select().from(courseUnitStates).where(eq(courseUnitStates.courseId, d.guid))).map((s) => s.publicationId)).toEqual([geo]);
    expect((await db().select().from(courseLessonStates).where(eq(courseLessonStates.courseId, d.guid))).map((s) => s.publicationId)).toEqual([geo]);
    expect(errorOf(await drop("teacher@demo.test", d.guid, bio))).toEqual({ status: 404, key: "NOT_FOUND" });
  });
});

describe("GET /api/front/publications/available", () => {
  const available = async (who: UserLike | string) => {
    const res = await call("GET", "/api/front/publications/available", who);
    expect(res.statusCode).toBe(200);
    return AvailablePublicationsResponseSchema.parse(res.json()).data.items.map((p) => [p.title, p.access]);
  };
  const OPEN = [
    ["Biología y Geología 1º ESO", "open"],
    ["Geografía e Historia 1º ESO", "open"],
    ["Música 1º ESO", "open"],
  ];

  it("lists the open books and the caller's licensed ones, by title", async () => {
    expect(await available("teacher@demo.test")).toEqual([
      ["Biología y Geología 1º ESO", "open"],
      ["Geografía e Historia 1º ESO", "open"],
      ["Lengua Castellana y Literatura 1º ESO", "licensed"],
      ["Matemáticas 1º ESO", "licensed"],
      ["Música 1º ESO", "open"],
    ]);
    const res = await call("GET", "/api/front/publications/available", "teacher@demo.test");
    const bio = AvailablePublicationsResponseSchema.parse(res.json()).data.items[0];
    expect(bio).toMatchObject({ discipline: "biology", educationYear: "1º ESO", kind: "book", coverUrl: null });
  });

  it("counts only the caller's own active licences", async () => {
    const { teacher } = await teacherInOwnSchool();
    expect(await available(teacher)).toEqual(OPEN);
    const licence = await one(db().select().from(licences).where(eq(licences.code, "AULATEACH2026")), "licence");
    const [personal] = await db()
      .insert(personalLicences)
      .values({ tenantId: teacher.tenantId, licenceId: licence.id, userId: teacher.id, expiresAt: new Date(Date.now() - 1000) })
      .returning();
    expect(await available(teacher)).toEqual(OPEN);
    await db().update(personalLicences).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(personalLicences.id, personal?.id ?? ""));
    expect(await available(teacher)).toEqual([...OPEN.slice(0, 2), ["Matemáticas 1º ESO", "licensed"], OPEN[2]]);
  });

  it("shows a Lumen teacher nothing of Aula's", async () => {
    expect(await available("teacher@lumen.test")).toEqual([]);
  });

  it("is open to co-teachers and refuses other roles with 403", async () => {
    expect((await call("GET", "/api/front/publications/available", "coteacher@demo.test")).statusCode).toBe(200);
    for (const email of ["student1@demo.test", "admin@demo.test", "editor@demo.test", "student@lumen.test"]) {
      expect(errorOf(await call("GET", "/api/front/publications/available", email))).toEqual({ status: 403, key: "FORBIDDEN" });
    }
  });
});
