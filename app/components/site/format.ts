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

/** "Mon–Fri" for runs of 3+ days, "Sat, Sun" otherwise. */
export function formatDays(days: readonly string[]): string {
  const short = days.map((day) => DAY_ABBREVIATIONS[day] ?? day);
  if (short.length >= 3) return `${short[0]}–${short[short.length - 1]}`;
  return short.join(", ");
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

/** "2019-03-14" -> "March 14, 2019" (the date as written, whatever the server's time zone); other text as is. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return value;
  return LONG_DATE.format(date);
}

/** "0 complaints", "1 complaint", "3 complaints". */
export function formatComplaints(count: number): string {
  return `${count} ${count === 1 ? "complaint" : "complaints"}`;
}
