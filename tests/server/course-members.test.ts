process.env.LOG_LEVEL = "silent";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { CourseMemberSchema, CourseMembersSchema, JoinCourseResultSchema } from "../../src/contracts/course-settings";
import { courseMembers, courses, schools, tenants } from "../../src/server/db/schema";
import { bearer as bearerOf, demoUser as demoUserOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

type UserLike = { id: string; tenantId: string; role: string };
const db = () => t.app.ctx.db;
const demoUser = (email: string) => demoUserOf(t.app, email);
const errorOf = (res: { statusCode: number; json: <T>() => T }) => ({
  status: res.statusCode,
  key: res.json<{ error?: { key: string } }>().error?.key,
});
const call = async (method: "GET" | "POST" | "DELETE", url: string, who: UserLike | string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: await bearerOf(t.app, typeof who === "string" ? await demoUser(who) : who),
    ...(payload ? { payload } : {}),
  });
const courseId = async (name: string) => {
  const [row] = await db().select().from(courses).where(eq(courses.name, name)).limit(1);
  if (!row) throw new Error(`no class ${name}`);
  return row.id;
};
const membership = async (course: string, userId: string) => {
  const [row] = await db().select().from(courseMembers).where(and(eq(courseMembers.courseId, course), eq(courseMembers.userId, userId)));
  return row?.role ?? null;
};

/** A class of the Aula school owned by teacher@demo.test, with its co-teacher and two students. */
const demoLikeClass = async (overrides: Partial<typeof courses.$inferInsert> = {}) => {
  const teacher = await demoUser("teacher@demo.test");
  const co = await demoUser("coteacher@demo.test");
  const s1 = await demoUser("student1@demo.test");
  const s2 = await demoUser("student2@demo.test");
  const course = await buildCourse(db(), teacher.tenantId, {
    schoolId: teacher.schoolId,
    createdBy: teacher.id,
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: co.id, role: "coteacher" },
      { userId: s1.id, role: "student" },
      { userId: s2.id, role: "student" },
    ],
    ...overrides,
  });
  return { course, teacher, co, s1, s2 };
};

