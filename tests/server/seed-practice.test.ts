process.env.LOG_LEVEL = "silent";
import type { ClassKc } from "../../src/contracts/learning";
import type { PracticeSessionItem, PracticeSummary, Recommendation } from "../../src/contracts/practice";
import { seedId } from "../../src/server/db/seed/ids";
import { bearerFor } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * The demo's practice (seed/practice.ts), read back through the API the screens use: weeks of
 * simulated practice went through the learner model, so Marta has mastered KCs and one slipping
 * (review due), Pablo is in trouble in Matemáticas with a practice set from his teacher waiting.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const aula = seedId("tenant", "aula");
const MATHS_A = seedId("course", aula, "matematicas-1-eso-a");
const get = async <T>(email: string, url: string): Promise<T> => {
  const res = await t.app.inject({ method: "GET", url, headers: await bearerFor(t.app, email) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T }>().data;
};
const kcsOf = async (email: string) => (await get<{ items: ClassKc[] }>(email, `/api/front/courses/${MATHS_A}/kcs`)).items.filter((k) => k.mastery && k.mastery.state !== "not_started");
const cardsOf = async (email: string) => (await get<{ items: Recommendation[] }>(email, `/api/front/practice/recommendations?courseGuid=${MATHS_A}`)).items;

describe("demo practice", () => {
  it("leaves Marta strong in Matemáticas with Roman numerals due for review", async () => {
    const kcs = await kcsOf("student1@demo.test");
    const mastered = kcs.filter((k) => k.mastery?.state === "mastered");
    expect(mastered.length).toBeGreaterThanOrEqual(4);
    expect(kcs.find((k) => k.code === "MAT.NUM.ROMAN")?.mastery).toMatchObject({ reviewNeeded: true });
    const cards = await cardsOf("student1@demo.test");
    expect(cards.find((c) => c.type === "review")?.kcs.map((k) => k.code)).toContain("MAT.NUM.ROMAN");
    expect(cards.some((c) => c.type === "teacher")).toBe(false);
    const sessions = (await get<{ items: PracticeSessionItem[] }>("student1@demo.test", "/api/front/practice/sessions")).items;
    expect(sessions.length).toBe(14);
    expect(sessions.every((s) => s.state === "completed" && s.activities > 0)).toBe(true);
    const summary = await get<PracticeSummary>("student1@demo.test", `/api/front/practice/sessions/${sessions[0]?.guid ?? ""}/summary`);
    expect(summary.complete).toBe(true);
    expect(summary.kcs.length).toBeGreaterThan(0);
  });

  it("leaves Pablo in trouble in Matemáticas, with his teacher's practice set first", async () => {
    const kcs = await kcsOf("student2@demo.test");
    const marta = await kcsOf("student1@demo.test");
    const share = (list: ClassKc[]) => list.filter((k) => k.mastery?.state === "mastered").length / list.length;
    expect(share(kcs)).toBeLessThan(share(marta));
    expect(kcs.some((k) => (k.mastery?.known ?? 1) < 0.4 && (k.mastery?.answers ?? 0) >= 3)).toBe(true);
    const cards = await cardsOf("student2@demo.test");
    expect(cards[0]).toMatchObject({ type: "teacher", kcs: [{ code: "MAT.NUM.ORDER" }, { code: "MAT.NUM.OPS" }], assignment: { teacherName: "Lucía Martín" } });
  });
});
