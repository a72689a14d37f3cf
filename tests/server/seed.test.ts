process.env.LOG_LEVEL = "silent";
import { verify } from "@node-rs/argon2";
import { and, asc, count, eq, getTableName, inArray, is, isNull } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import {
  DEMO_CLASSES,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_PUBLICATIONS,
  LUMEN_PRIVACY_PDF,
  seedDemo,
} from "../../src/server/db/seed";
import { buildTestApp, type TestApp } from "../support/app";
import { freshDatabase } from "../support/db";

const {
  courseMembers,
  coursePublications,
  courses,
  disciplines,
  educationLevels,
  educationYears,
  languageScopes,
  languages,
  lessons,
  publications,
  schools,
  tenants,
  units,
  users,
} = schema;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const db = () => t.app.ctx.db;

/** Row count of every table in the schema, so a table added later is covered too. */
async function tableCounts(database: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const [row] = await database.select({ n: count() }).from(table);
    out[getTableName(table)] = row?.n ?? 0;
  }
  return out;
}

describe("seedDemo", () => {
  it("changes nothing when run again (counts and password hashes unchanged)", async () => {
    const before = await tableCounts(db());
    const hashesBefore = await db().select({ id: users.id, hash: users.passwordHash }).from(users).orderBy(asc(users.id));
    await seedDemo(db(), t.app.ctx.storage);
    await seedDemo(db(), t.app.ctx.storage);
    expect(await tableCounts(db())).toEqual(before);
    expect(await db().select({ id: users.id, hash: users.passwordHash }).from(users).orderBy(asc(users.id))).toEqual(hashesBefore);
    expect(before).toMatchObject({ tenants: 2, schools: 2, users: DEMO_PEOPLE.length, courses: DEMO_CLASSES.length, publications: DEMO_PUBLICATIONS.length });
  });

  it("never duplicates when two seeds race on a fresh database", async () => {
    const database = await freshDatabase();
    try {
      await Promise.all([seedDemo(database.db, t.app.ctx.storage), seedDemo(database.db, t.app.ctx.storage)]);
      expect(await tableCounts(database.db)).toEqual(await tableCounts(db()));
    } finally {
      await database.close();
    }
  }, 180_000);

  it("creates every demo person in their edition, with an argon2id hash of the demo password", async () => {
    for (const person of DEMO_PEOPLE) {
      const [row] = await db()
        .select({ user: users, slug: tenants.slug })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(eq(users.email, person.email));
      expect(row).toBeDefined();
      if (!row) continue;
      expect(row.slug).toBe(person.edition);
      expect(row.user).toMatchObject({ role: person.role, firstName: person.firstName, lastName: person.lastName, locale: person.locale });
      expect(row.user.dateOfBirth).toBe(person.dateOfBirth);
      expect(row.user.schoolId === null).toBe(!person.inSchool);
      const hash = row.user.passwordHash ?? "";
      expect(hash).toMatch(/^\$argon2id\$/);
      await expect(verify(hash, DEMO_PASSWORD)).resolves.toBe(true);
      await expect(verify(hash, "wrong-password")).resolves.toBe(false);
    }
    const chatbot = await db().select({ email: users.email }).from(users).where(eq(users.chatbotEnabled, true)).orderBy(asc(users.email));
    expect(chatbot.map((u) => u.email)).toEqual(["student1@demo.test", "teacher@demo.test"]);
  });

  it("seeds the two editions and their schools with their flags", async () => {
    const rows = await db().select().from(tenants).orderBy(asc(tenants.slug));
    expect(rows.map((r) => [r.slug, r.country, r.defaultLanguage, r.gamified, r.chatbotAvailable, r.features.libraryTab, r.hosts])).toEqual([
      ["aula", "ES", "es", true, true, true, ["localhost"]],
      ["lumen", "BR", "pt", false, false, false, []],
    ]);
    const s = await db().select().from(schools).orderBy(asc(schools.name));
    expect(s.map((r) => [r.name, r.lmsEntryPoint, r.canCreateCourse, r.canCreateGroup])).toEqual([
      ["Colégio Horizonte", "home", true, false],
      ["IES Miguel de Cervantes", "home", true, true],
    ]);
  });

  it("seeds reference data for Spain, Brazil and the US, twelve subjects and five languages", async () => {
    const perCountry = await db()
      .select({ country: educationLevels.country, levels: count(educationLevels.id) })
      .from(educationLevels)
      .groupBy(educationLevels.country)
      .orderBy(asc(educationLevels.country));
    expect(perCountry).toEqual([
      { country: "BR", levels: 4 },
      { country: "ES", levels: 4 },
      { country: "US", levels: 4 },
    ]);
    const yearsPerCountry = await db()
      .select({ country: educationLevels.country, years: count(educationYears.id) })
      .from(educationYears)
      .innerJoin(educationLevels, eq(educationLevels.id, educationYears.levelId))
      .groupBy(educationLevels.country)
      .orderBy(asc(educationLevels.country));
    expect(yearsPerCountry).toEqual([
      { country: "BR", years: 14 },
      { country: "ES", years: 15 },
      { country: "US", years: 14 },
    ]);
    expect(await db().select({ n: count() }).from(disciplines)).toEqual([{ n: 12 }]);
    expect((await db().select().from(languages).orderBy(asc(languages.order))).map((l) => l.code)).toEqual(["es", "ca", "eu", "en", "pt"]);
  });

  it("seeds platform legal texts in all five languages and Lumen's privacy PDF", async () => {
    const platform = await db().select().from(languageScopes).where(isNull(languageScopes.tenantId));
    expect(platform).toHaveLength(15);
    for (const doc of platform) {
      expect(doc.value.split("\n\n").length).toBeGreaterThanOrEqual(3);
    }
    const credits = platform.filter((d) => d.scope === "credits");
    for (const doc of credits) expect(doc.value).toEqual(expect.stringContaining("React (MIT)"));
    const [lumen] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "lumen"));
    const own = await db().select().from(languageScopes).where(eq(languageScopes.tenantId, lumen?.id ?? ""));
    expect(own.map((d) => [d.scope, d.language, d.value])).toEqual([["privacy", "pt", LUMEN_PRIVACY_PDF]]);
  });

  it("seeds publications with real units, each with three or four summarised lessons", async () => {
    const expectedUnits: Record<string, string[]> = {
      "Matemáticas 1º ESO": ["Números naturales", "Divisibilidad", "Números enteros", "Fracciones", "Números decimales", "Proporcionalidad", "Álgebra", "Geometría plana"],
      "Lengua Castellana y Literatura 1º ESO": ["La comunicación", "La palabra: sustantivo y adjetivo", "El verbo", "La narración", "La descripción", "El género lírico"],
    };
    for (const [title, unitTitles] of Object.entries(expectedUnits)) {
      const [pub] = await db().select().from(publications).where(eq(publications.title, title));
      if (!pub) throw new Error(`no ${title}`);
      const us = await db().select().from(units).where(eq(units.publicationId, pub.id)).orderBy(asc(units.order));
      expect(us.map((u) => u.title)).toEqual(unitTitles);
      const ls = await db().select().from(lessons).where(inArray(lessons.unitId, us.map((u) => u.id)));
      for (const u of us) {
        const mine = ls.filter((l) => l.unitId === u.id);
        expect(mine.length).toBeGreaterThanOrEqual(3);
        expect(mine.length).toBeLessThanOrEqual(4);
        for (const l of mine) expect(l.summary.length).toBeGreaterThan(80);
      }
    }
    const [lumenPub] = await db().select().from(publications).where(eq(publications.title, "Matemática 6º ano"));
    const lumenUnits = await db().select().from(units).where(eq(units.publicationId, lumenPub?.id ?? ""));
    expect(lumenUnits).toHaveLength(4);
  });

  it("seeds the KC maps of the Maths and Language books, on their own lessons", async () => {
    const [maths] = await db().select().from(publications).where(eq(publications.title, "Matemáticas 1º ESO"));
    const kcs = await db()
      .select()
      .from(schema.knowledgeComponents)
      .where(eq(schema.knowledgeComponents.publicationId, maths?.id ?? ""))
      .orderBy(asc(schema.knowledgeComponents.position));
    expect(kcs.slice(0, 4).map((k) => k.code)).toEqual(["MAT.NUM.PLACE", "MAT.NUM.ROMAN", "MAT.NUM.ORDER", "MAT.NUM.READ"]);
    const [firstUnit] = await db().select().from(units).where(and(eq(units.publicationId, maths?.id ?? ""), eq(units.order, 1)));
    const [numeration] = await db().select().from(lessons).where(and(eq(lessons.unitId, firstUnit?.id ?? ""), eq(lessons.order, 1)));
    expect(numeration?.title).toBe("Sistemas de numeración");
    expect(kcs[0]).toMatchObject({ unitId: firstUnit?.id, lessonIds: [numeration?.id], names: { es: "Valor posicional de las cifras", en: "Place value of digits" } });
    // Every lesson of the book teaches some KC.
    const taught = new Set(kcs.flatMap((k) => k.lessonIds));
    const bookLessons = await db().select({ id: lessons.id }).from(lessons).innerJoin(units, eq(units.id, lessons.unitId)).where(eq(units.publicationId, maths?.id ?? ""));
    expect(bookLessons.filter((l) => !taught.has(l.id))).toEqual([]);
  });

  it("seeds the classes with their members and publications", async () => {
    for (const c of DEMO_CLASSES) {
      const [course] = await db().select().from(courses).where(eq(courses.name, c.name));
      if (!course) throw new Error(`no ${c.name}`);
      expect(course.schoolYear).toBe(c.schoolYear);
      const members = await db()
        .select({ email: users.email, role: courseMembers.role })
        .from(courseMembers)
        .innerJoin(users, and(eq(users.id, courseMembers.userId), eq(users.tenantId, course.tenantId)))
        .where(eq(courseMembers.courseId, course.id));
      expect(members.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
        [...c.members].sort((a, b) => a.email.localeCompare(b.email)),
      );
      const pubs = await db().select().from(coursePublications).where(eq(coursePublications.courseId, course.id));
      expect(pubs).toHaveLength(c.publications.length);
    }
  });
});

