import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * How contract values and dates are shown, the same on the server and in the
 * browser: whole US dollars (spec §9) and the company's calendar
 * (America/New_York).
 */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: COMPANY_TIME_ZONE });
const longDateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: COMPANY_TIME_ZONE,
  timeZoneName: "short",
});

/** "$250,000", or "N/A" when there is no value. */
export function formatContractValue(value: number | null): string {
  return value === null ? "N/A" : usd.format(Math.round(value));
}

/** The company calendar day of `date` as YYYY-MM-DD. */
export function companyDay(date: Date | string): string {
  return isoDay.format(new Date(date));
}

/** "Nov 25, 2026", or "N/A". */
export function formatContractDate(iso: string | null): string {
  return iso ? longDate.format(new Date(iso)) : "N/A";
}

/** "Nov 25, 2026, 4:00 PM EST" (company time), or "N/A". */
export function formatContractDateTime(iso: string | null): string {
  return iso ? longDateTime.format(new Date(iso)) : "N/A";
}

/** "Columbus, OH", "OH", or "" when neither is known. */
export function formatContractLocation(city: string | null, state: string | null): string {
  return [city, state].filter(Boolean).join(", ");
}

/** Whether a deadline falls within the next `days` days (and has not passed). */
export function isClosingSoon(deadline: string | null, days: number, now = Date.now()): boolean {
  if (!deadline) return false;
  const at = new Date(deadline).getTime();
  return at >= now && at < now + days * 86_400_000;
}

const STATUS_LABELS: Record<string, string> = { active: "Active", closed: "Closed", awarded: "Awarded", cancelled: "Cancelled", archived: "Archived" };

export function contractStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

const clock = new Intl.DateTimeFormat("en-GB", { timeZone: COMPANY_TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** "16:05:09", company time (the crawl log's lines). */
export function formatContractTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "--:--:--" : clock.format(date);
}

/** Whole days left until a deadline (0 on its last day); null without one. */
export function daysUntil(deadline: string | null, now = Date.now()): number | null {
  if (!deadline) return null;
  const at = new Date(deadline).getTime();
  return Number.isNaN(at) ? null : Math.floor((at - now) / 86_400_000);
}
