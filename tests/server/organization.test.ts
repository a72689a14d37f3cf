process.env.LOG_LEVEL = "silent";
import { eq } from "drizzle-orm";
import { EditionSchema, OrganizationSchema } from "../../src/contracts/organization";
import { schools, tenants } from "../../src/server/db/schema";
import { bearer as bearerOf, demoUser as demoUserOf } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildSchool, buildTenant, buildUser } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const tenantBySlug = async (slug: string) => {
  const [row] = await t.app.ctx.db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  if (!row) throw new Error(`no edition ${slug}`);
  return row;
};
const demoUser = (email: string) => demoUserOf(t.app, email);
const bearer = (u: { id: string; tenantId: string; role: string }) => bearerOf(t.app, u);

describe("GET /api/edition", () => {
  const edition = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: "GET", url: "/api/edition", headers });
    expect(res.statusCode).toBe(200);
    return EditionSchema.parse(res.json<{ data: unknown }>().data);
  };

  it("serves the configured default edition to an unknown host", async () => {
    const aula = await edition({ host: "unknown.example" });
    expect(aula).toMatchObject({
      slug: "aula",
      name: "Aula Digital",
      logoUrl: "/brand/aula.svg",
      country: "ES",
      defaultLanguage: "es",
      languages: ["es", "ca", "eu", "en", "pt"],
      gamified: true,
      chatbotAvailable: true,
      features: { libraryTab: true },
    });
    expect(aula.guid).toBe((await tenantBySlug("aula")).id);
  });

  it("chooses the edition named by the X-Edition header", async () => {
    expect(await edition({ "x-edition": "lumen" })).toMatchObject({
      slug: "lumen",
      name: "Lumen Editorial",
      logoUrl: "/brand/lumen.svg",
      colors: { primary: "#8A3FFC", secondary: "#6929C4" },
      country: "BR",
      defaultLanguage: "pt",
      languages: ["pt", "es", "en"],
      gamified: false,
      chatbotAvailable: false,
      features: { libraryTab: false },
    });
  });

  it("chooses the edition whose brand domain the request came to, also past an unknown X-Edition", async () => {
    const brand = await buildTenant(t.app.ctx.db, { name: "Brand", hosts: ["brand.example"], country: "US", defaultLanguage: "en" });
    expect(await edition({ host: "brand.example" })).toMatchObject({ guid: brand.id, country: "US", defaultLanguage: "en" });
    expect((await edition({ host: "brand.example", "x-edition": "no-such-edition" })).guid).toBe(brand.id);
  });

  it("serves a signed-in caller their own edition whatever the header says", async () => {
    const lumenTeacher = await demoUser("teacher@lumen.test");
    expect((await edition({ ...(await bearer(lumenTeacher)), "x-edition": "aula" })).slug).toBe("lumen");
  });
});

describe("GET /api/organization", () => {
  const organization = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/organization", headers });

  it("answers 401 without a token", async () => {
    const res = await organization({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: "error", error: { key: "UNAUTHORIZED" } });
  });

  it("gives an Aula teacher their school's flags and their tenant", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const res = await organization(await bearer(teacher));
    expect(res.statusCode).toBe(200);
    expect(OrganizationSchema.parse(res.json<{ data: unknown }>().data)).toEqual({
      lms: { entryPoint: "home", canCreateCourse: true, canCreateGroup: true },
      tenant: { guid: (await tenantBySlug("aula")).id },
    });
  });

  it("gives a Lumen teacher Colégio Horizonte's flags: classes yes, groups no", async () => {
    const teacher = await demoUser("teacher@lumen.test");
    const res = await organization(await bearer(teacher));
    expect(res.json()).toEqual({
      status: "success",
      data: { lms: { entryPoint: "home", canCreateCourse: true, canCreateGroup: false }, tenant: { guid: (await tenantBySlug("lumen")).id } },
    });
  });

  it("gives someone with no school the edition defaults", async () => {
    const editor = await demoUser("editor@demo.test");
    expect(editor.schoolId).toBeNull();
    const res = await organization(await bearer(editor));
    expect(res.json<{ data: unknown }>().data).toMatchObject({ lms: { entryPoint: "home", canCreateCourse: false, canCreateGroup: false } });
  });

  it("follows each school's own settings", async () => {
    const aula = await tenantBySlug("aula");
    const school = await buildSchool(t.app.ctx.db, aula.id, { lmsEntryPoint: "calendar", canCreateCourse: false, canCreateGroup: true });
    const user = await buildUser(t.app.ctx.db, aula.id, { schoolId: school.id });
    const res = await organization(await bearer(user));
    expect(res.json<{ data: unknown }>().data).toMatchObject({ lms: { entryPoint: "calendar", canCreateCourse: false, canCreateGroup: true } });
  });

  it("never reads a school of another tenant", async () => {
    const lumen = await tenantBySlug("lumen");
    const [aulaSchool] = await t.app.ctx.db.select().from(schools).where(eq(schools.name, "IES Miguel de Cervantes"));
    if (!aulaSchool) throw new Error("no Aula school");
    // A row pointing across tenants must not leak the other school's settings.
    const stray = await buildUser(t.app.ctx.db, lumen.id, { schoolId: aulaSchool.id });
    const res = await organization(await bearer(stray));
    expect(res.json<{ data: unknown }>().data).toEqual({
      lms: { entryPoint: "home", canCreateCourse: false, canCreateGroup: false },
      tenant: { guid: lumen.id },
    });
  });

  it("answers 404 for a token whose user is not in the token's tenant", async () => {
    const aulaTeacher = await demoUser("teacher@demo.test");
    const lumen = await tenantBySlug("lumen");
    const res = await organization(await bearer({ ...aulaTeacher, tenantId: lumen.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { key: "NOT_FOUND" } });
  });
});
