process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { CoursesListSchema, PublicationsListSchema, type CoursesList } from "../../src/contracts/courses";
import { coursePublications, publications, schools, tenants, users } from "../../src/server/db/schema";
import { bearer as bearerOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildSchool, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`missing ${what}`);
  return row;
};
const tenantId = async (slug: string) => (await one(db().select().from(tenants).where(eq(tenants.slug, slug)), slug)).id;
const schoolId = async (name: string) => (await one(db().select().from(schools).where(eq(schools.name, name)), name)).id;
const demoUser = (email: string) => one(db().select().from(users).where(eq(users.email, email)), email);
const bearer = (u: { id: string; tenantId: string; role: string }) => bearerOf(t.app, u);
const get = async (url: string, u: { id: string; tenantId: string; role: string }) =>
  t.app.inject({ method: "GET", url, headers: await bearer(u) });

describe("GET /api/front/courses", () => {
  const classes = async (u: { id: string; tenantId: string; role: string }, query = ""): Promise<CoursesList> => {
    const res = await get(`/api/front/courses${query}`, u);
    expect(res.statusCode).toBe(200);
    return CoursesListSchema.parse(res.json<{ data: unknown }>().data);
  };

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/front/courses" });
    expect(res.statusCode).toBe(401);
  });

  it("lists a teacher's classes by name as full cards", async () => {
    const list = await classes(await demoUser("teacher@demo.test"));
    expect(list.total).toBe(3);
    expect(list.items.map((c) => c.name)).toEqual(["Lengua 1º ESO A", "Matemáticas 1º ESO A", "Matemáticas 1º ESO B (2025-2026)"]);
    expect(list.items[1]).toMatchObject({
      schoolYear: "2026-2027",
      educationLevel: "ESO",
      educationYear: "1º ESO",
      discipline: "math",
      myRole: "teacher",
      studentCount: 2,
      publications: [{ title: "Matemáticas 1º ESO", coverUrl: null }],
    });
    expect(list.items[0]).toMatchObject({ discipline: "language", publications: [{ title: "Lengua Castellana y Literatura 1º ESO" }] });
  });

  it("gives each member their own role on the card", async () => {
    const co = await classes(await demoUser("coteacher@demo.test"));
    expect(co.items.map((c) => [c.name, c.myRole])).toEqual([["Matemáticas 1º ESO A", "coteacher"]]);
    const student = await classes(await demoUser("student1@demo.test"));
    expect(student.items.map((c) => c.myRole)).toEqual(["student", "student"]);
  });

  it("never shows a Lumen teacher the Aula classes", async () => {
    const list = await classes(await demoUser("teacher@lumen.test"));
    expect(list.items.map((c) => c.name)).toEqual(["Matemática 6º ano B"]);
    expect(list.items[0]).toMatchObject({ educationYear: "6º ano", studentCount: 1, publications: [{ title: "Matemática 6º ano" }] });
  });

  it("counts students only, and hides archived classes", async () => {
    const aula = await tenantId("aula");
    const teacher = await buildUser(db(), aula);
    const kids = await Promise.all([1, 2, 3].map(() => buildUser(db(), aula, { role: "student" })));
    const co = await buildUser(db(), aula, { role: "coteacher" });
    await buildCourse(db(), aula, {
      name: "Counted",
      members: [{ userId: teacher.id, role: "teacher" }, { userId: co.id, role: "coteacher" }, ...kids.map((k) => ({ userId: k.id, role: "student" as const }))],
    });
    await buildCourse(db(), aula, { name: "Old", archived: true, members: [{ userId: teacher.id, role: "teacher" }] });
    const list = await classes(teacher);
    expect(list.items.map((c) => [c.name, c.studentCount, c.publications])).toEqual([["Counted", 3, []]]);
    expect(list.total).toBe(1);
  });

  it("pages with offset and pageSize and reports the total", async () => {
    const aula = await tenantId("aula");
    const teacher = await buildUser(db(), aula);
    for (const name of ["E", "b", "A", "d", "C"]) await buildCourse(db(), aula, { name, members: [{ userId: teacher.id, role: "teacher" }] });
    const first = await classes(teacher, "?offset=0&pageSize=2");
    expect(first).toMatchObject({ total: 5, offset: 0, pageSize: 2 });
    expect(first.items.map((c) => c.name)).toEqual(["A", "b"]);
    expect((await classes(teacher, "?offset=4&pageSize=2")).items.map((c) => c.name)).toEqual(["E"]);
    const past = await classes(teacher, "?offset=10&pageSize=2");
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  it("rejects a page size outside 1..100", async () => {
    const teacher = await demoUser("teacher@demo.test");
    expect((await get("/api/front/courses?pageSize=0", teacher)).statusCode).toBe(400);
    expect((await get("/api/front/courses?pageSize=101", teacher)).statusCode).toBe(400);
    expect((await get("/api/front/courses?offset=-1", teacher)).statusCode).toBe(400);
  });

  it("runs the same number of queries for 2 classes as for 12 (no N+1)", async () => {
    const aula = await tenantId("aula");
    const small = await buildUser(db(), aula);
    const big = await buildUser(db(), aula);
    const pub = await one(db().select().from(publications).where(eq(publications.tenantId, aula)), "publication");
    for (let i = 0; i < 12; i++) {
      const c = await buildCourse(db(), aula, { members: [{ userId: big.id, role: "teacher" }] });
      await db().insert(coursePublications).values({ courseId: c.id, publicationId: pub.id });
      if (i < 2) await buildCourse(db(), aula, { members: [{ userId: small.id, role: "teacher" }] });
    }
    const spy = jest.spyOn(db(), "select");
    try {
      await classes(small);
      const forSmall = spy.mock.calls.length;
      spy.mockClear();
      const list = await classes(big);
      expect(list.items).toHaveLength(12);
      expect(list.items.every((c) => c.publications.length === 1)).toBe(true);
      expect(spy.mock.calls.length).toBe(forSmall);
      expect(forSmall).toBeLessThanOrEqual(3);
    } finally {
      spy.mockRestore();
    }
  });

  describe("for a school admin", () => {
    it("shows every class of their school as observer, plus their own memberships", async () => {
      const aula = await tenantId("aula");
      const cervantes = await schoolId("IES Miguel de Cervantes");
      const admin = await buildUser(db(), aula, { role: "school_admin", schoolId: cervantes });
      const otherSchool = await buildSchool(db(), aula);
      const elsewhere = await buildCourse(db(), aula, { name: "Elsewhere", schoolId: otherSchool.id });
      await buildCourse(db(), aula, { name: "Elsewhere but mine", schoolId: otherSchool.id, members: [{ userId: admin.id, role: "teacher" }] });
      const list = await classes(admin, "?pageSize=100");
      const names = list.items.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(["Lengua 1º ESO A", "Matemáticas 1º ESO A", "Elsewhere but mine"]));
      expect(names).not.toContain(elsewhere.name);
      expect(list.items.find((c) => c.name === "Matemáticas 1º ESO A")?.myRole).toBe("observer");
      expect(list.items.find((c) => c.name === "Elsewhere but mine")?.myRole).toBe("teacher");
      expect(list.total).toBe(list.items.length);
    });

    it("never sees classes of another tenant, even ones pointing at their school or listing them", async () => {
      const lumen = await tenantId("lumen");
      const cervantes = await schoolId("IES Miguel de Cervantes");
      const admin = await demoUser("admin@demo.test");
      // Rows that cross tenants must stay invisible: the tenant filter wins over school and membership.
      await buildCourse(db(), lumen, { name: "Leak by school", schoolId: cervantes });
      await buildCourse(db(), lumen, { name: "Leak by membership", members: [{ userId: admin.id, role: "teacher" }] });
      const names = (await classes(admin, "?pageSize=100")).items.map((c) => c.name);
      expect(names).not.toContain("Leak by school");
      expect(names).not.toContain("Leak by membership");
      expect(names).not.toContain("Matemática 6º ano B");
      const lumenAdmin = await demoUser("admin@lumen.test");
      const lumenNames = (await classes(lumenAdmin, "?pageSize=100")).items.map((c) => c.name);
      expect(lumenNames).toEqual(["Matemática 6º ano B"]);
    });
  });
});

