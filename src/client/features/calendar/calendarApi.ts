import type { CalendarEventView, CalendarView, HolidayView } from "../../../contracts/calendar-base";
import { baseApi } from "../../app/api";
import { unwrap } from "../../app/apiResult";
import type { EventsArg } from "./calendarRange";

/** GET calendars. */
export type CalendarList = { items: CalendarView[]; canSetSchoolHolidays: boolean };
export type CalendarEventPage = { items: CalendarEventView[]; total: number; offset: number; pageSize: number; fromDate: string; toDate: string };
export type HolidayCreateArg = { name: string; startDate: string; endDate: string; calendarGuids?: string[]; schoolWide?: boolean };
export type HolidayUpdateArg = { guid: string; name?: string; startDate?: string; endDate?: string };
export type ExtraClassArg = { calendarGuid: string; title: string; startsAt: string; endsAt: string };
export type FeedStatus = { exists: boolean; createdAt: string | null };
export type FeedCreated = { url: string; webcalUrl: string; createdAt: string };

/** The spec's calendar[] (RTK Query's `params` would join an array with commas). */
function eventsUrl(arg: EventsArg): string {
  const query = new URLSearchParams();
  for (const guid of arg.calendars) query.append("calendar[]", guid);
  query.set("fromDate", arg.fromDate);
  query.set("toDate", arg.toDate);
  query.set("offset", String(arg.offset));
  query.set("pageSize", String(arg.pageSize));
  return `/calendar/${encodeURIComponent(arg.calendarGuid)}/events?${query.toString()}`;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Calendars", "CalendarEvents", "NextEvents", "CalendarFeed"] });

/** Spec §7 "Calendar" and the ICS feed beyond it (src/server/modules/calendar). */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendars: build.query<CalendarList, void>({
      query: () => "/calendars",
      transformResponse: unwrap<CalendarList>,
      providesTags: ["Calendars"],
    }),
    getCalendarEvents: build.query<CalendarEventPage, EventsArg>({
      query: eventsUrl,
      transformResponse: unwrap<CalendarEventPage>,
      providesTags: ["CalendarEvents"],
    }),
    getNextEvents: build.query<{ items: CalendarEventView[] }, number>({
      query: (limit) => `/calendar/next-events?limit=${limit}`,
      transformResponse: unwrap<{ items: CalendarEventView[] }>,
      providesTags: ["NextEvents"],
    }),
    createHoliday: build.mutation<{ items: HolidayView[] }, HolidayCreateArg>({
      query: (body) => ({ url: "/calendar/holiday", method: "POST", body }),
      transformResponse: unwrap<{ items: HolidayView[] }>,
      invalidatesTags: ["CalendarEvents", "NextEvents"],
    }),
    updateHoliday: build.mutation<HolidayView, HolidayUpdateArg>({
      query: (body) => ({ url: "/calendar/holiday", method: "PUT", body }),
      transformResponse: unwrap<HolidayView>,
      invalidatesTags: ["CalendarEvents", "NextEvents"],
    }),
    /** The body is the spec's guid[]. */
    deleteHolidays: build.mutation<void, string[]>({
      query: (guids) => ({ url: "/calendar/holiday", method: "DELETE", body: guids }),
      invalidatesTags: ["CalendarEvents", "NextEvents"],
    }),
    createExtraClass: build.mutation<CalendarEventView, ExtraClassArg>({
      query: ({ calendarGuid, ...body }) => ({ url: `/calendar/${encodeURIComponent(calendarGuid)}/extra-classes`, method: "POST", body }),
      transformResponse: unwrap<CalendarEventView>,
      invalidatesTags: ["CalendarEvents", "NextEvents"],
    }),
    getFeed: build.query<FeedStatus, void>({
      query: () => "/calendar/feed",
      transformResponse: unwrap<FeedStatus>,
      providesTags: ["CalendarFeed"],
    }),
    createFeed: build.mutation<FeedCreated, void>({
      query: () => ({ url: "/calendar/feed", method: "POST" }),
      transformResponse: unwrap<FeedCreated>,
      invalidatesTags: ["CalendarFeed"],
    }),
    revokeFeed: build.mutation<void, void>({
      query: () => ({ url: "/calendar/feed", method: "DELETE" }),
      invalidatesTags: ["CalendarFeed"],
    }),
  }),
});

export const {
  useGetCalendarsQuery,
  useGetCalendarEventsQuery,
  useGetNextEventsQuery,
  useCreateHolidayMutation,
  useUpdateHolidayMutation,
  useDeleteHolidaysMutation,
  useCreateExtraClassMutation,
  useGetFeedQuery,
  useCreateFeedMutation,
  useRevokeFeedMutation,
} = calendarApi;
