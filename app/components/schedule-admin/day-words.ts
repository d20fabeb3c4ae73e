/** How the schedule screen writes a day ("YYYY-MM-DD", a calendar day: formatted in UTC, never shifted). */

const CALENDAR_DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const LONG_DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "December 24, 2026" */
export function calendarDayWords(day: string): string {
  return CALENDAR_DAY.format(at(day));
}

/** "Thursday, December 24, 2026" */
export function longDayWords(day: string): string {
  return LONG_DAY.format(at(day));
}

/** "Thursday, December 24" */
export function shortDayWords(day: string): string {
  return SHORT_DAY.format(at(day));
}
