import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AdmZip from "adm-zip";
import { TEAMS_CLIENT_APP_IDS, TEAMS_SSO_SCOPE } from "../../src/contracts/teams";
import {
  ROOT,
  checkRules,
  parseEnvFile,
  readPngInfo,
  substitute,
  validateAgainstSchema,
  validateAppPackage,
  writeAppPackage,
} from "../../scripts/teams-manifest";

type Tab = { entityId: string; contentUrl: string; scopes: string[] };
type Manifest = {
  $schema: string;
  manifestVersion: string;
  staticTabs: Tab[];
  configurableTabs: Array<{ configurationUrl: string; scopes: string[]; canUpdateConfiguration: boolean }>;
  webApplicationInfo: { id: string; resource: string };
  validDomains: string[];
  showLoadingIndicator: boolean;
};

describe("Teams app package (npm run teams:validate, env local)", () => {
  let manifestJson = "";
  let manifest: Manifest;
  beforeAll(async () => {
    const result = await validateAppPackage("local");
    expect(result.errors).toEqual([]);
    manifestJson = result.manifestJson;
    manifest = JSON.parse(manifestJson) as Manifest;
  });

  it("is a v1.30 manifest with every placeholder filled", () => {
    expect(manifest.manifestVersion).toBe("1.30");
    expect(manifest.$schema).toContain("/teams/v1.30/");
    expect(manifestJson).not.toContain("${{");
  });

  it("has the personal tabs that exist (home, profile) and one class tab for teams and group chats", () => {
    expect(manifest.staticTabs.map((t) => [t.entityId, new URL(t.contentUrl).pathname, t.scopes])).toEqual([
      ["home", "/home", ["personal"]],
      ["profile", "/profile", ["personal"]],
    ]);
    expect(manifest.configurableTabs).toEqual([
      { configurationUrl: "https://localhost:53000/config", canUpdateConfiguration: true, scopes: ["team", "groupChat"] },
    ]);
    expect(manifest.showLoadingIndicator).toBe(true);
  });

  it("declares the SSO resource as the Entra app's Application ID URI", () => {
    const { id, resource } = manifest.webApplicationInfo;
    expect(resource).toBe(`api://localhost:53000/${id}`);
    expect(manifest.validDomains).toEqual(["localhost:53000"]);
  });

  it("zips manifest.json and both icons at the root", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teams-pkg-"));
    try {
      const file = writeAppPackage("local", manifestJson, dir);
      expect(path.basename(file)).toBe("appPackage.local.zip");
      const zip = new AdmZip(file);
      expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
      expect(zip.readAsText("manifest.json")).toBe(manifestJson);
      const outline = zip.getEntry("outline.png");
      expect(outline && readPngInfo(outline.getData())).toEqual({ width: 32, height: 32, hasAlpha: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports schema errors, insecure or foreign tab URLs and a mismatched SSO resource", () => {
    const broken = { ...manifest, developer: undefined, accentColor: "blue" };
    const schemaErrors = validateAgainstSchema(JSON.parse(JSON.stringify(broken)), manifest.$schema);
    expect(schemaErrors.join("\n")).toMatch(/developer/);
    expect(schemaErrors.join("\n")).toMatch(/accentColor/);
    const rules = checkRules({
      ...manifest,
      staticTabs: [{ entityId: "home", contentUrl: "http://evil.example/home" }],
      webApplicationInfo: { id: "x", resource: "api://other.example/x" },
    });
    expect(rules).toEqual([
      "http://evil.example/home must use https (Teams loads tabs over HTTPS only)",
      "evil.example (from http://evil.example/home) is not in validDomains",
      "webApplicationInfo.resource must be api://localhost:53000/x (the Entra app's Application ID URI)",
    ]);
  });

  it("reads icon sizes and transparency from the PNG header", () => {
    const color = readPngInfo(fs.readFileSync(path.join(ROOT, "appPackage", "color.png")));
    expect(color).toMatchObject({ width: 192, height: 192 });
    const opaque = Buffer.from(fs.readFileSync(path.join(ROOT, "appPackage", "outline.png")));
    opaque.writeUInt8(2, 25); // colour type RGB: no alpha channel
    expect(readPngInfo(opaque)).toEqual({ width: 32, height: 32, hasAlpha: false });
    expect(readPngInfo(Buffer.from("not a png"))).toBeUndefined();
  });

  it("substitutes ${{VARS}} from env files and names the ones without a value", () => {
    expect(parseEnvFile("# c\nA=1\nB=\"two\"\n\nC=")).toEqual({ A: "1", B: "two", C: "" });
    expect(substitute("${{A}}-${{ B }}-${{Z}}", { A: "1", B: "2" })).toEqual({ text: "1-2-", missing: ["Z"] });
  });
});

describe("Entra app manifest (aad.manifest.json)", () => {
  const aad = JSON.parse(fs.readFileSync(path.join(ROOT, "aad.manifest.json"), "utf8")) as {
    accessTokenAcceptedVersion: number;
    oauth2Permissions: Array<{ value: string; id: string }>;
    preAuthorizedApplications: Array<{ appId: string; permissionIds: string[] }>;
    identifierUris: string[];
    replyUrlsWithType: Array<{ url: string; type: string }>;
  };

  it("exposes access_as_user with v2 tokens, pre-authorised for the Teams clients", () => {
    expect(aad.accessTokenAcceptedVersion).toBe(2);
    const scope = aad.oauth2Permissions.find((p) => p.value === TEAMS_SSO_SCOPE);
    expect(scope).toBeDefined();
    expect(aad.preAuthorizedApplications).toEqual(
      Object.values(TEAMS_CLIENT_APP_IDS).map((appId) => ({ appId, permissionIds: [scope?.id] })),
    );
    expect(aad.identifierUris).toEqual(["api://${{TAB_DOMAIN}}/${{AAD_APP_CLIENT_ID}}"]);
    expect(aad.replyUrlsWithType).toContainEqual({ url: "${{TAB_ENDPOINT}}/tab-auth-end", type: "Spa" });
  });

  it("is applied by teamsapp provision", () => {
    const yml = fs.readFileSync(path.join(ROOT, "teamsapp.yml"), "utf8");
    expect(yml).toMatch(/uses: aadApp\/update\s+with:\s+manifestPath: \.\/aad\.manifest\.json/);
    expect(yml).toMatch(/generateClientSecret: false/);
  });
});
