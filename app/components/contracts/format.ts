/**
 * How the contracts workspace writes values (shared by the list and the
 * detail page; runs on the server and in the browser alike, so every date is
 * written in the company's time zone, never the viewer's).
 */

const COMPANY_TIME_ZONE = "America/New_York";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const day = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY_TIME_ZONE, month: "short", day: "numeric", year: "numeric" });
const dayTime = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const time = new Intl.DateTimeFormat("en-GB", { timeZone: COMPANY_TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Spec 2 §9: USD with no decimals; N/A when there is no value. */
export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "N/A" : usd.format(Math.round(value));
}

/** "Nov 25, 2026", or the fallback for no date. */
export function formatDay(iso: string | null | undefined, fallback = "Not given"): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : day.format(date);
}

/** "Nov 25, 2026, 4:05 PM EST". */
export function formatDayTime(iso: string | null | undefined, fallback = "Not given"): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dayTime.format(date);
}

/** "16:05:09" in the company's time zone (log lines). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "--:--:--" : time.format(date);
}

/** The company's calendar date of a moment, YYYY-MM-DD (file names). */
export function companyDate(date: Date = new Date()): string {
  return isoDay.format(date);
}

/** Whole days from now until the deadline (negative once it passed); null without a deadline. */
export function daysUntil(iso: string | null | undefined, now: Date = new Date()): number | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : Math.floor((time - now.getTime()) / 86_400_000);
}

/** A deadline within the next `days` days (not yet passed). */
export function isClosingSoon(iso: string | null | undefined, days = 7, now: Date = new Date()): boolean {
  if (!iso) return false;
  const time = new Date(iso).getTime();
  return !Number.isNaN(time) && time >= now.getTime() && time - now.getTime() <= days * 86_400_000;
}

export const CONTRACT_STATUS_LABELS: Record<string, string> = {
  active: "Active",
  closed: "Closed",
  awarded: "Awarded",
  cancelled: "Cancelled",
  archived: "Archived",
};

export function contractStatusLabel(status: string): string {
  return CONTRACT_STATUS_LABELS[status] ?? status;
}
