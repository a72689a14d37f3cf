process.env.LOG_LEVEL = "silent";
import { z } from "zod";
import { DISCIPLINE_CODES, DisciplineSchema, EducationLevelSchema, type EducationLevel } from "../../src/contracts/reference";
import { bearerFor as bearerForUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const bearerFor = (email: string) => bearerForUser(t.app, email);

describe("GET /api/education-levels", () => {
  const levels = async (email: string, query = ""): Promise<EducationLevel[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/education-levels${query}`, headers: await bearerFor(email) });
    expect(res.statusCode).toBe(200);
    return z.array(EducationLevelSchema).parse(res.json<{ data: unknown }>().data);
  };
  const yearsOf = (all: EducationLevel[], code: string) => all.find((l) => l.code === code)?.years.map((y) => y.year);

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/education-levels" })).statusCode).toBe(401);
  });

  it("defaults to the caller's edition country (Aula: Spain) with levels and years in order", async () => {
    const es = await levels("teacher@demo.test");
    expect(es.map((l) => [l.code, l.level])).toEqual([
      ["preschool", "Educación Infantil"],
      ["primary", "Educación Primaria"],
      ["secondary", "ESO"],
      ["baccalaureate", "Bachillerato"],
    ]);
    expect(yearsOf(es, "preschool")).toEqual(["1º Infantil", "2º Infantil", "3º Infantil"]);
    expect(yearsOf(es, "primary")).toHaveLength(6);
    expect(yearsOf(es, "secondary")).toEqual(["1º ESO", "2º ESO", "3º ESO", "4º ESO"]);
    expect(yearsOf(es, "baccalaureate")).toEqual(["1º Bachillerato", "2º Bachillerato"]);
  });

  it("sends every level and year also under the spec's alias fields", async () => {
    const es = await levels("teacher@demo.test");
    for (const level of es) {
      expect(level.education_level_guid).toBe(level.guid);
      expect(level.education_level_name).toBe(level.level);
      for (const year of level.years) {
        expect(year.education_year_guid).toBe(year.guid);
        expect(year.education_year_name).toBe(year.year);
      }
    }
  });

  it("defaults to Brazil for a Lumen user, splitting Ensino Fundamental at the 6º ano", async () => {
    const br = await levels("student@lumen.test");
    expect(br.map((l) => l.level)).toEqual([
      "Educação Infantil",
      "Ensino Fundamental – Anos Iniciais",
      "Ensino Fundamental – Anos Finais",
      "Ensino Médio",
    ]);
    expect(yearsOf(br, "primary")).toEqual(["1º ano", "2º ano", "3º ano", "4º ano", "5º ano"]);
    expect(yearsOf(br, "secondary")).toEqual(["6º ano", "7º ano", "8º ano", "9º ano"]);
    expect(yearsOf(br, "baccalaureate")).toEqual(["1ª série", "2ª série", "3ª série"]);
  });

  it("serves another country on request", async () => {
    const us = await levels("teacher@demo.test", "?country=US");
    expect(yearsOf(us, "preschool")).toEqual(["Pre-K"]);
    expect(yearsOf(us, "primary")).toEqual(["Kindergarten", "Grade 1", "Grade 2", "Grade 3", "Grade 4", "Grade 5"]);
    expect(yearsOf(us, "secondary")).toEqual(["Grade 6", "Grade 7", "Grade 8"]);
    expect(yearsOf(us, "baccalaureate")).toEqual(["Grade 9", "Grade 10", "Grade 11", "Grade 12"]);
  });

  it("rejects a country it does not know", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/education-levels?country=FR", headers: await bearerFor("teacher@demo.test") });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { key: "VALIDATION_ERROR" } });
  });
});

describe("GET /api/disciplines", () => {
  const disciplines = async (email: string) => {
    const res = await t.app.inject({ method: "GET", url: "/api/disciplines", headers: await bearerFor(email) });
    expect(res.statusCode).toBe(200);
    return z.array(DisciplineSchema).parse(res.json<{ data: unknown }>().data);
  };

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/disciplines" })).statusCode).toBe(401);
  });

  it("lists the twelve subject codes with names in the caller's language", async () => {
    const es = await disciplines("teacher@demo.test");
    expect(es.map((d) => d.code)).toEqual([...DISCIPLINE_CODES]);
    expect(es.find((d) => d.code === "math")?.name).toBe("Matemáticas");
    expect(es.find((d) => d.code === "social_sciences")?.name).toBe("Ciencias Sociales");
    const pt = await disciplines("teacher@lumen.test");
    expect(pt.find((d) => d.code === "math")?.name).toBe("Matemática");
    expect(pt.map((d) => d.guid)).toEqual(es.map((d) => d.guid));
  });
});
