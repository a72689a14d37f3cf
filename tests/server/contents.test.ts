process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { ContentsPageSchema, type ContentsPage } from "../../src/contracts/contents";
import { coursePublications, courses, licences, personalLicences, publications, tenants, users } from "../../src/server/db/schema";
import { foldAccents, prefixTsQuery, searchWords } from "../../src/server/modules/contents/service";
import { bearer as bearerOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildCourse, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 90_000);
afterAll(() => t.close());

type Person = { id: string; tenantId: string; role: string };
const db = () => t.app.ctx.db;
const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`missing ${what}`);
  return row;
};
const demoUser = (email: string) => one(db().select().from(users).where(eq(users.email, email)), email);
const tenantId = async (slug: string) => (await one(db().select().from(tenants).where(eq(tenants.slug, slug)), slug)).id;
const publicationId = async (title: string) => (await one(db().select().from(publications).where(eq(publications.title, title)), title)).id;

const search = async (who: Person, query = ""): Promise<ContentsPage> => {
  const res = await t.app.inject({ method: "GET", url: `/api/front/contents${query}`, headers: await bearerOf(t.app, who) });
  expect(res.statusCode).toBe(200);
  return ContentsPageSchema.parse(res.json<{ data: unknown }>().data);
};
const names = (page: ContentsPage) => page.items.map((i) => i.name);
const q = (text: string) => `?search=${encodeURIComponent(text)}`;

const ALL_AULA = [
  "Biología y Geología 1º ESO",
  "Geografía e Historia 1º ESO",
  "Lengua Castellana y Literatura 1º ESO",
  "Matemáticas 1º ESO",
  "Música 1º ESO",
];

