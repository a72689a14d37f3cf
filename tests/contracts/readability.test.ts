import { againstBand, schoolGrade, targetBand } from "../../src/server/modules/teacher-tools/readability/bands";
import {
  fernandezHuerta,
  fleschKincaidGrade,
  fleschPortuguese,
  fleschReadingEase,
  lix,
  measureReadability,
  szigrisztPazos,
  textStats,
} from "../../src/server/modules/teacher-tools/readability/readability";
import { countSyllables } from "../../src/server/modules/teacher-tools/readability/syllables";

/*
 * Readability (issue 16, ADR 0038): syllables from each language's hyphenation patterns and its
 * diphthong and hiatus rules, against dictionary syllabification; each formula against a published
 * worked example or a hand computation from its definition; the band a class's year calls for.
 */

describe("syllables", () => {
  const cases: Array<[Parameters<typeof countSyllables>[1], Record<string, number>]> = [
    // RAE's syllabification: hiatus of strong vowels and of a stressed i/u, diphthongs otherwise; "guion" one syllable since 2010.
    ["es", { murciélago: 4, aéreo: 4, país: 2, ciudad: 2, guion: 1, teatro: 3, ecuación: 3, oído: 3, Paraguay: 3, averiguáis: 4, caos: 2, pescado: 3 }],
    ["pt", { saúde: 3, país: 2, não: 1, mães: 1, ecológico: 5, também: 2 }],
    ["ca", { veïna: 3, aigua: 2, quatre: 2, escola: 3, cançó: 2 }],
    // Basque: only ai, ei, oi, ui, au, eu are diphthongs.
    ["eu", { hiria: 3, gaur: 1, euskara: 3, etxea: 3, hizkuntza: 3, bai: 1 }],
    ["en", { beautiful: 3, table: 2, creature: 2, hyphenation: 4, reptilian: 4, idea: 3, make: 1, little: 2, cat: 1 }],
  ];
  it.each(cases)("are counted as dictionaries divide the words (%s)", (language, words) => {
    const counted = Object.fromEntries(Object.keys(words).map((w) => [w, countSyllables(w, language)]));
    expect(counted).toEqual(words);
  });

  it("English: the silent e of -ed and -es endings takes no syllable, unless after t/d or a sibilant", () => {
    const count = (words: string[]) => words.map((w) => countSyllables(w, "en"));
    expect(count(["asked", "used", "played", "states", "times"])).toEqual([1, 1, 1, 1, 1]);
    expect(count(["wanted", "needed", "boxes", "wishes", "places", "judges", "tables"])).toEqual([2, 2, 2, 2, 2, 2, 2]);
  });

  it("ignore what is not a letter and give any word at least one", () => {
    expect(countSyllables("¡casa!", "es")).toBe(2);
    expect(countSyllables("123", "es")).toBe(0);
    expect(countSyllables("y", "es")).toBe(1);
  });
});

describe("sentences", () => {
  it("a line break ends a sentence, and so does a dialogue dash opening a new utterance", () => {
    // Unicode's rules alone take the whole dialogue for one sentence; a narrator's tag ("—dijo") stays with its utterance.
    expect(textStats("—¿Qué gigantes? —dijo Sancho Panza. —Aquellos que allí ves —respondió su amo.", "es").sentences).toBe(2);
    expect(textStats("Era de noche. —Vámonos ya. —No puedo.", "es").sentences).toBe(3);
    expect(textStats("Sistemas de numeración\nUn sistema es un conjunto de símbolos", "es").sentences).toBe(2);
    // A dash inside a sentence does not end it.
    expect(textStats("Vino Sancho —su escudero— con el asno.", "es").sentences).toBe(1);
  });
});