describe("POST /api/front/courses/join", () => {
  const join = (who: UserLike | string, key: unknown) => call("POST", "/api/front/courses/join", who, { key });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/front/courses/join", payload: { key: "MATE-ESA2" } })).statusCode).toBe(401);
  });

  it("enrols a student with the key (case, spaces and dashes ignored) and answers the class card", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const student = await buildUser(db(), teacher.tenantId, { role: "student", schoolId: teacher.schoolId });
    const res = await join(student, " mate esa2 ");
    expect(res.statusCode).toBe(200);
    const result = JoinCourseResultSchema.parse(res.json<{ data: unknown }>().data);
    expect(result).toMatchObject({
      alreadyMember: false,
      course: { name: "Matemáticas 1º ESO A", myRole: "student", studentCount: 3, educationYear: "1º ESO", publications: [{ title: "Matemáticas 1º ESO" }] },
    });
    expect(await membership(await courseId("Matemáticas 1º ESO A"), student.id)).toBe("student");

    const again = await join(student, "MATE-ESA2");
    expect(again.statusCode).toBe(200);
    expect(JoinCourseResultSchema.parse(again.json<{ data: unknown }>().data)).toMatchObject({ alreadyMember: true, course: { studentCount: 3 } });
    const rows = await db().select().from(courseMembers).where(eq(courseMembers.userId, student.id));
    expect(rows).toHaveLength(1);
  });

  it("tells an enrolled student they are already a member", async () => {
    const res = await join("student1@demo.test", "TEXT-ESA2");
    expect(JoinCourseResultSchema.parse(res.json<{ data: unknown }>().data)).toMatchObject({ alreadyMember: true, course: { name: "Lengua 1º ESO A" } });
  });

  it.each(["teacher@demo.test", "coteacher@demo.test", "newteacher@demo.test", "admin@demo.test", "editor@demo.test", "teacher@lumen.test"])(
    "refuses %s with 403 CLASS_KEY_STUDENTS_ONLY",
    async (email) => {
      expect(errorOf(await join(email, "MATE-ESA2"))).toEqual({ status: 403, key: "CLASS_KEY_STUDENTS_ONLY" });
      expect(await membership(await courseId("Matemáticas 1º ESO A"), (await demoUser(email)).id)).not.toBe("student");
    },
  );

  it("answers 404 CLASS_KEY_NOT_FOUND for an unknown key and for another edition's key", async () => {
    expect(errorOf(await join("student1@demo.test", "ZZZZ-9999"))).toEqual({ status: 404, key: "CLASS_KEY_NOT_FOUND" });
    expect(errorOf(await join("student1@demo.test", "NUMR-6ANB"))).toEqual({ status: 404, key: "CLASS_KEY_NOT_FOUND" });
    const lumenStudent = await demoUser("student@lumen.test");
    expect(errorOf(await join(lumenStudent, "MATE-ESA2"))).toEqual({ status: 404, key: "CLASS_KEY_NOT_FOUND" });
    expect(await membership(await courseId("Matemáticas 1º ESO A"), lumenStudent.id)).toBeNull();
  });

  it("never matches another edition's class even when both editions use the same key", async () => {
    const lumen = (await demoUser("teacher@lumen.test")).tenantId;
    const lumenCourse = await buildCourse(db(), lumen, { classKey: "SAME2KEY" });
    const aula = (await demoUser("teacher@demo.test")).tenantId;
    const aulaCourse = await buildCourse(db(), aula, { classKey: "SAME2KEY", name: "Aula twin" });
    const res = await join("student2@demo.test", "SAME-2KEY");
    expect(JoinCourseResultSchema.parse(res.json<{ data: unknown }>().data).course.name).toBe("Aula twin");
    const student = await demoUser("student2@demo.test");
    expect(await membership(aulaCourse.id, student.id)).toBe("student");
    expect(await membership(lumenCourse.id, student.id)).toBeNull();
  });

  it("answers 410 CLASS_KEY_EXPIRED for last year's class PAST-KEY2", async () => {
    const student = await demoUser("student2@demo.test");
    expect(errorOf(await join(student, "PAST-KEY2"))).toEqual({ status: 410, key: "CLASS_KEY_EXPIRED" });
    expect(await membership(await courseId("Matemáticas 1º ESO B (2025-2026)"), student.id)).toBeNull();
  });

  it("answers 404 for an archived class's key", async () => {
    const aula = (await demoUser("teacher@demo.test")).tenantId;
    await buildCourse(db(), aula, { classKey: "ARCH2VED", archived: true });
    expect(errorOf(await join("student1@demo.test", "ARCH-2VED"))).toEqual({ status: 404, key: "CLASS_KEY_NOT_FOUND" });
  });

  it.each<[string, unknown, string]>([
    ["an empty key", "  ", "class_key_required"],
    ["a missing key", undefined, "class_key_required"],
    ["a key of the wrong length", "ABC-12", "invalid_code"],
    ["a very long key", "A".repeat(40), "invalid_code"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_what, key, message) => {
    const res = await join("student1@demo.test", key);
    expect(errorOf(res)).toEqual({ status: 400, key: "VALIDATION_ERROR" });
    expect(res.json<{ error: { details: unknown[] } }>().error.details).toContainEqual({ field: "key", message });
  });
});

describe("POST /api/front/courses/join rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ seedDemo: false, authRateLimitPerMinute: 3 });
  }, 180_000);
  afterAll(() => limited.close());

  it("answers 429 RATE_LIMITED after the configured attempts per minute, since keys can be guessed", async () => {
    const tenant = await buildTenant(limited.database.db);
    const student = await buildUser(limited.database.db, tenant.id, { role: "student" });
    const headers = await bearerOf(limited.app, student);
    const attempt = () => limited.app.inject({ method: "POST", url: "/api/front/courses/join", headers, payload: { key: "GUES-S234" } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const res = await attempt();
    expect(errorOf(res)).toEqual({ status: 429, key: "RATE_LIMITED" });
  });
});

