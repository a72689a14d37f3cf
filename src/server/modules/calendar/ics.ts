import crypto from "node:crypto";
import ical, { ICalEventTransparency } from "ical-generator";
import { addDays, type CalendarEventKind, type CalendarEventView } from "../../../contracts/calendar-base";
import { languageOr, type Language } from "../../../contracts/constants";

/*
 * The per-user iCalendar feed (beyond the spec): the events the API gives for the user's classes,
 * written for calendar apps. Timed events are UTC instants (no VTIMEZONE needed, and the app shows
 * them in its own zone); all-day events are dates. UIDs are the events' stable guids, so an app
 * that polls the address updates events in place instead of duplicating them.
 */

/** What a calendar app shows before a due date's task or an untitled extra class, per language. */
const LABELS: Record<Language, Partial<Record<CalendarEventKind, string>>> = {
  es: { due: "Entrega", extra_class: "Clase extra" },
  ca: { due: "Lliurament", extra_class: "Classe extra" },
  eu: { due: "Entrega-data", extra_class: "Klase gehigarria" },
  en: { due: "Due", extra_class: "Extra class" },
  pt: { due: "Entrega", extra_class: "Aula extra" },
};

/** "Entrega: Fractions worksheet"; sessions and holidays keep their own titles. */
export function summaryOf(e: CalendarEventView, locale: string): string {
  const label = LABELS[languageOr(locale)][e.kind];
  return label ? `${label}: ${e.title}` : e.title;
}

/** UTC midnight of a day: the Date ical-generator writes as that day (VALUE=DATE). */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export type FeedMeta = { name: string; publicUrl: string; locale: string };

/** The host part of every UID, so they are unique beyond this platform (RFC 5545 §3.8.4.7). */
export const uidOf = (e: Pick<CalendarEventView, "guid">, publicUrl: string) => `${e.guid}@${new URL(publicUrl).host}`;

export function icsOf(events: readonly CalendarEventView[], meta: FeedMeta): string {
  const base = meta.publicUrl.replace(/\/+$/, "");
  const calendar = ical({
    name: meta.name,
    prodId: { company: "Aula", product: "Calendar", language: languageOr(meta.locale).toUpperCase() },
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: how often apps that honour it poll again.
    ttl: 60 * 60,
  });
  for (const e of events) {
    const allDay = e.allDay && e.startDate !== null && e.endDate !== null;
    calendar.createEvent({
      id: uidOf(e, base),
      summary: summaryOf(e, meta.locale),
      allDay,
      // All-day: DTEND is the day after the last (exclusive), as RFC 5545 reads VALUE=DATE.
      start: allDay && e.startDate ? utcDay(e.startDate) : new Date(e.start),
      end: allDay && e.endDate ? utcDay(addDays(e.endDate, 1)) : new Date(e.end),
      url: e.link ? `${base}${e.link}` : null,
      transparency: e.kind === "session" || e.kind === "extra_class" ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
      x: { "X-AULA-KIND": e.kind },
    });
  }
  return calendar.toString();
}

/** A strong validator of what the feed says (not of when it was written: DTSTAMP changes every time). */
export const etagOf = (events: readonly CalendarEventView[], meta: FeedMeta): string =>
  `"${crypto.createHash("sha256").update(JSON.stringify([meta.name, meta.locale, events])).digest("base64url").slice(0, 32)}"`;
