import fs from "node:fs";
import path from "node:path";

/*
 * Every feature injects its endpoints into the one RTK Query api (app/api.ts). Two features that
 * name an endpoint alike do not both get it: the first one loaded wins, and the other feature's
 * hooks silently call the wrong URL (the AI tools' "getLessonContent" once fetched a lesson item's
 * content). Names are therefore unique across the client.
 */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

it("no two features inject an RTK Query endpoint of the same name", () => {
  const seen = new Map<string, string[]>();
  for (const file of files(path.join(__dirname, "../../src/client"))) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/^\s+([A-Za-z0-9_]+): build\.(?:query|mutation|infiniteQuery)\b/gm)) {
      const name = m[1] as string;
      seen.set(name, [...(seen.get(name) ?? []), path.relative(process.cwd(), file)]);
    }
  }
  expect(seen.size).toBeGreaterThan(50);
  expect([...seen].filter(([, where]) => where.length > 1)).toEqual([]);
});
