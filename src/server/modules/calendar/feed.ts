import { and, eq } from "drizzle-orm";
import { addDays, CALENDAR_FEED, type CalendarEventView } from "../../../contracts/calendar-base";
import { RoleSchema } from "../../../contracts/common";
import type { Db } from "../../db/client";
import { calendarFeeds, users } from "../../db/schema";
import { hashToken, randomToken } from "../../platform/tokens";
import type { Caller } from "../courses/access";
import { agendaOf } from "./agenda";
import { dateInZone } from "./expand";
import { loadCallerProfile, loadClassCalendars, type CallerProfile } from "./service";

/*
 * The secret address of a user's iCalendar feed. Only a hash of its token is stored (like refresh
 * and reset tokens); creating a new one replaces the row, so the old address stops working at once.
 */

export type FeedRow = typeof calendarFeeds.$inferSelect;

/** POST calendar/feed: a new token (the only time it is seen), replacing any earlier one. */
export async function rotateFeed(db: Db, caller: Caller, now: Date): Promise<{ token: string; createdAt: Date }> {
  const token = randomToken();
  const values = { userId: caller.userId, tenantId: caller.tenantId, tokenHash: hashToken(token), createdAt: now };
  await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tenantId: values.tenantId, tokenHash: values.tokenHash, createdAt: now } });
  return { token, createdAt: now };
}

export async function feedOf(db: Db, caller: Caller): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, caller.userId), eq(calendarFeeds.tenantId, caller.tenantId)))
    .limit(1);
  return row;
}

export async function revokeFeed(db: Db, caller: Caller): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, caller.userId), eq(calendarFeeds.tenantId, caller.tenantId)));
}

/** The user a feed token belongs to, as a caller of their own edition; null for an unknown or revoked token. */
export async function callerOfFeedToken(db: Db, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({ userId: users.id, tenantId: users.tenantId, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.tenantId, calendarFeeds.tenantId)))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .limit(1);
  const role = RoleSchema.safeParse(row?.role);
  return row && role.success ? { userId: row.userId, tenantId: row.tenantId, role: role.data } : null;
}

/** The days a feed read on `now` carries, in the user's zone. */
export function feedWindow(now: Date, timeZone: string): { from: string; to: string } {
  const today = dateInZone(now, timeZone);
  return { from: addDays(today, -CALENDAR_FEED.pastDays), to: addDays(today, CALENDAR_FEED.futureDays) };
}

/** Everything the feed holds: the user's class calendars over the window, at most CALENDAR_FEED.maxEvents. */
export async function feedEvents(db: Db, caller: Caller, now: Date): Promise<{ events: CalendarEventView[]; profile: CallerProfile }> {
  const profile = await loadCallerProfile(db, caller);
  const calendars = await loadClassCalendars(db, caller);
  const events = await agendaOf(db, caller, calendars, feedWindow(now, profile.timeZone));
  return { events: events.slice(0, CALENDAR_FEED.maxEvents), profile };
}