describe("the formulas", () => {
  it("Flesch reading ease scores the published examples: 'The cat sat on the mat.' 116, the platypus sentence 24.4", () => {
    const cat = textStats("The cat sat on the mat.", "en");
    expect(cat).toMatchObject({ sentences: 1, words: 6, syllables: 6 });
    expect(fleschReadingEase(cat)).toBeCloseTo(116.145, 3);
    expect(fleschKincaidGrade(cat)).toBeCloseTo(-1.45, 3);
    const platypus = textStats("The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.", "en");
    expect(platypus).toMatchObject({ sentences: 1, words: 13, syllables: 26 });
    expect(fleschReadingEase(platypus)).toBeCloseTo(24.44, 2);
  });

  it("Szigriszt-Pazos and the corrected Fernández-Huerta follow their definitions on a counted Spanish text", () => {
    // el(1) ga-to(2) co-me(2) pes-ca-do(3) · la(1) ni-ña(2) le-e(2) un(1) li-bro(2): 16 syllables, 9 words, 2 sentences.
    const s = textStats("El gato come pescado. La niña lee un libro.", "es");
    expect(s).toMatchObject({ sentences: 2, words: 9, syllables: 16 });
    expect(szigrisztPazos(s)).toBeCloseTo(206.835 - (62.3 * 16) / 9 - 9 / 2, 6);
    expect(szigrisztPazos(s)).toBeCloseTo(91.579, 3);
    expect(fernandezHuerta(s)).toBeCloseTo(206.84 - (60 * 16) / 9 - 1.02 * 4.5, 6);
    // Shorter sentences read easier (the uncorrected formula had it backwards).
    expect(fernandezHuerta(textStats("El gato come. La niña lee. Un libro. Pescado.", "es"))).toBeGreaterThan(fernandezHuerta(s));
  });

  it("the Portuguese Flesch adaptation and LIX follow their definitions", () => {
    // o(1) ga-to(2) co-me(2) pei-xe(2): 7 syllables, 4 words, 1 sentence.
    const pt = textStats("O gato come peixe.", "pt");
    expect(pt).toMatchObject({ sentences: 1, words: 4, syllables: 7 });
    expect(fleschPortuguese(pt)).toBeCloseTo(248.835 - 1.015 * 4 - (84.6 * 7) / 4, 6);
    // Two long words (more than six letters) of six, in two sentences: 3 + 100·2/6.
    const eu = textStats("Ikasleak etxera doaz. Irakaslea pozik dago.", "eu");
    expect(eu).toMatchObject({ sentences: 2, words: 6, longWords: 2 });
    expect(lix(eu)).toBeCloseTo(3 + 200 / 6, 6);
  });

  it("measures a text with its language's index, the others beside it, and nothing for an empty text", () => {
    const es = measureReadability("El gato come pescado. La niña lee un libro.", "es");
    expect(es).toMatchObject({ index: "szigriszt-inflesz", value: 91.6, approximate: false, others: [{ index: "fernandez-huerta", value: 95.6 }] });
    expect(measureReadability("Els nens juguen al pati.", "ca")).toMatchObject({ index: "szigriszt-inflesz", approximate: true });
    expect(measureReadability("Ikasleak etxera doaz.", "eu")).toMatchObject({ index: "lix", approximate: true });
    expect(measureReadability("The cat sat on the mat.", "en")).toMatchObject({ index: "flesch-kincaid", value: -1.4, others: [{ index: "flesch", value: 116.1 }] });
    expect(measureReadability("  ", "pt")).toMatchObject({ value: null, stats: { words: 0 } });
  });

  it("a harder text scores harder on every index", () => {
    const easy = "El sol sale. La casa es roja. Mi gato duerme.";
    const hard = "La fotosíntesis constituye un proceso bioquímico fundamental mediante el cual determinados organismos autótrofos transforman la energía luminosa en energía química aprovechable.";
    expect(szigrisztPazos(textStats(hard, "es"))).toBeLessThan(szigrisztPazos(textStats(easy, "es")) - 40);
    expect(lix(textStats(hard, "es"))).toBeGreaterThan(lix(textStats(easy, "es")));
  });
});

describe("target bands", () => {
  it("put each country's years on one scale of years of schooling", () => {
    expect(schoolGrade("ES", "primary", 1)).toBe(1);
    expect(schoolGrade("ES", "secondary", 1)).toBe(7);
    expect(schoolGrade("ES", "baccalaureate", 2)).toBe(12);
    expect(schoolGrade("BR", "secondary", 1)).toBe(6);
    expect(schoolGrade("BR", "baccalaureate", 3)).toBe(12);
    expect(schoolGrade("US", "primary", 1)).toBe(0);
    expect(schoolGrade("US", "secondary", 3)).toBe(8);
    expect(schoolGrade("ES", "preschool", 1)).toBeNull();
    expect(schoolGrade("ES", "secondary", 5)).toBeNull();
  });

  it("read each scale's published ranges", () => {
    expect(targetBand("es", "ES", "secondary", 1)).toEqual({ index: "szigriszt-inflesz", grade: 7, min: 55, max: 65, easiest: false });
    expect(targetBand("es", "ES", "primary", 2)).toMatchObject({ min: 80, max: 100, easiest: true });
    expect(targetBand("en", "US", "primary", 4)).toEqual({ index: "flesch-kincaid", grade: 3, min: 2, max: 4, easiest: false });
    expect(targetBand("en", "US", "primary", 2)).toMatchObject({ grade: 1, min: 0, easiest: true });
    expect(targetBand("pt", "BR", "secondary", 1)).toMatchObject({ index: "flesch-pt", min: 50, max: 75 });
    expect(targetBand("eu", "ES", "baccalaureate", 1)).toMatchObject({ index: "lix", min: 40, max: 50 });
    expect(targetBand("es", "ES", "preschool", 1)).toBeNull();
  });

  it("say whether a measured level is in the band, too hard or too easy, whichever way the scale runs", () => {
    const inflesz = { index: "szigriszt-inflesz" as const, grade: 7, min: 55, max: 65, easiest: false };
    expect(againstBand(60, inflesz)).toBe("in_band");
    expect(againstBand(42, inflesz)).toBe("too_hard");
    expect(againstBand(85, inflesz)).toBe("too_easy");
    const fk = { index: "flesch-kincaid" as const, grade: 3, min: 2, max: 4, easiest: false };
    expect(againstBand(9.5, fk)).toBe("too_hard");
    expect(againstBand(0.5, fk)).toBe("too_easy");
    // The easiest band has no "too easy" side: a text easier than "muy fácil" is what the early years need.
    const early = { index: "szigriszt-inflesz" as const, grade: 2, min: 80, max: 100, easiest: true };
    expect(againstBand(107, early)).toBe("in_band");
    expect(againstBand(70, early)).toBe("too_hard");
  });
});
