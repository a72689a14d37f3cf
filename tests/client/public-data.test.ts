import { loadPublic } from "../../src/client/app/publicData";
import { makeStore } from "../../src/client/app/store";
import { loggedOut, sessionStarted } from "../../src/client/features/auth/authSlice";
import { fail, mockApi, ok } from "../support/client-api";
import { EDITION, buildUser, signedInAs } from "../support/render";

/* The edition and its sign-in providers: fetched once, before any session, without RTK Query (ADR 0031). */
const OTHER_TENANT = "11111111-2222-4333-8444-555555555555";

describe("public data", () => {
  it("asks once however many ask at the same time, and answers later askers from the store", async () => {
    const api = mockApi({ "GET /api/edition": ok(EDITION) });
    const store = makeStore();
    const [a, b] = await Promise.all([store.dispatch(loadPublic("edition")), store.dispatch(loadPublic("edition"))]);
    await expect(store.dispatch(loadPublic("edition"))).resolves.toEqual(EDITION);
    expect([a, b]).toEqual([EDITION, EDITION]);
    expect(api.callsTo("GET /api/edition")).toHaveLength(1);
    expect(store.getState().publicData.edition).toEqual({ status: "ready", value: EDITION, tenant: undefined });
  });

  it("sends the chosen edition and the session's token: a signed-in reader gets their own edition", async () => {
    localStorage.setItem("aula.edition", "lumen");
    const api = mockApi({ "GET /api/edition": ok(EDITION) });
    const store = makeStore({ auth: { record: signedInAs("student") } });
    await store.dispatch(loadPublic("edition"));
    const [call] = api.callsTo("GET /api/edition");
    expect(call?.headers.get("x-edition")).toBe("lumen");
    expect(call?.headers.get("authorization")).toBe("Bearer access-token");
    expect(store.getState().publicData.edition.tenant).toBe(EDITION.guid);
  });

  it("fails with the server's error key, and asks again next time", async () => {
    const api = mockApi({ "GET /api/auth/providers": () => fail(503, "SERVICE_UNAVAILABLE") });
    const store = makeStore();
    await expect(store.dispatch(loadPublic("ssoProviders"))).rejects.toMatchObject({ status: 503, data: { error: { key: "SERVICE_UNAVAILABLE" } } });
    expect(store.getState().publicData.ssoProviders.status).toBe("failed");
    api.set({ "GET /api/auth/providers": ok([]) });
    await expect(store.dispatch(loadPublic("ssoProviders"))).resolves.toEqual([]);
  });

  it("fetches the edition again when the reader signs in to another tenant, and after a signed-in reader leaves", async () => {
    mockApi({ "GET /api/edition": ok(EDITION) });
    const store = makeStore();
    await store.dispatch(loadPublic("edition"));
    const session = { token: "t", refreshToken: "r", expiresIn: 3600 };
    // Same tenant as the edition shown: kept.
    store.dispatch(sessionStarted({ ...session, user: buildUser() } as never));
    expect(store.getState().publicData.edition.status).toBe("ready");
    store.dispatch(loggedOut());
    // Fetched before the session: the host's edition, still right for the next visitor.
    expect(store.getState().publicData.edition.status).toBe("ready");
    store.dispatch(sessionStarted({ ...session, user: buildUser({ tenantGuid: OTHER_TENANT }) } as never));
    expect(store.getState().publicData.edition).toEqual({ status: "idle" });

    mockApi({ "GET /api/edition": ok({ ...EDITION, guid: OTHER_TENANT }) });
    await store.dispatch(loadPublic("edition"));
    expect(store.getState().publicData.edition.tenant).toBe(OTHER_TENANT);
    store.dispatch(loggedOut());
    expect(store.getState().publicData.edition).toEqual({ status: "idle" });
  });
});
