import { LENGUA_QUESTIONS } from "../../src/server/db/seed/assessment-questions-lengua";
import { LUMEN_QUESTIONS } from "../../src/server/db/seed/assessment-questions-lumen";
import { MATHS_QUESTIONS } from "../../src/server/db/seed/assessment-questions-maths";
import { DEMO_PUBLICATIONS } from "../../src/server/db/seed/content";
import { KC_MAPS } from "../../src/server/db/seed/kc-maps";

/*
 * The seeded KC maps (issue 15, "KC map"): every lesson of the mapped publications teaches some
 * KCs, every KC is named in the five languages, and the codes the seeded questions carry are on
 * their publication's map (so answers to them feed KCs that exist).
 */

const LOCALES = ["es", "ca", "eu", "en", "pt"] as const;
const QUESTIONS_OF: Record<string, ReadonlyArray<{ question: { kcs?: readonly string[] } }>> = {
  "matematicas-1-eso": MATHS_QUESTIONS,
  "lengua-1-eso": LENGUA_QUESTIONS,
  "matematica-6-ano": LUMEN_QUESTIONS,
};

describe.each(Object.keys(QUESTIONS_OF))("the KC map of %s", (key) => {
  const publication = DEMO_PUBLICATIONS.find((p) => p.key === key);
  const map = KC_MAPS[key] ?? [];

  it("exists, with unique codes named in every language", () => {
    expect(publication).toBeDefined();
    expect(map.length).toBeGreaterThan(0);
    expect(new Set(map.map((k) => k.code)).size).toBe(map.length);
    for (const kc of map) {
      expect(kc.code).toMatch(/^[A-Z]+(\.[A-Z0-9]+)+$/);
      for (const locale of LOCALES) expect({ code: kc.code, locale, named: kc.names[locale].trim().length > 0 }).toEqual({ code: kc.code, locale, named: true });
    }
  });

  it("gives every lesson at least two KCs, and names only units and lessons the publication has", () => {
    const units = publication?.units ?? [];
    units.forEach((unit, u) =>
      unit.lessons.forEach((_, l) => {
        const taught = map.filter((k) => k.unit === u && k.lessons.includes(l)).length;
        expect({ unit: u, lesson: l, atLeastTwo: taught >= 2 }).toEqual({ unit: u, lesson: l, atLeastTwo: true });
      }),
    );
    for (const kc of map) {
      expect(units[kc.unit]).toBeDefined();
      for (const l of kc.lessons) expect(units[kc.unit]?.lessons[l]).toBeDefined();
    }
  });

  it("holds every code its seeded questions carry", () => {
    const codes = new Set(map.map((k) => k.code));
    const carried = [...new Set((QUESTIONS_OF[key] ?? []).flatMap((q) => q.question.kcs ?? []))];
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.filter((c) => !codes.has(c))).toEqual([]);
  });
});
