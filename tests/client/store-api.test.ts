import { mockApi, ok } from "../support/client-api";
import { signedInAs } from "../support/render";

/*
 * In the browser the store is made at boot, before any signed-in screen's chunk brings RTK Query
 * (ADR 0031). These tests load the modules in that order, in a registry of their own, and check that
 * the store then works as if RTK Query had been there from the start.
 */
type StoreModule = typeof import("../../src/client/app/store");
type ApiModules = {
  home: typeof import("../../src/client/features/home/homeApi");
  auth: typeof import("../../src/client/features/auth/authSlice");
};

function bootThenLoadApi(record = signedInAs("teacher")) {
  let store!: ReturnType<StoreModule["makeStore"]>;
  let before: unknown;
  let modules!: ApiModules;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- the store first, then the API, in a fresh registry */
    const { makeStore } = require("../../src/client/app/store") as StoreModule;
    store = makeStore({ auth: { record } });
    before = (store.getState() as { api?: unknown }).api;
    modules = {
      home: require("../../src/client/features/home/homeApi") as ApiModules["home"],
      auth: require("../../src/client/features/auth/authSlice") as ApiModules["auth"],
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return { store, before, ...modules };
}

describe("a store made before RTK Query loads", () => {
  it("has no API state until a screen's code brings the API, then asks with the session's token", async () => {
    const courses = { items: [], total: 0 };
    const api = mockApi({ "GET /api/front/courses": ok(courses) });
    const { store, before, home } = bootThenLoadApi();
    expect(before).toBeUndefined();
    expect(store.getState().api).toMatchObject({ queries: {}, mutations: {} });

    const query = store.dispatch(home.homeApi.endpoints.getCourses.initiate());
    const result = await query;
    expect(result.data).toEqual(courses);
    const [call] = api.callsTo("GET /api/front/courses");
    expect(call?.headers.get("authorization")).toBe("Bearer access-token");
    query.unsubscribe();
  });

  it("forgets the signed-out reader's answers on sign-out", async () => {
    mockApi({ "GET /api/front/courses": ok({ items: [], total: 0 }) });
    const { store, home, auth } = bootThenLoadApi();
    const query = store.dispatch(home.homeApi.endpoints.getCourses.initiate());
    await query;
    query.unsubscribe();
    expect(Object.keys(store.getState().api.queries)).not.toEqual([]);

    store.dispatch(auth.loggedOut());
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().auth.record).toBeUndefined();
  });
});
