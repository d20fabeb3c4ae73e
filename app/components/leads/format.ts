import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/** Date formats of the lead screens, in the business's time zone (same text on the server and in the browser). */

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: COMPANY_TIME_ZONE });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 22, 2026, 3:04 PM" */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar day "YYYY-MM-DD" as "Nov 3". */
export function formatDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}
