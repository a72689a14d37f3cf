import path from "node:path";
import { ESLint } from "eslint";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "layers/import-direction" || m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import direction client -> contracts <- server", () => {
  it("refuses client code importing the server", async () => {
    const msgs = await messagesFor("src/client/features/x.ts", 'import { buildApp } from "../../server/app";\nexport const a = buildApp;\n');
    expect(msgs.join()).toMatch(/src\/client must not import src\/server/);
  });

  it("refuses server code importing the client, but not its own db/client module", async () => {
    expect((await messagesFor("src/server/x.ts", 'import { App } from "../client/app/App";\nexport const a = App;\n')).join()).toMatch(
      /src\/server must not import src\/client/,
    );
    expect(await messagesFor("src/server/app2.ts", 'import { openDatabase } from "./db/client";\nexport const a = openDatabase;\n')).toEqual([]);
  });

  it("refuses contracts importing either side", async () => {
    const msgs = await messagesFor("src/contracts/x.ts", 'import { buildApp } from "../server/app";\nexport const a = buildApp;\n');
    expect(msgs.join()).toMatch(/src\/contracts must not import src\/server/);
  });

  it("keeps teams-js and MSAL inside the host adapter", async () => {
    const code = 'import { app } from "@microsoft/teams-js";\nexport const a = app;\n';
    expect((await messagesFor("src/client/features/home/x.ts", code)).join()).toMatch(/Only src\/client\/platform/);
    expect(await messagesFor("src/client/platform/teams.ts", code)).toEqual([]);
  });
});