describe("GET /api/front/publications", () => {
  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/front/publications" })).statusCode).toBe(401);
  });

  it("refuses students with 403", async () => {
    const res = await get("/api/front/publications", await demoUser("student1@demo.test"));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: "error", error: { key: "FORBIDDEN" } });
    expect((await get("/api/front/publications", await demoUser("student@lumen.test"))).statusCode).toBe(403);
  });

  it("lists the edition's publications with unit counts for teachers", async () => {
    const res = await get("/api/front/publications", await demoUser("teacher@demo.test"));
    expect(res.statusCode).toBe(200);
    const list = PublicationsListSchema.parse(res.json<{ data: unknown }>().data);
    expect(list.total).toBe(5);
    expect(list.items.map(({ guid: _g, ...rest }) => rest)).toEqual([
      { title: "Biología y Geología 1º ESO", kind: "book", coverUrl: null, discipline: "biology", educationYear: "1º ESO", unitCount: 2 },
      { title: "Geografía e Historia 1º ESO", kind: "book", coverUrl: null, discipline: "geography", educationYear: "1º ESO", unitCount: 2 },
      { title: "Lengua Castellana y Literatura 1º ESO", kind: "book", coverUrl: null, discipline: "language", educationYear: "1º ESO", unitCount: 6 },
      { title: "Matemáticas 1º ESO", kind: "program", coverUrl: null, discipline: "math", educationYear: "1º ESO", unitCount: 8 },
      { title: "Música 1º ESO", kind: "book", coverUrl: null, discipline: "art", educationYear: "1º ESO", unitCount: 1 },
    ]);
  });

  it("shows a Lumen teacher only Lumen's publications", async () => {
    const res = await get("/api/front/publications", await demoUser("teacher@lumen.test"));
    const list = PublicationsListSchema.parse(res.json<{ data: unknown }>().data);
    expect(list.items.map((p) => [p.title, p.unitCount, p.educationYear])).toEqual([["Matemática 6º ano", 4, "6º ano"]]);
  });

  it("is open to co-teachers, school admins and editorial staff, and pages", async () => {
    for (const email of ["coteacher@demo.test", "admin@demo.test", "editor@demo.test"]) {
      expect((await get("/api/front/publications", await demoUser(email))).statusCode).toBe(200);
    }
    const res = await get("/api/front/publications?offset=3&pageSize=1", await demoUser("editor@demo.test"));
    const page = PublicationsListSchema.parse(res.json<{ data: unknown }>().data);
    expect(page).toMatchObject({ total: 5, offset: 3, pageSize: 1 });
    expect(page.items.map((p) => p.title)).toEqual(["Matemáticas 1º ESO"]);
  });
});
