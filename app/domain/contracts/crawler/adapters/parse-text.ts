import { resolveHttpUrl } from "~/lib/url-safety";

/**
 * Text helpers shared by the adapters: whitespace, US dates, states, values,
 * counts, links. Dates come back as ISO strings: `YYYY-MM-DD` when the page
 * gives only a day, `YYYY-MM-DDTHH:MM:00-04:00` when it gives a time and a US
 * zone. A date that is missing or unreadable is null, never guessed.
 *
 * Crawled text is hostile input (ADR 038): every helper first cuts its input
 * to what its field can hold (FIELD_LIMITS), and every pattern is linear in
 * its input: a quantified run is never retried from inside itself (a
 * lookbehind pins it to the run's start) and whitespace is collapsed first.
 */

/** The most characters of a page's text each field keeps. */
export const FIELD_LIMITS = {
  title: 500,
  description: 10_000,
  /** Agency, region, place, group. */
  name: 300,
  date: 100,
  /** The text a result count is read from ("1 - 25 of 272 results"). */
  count: 100,
  /** A link (href) the crawler stores or follows. */
  url: 2_048,
  /** The visible text searched for a "no results" message. */
  pageText: 256 * 1024,
} as const;

/**
 * Collects text with whitespace runs (no-break and zero-width spaces too) collapsed to one space and stops at
 * `max` characters: a huge string costs no more than what is kept plus the whitespace skipped on the way.
 */
export class TextCollector {
  private text = "";
  /** Whether the text so far ends with a space (a run may continue in the next piece). */
  private space = true;

  constructor(private readonly max: number) {}

  get full(): boolean {
    return this.text.length > this.max;
  }

  add(data: string): void {
    for (let from = 0; from < data.length && !this.full; ) {
      const size = Math.max(256, 2 * (this.max + 1 - this.text.length));
      let piece = data.slice(from, from + size).replace(/[\s\u00a0\u200b]+/g, " ");
      from += size;
      if (this.space && piece.startsWith(" ")) piece = piece.slice(1);
      if (piece === "") continue;
      this.text += piece;
      // The piece, not the whole text: reading the end of a concatenated string flattens all of it.
      this.space = piece.endsWith(" ");
    }
  }

  /** The text, trimmed, at most `max` characters. */
  result(): string {
    return this.text.slice(0, this.max).trim();
  }
}

/** `value` with whitespace collapsed and trimmed, cut at `max` characters (reading no further than needed). */
export function clipText(value: string | undefined | null, max: number): string {
  const collector = new TextCollector(max);
  collector.add(value ?? "");
  return collector.result();
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

/** The first FIELD_LIMITS.date characters of `value`, whitespace collapsed. */
const dateText = (value: string | undefined | null) => clipText(value, FIELD_LIMITS.date);

/** `MM/DD/YYYY`, optionally followed by `hh:mm AM|PM ZONE` (BidNet). */
export function parseUsDate(value: string | undefined | null): string | null {
  const text = dateText(value);
  // Whitespace is collapsed: one space where the page had a run, so no quantifier spans a run.
  const m = /(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2}) ?([AP]M)(?: ([A-Z]{2,4}))?)?/i.exec(text);
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
  const text = dateText(value);
  const m = /\b([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})\b/.exec(text);
  if (!m) return parseUsDate(text);
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
  const [day, year] = [Number(m[2]), Number(m[3])];
  if (month === 0 || !validDay(year, month, day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const US_STATES: Record<string, string> = {
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
  const text = clipText(value, FIELD_LIMITS.name);
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
export function statedValue(description: string | null): number | null {
  if (!description) return null;
  const text = clipText(description, FIELD_LIMITS.description);
  // Whitespace is collapsed (one space per run); between the words the gap is bounded; the amount, once
  // its "$" is found, is followed by optional parts only, so the run of digits is never given back.
  const m = /\b(?:estimated?(?: (?:contract|project|construction))? (?:value|cost|amount|budget)|engineer'?s estimate|budget|not[- ]to[- ]exceed)\b[^$]{0,20}\$ ?([\d,]+(?:\.\d{1,2})?) ?(million|m\b|thousand|k\b)?/i.exec(text);
  if (!m) return null;
  let value = Number(m[1]!.replace(/,/g, ""));
  const unit = m[2]?.toLowerCase();
  if (unit === "million" || unit === "m") value *= 1_000_000;
  if (unit === "thousand" || unit === "k") value *= 1_000;
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
}

/**
 * The first count followed by one of `words` in a count text ("1 - 25 of 272 results", "3 bids found"),
 * or null. The text is cut to FIELD_LIMITS.count first; the lookbehind starts a number only where a run
 * of digits and commas starts, so a long run is scanned once, not once per digit (the old pattern
 * `([\d,]+)\s+results` took 13-16 s on 120,000 digits).
 */
export function countBefore(value: string, words: RegExp): number | null {
  const text = clipText(value, FIELD_LIMITS.count);
  const pattern = new RegExp(`(?<![\\d,])(\\d[\\d,]*) (?:${words.source})`, "i");
  const m = pattern.exec(text);
  if (!m) return null;
  const count = Number(m[1]!.replace(/,/g, ""));
  return Number.isSafeInteger(count) ? count : null;
}

/**
 * An absolute http(s) URL from a link on a page (resolveHttpUrl of the URL safety module), or why the link
 * cannot be used: it is longer than FIELD_LIMITS.url, cannot be read at all ("bad link"), or is not a
 * web address (javascript:, mailto:...).
 */
export function webUrl(href: string | undefined, pageUrl: string): { url: string } | { problem: string } {
  const shown = (href ?? "").slice(0, 200);
  if (!href) return { problem: "no link" };
  const tooLong = { problem: `a link longer than ${FIELD_LIMITS.url} characters (${shown}...)` };
  if (href.length > FIELD_LIMITS.url) return tooLong;
  const url = resolveHttpUrl(href, pageUrl);
  if (url === null) return { problem: `${URL.canParse(href.trim(), pageUrl) ? "not a web link" : "bad link"} ${shown}` };
  return url.length > FIELD_LIMITS.url ? tooLong : { url };
}