describe("GET /api/front/courses/:guid/members", () => {
  const members = async (who: UserLike | string, id: string) => {
    const res = await call("GET", `/api/front/courses/${id}/members`, who);
    expect(res.statusCode).toBe(200);
    return CourseMembersSchema.parse(res.json<{ data: unknown }>().data);
  };

  it("lists teachers, co-teachers, then students by last name, with e-mails for the teacher", async () => {
    const { course } = await demoLikeClass();
    const extra = await buildUser(db(), course.tenantId, { role: "student", firstName: "Zoe", lastName: "Abad" });
    await db().insert(courseMembers).values({ courseId: course.id, userId: extra.id, role: "student" });
    const list = await members("teacher@demo.test", course.id);
    expect(list.myRole).toBe("teacher");
    expect(list.items.map((m) => [m.role, m.lastName, m.email, m.isOwner])).toEqual([
      ["teacher", "Martín", "teacher@demo.test", true],
      ["coteacher", "Ruiz", "coteacher@demo.test", false],
      ["student", "Abad", extra.email, false],
      ["student", "López", "student1@demo.test", false],
      ["student", "Sánchez", "student2@demo.test", false],
    ]);
    expect(Number.isNaN(Date.parse(list.items[0]?.joinedAt ?? ""))).toBe(false);
  });

  it("shows e-mails to co-teachers and overseeing school admins, never to students", async () => {
    const id = (await demoLikeClass()).course.id;
    const co = await members("coteacher@demo.test", id);
    expect(co.myRole).toBe("coteacher");
    expect(co.items.every((m) => m.email !== null)).toBe(true);
    const admin = await members("admin@demo.test", id);
    expect(admin.myRole).toBe("observer");
    expect(admin.items.every((m) => m.email !== null)).toBe(true);
    const student = await members("student1@demo.test", id);
    expect(student.myRole).toBe("student");
    expect(student.items.map((m) => m.email)).toEqual([null, null, null, null]);
    expect(student.items.map((m) => m.firstName)).toEqual(["Lucía", "Jorge", "Marta", "Pablo"]);
  });

  it("tells the class's staff whether the AI assistant is on for each student (never what they ask), and nobody else", async () => {
    const id = (await demoLikeClass()).course.id;
    const byName = (list: Awaited<ReturnType<typeof members>>) => list.items.map((m) => [m.firstName, m.assistant]);
    // Marta has the assistant's flag, Pablo not; the Aula edition has the assistant; staff rows carry nothing.
    expect(byName(await members("teacher@demo.test", id))).toEqual([["Lucía", null], ["Jorge", null], ["Marta", true], ["Pablo", false]]);
    expect(byName(await members("admin@demo.test", id))).toEqual([["Lucía", null], ["Jorge", null], ["Marta", true], ["Pablo", false]]);
    expect(byName(await members("student1@demo.test", id)).map(([, a]) => a)).toEqual([null, null, null, null]);
    // In an edition without the assistant it is on for nobody, whatever the flag.
    const tenantId = (await demoUser("teacher@demo.test")).tenantId;
    await db().update(tenants).set({ chatbotAvailable: false }).where(eq(tenants.id, tenantId));
    try {
      expect(byName(await members("teacher@demo.test", id)).map(([, a]) => a)).toEqual([null, null, false, false]);
    } finally {
      await db().update(tenants).set({ chatbotAvailable: true }).where(eq(tenants.id, tenantId));
    }
  });

  it.each(["editor@demo.test", "newteacher@demo.test", "teacher@lumen.test", "student@lumen.test"])("answers 404 to %s", async (email) => {
    const res = await call("GET", `/api/front/courses/${await courseId("Matemáticas 1º ESO A")}/members`, email);
    expect(errorOf(res)).toEqual({ status: 404, key: "NOT_FOUND" });
  });
});

