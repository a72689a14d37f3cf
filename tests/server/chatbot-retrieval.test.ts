process.env.LOG_LEVEL = "silent";
import { inArray } from "drizzle-orm";
import { contents } from "../../src/server/db/schema";
import { indexStaleContents } from "../../src/server/modules/chatbot/indexer";
import { searchPassages } from "../../src/server/modules/chatbot/retrieval";
import { demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * The assistant's retrieval plans (retrieval.ts): a student's search starts from the few contents
 * they may read; an author's ranks the edition's best matches first and tests the scope on those,
 * and searches again over every match when too few of them are theirs to read. Each plan must give
 * what the caller may read, best first, whatever the rest of the edition holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** `count` contents by `author`, each `body`, indexed for the assistant. */
async function authored(author: { id: string; tenantId: string }, prefix: string, count: number, body: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .insert(contents)
    .values(Array.from({ length: count }, (_, i) => ({ tenantId: author.tenantId, type: "CTTY_02", title: `${prefix} ${i + 1}`, data: { body }, createdBy: author.id })))
    .returning({ id: contents.id });
  while ((await indexStaleContents(t.app.ctx.db, t.app.ctx.storage, 500, author.tenantId)) > 0);
  return rows.map((r) => r.id);
}

describe("retrieval plans", () => {
  it("finds an author's own passages when a hundred better ones of a colleague, which they may not read, match too", async () => {
    const teacher = await demoUser(t.app, "teacher@demo.test");
    const colleague = await demoUser(t.app, "newteacher@demo.test");
    // The colleague's notes say the word five times each (ranked above), the teacher's once.
    const theirs = await authored(colleague, "Apuntes de Andrés", 110, "El teselado cubre el plano. Teselado, teselado, teselado y teselado regular con polígonos.");
    await authored(teacher, "Mis apuntes", 1, "Un ejemplo de teselado con hexágonos en un panal de abejas.");
    try {
      const asTeacher = await searchPassages(t.app.ctx.db, { userId: teacher.id, tenantId: teacher.tenantId, role: "teacher" }, "¿Qué es un teselado?", { limit: 5 });
      expect(asTeacher.map((p) => p.title)).toEqual(["Mis apuntes 1"]);

      // The colleague gets their own, best first, never the teacher's ahead of them.
      const asColleague = await searchPassages(t.app.ctx.db, { userId: colleague.id, tenantId: colleague.tenantId, role: "teacher" }, "¿Qué es un teselado?", { limit: 5 });
      expect(asColleague).toHaveLength(5);
      expect(asColleague.every((p) => p.title.startsWith("Apuntes de Andrés"))).toBe(true);

      // A student reaches none of them (no class places them).
      const student = await demoUser(t.app, "student1@demo.test");
      expect(await searchPassages(t.app.ctx.db, { userId: student.id, tenantId: student.tenantId, role: "student" }, "¿Qué es un teselado?", { limit: 5 })).toEqual([]);
    } finally {
      await t.app.ctx.db.update(contents).set({ deletedAt: new Date() }).where(inArray(contents.id, theirs));
    }
  });

  it("gives a student the passages of their classes' lessons, best first", async () => {
    const student = await demoUser(t.app, "student1@demo.test");
    const found = await searchPassages(t.app.ctx.db, { userId: student.id, tenantId: student.tenantId, role: "student" }, "¿Qué es una potencia de base 10?", { limit: 5 });
    expect(found[0]?.title).toBe("Potencias de base 10");
    expect(found.every((p) => p.placement !== null)).toBe(true);
    expect(found.map((p) => p.rank)).toEqual([...found.map((p) => p.rank)].sort((a, b) => b - a));
  });
});
