import type { JsonValue, LocationConfig } from "~/db/schema";

/**
 * What an adapter needs from a source's search configuration (spec §3): the
 * keywords, the location and the source-specific parameters, with every URL
 * built from the source's base_url (so tests point a source at a local server).
 */
export interface SearchInput {
  baseUrl: string;
  keywords: string[];
  location: LocationConfig;
  customParameters: Record<string, JsonValue>;
}

/** One solicitation as read from a page: the §9 output fields. */
export interface ParsedContract {
  /** The site's own stable id. */
  externalId: string;
  title: string;
  description: string | null;
  agencyName: string | null;
  /** Absolute URL of the solicitation on the site. */
  sourceUrl: string;
  contractType: "government";
  /** Only when the page states one. */
  estimatedValue: number | null;
  currency: "USD";
  locationCity: string | null;
  locationState: string | null;
  locationCountry: "US";
  /** ISO date (`YYYY-MM-DD`) or date-time with offset; null when the page has none. */
  postedDate: string | null;
  deadlineDate: string | null;
  tags: string[];
  status: "active";
  /** What the page said, for the record (raw texts, the markup kind). */
  rawData: Record<string, string | null>;
}

/** One page to fetch: the first page of a search, with the keyword it searches for (if any). */
export interface StartPage {
  url: string;
  keyword: string | null;
  /** A short label for logs ("keyword search", "state open bids"). */
  kind: string;
}

export interface ParsedPage {
  contracts: ParsedContract[];
  /** Absolute URL of the next page, or null. */
  nextUrl: string | null;
  /** The count the page announces, when it does. */
  totalFound: number | null;
  /** The page is a bot challenge / block page, not results. */
  blocked: boolean;
  /** The page says, in visible text, that there are no results. */
  saysEmpty: boolean;
  /** Rows that looked like results but could not be read (each with why). */
  rowErrors: string[];
}

export interface SourceAdapter {
  slug: string;
  startPages(input: SearchInput): StartPage[];
  parsePage(html: string, pageUrl: string, status: number): ParsedPage;
  /** Most pages to follow per start page. */
  maxPages(input: SearchInput): number;
}
