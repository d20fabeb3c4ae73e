import { DEFAULT_RATE_LIMIT_CONFIG, type RateLimitConfig } from "~/db/schema";
import { isHttpUrl } from "~/lib/url-safety";
import { CrawlFetchError } from "./errors";
import { CRAWLER_BOT_NAME, DEFAULT_FETCH_LIMITS, fetchPage, type FetchedResponse, type FetchLimits } from "./fetcher.server";
import { acquireHostSlot } from "./host-throttle.server";
import { PageParseError, PageParser } from "./page-parser.server";

/**
 * One crawl's HTTP client: the safe fetcher, plus politeness (ADR 022).
 *
 * - robots.txt is fetched once per host per crawl (this object lives for one
 *   crawl) and obeyed for our bot name, for every hop of a redirect too (the
 *   target's own site's robots.txt, the same site's for a same-site redirect);
 *   a disallowed URL throws CrawlFetchError "robots-disallowed" before it is
 *   requested (the crawl logs it and skips the page). Only the first
 *   ROBOTS_MAX_CHARS of a robots.txt are read (RFC 9309 §2.5 asks for at
 *   least 500 KiB): its rules are matched in time proportional to their length
 *   times the URL's, so they are matched in the crawl's parser process
 *   (`robotsMatcher`, else one of the client's own; ADR 052), never on the
 *   app's main thread. A file that cannot be matched within the parser's
 *   limits disallows the URL.
 *   A robots.txt answering 4xx allows everything; 5xx or unreachable
 *   disallows everything (RFC 9309 §2.3.1). A Crawl-delay longer than the
 *   source's delay is used instead.
 * - Every request, robots.txt and redirect hops included, waits for the host's
 *   slot in PostgreSQL (host-throttle.server.ts) and is counted.
 * - 429 and 503 wait for Retry-After (seconds or an HTTP date; counted as rate
 *   limit hits) up to `maxRetryAfterMs`, at most `maxRetries` times; other 5xx
 *   and network errors / time-outs are retried at most `maxRetries` times
 *   with capped exponential backoff and full jitter; other 4xx are returned
 *   as they are, never retried.
 * - With `maxTimeoutsInARow`, that many timed-out requests in a row (retries
 *   and robots.txt included, with no answer between them) throw
 *   CrawlFetchError "unresponsive" ("the site stopped answering: ..."): the
 *   crawl stops instead of trying every page. `onAttempt` hears of every
 *   attempt (its answer's status or its error), for the crawl's time budget.
 */

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer Retry-After is not waited for: the response is returned as it is. */
  maxRetryAfterMs: number;
}

const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

export type CrawlLogLevel = "debug" | "info" | "warn" | "error";
export type CrawlLogger = (level: CrawlLogLevel, message: string, context?: Record<string, unknown>) => void;

export interface PoliteClientOptions {
  rateLimit?: RateLimitConfig;
  retry?: Partial<RetryPolicy>;
  limits?: Partial<FetchLimits>;
  signal?: AbortSignal;
  log?: CrawlLogger;
  /** Longest wait for a host's slot before giving up on a request. */
  maxSlotWaitMs?: number;
  /** Obey robots.txt (always, except the source test of a single page). */
  robots?: boolean;
  /** Where robots.txt rules are matched: the crawl's page parser (else the client starts its own; close() ends it). */
  robotsMatcher?: PageParser;
  /** For tests: a deterministic jitter source in [0, 1). */
  random?: () => number;
  /** Timed-out requests in a row after which the site is given up ("unresponsive"); unset: never. */
  maxTimeoutsInARow?: number;
  /** Called after every attempt with the status it got, or the error it ended with. */
  onAttempt?: (attempt: { url: string; status?: number; error?: CrawlFetchError }) => void;
}

export interface ClientCounters {
  requestsMade: number;
  rateLimitHits: number;
  retries: number;
}

interface RobotsRule {
  /** For our bot; undefined when the URL is not of the file's site. */
  isAllowed(url: string): Promise<boolean | undefined>;
  /** Seconds, for our bot. */
  crawlDelay: number | undefined;
}

/** How much of a robots.txt is read (RFC 9309 §2.5: at least 500 KiB). */
const ROBOTS_MAX_CHARS = 512 * 1024;

