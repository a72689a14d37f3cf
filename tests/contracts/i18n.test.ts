import fs from "node:fs";
import path from "node:path";
import { ERROR_KEYS, LANGUAGES } from "../../src/contracts/common";
import { NAMESPACES } from "../../src/client/i18n";

const LOCALES = path.join(__dirname, "../../src/client/i18n/locales");
type Tree = { [key: string]: string | Tree };

const read = (lng: string, ns: string): Tree => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), "utf8")) as Tree;

/** Every leaf as "a.b.c" -> value. */
function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") flatten(value, full).forEach((v, k) => out.set(k, v));
    else out.set(full, value);
  }
  return out;
}

describe("locale files", () => {
  it("has a folder for every language and no other", () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(NAMESPACES.map((ns) => [ns]))("namespace %s", (ns) => {
    const spanish = flatten(read("es", ns));

    it("has Spanish keys", () => {
      expect(spanish.size).toBeGreaterThan(0);
    });

    it.each(LANGUAGES.map((lng) => [lng]))("%s has exactly Spanish's keys, none empty", (lng) => {
      const file = path.join(LOCALES, lng, `${ns}.json`);
      expect(fs.existsSync(file)).toBe(true);
      const entries = flatten(read(lng, ns));
      expect([...entries.keys()].sort()).toEqual([...spanish.keys()].sort());
      for (const [key, value] of entries) {
        expect({ key, ok: typeof value === "string" && value.trim().length > 0 }).toEqual({ key, ok: true });
      }
    });
  });

  it("translates every error key, and NETWORK_ERROR", () => {
    for (const lng of LANGUAGES) {
      const errors = flatten(read(lng, "errors"));
      for (const key of [...ERROR_KEYS, "NETWORK_ERROR"]) expect({ lng, key, has: errors.has(key) }).toEqual({ lng, key, has: true });
    }
  });
});
