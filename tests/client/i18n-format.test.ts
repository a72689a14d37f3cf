import fs from "node:fs";
import path from "node:path";
import { humanizeDuration } from "../../src/client/features/platform/duration";
import { educationName } from "../../src/client/i18n/education";
import {
  dateTimeFormat,
  euDay,
  euYear,
  forgetIntlSupport,
  intlLocale,
  listFormat,
  numberFormat,
  setRegion,
} from "../../src/client/i18n/format";
import { overlay } from "../../src/client/i18n";
import { makeTestI18n } from "../support/render";

// Thursday 26 November 2026, 09:05 local time.
const DAY = new Date(2026, 10, 26, 9, 5);

/** Chromium's ICU subset: every language but Basque (Node's full ICU has Basque). */
const chromiumLike = (_kind: string, locale: string) => locale !== "eu";

afterEach(() => {
  forgetIntlSupport();
  setRegion(undefined);
});

describe("Basque where the browser has no Basque data", () => {
  beforeEach(() => forgetIntlSupport(chromiumLike));

  it("writes home's date in Basque, not the browser's Spanish fallback", () => {
    expect(dateTimeFormat("eu", { weekday: "long", day: "numeric", month: "long" }).format(DAY)).toBe("azaroaren 26a, osteguna");
  });

  it("writes the date styles with Basque suffixes", () => {
    expect(dateTimeFormat("eu", { dateStyle: "long" }).format(DAY)).toBe("2026ko azaroaren 26a");
    expect(dateTimeFormat("eu", { dateStyle: "medium", timeStyle: "short" }).format(DAY)).toBe("2026ko aza. 26a, 09:05");
    expect(dateTimeFormat("eu", { dateStyle: "short" }).format(DAY)).toBe("2026/11/26");
  });

  it("joins lists with 'eta' (the status page said '25 minutu y 52 segundo')", () => {
    const i18n = makeTestI18n("eu");
    expect(humanizeDuration(25 * 60 + 52, i18n.getFixedT("eu", "platform"), "eu")).toBe("25 minutu eta 52 segundo");
    expect(listFormat("eu", { type: "disjunction" }).format(["a", "b", "c"])).toBe("a, b edo c");
  });

  it("puts the percent sign first", () => {
    expect(numberFormat("eu", { style: "percent" }).format(0.5)).toBe("% 50");
    expect(numberFormat("eu", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1.234,6");
  });

  it("chooses -ko or -eko for the year and the article for the day", () => {
    expect([2026, 2021, 2025, 2030, 2000, 2100, 2031].map(euYear)).toEqual(["2026ko", "2021eko", "2025eko", "2030eko", "2000ko", "2100eko", "2031ko"]);
    expect([1, 11, 20, 26, 31].map(euDay)).toEqual(["1a", "11", "20a", "26a", "31"]);
  });

  it("leaves the other languages to the browser", () => {
    expect(dateTimeFormat("ca", { weekday: "long", day: "numeric", month: "long" }).format(DAY)).toBe("dijous, 26 de novembre");
  });
});

describe("Portuguese by the edition's country", () => {
  it("formats with pt-BR in a Brazilian edition and pt-PT elsewhere", () => {
    setRegion("BR");
    expect(intlLocale("pt")).toBe("pt-BR");
    setRegion("ES");
    expect(intlLocale("pt")).toBe("pt-PT");
  });

  it("counts zero in the plural ('0 estudante' before)", () => {
    const t = makeTestI18n("pt").getFixedT("pt", "questions");
    expect(t("take.submit.notSaved", { count: 0 })).toContain("respostas não puderam");
    expect(t("take.submit.notSaved", { count: 1 })).toContain("resposta não pôde");
  });

  it("overlays the European words on the Brazilian text", () => {
    expect(overlay({ a: "Salvar", b: { c: "Carregando…", d: "Turma" } }, { a: "Guardar", b: { c: "A carregar…" } })).toEqual({
      a: "Guardar",
      b: { c: "A carregar…", d: "Turma" },
    });
  });
});

describe("regional/pt-PT", () => {
  const root = path.join(__dirname, "../../src/client/i18n");
  type Tree = { [key: string]: string | Tree };
  const flat = (tree: Tree, prefix = ""): Array<[string, string]> =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
  const params = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();

  it.each(fs.readdirSync(path.join(root, "regional/pt-PT")))("%s only overrides Portuguese keys, with their parameters", (file) => {
    const pt = new Map(flat(JSON.parse(fs.readFileSync(path.join(root, "locales/pt", file), "utf8")) as Tree));
    const european = flat(JSON.parse(fs.readFileSync(path.join(root, "regional/pt-PT", file), "utf8")) as Tree);
    for (const [key, value] of european) {
      const base = pt.get(key);
      expect({ key, exists: base !== undefined }).toEqual({ key, exists: true });
      expect({ key, params: params(value) }).toEqual({ key, params: params(base ?? "") });
    }
  });
});

describe("education levels in the reader's language", () => {
  it("names the seeded Spanish levels and years in each language", () => {
    const ca = makeTestI18n("ca").getFixedT("ca");
    const eu = makeTestI18n("eu").getFixedT("eu");
    const en = makeTestI18n("en").getFixedT("en");
    expect(educationName("Bachillerato", ca)).toBe("Batxillerat");
    expect(educationName("Educación Infantil", eu)).toBe("Haur Hezkuntza");
    expect(educationName("Educación Primaria", en)).toBe("Primary Education");
    expect(educationName("2º ESO", ca)).toBe("2n d'ESO");
  });

  it("shows a school's own name as written", () => {
    expect(educationName("Ciclo formativo", makeTestI18n("en").getFixedT("en"))).toBe("Ciclo formativo");
  });
});
