process.env.LOG_LEVEL = "silent";
import { and, eq } from "drizzle-orm";
import { PublicationPreviewSchema, type PublicationPreview } from "../../src/contracts/publication-preview";
import { lessonContents, lessons, publications, tenants, units, users } from "../../src/server/db/schema";
import { bearer } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent } from "../support/factories";

/*
 * GET /api/front/publications/:guid/preview (ADR 0023): a program or book as its publisher made
 * it, for staff of its edition; contents a licence would open keep their ids only for those who
 * may open them.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
type Person = { id: string; tenantId: string; role: string };
const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`missing ${what}`);
  return row;
};
const demoUser = (email: string): Promise<Person> => one(db().select().from(users).where(eq(users.email, email)), email);
let aulaId: string;
let maths: string;
let ownBook: string;
let openContent: string;

beforeAll(async () => {
  t = await buildTestApp();
  aulaId = (await one(db().select().from(tenants).where(eq(tenants.slug, "aula")), "aula")).id;
  maths = (await one(db().select().from(publications).where(and(eq(publications.tenantId, aulaId), eq(publications.title, "Matemáticas 1º ESO"))), "maths")).id;
  // An open book whose units were stored out of order, with a deleted content in its lesson.
  const book = await one(db().insert(publications).values({ tenantId: aulaId, title: "Cuaderno abierto", kind: "book", access: "open", description: "Para probar" }).returning(), "book");
  ownBook = book.id;
  const [second, first] = await db()
    .insert(units)
    .values([
      { publicationId: ownBook, title: "Unidad dos", order: 2 },
      { publicationId: ownBook, title: "Unidad uno", order: 1 },
    ])
    .returning();
  if (!first || !second) throw new Error("units not inserted");
  const lesson = await one(db().insert(lessons).values({ unitId: first.id, title: "Primera lección", summary: "Resumen", order: 1 }).returning(), "lesson");
  openContent = (await buildContent(db(), aulaId, "Enlace abierto")).id;
  const gone = await buildContent(db(), aulaId, "Borrado", { deletedAt: new Date() });
  await db().insert(lessonContents).values([
    { lessonId: lesson.id, contentId: gone.id, position: 0 },
    { lessonId: lesson.id, contentId: openContent, position: 1 },
  ]);
}, 180_000);
afterAll(() => t.close());

const url = (guid: string) => `/api/front/publications/${guid}/preview`;
const request = async (who: Person, guid: string) => t.app.inject({ method: "GET", url: url(guid), headers: await bearer(t.app, who) });
async function preview(who: Person, guid: string): Promise<PublicationPreview> {
  const res = await request(who, guid);
  expect(res.statusCode).toBe(200);
  return PublicationPreviewSchema.parse(res.json<{ data: unknown }>().data);
}
const allContents = (p: PublicationPreview) => p.units.flatMap((u) => u.lessons.flatMap((l) => l.contents));

describe("GET /api/front/publications/:guid/preview", () => {
  it("shows a licensed program to a teacher holding its licence: units, lessons and openable contents, in order", async () => {
    const teacher = await demoUser("teacher@demo.test");
    const p = await preview(teacher, maths);
    expect(p).toMatchObject({ guid: maths, title: "Matemáticas 1º ESO", kind: "program", access: "licensed", discipline: "math", educationYear: "1º ESO" });
    expect(p).toMatchObject({ canAddToClass: true, contentsLocked: false });
    expect(p.units).toHaveLength(8);
    const firstLesson = p.units[0]?.lessons[0];
    expect(firstLesson?.title).toBe("Sistemas de numeración");
    const items = allContents(p);
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((c) => c.guid !== null)).toBe(true);
    // An id given here opens in the viewer.
    const first = items[0]?.guid ?? "";
    const viewed = await t.app.inject({ method: "GET", url: `/api/front/contents/${first}`, headers: await bearer(t.app, teacher) });
    expect(viewed.statusCode).toBe(200);
  });

  it("shows its structure, but no content ids, to a teacher without the licence, who may not add it", async () => {
    const newcomer = await demoUser("newteacher@demo.test");
    const withLicence = await preview(await demoUser("teacher@demo.test"), maths);
    const p = await preview(newcomer, maths);
    expect(p).toMatchObject({ access: "licensed", canAddToClass: false, contentsLocked: true });
    expect(p.units.map((u) => [u.title, u.lessons.map((l) => l.title)])).toEqual(withLicence.units.map((u) => [u.title, u.lessons.map((l) => l.title)]));
    const items = allContents(p);
    expect(items.map((c) => c.title)).toEqual(allContents(withLicence).map((c) => c.title));
    expect(items.every((c) => c.guid === null)).toBe(true);
  });

  it("shows an open book to any teacher in the publisher's order, leaving deleted contents out", async () => {
    const p = await preview(await demoUser("newteacher@demo.test"), ownBook);
    expect(p).toMatchObject({ title: "Cuaderno abierto", kind: "book", access: "open", description: "Para probar", canAddToClass: true, contentsLocked: false });
    expect(p.units.map((u) => u.title)).toEqual(["Unidad uno", "Unidad dos"]);
    expect(p.units[0]?.lessons).toEqual([
      { guid: expect.any(String), title: "Primera lección", summary: "Resumen", contents: [{ guid: openContent, title: "Enlace abierto", type: "CTTY_06" }] },
    ]);
    expect(p.units[1]?.lessons).toEqual([]);
  });

  it("lets editorial staff and school admins preview, but only teachers add to a class", async () => {
    const editorial = await preview(await demoUser("editor@demo.test"), maths);
    expect(editorial).toMatchObject({ canAddToClass: false, contentsLocked: false });
    const admin = await preview(await demoUser("admin@demo.test"), ownBook);
    expect(admin.canAddToClass).toBe(false);
  });

  it("refuses students, hides other editions' publications, and answers bad ids with 400", async () => {
    const student = await request(await demoUser("student1@demo.test"), maths);
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ error: { key: "FORBIDDEN" } });
    const lumen = await request(await demoUser("teacher@lumen.test"), maths);
    expect(lumen.statusCode).toBe(404);
    expect((await request(await demoUser("teacher@demo.test"), "6a0c2c3e-55a4-4c1e-9f0e-1a2b3c4d5e6f")).statusCode).toBe(404);
    expect((await request(await demoUser("teacher@demo.test"), "not-a-guid")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: url(maths) })).statusCode).toBe(401);
  });
});
