import { z } from "zod";

/**
 * The syntax of a configuration's schedule: 5 fields (minute hour day-of-month month day-of-week;
 * `*`, numbers, `a-b` ranges, `/n` steps and comma lists; day of week 0-7 with 0 and 7 = Sunday).
 * pg-boss's cron pass (cron-parser) decides when an expression is due (schedule.server.ts); this
 * small check runs in the form as well, in the browser, where cron-parser and its date library
 * would weigh ~100 kB. It accepts a subset of what cron-parser accepts (schedule-digest.server.test.ts
 * compares the two), so an expression the form takes is one pg-boss runs.
 */

const FIELDS: [min: number, max: number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/**
 * The values a field names, or null when it is not valid. Parts of a list must not overlap (`1-3,2`,
 * `0,7` for Sunday twice): cron-parser refuses them.
 */
function fieldValues(text: string, [min, max]: [number, number], weekday: boolean): number[] | null {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const from = m[1] === "*" ? min : Number(m[2]);
    const to = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    const own = new Set<number>();
    for (let v = from; v <= to; v += step) own.add(weekday && v === 7 ? 0 : v);
    for (const v of own) {
      if (values.has(v)) return null;
      values.add(v);
    }
  }
  return [...values];
}

/** The longest each month can be (February: 29). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `expression` is a 5-field cron expression this app accepts: each field in range without
 * repeating a value, and a day
 * of the month that some named month has (`0 6 31 2 *` never runs; cron-parser refuses it).
 */
export function isCronExpression(expression: string): boolean {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return false;
  const fields = parts.map((part, i) => fieldValues(part, FIELDS[i]!, i === 4));
  if (fields.some((values) => values === null)) return false;
  const [, , days, months] = fields as number[][];
  return Math.min(...days!) <= Math.max(...months!.map((month) => MONTH_DAYS[month - 1]!));
}

export const cronExpressionSchema = z
  .string()
  .trim()
  .max(100)
  .refine((v) => isCronExpression(v), "must be a 5-field cron expression, e.g. 0 6 * * * for daily at 06:00");
