import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/** Dates and times of the portal, in the business's time zone (the same text on the server and in the browser). */

const day = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: COMPANY_TIME_ZONE });

/** "November 27, 2026" for an instant, in Eastern Time. */
export function formatPortalDate(iso: string): string {
  return day.format(new Date(iso));
}
