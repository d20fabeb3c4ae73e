/**
 * Wall-clock times in a named time zone (the company's: America/New_York) and the UTC instants they
 * are, with the platform's Intl time zone data only. Shared by the browser and the server.
 */

export const COMPANY_TIME_ZONE = "America/New_York";
/** How the forms name the company's time zone. */
export const COMPANY_TIME_ZONE_LABEL = `Eastern Time, ${COMPANY_TIME_ZONE}`;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `instant`, as "YYYY-MM-DDTHH:mm:ss". */
function wallClock(instant: number, timeZone: string): string {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `instant` as a `datetime-local` value in `timeZone` ("2026-12-01T09:00", seconds only when not zero). */
export function toZonedLocal(instant: Date, timeZone = COMPANY_TIME_ZONE): string {
  const local = wallClock(instant.getTime(), timeZone);
  return local.endsWith(":00") ? local.slice(0, 16) : local;
}

/**
 * The instant a wall-clock time of `timeZone` names ("2026-12-01T09:00" or with seconds), or null when it
 * is not a time at all or does not exist there (skipped when the clocks move forward). A time that
 * happens twice (when the clocks move back) is the first of the two.
 */
export function fromZonedLocal(local: string, timeZone = COMPANY_TIME_ZONE): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "00"] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const wanted = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  // The offset is one of the offsets in force a day either side; try each (earliest instant first).
  const offsets = new Set([-1, 0, 1].map((days) => offsetAt(asUtc + days * 86_400_000, timeZone)));
  const candidates = [...offsets].map((offset) => asUtc - offset).sort((a, b) => a - b);
  const found = candidates.find((instant) => wallClock(instant, timeZone) === wanted);
  return found === undefined ? null : new Date(found);
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const local = LOCAL.exec(wallClock(instant, timeZone))!;
  const asUtc = Date.UTC(Number(local[1]), Number(local[2]) - 1, Number(local[3]), Number(local[4]), Number(local[5]), Number(local[6]));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const DISPLAY = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
  timeZone: COMPANY_TIME_ZONE,
});

/** "Dec 1, 2026, 9:00 AM EST": an instant as staff read it, in company time with its zone. */
export function formatCompanyTime(instant: Date | string): string {
  return DISPLAY.format(typeof instant === "string" ? new Date(instant) : instant);
}