describe("seedDemo: gamification (issue 18)", () => {
  it("writes the gamified edition's rules and the demo students' progress from their practice; the plain edition gets nothing", async () => {
    const { gamificationLedger, gamificationProfiles, gamificationRules } = schema;
    const [aula] = await db().select().from(tenants).where(eq(tenants.slug, "aula"));
    const [lumen] = await db().select().from(tenants).where(eq(tenants.slug, "lumen"));
    expect(await db().select({ t: gamificationRules.tenantId }).from(gamificationRules)).toEqual([{ t: aula?.id }]);
    const [marta] = await db().select().from(users).where(eq(users.email, "student1@demo.test"));
    const rows = await db().select().from(gamificationLedger).where(eq(gamificationLedger.userId, marta?.id ?? ""));
    const reasons = new Set(rows.map((r) => r.reason));
    for (const r of ["answer_right", "mastery_gain", "kc_mastered", "practice_completed", "teacher_medal", "level", "medal"]) expect(reasons).toContain(r);
    const [profile] = await db().select().from(gamificationProfiles).where(eq(gamificationProfiles.userId, marta?.id ?? ""));
    expect(profile?.points).toBe(rows.reduce((s, r) => s + r.points, 0));
    expect(profile?.level).toBeGreaterThan(1);
    expect(await db().select().from(gamificationLedger).where(eq(gamificationLedger.tenantId, lumen?.id ?? ""))).toEqual([]);
  });
});
