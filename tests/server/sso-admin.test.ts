import { addProvider, listProviders, setProviderEnabled } from "../../src/server/modules/sso/admin";
import { buildTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const providersOf = async (edition: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/providers", headers: { "x-edition": edition } })).json<{ data: Array<{ id: string; label: string }> }>().data;

describe("sso:provider administration", () => {
  it("adds an OIDC provider that the edition's login page then offers, and hides it when disabled", async () => {
    const row = await addProvider(t.database.db, {
      edition: "aula",
      kind: "oidc",
      brand: "google",
      label: "Google",
      config: { issuer: "https://accounts.google.com", clientId: "client-1", clientSecret: "s3cret" },
    });
    expect((await providersOf("aula")).map((p) => p.label)).toContain("Google");
    expect(await providersOf("lumen")).toEqual([]);
    expect((await listProviders(t.database.db, "aula")).map((p) => p.id)).toContain(row.id);

    expect(await setProviderEnabled(t.database.db, "lumen", row.id, false)).toBe(false); // not that edition's
    expect(await setProviderEnabled(t.database.db, "aula", row.id, false)).toBe(true);
    expect((await providersOf("aula")).map((p) => p.id)).not.toContain(row.id);
  });

  it("refuses settings sign-in could never use", async () => {
    await expect(
      addProvider(t.database.db, { edition: "aula", kind: "saml", brand: "generic", label: "IdP", config: { entryPoint: "not a url" } }),
    ).rejects.toThrow(/invalid/);
    await expect(addProvider(t.database.db, { edition: "nope", kind: "oidc", brand: "generic", label: "x", config: {} })).rejects.toThrow(
      /no edition/,
    );
  });
});
