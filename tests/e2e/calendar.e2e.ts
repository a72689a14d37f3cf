import ICAL from "ical.js";
import { apiToken, closeDialog, E2E_STUDENT_PASSWORD, expect, expectNoAxeViolations, localDay, newStudentInClass, signIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

/*
 * Issue 14, the calendar end to end: Matemáticas 1º ESO A meets on Monday mornings; its teacher adds
 * a class holiday on a Monday and that day's session leaves the teacher's and a student's calendars;
 * the student's ICS feed, read by a real iCalendar parser, holds exactly the events the calendar API
 * gives for the feed's window (the holiday as an all-day event, no session that day). Deleting the
 * holiday brings the session back.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const MATHS_A_KEY = "MATE-ESA2";
const MATHS_A_NAME = "Matemáticas 1º ESO A";
/** A Monday inside the feed's window (today + 180 days): Maths A has its 08:00 session then, and the next Monday. */
const HOLIDAY_DAY = "2027-03-08";
const NEXT_MONDAY = "2027-03-15";
const HOLIDAY_PREFIX = "Jornada sin clase";

const cell = (page: Page, day: string) => page.locator(`[role="gridcell"][data-day="${day}"]`);

/** A failed earlier run may have left its holiday on that Monday: take it away first, as its teacher could. */
async function removeLeftoverHolidays(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(page, "teacher@demo.test")}` };
  const listed = await page.request.get("/api/calendar/holiday", { params: { calendar: MATHS_A, fromDate: HOLIDAY_DAY, toDate: HOLIDAY_DAY }, headers });
  expect(listed.ok()).toBe(true);
  const leftovers = ((await listed.json()) as { data: { items: { guid: string; name: string }[] } }).data.items.filter((h) => h.name.startsWith(HOLIDAY_PREFIX));
  if (leftovers.length > 0) expect((await page.request.delete("/api/calendar/holiday", { data: leftovers.map((h) => h.guid), headers })).ok()).toBe(true);
}

test.describe("calendar", () => {
  test("a class holiday takes that day's session away; the ICS feed parses and holds the same events as the API", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    const holiday = `${HOLIDAY_PREFIX} ${run}`;
    const student = { firstName: "Óscar", lastName: `Calendario ${run}`, email: `e2e-calendar-${run}@demo.test` };
    await removeLeftoverHolidays(page);

    await signIn(page, "teacher@demo.test");
    await page.goto(`/calendar/${MATHS_A}?view=week&date=${HOLIDAY_DAY}`);
    await expect(cell(page, HOLIDAY_DAY).getByText(MATHS_A_NAME)).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Añadir festivo" }).click();
    const form = page.getByRole("dialog", { name: "Nuevo festivo" });
    await form.getByLabel(/^Nombre/).fill(holiday);
    await form.getByLabel(/^Primer día/).fill(HOLIDAY_DAY);
    await form.getByLabel(/^Último día/).fill(HOLIDAY_DAY);
    const classBox = form.getByRole("checkbox", { name: MATHS_A_NAME });
    if (!(await classBox.isChecked())) await classBox.check();
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Añadir", exact: true }).click();
    await expect(page.getByText(`Festivo «${holiday}» añadido`).first()).toBeVisible();
    await expect(cell(page, HOLIDAY_DAY).getByText(holiday)).toBeVisible();
    await expect(cell(page, HOLIDAY_DAY).getByText(MATHS_A_NAME)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A student of the class sees the same: the holiday, no session that day, the next Monday's session.
    const learner = await newStudentInClass(browser, baseURL, student, { key: MATHS_A_KEY, name: MATHS_A_NAME });
    await learner.goto(`/calendar?view=week&date=${HOLIDAY_DAY}`);
    await expect(cell(learner, HOLIDAY_DAY).getByText(holiday)).toBeVisible({ timeout: 20_000 });
    await expect(cell(learner, HOLIDAY_DAY).getByText(MATHS_A_NAME)).toHaveCount(0);
    await learner.goto(`/calendar?view=week&date=${NEXT_MONDAY}`);
    await expect(cell(learner, NEXT_MONDAY).getByText(MATHS_A_NAME)).toBeVisible({ timeout: 20_000 });

    // The ICS feed: the student makes a private address, and a real iCalendar parser reads it.
    await learner.getByRole("button", { name: "Suscribirse" }).click();
    const feed = learner.getByRole("dialog", { name: "Suscribirse en Outlook o Google Calendar" });
    await feed.getByRole("button", { name: "Crear dirección" }).click();
    const address = feed.getByLabel("Dirección del calendario");
    await expect(address).toHaveValue(/^https?:\/\/.+/, { timeout: 20_000 });
    await expectNoAxeViolations(learner);
    const ics = await learner.request.get(await address.inputValue());
    expect(ics.ok()).toBe(true);
    expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
    const vevents = new ICAL.Component(ICAL.parse(await ics.text())).getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    const holidayEvent = vevents.find((e) => e.summary.includes(holiday));
    expect(holidayEvent?.startDate.isDate).toBe(true);
    expect(holidayEvent?.startDate.toString()).toBe(HOLIDAY_DAY);
    const sessionDays = vevents.filter((e) => e.summary.includes(MATHS_A_NAME)).map((e) => e.startDate.toJSDate().toISOString().slice(0, 10));
    expect(sessionDays).toContain(NEXT_MONDAY);
    expect(sessionDays).not.toContain(HOLIDAY_DAY);

    // Exactly the API's events over the feed's window (30 days back, 180 ahead, in the school's zone).
    const headers = { authorization: `Bearer ${await apiToken(learner, student.email, E2E_STUDENT_PASSWORD)}` };
    const apiGuids: string[] = [];
    for (let offset = 0, total = 1; offset < total; offset += 500) {
      const response = await learner.request.get(`/api/calendar/${MATHS_A}/events`, {
        params: { fromDate: localDay(-30), toDate: localDay(180), offset, pageSize: 500 },
        headers,
      });
      expect(response.ok()).toBe(true);
      const body = (await response.json()) as { data: { items: { guid: string }[]; total: number } };
      apiGuids.push(...body.data.items.map((e) => e.guid));
      total = body.data.total;
    }
    const feedGuids = vevents.map((e) => e.uid.replace(/@.*$/, ""));
    expect(feedGuids.length).toBeGreaterThan(20);
    expect(new Set(feedGuids)).toEqual(new Set(apiGuids));
    await learner.context().close();

    // Deleting the holiday brings the session back (and leaves the demo calendar as it was).
    await cell(page, HOLIDAY_DAY).click();
    const day = page.getByRole("dialog", { name: /8 de marzo/ });
    await day.getByRole("button", { name: `Eliminar el festivo ${holiday}` }).click();
    await day.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText(`Festivo «${holiday}» eliminado`).first()).toBeVisible();
    await closeDialog(day);
    await expect(cell(page, HOLIDAY_DAY).getByText(MATHS_A_NAME)).toBeVisible({ timeout: 20_000 });
  });
});
