import type { ContentsPage } from "../../../contracts/contents";
import { LIMITS } from "../../../contracts/limits";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";

/** What to search for: words (may be empty) and books only, programs only or both. */
export type ContentsSearch = { search: string; kind: "all" | "books" | "programs" };

const IS_BOOK: Record<ContentsSearch["kind"], "0" | "1" | undefined> = { all: undefined, books: "1", programs: "0" };

/** The query string of GET /api/front/contents for one page (spec §7: pageSize 16, orderBy name asc). */
export function contentsParams({ search, kind }: ContentsSearch, offset: number): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  const words = search.trim();
  if (words) params.search = words;
  const isBook = IS_BOOK[kind];
  if (isBook) params.isBook = isBook;
  return { ...params, pageSize: LIMITS.bookSearchPageSize, offset, orderBy: "name asc" };
}

/** The offset of the page after `last`, or undefined when every match is loaded. */
export function nextContentsOffset(last: ContentsPage): number | undefined {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
}

/** The book search: pages of contents loaded one after another ("Load more"). */
export const contentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchContents: build.infiniteQuery<ContentsPage, ContentsSearch, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => nextContentsOffset(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({ url: "/front/contents", params: contentsParams(queryArg, pageParam) }),
      transformResponse: unwrap<ContentsPage>,
      providesTags: ["Contents"],
    }),
  }),
});

export const { useSearchContentsInfiniteQuery } = contentsApi;