const ALLOW_ALL: RobotsRule = { isAllowed: () => Promise.resolve(true), crawlDelay: undefined };
const DISALLOW_ALL: RobotsRule = { isAllowed: () => Promise.resolve(false), crawlDelay: undefined };

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CrawlFetchError("aborted", "the crawl was stopped", ""));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CrawlFetchError("aborted", "the crawl was stopped", ""));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export class PoliteClient {
  readonly counters: ClientCounters = { requestsMade: 0, rateLimitHits: 0, retries: 0 };
  private readonly robots = new Map<string, Promise<RobotsRule>>();
  private readonly rateLimit: RateLimitConfig;
  private readonly retry: RetryPolicy;
  private readonly limits: FetchLimits;
  private readonly log: CrawlLogger;
  private readonly random: () => number;
  private timeoutsInARow = 0;
  private ownMatcher: PageParser | undefined;
  private longestCrawlDelayMs = 0;

  constructor(private readonly options: PoliteClientOptions = {}) {
    this.rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT_CONFIG;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.limits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
    this.log = options.log ?? (() => {});
    this.random = options.random ?? Math.random;
  }

  /** Backoff before retry number `attempt` (1-based): full jitter over a capped exponential. */
  backoffMs(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private effectiveLimits(crawlDelaySeconds: number | undefined): RateLimitConfig {
    if (!crawlDelaySeconds || crawlDelaySeconds * 1000 <= this.rateLimit.delayBetweenRequestsMs) return this.rateLimit;
    const delayBetweenRequestsMs = Math.min(crawlDelaySeconds * 1000, 60_000);
    this.longestCrawlDelayMs = Math.max(this.longestCrawlDelayMs, delayBetweenRequestsMs);
    return { ...this.rateLimit, delayBetweenRequestsMs };
  }

  /** The longest wait between two requests to a host that politeness asks of us (the source's delay, a Crawl-delay). */
  get politeDelayMs(): number {
    return Math.max(this.rateLimit.delayBetweenRequestsMs, this.longestCrawlDelayMs);
  }

  /** Counts a timed-out attempt; throws "unresponsive" when it is the limit's. */
  private countTimeout(error: CrawlFetchError, url: string): void {
    this.timeoutsInARow++;
    const limit = this.options.maxTimeoutsInARow;
    if (limit !== undefined && this.timeoutsInARow >= limit) {
      throw new CrawlFetchError(
        "unresponsive",
        `the site stopped answering: ${this.timeoutsInARow} requests in a row timed out (${error.message.replace(/^timed out: /, "")})`,
        url,
        { cause: error },
      );
    }
  }

  private async send(url: string, method: "GET" | "HEAD", rule: RobotsRule | undefined): Promise<FetchedResponse> {
    const limits = this.effectiveLimits(rule?.crawlDelay);
    return fetchPage(url, {
      method,
      signal: this.options.signal,
      limits: this.limits,
      onRequest: () => {
        this.counters.requestsMade++;
      },
      gate: async (hopUrl) => {
        // Every hop of a redirect, to this site or another: the robots.txt of the hop's site decides.
        if (rule && hopUrl.href !== url) {
          const hopRule = hopUrl.origin === new URL(url).origin ? rule : await this.robotsFor(hopUrl);
          if ((await hopRule.isAllowed(hopUrl.href)) === false) {
            throw new CrawlFetchError("robots-disallowed", `robots.txt of ${hopUrl.host} disallows ${hopUrl.pathname}`, hopUrl.href);
          }
        }
        const slot = await acquireHostSlot(hopUrl, limits, {
          signal: this.options.signal,
          leaseMs: this.limits.totalTimeoutMs + 5_000,
          maxWaitMs: this.options.maxSlotWaitMs ?? 10 * 60_000,
        });
        return () => slot.release();
      },
    });
  }

  private robotsFor(url: URL): Promise<RobotsRule> {
    const origin = url.origin;
    let rule = this.robots.get(origin);
    if (!rule) {
      rule = this.loadRobots(origin);
      this.robots.set(origin, rule);
    }
    return rule;
  }

  private async loadRobots(origin: string): Promise<RobotsRule> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const response = await this.withRetries(robotsUrl, "GET", undefined);
      if (response.status >= 200 && response.status < 300) {
        this.log("debug", "robots.txt read", { url: robotsUrl });
        return await this.matchedRobots(robotsUrl, response.body.slice(0, ROBOTS_MAX_CHARS));
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        this.log("debug", `robots.txt answered HTTP ${response.status}: every page is allowed`, { url: robotsUrl });
        return ALLOW_ALL;
      }
      this.log("warn", `robots.txt answered HTTP ${response.status}: nothing on ${origin} is crawled`, { url: robotsUrl });
      return DISALLOW_ALL;
    } catch (error) {
      if (error instanceof CrawlFetchError && (error.kind === "refused" || error.kind === "aborted" || error.kind === "unresponsive")) throw error;
      this.log("warn", `robots.txt could not be read: nothing on ${origin} is crawled`, {
        url: robotsUrl,
        error: error instanceof Error ? error.message : String(error),
      });
      return DISALLOW_ALL;
    }
  }

  private matcher(): PageParser {
    return this.options.robotsMatcher ?? (this.ownMatcher ??= new PageParser());
  }

  /** A robots.txt whose rules are matched in the parser process; one it cannot read in its limits disallows. */
  private async matchedRobots(robotsUrl: string, text: string): Promise<RobotsRule> {
    const signal = this.options.signal;
    const unreadable = (error: PageParseError, url: string) => {
      this.log("warn", `robots.txt rules could not be matched (${error.message}): ${url} is not crawled`, { url: robotsUrl });
      return false;
    };
    let crawlDelay: number | undefined;
    try {
      ({ crawlDelay } = await this.matcher().robots(robotsUrl, text, undefined, CRAWLER_BOT_NAME, signal));
    } catch (error) {
      if (!(error instanceof PageParseError)) throw error;
      unreadable(error, robotsUrl);
      return DISALLOW_ALL;
    }
    return {
      crawlDelay,
      isAllowed: async (url) => {
        try {
          return (await this.matcher().robots(robotsUrl, text, url, CRAWLER_BOT_NAME, signal)).allowed;
        } catch (error) {
          if (error instanceof PageParseError) return unreadable(error, url);
          throw error;
        }
      },
    };
  }

  /** Ends the robots.txt matcher the client started itself (a crawl's own parser is the crawl's to close). */
  async close(): Promise<void> {
    await this.ownMatcher?.close();
    this.ownMatcher = undefined;
  }

  private async withRetries(url: string, method: "GET" | "HEAD", rule: RobotsRule | undefined): Promise<FetchedResponse> {
    let failures = 0;
    let rateLimited = 0;
    // Bounded: each pass returns, throws, or raises `failures` or `rateLimited`, each capped at maxRetries.
    for (;;) {
      let response: FetchedResponse;
      try {
        response = await this.send(url, method, rule);
      } catch (error) {
        if (error instanceof CrawlFetchError) {
          this.options.onAttempt?.({ url, error });
          if (error.kind === "timeout") this.countTimeout(error, url);
        }
        if (error instanceof CrawlFetchError && error.retryable && failures < this.retry.maxRetries) {
          failures++;
          this.counters.retries++;
          const wait = this.backoffMs(failures);
          this.log("warn", `Request failed (${error.message}); retry ${failures} of ${this.retry.maxRetries} in ${wait} ms`, { url });
          await sleep(wait, this.options.signal);
          continue;
        }
        throw error;
      }
      const { status } = response;
      this.timeoutsInARow = 0;
      this.options.onAttempt?.({ url, status });
      if (status === 429 || status === 503) {
        const after = retryAfterMs(response.headers["retry-after"]);
        if (status === 429 || after !== undefined) {
          this.counters.rateLimitHits++;
          if (rateLimited >= this.retry.maxRetries) return response;
          const wait = after ?? this.backoffMs(rateLimited + 1);
          if (wait > this.retry.maxRetryAfterMs) {
            this.log("warn", `HTTP ${status} with Retry-After ${Math.round(wait / 1000)} s: longer than we wait`, { url });
            return response;
          }
          rateLimited++;
          this.log("warn", `HTTP ${status}: rate limited by the site, waiting ${wait} ms (Retry-After)`, { url, retryAfter: response.headers["retry-after"] });
          await sleep(wait, this.options.signal);
          continue;
        }
      }
      if (status >= 500 && failures < this.retry.maxRetries) {
        failures++;
        this.counters.retries++;
        const wait = this.backoffMs(failures);
        this.log("warn", `HTTP ${status}; retry ${failures} of ${this.retry.maxRetries} in ${wait} ms`, { url });
        await sleep(wait, this.options.signal);
        continue;
      }
      return response;
    }
  }

  /**
   * GETs (or HEADs) `url` politely. Returns the final response whatever its
   * status; throws CrawlFetchError (refused, too large, timed out after the
   * retries, robots-disallowed...).
   */
  async fetch(url: string, options: { method?: "GET" | "HEAD" } = {}): Promise<FetchedResponse> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new CrawlFetchError("refused", `refused: not a URL (${url.slice(0, 200)})`, url);
    }
    let rule: RobotsRule | undefined;
    if (this.options.robots !== false && isHttpUrl(parsed.href)) {
      rule = await this.robotsFor(parsed);
      if ((await rule.isAllowed(parsed.href)) === false) {
        throw new CrawlFetchError("robots-disallowed", `robots.txt disallows ${parsed.pathname}`, parsed.href);
      }
    }
    return this.withRetries(parsed.href, options.method ?? "GET", rule);
  }
}
