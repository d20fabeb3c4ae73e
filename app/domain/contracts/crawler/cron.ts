import { z } from "zod";

/**
 * A small 5-field cron matcher (minute hour day-of-month month day-of-week;
 * `*`, numbers, `a-b` ranges, `/n` steps and comma lists; day of week 0-7
 * with 0 and 7 = Sunday) evaluated in a named time zone. pg-boss 10 keeps
 * one schedule per queue, so per-configuration schedules are matched here by
 * a once-a-minute tick (schedule.server.ts) instead.
 */

export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const FIELDS: [min: number, max: number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const from = m[1] === "*" ? min : Number(m[2]);
    const to = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSpec | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const fields = parts.map((p, i) => parseField(p, FIELDS[i]!));
  if (fields.some((f) => f === null)) return null;
  const [minutes, hours, days, months, weekdays] = fields as Set<number>[];
  if (weekdays!.has(7)) weekdays!.add(0);
  return {
    minutes: minutes!, hours: hours!, days: days!, months: months!, weekdays: weekdays!,
    dayRestricted: parts[2] !== "*",
    weekdayRestricted: parts[4] !== "*",
  };
}

export const cronExpressionSchema = z
  .string()
  .trim()
  .max(100)
  .refine((v) => parseCron(v) !== null, "must be a 5-field cron expression, e.g. 0 6 * * * for daily at 06:00");

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall-clock fields of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", weekday: "short",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    minute: Number(parts.minute), hour: Number(parts.hour), day: Number(parts.day), month: Number(parts.month),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** Whether the minute of `date`, read in `timeZone`, is one the cron expression names. */
export function cronMatches(spec: CronSpec, date: Date, timeZone: string): boolean {
  const t = zonedParts(date, timeZone);
  if (!spec.minutes.has(t.minute) || !spec.hours.has(t.hour) || !spec.months.has(t.month)) return false;
  const dayOk = spec.days.has(t.day);
  const weekdayOk = spec.weekdays.has(t.weekday);
  // Classic cron: when both day fields are restricted, either one matching is enough.
  if (spec.dayRestricted && spec.weekdayRestricted) return dayOk || weekdayOk;
  return dayOk && weekdayOk;
}
