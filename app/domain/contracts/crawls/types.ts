/**
 * What the contracts workspace shows of crawls (shared with the browser; no
 * server code here).
 */

type CrawlSessionStatus = "running" | "completed" | "failed";

/** A source that can be crawled, with its active search configurations (default first). */
export interface CrawlTarget {
  id: string;
  name: string;
  slug: string;
  configurations: { id: string; name: string; isDefault: boolean }[];
}

/** The counters a crawl keeps up to date while it runs (spec 2 §3 contract_crawl_sessions). */
interface CrawlCounters {
  pagesProcessed: number;
  requestsMade: number;
  totalFound: number;
  newContracts: number;
  updatedContracts: number;
  failedContracts: number;
  rateLimitHits: number;
}

export interface CrawlSessionSummary extends CrawlCounters {
  id: string;
  status: CrawlSessionStatus;
  sessionType: "manual" | "scheduled";
  sourceId: string | null;
  sourceName: string | null;
  configurationName: string | null;
  startedAt: string;
  completedAt: string | null;
  durationSeconds: number | null;
  errorMessage: string | null;
}

interface CrawlLogLine {
  at: string;
  level: "debug" | "info" | "warn" | "error";
  message: string;
}

export interface CrawlProgress {
  session: CrawlSessionSummary;
  log: CrawlLogLine[];
  /** Whether older lines were left out (the panel shows the latest ones). */
  logTruncated: boolean;
}

/** Spec 2 §9: 10 recent sessions are loaded, 3 shown. */
export const RECENT_SESSIONS_LOADED = 10;
export const RECENT_SESSIONS_SHOWN = 3;
/** The debug log panel shows at most this many of a session's latest lines. */
export const CRAWL_LOG_LINES = 500;

/** The workspace's texts (spec 2 §8 word for word where marked). */
export const CRAWL_UI_TEXT = {
  /** §8 */
  selectSource: "Please select a source to crawl",
  /** §8 */
  invalidSourceOrConfig: "Invalid source or configuration",
  /** §8 */
  failedToStart: "Failed to start crawling",
  /** §8 */
  loadFailed: "Failed to load data",
  /** §8 "Crawl Started: Crawling {source}... Check back in a moment for results." */
  startedTitle: "Crawl Started",
  started: (source: string) => `Crawling ${source}... Check back in a moment for results.`,
  progressFailed: "Could not read the crawl's progress. Retrying...",
} as const;
