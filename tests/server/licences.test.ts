process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { PersonalLicenceSchema, PersonalLicencePublicationsSchema, ProfileLicencesSchema } from "../../src/contracts/licences";
import { licences, personalLicences, publications } from "../../src/server/db/schema";
import { DEMO_LICENCE_CODES } from "../../src/server/db/seed";
import { bearerFor, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const redeem = async (email: string, code: string) =>
  t.app.inject({ method: "POST", url: "/api/front/redeem", headers: await bearerFor(t.app, email), payload: { code } });
const errorKey = (res: { json: <T>() => T }) => res.json<{ error: { key: string } }>().error.key;
const get = async (email: string, url: string) => t.app.inject({ method: "GET", url, headers: await bearerFor(t.app, email) });
const licenceByCode = async (code: string) => {
  const [row] = await db().select().from(licences).where(eq(licences.code, code)).limit(1);
  if (!row) throw new Error(`no licence ${code}`);
  return row;
};

describe("POST /api/front/redeem", () => {
  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/front/redeem", payload: { code: "AULA-TEACH-2026" } });
    expect(res.statusCode).toBe(401);
  });

  it("answers 400 VALIDATION_ERROR for an empty code", async () => {
    const res = await redeem("teacher@demo.test", "   ");
    expect(res.statusCode).toBe(400);
    expect(errorKey(res)).toBe("VALIDATION_ERROR");
  });

  it("gives a teacher the teacher code's publication, masked, and counts the use", async () => {
    const before = await licenceByCode("AULATEACH2026");
    const res = await redeem("newteacher@demo.test", "AULA-TEACH-2026");
    expect(res.statusCode).toBe(201);
    const licence = PersonalLicenceSchema.parse(res.json<{ data: unknown }>().data);
    expect(licence.code).toBe("*********2026");
    expect(licence.isExpired).toBe(false);
    expect(licence.publications.map((p) => p.title)).toEqual(["Matemáticas 1º ESO"]);
    const days = (Date.parse(licence.expiresAt) - Date.parse(licence.activatedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect((await licenceByCode("AULATEACH2026")).uses).toBe(before.uses + 1);
  });

  it("normalises the code: case, spaces and dashes do not matter; a co-teacher counts as a teacher", async () => {
    const res = await redeem("coteacher@demo.test", "aula teach 2026");
    expect(res.statusCode).toBe(201);
  });

  it("gives a student the student code", async () => {
    const res = await redeem("student1@demo.test", "aula-student-2026");
    expect(res.statusCode).toBe(201);
    expect(PersonalLicenceSchema.parse(res.json<{ data: unknown }>().data).publications[0]?.title).toMatch(/^Lengua/);
  });

  it.each([
    ["an unknown code", "teacher@demo.test", "NOPE-0000", 404, "CODE_NOT_FOUND"],
    ["a code of another edition", "teacher@lumen.test", "AULA-TEACH-2026", 404, "CODE_NOT_FOUND"],
    ["a voucher code", "teacher@demo.test", "AULA-VOUCHER-01", 400, "CODE_TYPE_NOT_FOUND"],
    ["an expired code", "teacher@demo.test", "AULA-EXPIRED-2024", 400, "CODE_EXPIRED"],
    ["a teacher-only code for a student", "student1@demo.test", "AULA-ROLE-TEACH", 403, "LICENSE_ROLE_CONSTRAINT"],
    ["a student code for a teacher", "teacher@demo.test", "AULA-STUDENT-2026", 403, "LICENSE_ROLE_CONSTRAINT"],
    ["a role code for a school admin", "admin@demo.test", "AULA-TEACH-2026", 403, "LICENSE_ROLE_CONSTRAINT"],
    ["a single-use code someone else redeemed", "student1@demo.test", "AULA-USED-0001", 409, "CODE_ALREADY_LINKED"],
    ["a code redeemed by the caller", "student2@demo.test", "AULA-USED-0001", 409, "LICENSE_ALREADY_ADDED"],
    ["a code with no uses left", "student1@demo.test", "AULA-FULL-0003", 409, "LICENSE_NO_MORE_USES"],
  ])("refuses %s", async (_what, email, code, status, key) => {
    const res = await redeem(email, code);
    expect({ status: res.statusCode, key: errorKey(res) }).toEqual({ status, key });
  });

  it("refuses a second redemption by the same person", async () => {
    expect((await redeem("student2@demo.test", "AULA-STUDENT-2026")).statusCode).toBe(201);
    const again = await redeem("student2@demo.test", "AULA STUDENT 2026");
    expect({ status: again.statusCode, key: errorKey(again) }).toEqual({ status: 409, key: "LICENSE_ALREADY_ADDED" });
  });

  it("answers INVALID_LICENSE when a licence has no publications or points outside the tenant", async () => {
    const aula = await demoUser(t.app, "teacher@demo.test");
    const lumen = await demoUser(t.app, "teacher@lumen.test");
    const [lumenPublication] = await db().select().from(publications).where(eq(publications.tenantId, lumen.tenantId)).limit(1);
    if (!lumenPublication) throw new Error("no Lumen publication");
    const aulaMaths = (await licenceByCode("AULATEACH2026")).publicationIds;
    await db()
      .insert(licences)
      .values([
        { tenantId: aula.tenantId, code: "EMPTY1", publicationIds: [], maxUses: 5 },
        { tenantId: aula.tenantId, code: "FOREIGN1", publicationIds: [...aulaMaths, lumenPublication.id], maxUses: 5 },
        { tenantId: aula.tenantId, code: "GHOST1", publicationIds: [crypto.randomUUID()], maxUses: 5 },
      ]);
    for (const code of ["EMPTY1", "FOREIGN1", "GHOST1"]) {
      const res = await redeem("teacher@demo.test", code);
      expect({ code, status: res.statusCode, key: errorKey(res) }).toEqual({ code, status: 400, key: "INVALID_LICENSE" });
    }
  });

  it("lets exactly one of two parallel requests take the last use", async () => {
    const aula = await demoUser(t.app, "teacher@demo.test");
    await db().insert(licences).values({ tenantId: aula.tenantId, code: "RACE1", publicationIds: (await licenceByCode("AULATEACH2026")).publicationIds, maxUses: 1 });
    const [a, b] = await Promise.all([redeem("student1@demo.test", "RACE1"), redeem("student2@demo.test", "race-1")]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(errorKey(loser)).toBe("CODE_ALREADY_LINKED");
    const race = await licenceByCode("RACE1");
    expect(race.uses).toBe(1);
    expect(await db().select().from(personalLicences).where(eq(personalLicences.licenceId, race.id))).toHaveLength(1);
  });
});

describe("GET /api/front/profile/licenses", () => {
  const list = async (email: string, query = "") => {
    const res = await get(email, `/api/front/profile/licenses${query}`);
    expect(res.statusCode).toBe(200);
    return ProfileLicencesSchema.parse(res.json<{ data: unknown }>().data);
  };

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/front/profile/licenses" })).statusCode).toBe(401);
  });

  it("lists active licences by default and expired ones with isExpired=true", async () => {
    const me = await demoUser(t.app, "editor@demo.test");
    const licence = await licenceByCode("AULAEXPIRED2024");
    await db()
      .insert(personalLicences)
      .values({ tenantId: me.tenantId, licenceId: licence.id, userId: me.id, activatedAt: new Date("2024-01-01"), expiresAt: new Date("2025-01-01") });
    expect((await list("editor@demo.test")).items).toEqual([]);
    const expired = await list("editor@demo.test", "?isExpired=true");
    expect(expired.items.map((l) => [l.code, l.isExpired])).toEqual([["***********2024", true]]);

    const seeded = await list("student2@demo.test");
    expect(seeded.items.map((l) => l.code)).toContain("********0001");
    expect(seeded.items.every((l) => !l.isExpired)).toBe(true);
    expect((await list("student2@demo.test", "?isExpired=true")).items).toEqual([]);
  });

  it("refuses an isExpired that is not true or false", async () => {
    expect((await get("student2@demo.test", "/api/front/profile/licenses?isExpired=maybe")).statusCode).toBe(400);
  });
});

