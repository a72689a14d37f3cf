import type { AuthSession } from "../../../contracts/auth";
import { TEAMS_SSO_PATH } from "../../../contracts/teams";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** Teams SSO: exchanges the host's Entra token for a platform session (same shape as login). */
export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The Teams token travels in the Authorization header, never in a body. */
    teamsSso: build.mutation<AuthSession, string>({
      query: (teamsToken) => ({ url: TEAMS_SSO_PATH, method: "POST", headers: { authorization: `Bearer ${teamsToken}` } }),
      transformResponse: unwrap,
    }),
  }),
});

export const { useTeamsSsoMutation } = teamsApi;
