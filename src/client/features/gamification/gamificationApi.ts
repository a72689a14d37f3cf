import type { Success } from "../../../contracts/common";
import { GAMIFICATION_LIMITS, type RankingMode, type ShopItemKind } from "../../../contracts/gamification-base";
import type { GamificationProfile, LedgerEntry, Ranking, ShopItemView, TeacherMedalCreate } from "../../../contracts/gamification";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

const api = baseApi.enhanceEndpoints({ addTagTypes: ["GamificationProfile", "GamificationLedger", "GamificationRanking", "GamificationShop"] });
const enc = encodeURIComponent;

export type LedgerPage = { entries: LedgerEntry[]; total: number; offset: number };
export type Shop = { balance: number; items: ShopItemView[] };

/** Tags a push makes stale: the screens that show totals, the ledger and the rankings stay live. */
export const PUSH_TAGS = ["GamificationProfile", "GamificationLedger", "GamificationRanking", "GamificationShop"] as const;

/** Gamification (issue 18): the student's profile, ledger, rankings and shop; a teacher's ranking mode and medals. */
export const gamificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGamificationProfile: build.query<GamificationProfile, void>({
      query: () => "/gamification/profile",
      transformResponse: unwrap<GamificationProfile>,
      providesTags: ["GamificationProfile"],
    }),
    /** The achievements, newest first, a page at a time ("Load more"). */
    getLedger: build.infiniteQuery<LedgerPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last) => (last.offset + last.entries.length < last.total ? last.offset + last.entries.length : undefined),
      },
      query: ({ pageParam }) => ({ url: "/gamification/ledger", params: { offset: pageParam, pageSize: GAMIFICATION_LIMITS.ledgerPageSize } }),
      transformResponse: (body: Success<LedgerPage>) => body.data,
      providesTags: ["GamificationLedger"],
    }),
    getRanking: build.query<Ranking, string>({
      query: (courseGuid) => `/gamification/courses/${enc(courseGuid)}/ranking`,
      transformResponse: unwrap<Ranking>,
      providesTags: (_r, _e, courseGuid) => [{ type: "GamificationRanking", id: courseGuid }, "GamificationRanking"],
    }),
    updateRankingMode: build.mutation<Ranking, { courseGuid: string; mode: RankingMode }>({
      query: ({ courseGuid, mode }) => ({ url: `/gamification/courses/${enc(courseGuid)}/ranking`, method: "PUT", body: { mode } }),
      transformResponse: unwrap<Ranking>,
      async onQueryStarted({ courseGuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(gamificationApi.util.upsertQueryData("getRanking", courseGuid, data));
      },
    }),
    /** A teacher's medal for one student; 201 with the ledger entry. */
    awardMedal: build.mutation<LedgerEntry, TeacherMedalCreate & { courseGuid: string }>({
      query: ({ courseGuid, ...body }) => ({ url: `/gamification/courses/${enc(courseGuid)}/medals`, method: "POST", body }),
      transformResponse: unwrap<LedgerEntry>,
      invalidatesTags: (_r, _e, { courseGuid }) => [{ type: "GamificationRanking", id: courseGuid }],
    }),
    getShop: build.query<Shop, void>({
      query: () => "/gamification/shop",
      transformResponse: unwrap<Shop>,
      providesTags: ["GamificationShop"],
    }),
    /** Buys an item: the shop as it is now comes back. */
    purchaseItem: build.mutation<Shop, string>({
      query: (itemId) => ({ url: `/gamification/shop/${enc(itemId)}/purchase`, method: "POST" }),
      transformResponse: unwrap<Shop>,
      invalidatesTags: ["GamificationProfile", "GamificationLedger"],
      async onQueryStarted(_itemId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(gamificationApi.util.upsertQueryData("getShop", undefined, data));
      },
    }),
    /** Equips an owned frame or theme (null takes it off): the profile comes back. */
    equipItem: build.mutation<GamificationProfile, { kind: ShopItemKind; itemId: string | null }>({
      query: (body) => ({ url: "/gamification/equipped", method: "PUT", body }),
      transformResponse: unwrap<GamificationProfile>,
      invalidatesTags: ["GamificationShop"],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(gamificationApi.util.upsertQueryData("getGamificationProfile", undefined, data));
      },
    }),
  }),
});

export const {
  useGetGamificationProfileQuery,
  useGetLedgerInfiniteQuery,
  useGetRankingQuery,
  useUpdateRankingModeMutation,
  useAwardMedalMutation,
  useGetShopQuery,
  usePurchaseItemMutation,
  useEquipItemMutation,
} = gamificationApi;
