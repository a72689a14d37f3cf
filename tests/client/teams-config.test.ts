import { loadTeamsAuthConfig, TEAMS_CONFIG_URL } from "../../src/client/platform/msal";

/** A fetch that answers GET /api/auth/teams-config with `data`, and records what it was asked. */
function answering(data: unknown) {
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(JSON.stringify({ status: "success", data }), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe("loadTeamsAuthConfig", () => {
  it("reads the Entra app of a server with Teams SSO", async () => {
    const { asked, fetchImpl } = answering({ enabled: true, clientId: "client-1", appIdUri: "api://aula.example/client-1" });
    expect(await loadTeamsAuthConfig(fetchImpl)).toEqual({ clientId: "client-1", appIdUri: "api://aula.example/client-1" });
    expect(asked).toEqual([TEAMS_CONFIG_URL]);
  });

  it("takes enabled: false as no Teams SSO", async () => {
    const { fetchImpl } = answering({ enabled: false });
    expect(await loadTeamsAuthConfig(fetchImpl)).toBeUndefined();
  });
});