describe("search words", () => {
  it("fold accents and case and keep only letters and digits", () => {
    expect(foldAccents("Matemáticas ÑANDÚ çà")).toBe("Matematicas NANDU ca");
    expect(searchWords("  ¡MATEMÁTICAS,   célula!  ")).toEqual(["matematicas", "celula"]);
    expect(searchWords("matem') or 1=1; --")).toEqual(["matem", "or", "1", "1"]);
    expect(searchWords("   ")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(prefixTsQuery(["geografia", "historia"])).toBe("geografia:* & historia:*");
  });
});

describe("GET /api/front/contents", () => {
  it("answers 401 without a token and 400 for a bad page or filter", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/front/contents" })).statusCode).toBe(401);
    const teacher = await bearerOf(t.app, await demoUser("teacher@demo.test"));
    for (const query of ["?pageSize=101", "?pageSize=0", "?offset=-1", "?isBook=2", "?orderBy=title"]) {
      expect((await t.app.inject({ method: "GET", url: `/api/front/contents${query}`, headers: teacher })).statusCode).toBe(400);
    }
  });

  it("lists the edition's publications by name, 16 per page by default, as full cards", async () => {
    const page = await search(await demoUser("teacher@demo.test"));
    expect(page).toMatchObject({ total: 5, offset: 0, pageSize: 16 });
    expect(names(page)).toEqual(ALL_AULA);
    expect(page.items[3]).toMatchObject({
      kind: "program",
      isBook: false,
      discipline: "math",
      educationYear: "1º ESO",
      access: "licensed",
      unitCount: 8,
    });
    expect(page.items[0]).toMatchObject({ kind: "book", isBook: true, access: "open", description: expect.stringContaining("La célula") });
    expect(names(await search(await demoUser("teacher@demo.test"), "?orderBy=name%20desc"))).toEqual([...ALL_AULA].reverse());
  });

  it("finds words whatever their accents and case, as prefixes", async () => {
    const teacher = await demoUser("teacher@demo.test");
    for (const text of ["matematicas", "MATEMÁTICAS", "matem", "Matemáticas 1º", "MaTeMáTiCaS"]) {
      expect([text, names(await search(teacher, q(text)))]).toEqual([text, ["Matemáticas 1º ESO"]]);
    }
    expect(names(await search(teacher, q("historia")))).toEqual(["Geografía e Historia 1º ESO"]);
    expect(names(await search(teacher, q("geografía HIST")))).toEqual(["Geografía e Historia 1º ESO"]);
    expect(names(await search(teacher, q("célula")))).toEqual(["Biología y Geología 1º ESO"]);
    expect(names(await search(teacher, q("celula")))).toEqual(["Biología y Geología 1º ESO"]);
    expect(names(await search(teacher, q("musica")))).toEqual(["Música 1º ESO"]);
    // Every word must match.
    expect(await search(teacher, q("historia matematicas"))).toMatchObject({ items: [], total: 0 });
    expect(await search(teacher, q("xyzzy"))).toMatchObject({ items: [], total: 0 });
  });

  it("treats an empty search, or one of stop words only, as no filter", async () => {
    const teacher = await demoUser("teacher@demo.test");
    expect((await search(teacher, q(""))).total).toBe(5);
    expect((await search(teacher, q("  "))).total).toBe(5);
    expect((await search(teacher, q("de la"))).total).toBe(5);
  });

  it("keeps user input out of the SQL", async () => {
    const teacher = await demoUser("teacher@demo.test");
    for (const text of ["matem') or 1=1 --", "a & b | !c :* <->", "'; drop table publications; --"]) {
      expect((await search(teacher, q(text))).total).toBeLessThan(5);
    }
    // Nothing but operators and quotes: no words, so no filter (and no syntax error).
    for (const text of ["\\", "(((", "&", "':*", "!"]) expect((await search(teacher, q(text))).total).toBe(5);
    expect(names(await search(teacher, q("matem') --")))).toEqual(["Matemáticas 1º ESO"]);
    expect((await db().select().from(publications)).length).toBeGreaterThan(0);
  });

  it("filters books (isBook=1) and programs (isBook=0)", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const books = await search(teacher, "?isBook=1");
    expect(books.total).toBe(4);
    expect(books.items.every((i) => i.isBook && i.kind === "book")).toBe(true);
    expect(names(await search(teacher, "?isBook=0"))).toEqual(["Matemáticas 1º ESO"]);
    expect(names(await search(teacher, `?isBook=1${q("matem").replace("?", "&")}`))).toEqual([]);
  });

  it("pages with offset and pageSize and reports the total", async () => {
    const tenant = await buildTenant(db());
    const teacher = await buildUser(db(), tenant.id, { role: "teacher" });
    const titles = Array.from({ length: 20 }, (_, i) => `Libro ${String(i + 1).padStart(2, "0")}`);
    await db().insert(publications).values(titles.map((title) => ({ tenantId: tenant.id, title, kind: "book" })));
    const first = await search(teacher);
    expect(first).toMatchObject({ total: 20, offset: 0, pageSize: 16 });
    expect(names(first)).toEqual(titles.slice(0, 16));
    expect(names(await search(teacher, "?offset=16"))).toEqual(titles.slice(16));
    expect(names(await search(teacher, "?pageSize=3&offset=3&search=libro"))).toEqual(titles.slice(3, 6));
    expect(await search(teacher, "?offset=40")).toMatchObject({ items: [], total: 20 });
  });

  it("is open to every staff role of the edition", async () => {
    for (const email of ["coteacher@demo.test", "admin@demo.test", "editor@demo.test", "newteacher@demo.test"]) {
      expect([email, (await search(await demoUser(email))).total]).toEqual([email, 5]);
    }
  });

  it("never returns another edition's books", async () => {
    const lumenTeacher = await demoUser("teacher@lumen.test");
    expect(names(await search(lumenTeacher))).toEqual(["Matemática 6º ano"]);
    expect(names(await search(lumenTeacher, q("matem")))).toEqual(["Matemática 6º ano"]);
    expect(await search(lumenTeacher, q("historia"))).toMatchObject({ items: [], total: 0 });
    expect(await search(await demoUser("student@lumen.test"), q("historia"))).toMatchObject({ items: [], total: 0 });
    expect(names(await search(await demoUser("teacher@demo.test"), q("matematica")))).toEqual(["Matemáticas 1º ESO"]);
  });

  describe("for students", () => {
    it("shows only the publications of their classes", async () => {
      const student = await demoUser("student1@demo.test");
      expect(names(await search(student))).toEqual(["Lengua Castellana y Literatura 1º ESO", "Matemáticas 1º ESO"]);
      expect(await search(student, q("historia"))).toMatchObject({ items: [], total: 0 });
      expect(names(await search(student, q("lengua")))).toEqual(["Lengua Castellana y Literatura 1º ESO"]);
      expect(names(await search(await demoUser("student@lumen.test")))).toEqual(["Matemática 6º ano"]);
    });

    it("adds the publications of their active personal licences, not expired ones nor archived classes", async () => {
      const aula = await tenantId("aula");
      const student = await buildUser(db(), aula, { role: "student" });
      expect(await search(student)).toMatchObject({ items: [], total: 0 });

      const music = await publicationId("Música 1º ESO");
      const history = await publicationId("Geografía e Historia 1º ESO");
      const biology = await publicationId("Biología y Geología 1º ESO");
      const [active, expired] = await db()
        .insert(licences)
        .values([
          { tenantId: aula, code: `TESTMUSIC${student.id.slice(0, 6)}`, publicationIds: [music] },
          { tenantId: aula, code: `TESTHIST${student.id.slice(0, 6)}`, publicationIds: [history] },
        ])
        .returning();
      if (!active || !expired) throw new Error("licences not created");
      const day = 86_400_000;
      await db()
        .insert(personalLicences)
        .values([
          { tenantId: aula, licenceId: active.id, userId: student.id, expiresAt: new Date(Date.now() + 30 * day) },
          { tenantId: aula, licenceId: expired.id, userId: student.id, expiresAt: new Date(Date.now() - day) },
        ]);
      const archived = await buildCourse(db(), aula, { archived: true, members: [{ userId: student.id, role: "student" }] });
      await db().insert(coursePublications).values({ courseId: archived.id, publicationId: biology });

      expect(names(await search(student))).toEqual(["Música 1º ESO"]);
      expect(names(await search(student, "?isBook=1&search=m%C3%BAs"))).toEqual(["Música 1º ESO"]);

      await db().update(courses).set({ archived: false }).where(eq(courses.id, archived.id));
      expect(names(await search(student))).toEqual(["Biología y Geología 1º ESO", "Música 1º ESO"]);
    });

    it("never shows a publication of another edition reached through a stray class link", async () => {
      const aula = await tenantId("aula");
      const student = await buildUser(db(), aula, { role: "student" });
      const lumenBook = await publicationId("Matemática 6º ano");
      const course = await buildCourse(db(), aula, { members: [{ userId: student.id, role: "student" }] });
      await db().insert(coursePublications).values({ courseId: course.id, publicationId: lumenBook });
      expect(await search(student)).toMatchObject({ items: [], total: 0 });
    });
  });
});