describe("POST /api/front/courses/:guid/coteachers", () => {
  const addCo = (who: UserLike | string, id: string, email: unknown) => call("POST", `/api/front/courses/${id}/coteachers`, who, { email });

  it("adds a teacher of the edition by e-mail, whatever its case", async () => {
    const { course } = await demoLikeClass();
    const newteacher = await demoUser("newteacher@demo.test");
    const res = await addCo("teacher@demo.test", course.id, "  NewTeacher@Demo.TEST ");
    expect(res.statusCode).toBe(201);
    expect(CourseMemberSchema.parse(res.json<{ data: unknown }>().data)).toMatchObject({
      guid: newteacher.id,
      firstName: "Andrés",
      lastName: "Navarro",
      email: "newteacher@demo.test",
      role: "coteacher",
      isOwner: false,
    });
    expect(await membership(course.id, newteacher.id)).toBe("coteacher");
    // The new co-teacher now sees and edits the class.
    const detail = await call("GET", `/api/front/courses/${course.id}`, newteacher);
    expect(detail.json()).toMatchObject({ data: { myRole: "coteacher", canEdit: true, canManageTeachers: false } });

    expect(errorOf(await addCo("teacher@demo.test", course.id, "newteacher@demo.test"))).toEqual({ status: 409, key: "ALREADY_MEMBER" });
  });

  it.each([
    ["nobody@demo.test", 404, "USER_NOT_FOUND"],
    ["teacher@lumen.test", 404, "USER_NOT_FOUND"],
    ["student1@demo.test", 400, "COTEACHER_NOT_TEACHER"],
    ["admin@demo.test", 400, "COTEACHER_NOT_TEACHER"],
    ["editor@demo.test", 400, "COTEACHER_NOT_TEACHER"],
    ["coteacher@demo.test", 409, "ALREADY_MEMBER"],
    ["teacher@demo.test", 409, "ALREADY_MEMBER"],
  ])("refuses to add %s", async (email, status, key) => {
    const { course } = await demoLikeClass();
    expect(errorOf(await addCo("teacher@demo.test", course.id, email))).toEqual({ status, key });
    expect((await db().select().from(courseMembers).where(eq(courseMembers.courseId, course.id))).map((m) => m.role).sort()).toEqual(
      ["coteacher", "student", "student", "teacher"],
    );
  });

  it.each([
    ["coteacher@demo.test", 403, "FORBIDDEN"],
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("only lets the class's teacher add co-teachers: %s", async (email, status, key) => {
    const { course } = await demoLikeClass();
    expect(errorOf(await addCo(email, course.id, "newteacher@demo.test"))).toEqual({ status, key });
    expect(await membership(course.id, (await demoUser("newteacher@demo.test")).id)).toBeNull();
  });

  it("answers 400 VALIDATION_ERROR for a body without a valid e-mail", async () => {
    const { course } = await demoLikeClass();
    for (const email of ["", "not-an-email", 42, undefined]) {
      expect(errorOf(await addCo("teacher@demo.test", course.id, email))).toEqual({ status: 400, key: "VALIDATION_ERROR" });
    }
  });
});

describe("DELETE /api/front/courses/:guid/members/:userGuid", () => {
  const remove = (who: UserLike | string, id: string, userId: string) => call("DELETE", `/api/front/courses/${id}/members/${userId}`, who);

  it("lets the teacher remove students and co-teachers, but not the class's creator", async () => {
    const { course, teacher, co, s1 } = await demoLikeClass();
    const res = await remove(teacher, course.id, s1.id);
    expect(res.statusCode).toBe(204);
    expect(await membership(course.id, s1.id)).toBeNull();
    expect((await remove(teacher, course.id, co.id)).statusCode).toBe(204);
    expect(await membership(course.id, co.id)).toBeNull();
    expect(errorOf(await remove(teacher, course.id, teacher.id))).toEqual({ status: 400, key: "MEMBER_NOT_REMOVABLE" });
    expect(await membership(course.id, teacher.id)).toBe("teacher");
  });

  it("answers 404 for someone not in the class", async () => {
    const { course, teacher } = await demoLikeClass();
    const stranger = await demoUser("newteacher@demo.test");
    expect(errorOf(await remove(teacher, course.id, stranger.id))).toEqual({ status: 404, key: "NOT_FOUND" });
    expect(errorOf(await remove(teacher, course.id, crypto.randomUUID()))).toEqual({ status: 404, key: "NOT_FOUND" });
    expect(errorOf(await remove(teacher, course.id, (await demoUser("student@lumen.test")).id))).toEqual({ status: 404, key: "NOT_FOUND" });
  });

  it("lets a co-teacher remove students only", async () => {
    const { course, teacher, co, s1 } = await demoLikeClass();
    const other = await buildUser(db(), course.tenantId, { role: "coteacher" });
    await db().insert(courseMembers).values({ courseId: course.id, userId: other.id, role: "coteacher" });
    expect((await remove(co, course.id, s1.id)).statusCode).toBe(204);
    expect(await membership(course.id, s1.id)).toBeNull();
    expect(errorOf(await remove(co, course.id, teacher.id))).toEqual({ status: 403, key: "FORBIDDEN" });
    expect(errorOf(await remove(co, course.id, other.id))).toEqual({ status: 403, key: "FORBIDDEN" });
    expect(await membership(course.id, other.id)).toBe("coteacher");
  });

  it("lets a teacher who did not create the class remove anyone but its creator", async () => {
    const { course, teacher, co } = await demoLikeClass();
    const second = await buildUser(db(), course.tenantId, { role: "teacher" });
    await db().insert(courseMembers).values({ courseId: course.id, userId: second.id, role: "teacher" });
    expect(errorOf(await remove(second, course.id, teacher.id))).toEqual({ status: 400, key: "MEMBER_NOT_REMOVABLE" });
    expect((await remove(second, course.id, co.id)).statusCode).toBe(204);
  });

  it.each([
    ["student1@demo.test", 403, "FORBIDDEN"],
    ["admin@demo.test", 403, "FORBIDDEN"],
    ["editor@demo.test", 404, "NOT_FOUND"],
    ["teacher@lumen.test", 404, "NOT_FOUND"],
  ])("refuses %s", async (email, status, key) => {
    const { course, s2 } = await demoLikeClass();
    expect(errorOf(await remove(email, course.id, s2.id))).toEqual({ status, key });
    expect(await membership(course.id, s2.id)).toBe("student");
  });

  it("keeps the school admin's oversight read-only even for their own school's class", async () => {
    const { course, s1 } = await demoLikeClass();
    const admin = await demoUser("admin@demo.test");
    const [school] = await db().select().from(schools).where(eq(schools.id, admin.schoolId ?? ""));
    expect(course.schoolId).toBe(school?.id);
    expect(errorOf(await remove(admin, course.id, s1.id))).toEqual({ status: 403, key: "FORBIDDEN" });
  });
});
