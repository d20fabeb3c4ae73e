/**
 * Text helpers shared by the adapters: whitespace, US dates, states, values.
 * Dates come back as ISO strings: `YYYY-MM-DD` when the page gives only a
 * day, `YYYY-MM-DDTHH:MM:00-04:00` when it gives a time and a US zone. A date
 * that is missing or unreadable is null, never guessed.
 */

/** Collapses runs of whitespace (including no-break spaces) to one space and trims. */
export function cleanText(value: string | undefined | null): string {
  return (value ?? "").replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/** cleanText, or null when empty. */
export function textOrNull(value: string | undefined | null): string | null {
  const text = cleanText(value);
  return text === "" ? null : text;
}

const ZONES: Record<string, string> = {
  EST: "-05:00", EDT: "-04:00", CST: "-06:00", CDT: "-05:00", MST: "-07:00", MDT: "-06:00",
  PST: "-08:00", PDT: "-07:00", AKST: "-09:00", AKDT: "-08:00", HST: "-10:00", UTC: "+00:00", GMT: "+00:00",
};

const pad = (n: number) => String(n).padStart(2, "0");

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `MM/DD/YYYY`, optionally followed by `hh:mm AM|PM ZONE` (BidNet). */
export function parseUsDate(value: string | undefined | null): string | null {
  const text = cleanText(value);
  const m = /(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})\s*([AP]M)(?:\s+([A-Z]{2,4}))?)?/i.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDay(year, month, day)) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (m[4] === undefined || m[7] === undefined) return date;
  const offset = ZONES[m[7].toUpperCase()];
  if (!offset) return date;
  let hour = Number(m[4]) % 12;
  if (m[6]!.toUpperCase() === "PM") hour += 12;
  const minute = Number(m[5]);
  if (minute > 59 || Number(m[4]) > 12) return date;
  return `${date}T${pad(hour)}:${pad(minute)}:00${offset}`;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** `May 15, 2020` / `Sept 5, 2026` / `June 10 2026` (GovCB). */
export function parseMonthDate(value: string | undefined | null): string | null {
  const text = cleanText(value);
  const m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  if (!m) return parseUsDate(text);
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
  const [day, year] = [Number(m[2]), Number(m[3])];
  if (month === 0 || !validDay(year, month, day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export const US_STATES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO", connecticut: "CT",
  delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA", hawaii: "HI", idaho: "ID", illinois: "IL",
  indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY", louisiana: "LA", maine: "ME", maryland: "MD",
  massachusetts: "MA", michigan: "MI", minnesota: "MN", mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE",
  nevada: "NV", "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC",
  "north dakota": "ND", ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "rhode island": "RI",
  "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT", virginia: "VA",
  washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
};

const CODES = new Set(Object.values(US_STATES));

/** A two-letter state code from a state name or code ("Tennessee", "OH"), else null. */
export function stateCode(value: string | undefined | null): string | null {
  const text = cleanText(value);
  if (CODES.has(text.toUpperCase()) && text.length === 2) return text.toUpperCase();
  return US_STATES[text.toLowerCase()] ?? null;
}

/** BidNet's URL slug of a state ("OH" -> "ohio", "NY" -> "new-york"). */
export function stateSlug(code: string | undefined): string | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  const name = Object.entries(US_STATES).find(([, c]) => c === upper)?.[0];
  return name ? name.replace(/ /g, "-") : null;
}

/**
 * The estimated value when the text states one ("Estimated value: $250,000",
 * "Engineer's estimate $1.2 million", "Budget: $48,500.00"); null otherwise.
 */
export function statedValue(text: string | null): number | null {
  if (!text) return null;
  const m = /\b(?:estimated?(?:\s+(?:contract|project|construction))?\s+(?:value|cost|amount|budget)|engineer'?s\s+estimate|budget|not[- ]to[- ]exceed)\b[^$]{0,20}\$\s?([\d,]+(?:\.\d{1,2})?)\s*(million|m\b|thousand|k\b)?/i.exec(text);
  if (!m) return null;
  let value = Number(m[1]!.replace(/,/g, ""));
  const unit = m[2]?.toLowerCase();
  if (unit === "million" || unit === "m") value *= 1_000_000;
  if (unit === "thousand" || unit === "k") value *= 1_000;
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
}