describe("GET /api/licenses/personals/:id/publications", () => {
  const seededPersonal = async () => {
    const student2 = await demoUser(t.app, "student2@demo.test");
    const licence = await licenceByCode("AULAUSED0001");
    const [row] = await db()
      .select()
      .from(personalLicences)
      .where(and(eq(personalLicences.licenceId, licence.id), eq(personalLicences.userId, student2.id)));
    if (!row) throw new Error("seeded personal licence missing");
    return row;
  };

  it("lists the publications of the caller's own licence", async () => {
    const row = await seededPersonal();
    const res = await get("student2@demo.test", `/api/licenses/personals/${row.id}/publications`);
    expect(res.statusCode).toBe(200);
    expect(PersonalLicencePublicationsSchema.parse(res.json<{ data: unknown }>().data).items.map((p) => p.title)).toEqual(["Matemáticas 1º ESO"]);
  });

  it("answers 404 for another user's licence, another edition's caller, or an unknown id", async () => {
    const row = await seededPersonal();
    for (const email of ["student1@demo.test", "teacher@lumen.test"]) {
      const res = await get(email, `/api/licenses/personals/${row.id}/publications`);
      expect({ email, status: res.statusCode }).toEqual({ email, status: 404 });
    }
    expect((await get("student2@demo.test", `/api/licenses/personals/${crypto.randomUUID()}/publications`)).statusCode).toBe(404);
  });

  it("answers 401 without a token and 400 for a malformed id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/licenses/personals/x/publications" })).statusCode).toBe(401);
    expect((await get("student2@demo.test", "/api/licenses/personals/not-a-uuid/publications")).statusCode).toBe(400);
  });
});

describe("demo licence codes", () => {
  it("documents one code per outcome, all seeded", async () => {
    expect(DEMO_LICENCE_CODES.length).toBe(7);
    for (const demo of DEMO_LICENCE_CODES) {
      const row = await licenceByCode(demo.code.replace(/-/g, ""));
      expect({ code: demo.code, kind: row.kind, maxUses: row.maxUses }).toEqual({ code: demo.code, kind: demo.kind, maxUses: demo.maxUses });
    }
  });
});
