/** Formatting of settings values for display (pure; shared by the footer, /contact and the dialogs). */

const DAY_ABBREVIATIONS: Record<string, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

const WEEK = Object.keys(DAY_ABBREVIATIONS);

/**
 * The days of one opening-hours entry, Monday first: a run of three or more
 * consecutive days as a range ("Mon–Fri"), other days listed ("Mon, Wed, Fri",
 * "Sat, Sun", "Mon–Fri, Sun"). Repeated days count once; a name that is not a
 * day is shown as written, after the days.
 */
export function formatDays(days: readonly string[]): string {
  const present = new Set(days);
  const parts: string[] = [];
  let day = 0;
  while (day < WEEK.length) {
    if (!present.has(WEEK[day]!)) {
      day += 1;
      continue;
    }
    let end = day;
    while (end + 1 < WEEK.length && present.has(WEEK[end + 1]!)) end += 1;
    const run = WEEK.slice(day, end + 1).map((name) => DAY_ABBREVIATIONS[name]!);
    if (run.length >= 3) parts.push(`${run[0]}–${run[run.length - 1]}`);
    else parts.push(...run);
    day = end + 1;
  }
  for (const other of present) if (!Object.hasOwn(DAY_ABBREVIATIONS, other)) parts.push(other);
  return parts.join(", ");
}

/** "07:00" -> "7 AM", "18:30" -> "6:30 PM". */
export function formatTime(value: string): string {
  const [hours = 0, minutes = 0] = value.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes ? `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}` : `${hour12} ${suffix}`;
}

/** Made once: a DateTimeFormat costs far more to create than to use (it was a visible share of a page render). */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * "2019-03-14" -> "March 14, 2019" (the date as written, whatever the server's time zone); other text,
 * and a date the calendar does not have ("2019-02-31"), as is: never rolled over into another month.
 */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return LONG_DATE.format(date);
}

/** "0 complaints", "1 complaint", "3 complaints". */
export function formatComplaints(count: number): string {
  return `${count} ${count === 1 ? "complaint" : "complaints"}`;
}
