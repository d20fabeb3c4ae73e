/**
 * The crawler's user-facing texts. Those marked §8 are the spec's error
 * catalogue word for word (../shared/spec/admin-back-office.md §8).
 */
export const CRAWL_TEXT = {
  /** §8 */
  httpError: (status: number, keyword: string, statusText: string, where: string) =>
    `HTTP ${status} for keyword '${keyword}': ${statusText} (${where})`,
  /** §8 ("Error searching for keyword..."), then which page (`where`: its kind, number and URL) and why. */
  keywordError: (keyword: string, where: string, message: string) => `Error searching for keyword '${keyword}' (${where}): ${message}`,
  /** Which page a line is about: "keyword search page 1, https://..." or "state open bids page 2, https://...". */
  pageWhere: (kind: string, page: number, url: string) => `${kind} page ${page}, ${url}`,
  /** The session's error when no search could be read: the first search's page and cause. */
  everySearchFailed: (firstFailure: string) => `every search failed; the first: ${firstFailure}`,
  /** The session's error when the site stops answering (timeouts in a row, or the source's time budget). */
  stoppedAnswering: (why: string, where: string) => `${why}; stopped at ${where}`,
  /** `why` of stoppedAnswering when the source's time budget ran out. */
  budgetSpent: (seconds: number, lastProblem: string | null) =>
    `the site stopped answering: no page read in ${seconds} s (the source's time budget, CRAWL_SOURCE_BUDGET_SECONDS)${lastProblem ? `, the last problem: ${lastProblem}` : ", the page was still loading"}`,
  /** §8 ("Error converting contract...") */
  convertError: (detail: string) => `Error converting contract: ${detail}`,
  /** §8 ("Scraping error...") */
  scrapingError: (message: string) => `Scraping error: ${message}`,
  /** §8 */
  saveFailed: (title: string) => `Failed to save contract: ${title}`,
  /** §8 */
  noAdapter: (slug: string) => `No adapter found for source: ${slug}`,
  /** §8 */
  invalidSourceOrConfig: "Invalid source or configuration",
  /** §8 */
  failedToStart: "Failed to start crawling",
  alreadyRunning: (source: string) => `A crawl of ${source} is already running`,
  blocked: (host: string, why: string) =>
    `Blocked: ${host} answered with ${why} instead of results. Nothing more was read; this is not "0 results". Try again later.`,
  interrupted: "Interrupted: the crawl stopped before it finished (app restart or worker failure)",
  timedOut: "Stopped: the crawl ran longer than its time limit. What was found until then is kept.",
  robotsSkipped: (url: string) => `Skipped (robots.txt disallows): ${url}`,
  unreadablePage: (url: string) => `No results could be read from ${url}: the page layout may have changed`,
  nextPageOffSite: (url: string, origin: string) => `Not following the next-page link to another site (${url}): only pages on ${origin} are crawled`,
} as const;
