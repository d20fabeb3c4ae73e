import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import {
  contractCrawlLogs,
  contractCrawlSessions,
  contractSearchConfigs,
  contractSources,
  DEFAULT_RATE_LIMIT_CONFIG,
  type RateLimitConfig,
} from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { adapterFor, type ParsedContract, type ParsedPage, type SearchInput, UnknownAdapterError } from "./adapters";
import { CRAWL_TEXT } from "./crawl-texts";
import { CrawlFetchError } from "./errors";
import { PageParser, PageParseError, type PageParserLimits } from "./page-parser.server";
import { type CrawlLogLevel, PoliteClient, type PoliteClientOptions } from "./polite-client.server";
import { relevanceOf } from "./relevance";
import { loadCategoryIds, storeContract } from "./store-contract.server";
import { VETERAN_TAG } from "../tags";

/**
 * Runs one crawl session (a `running` contract_crawl_sessions row) to its end:
 * every start page of the source's adapter, following next pages up to the
 * adapter's cap, each solicitation stored once (storeContract) however often
 * it is seen in the run. Pages are parsed in a child process with a time and
 * a memory limit (page-parser.server.ts, ADR 038, 045): a page that cannot be
 * read within them fails its search, not the process. Next-page links are
 * followed on the source's own origin only. Every step writes a contract_crawl_logs row (the
 * spec §8 texts where it gives them); counters are written after each page.
 *
 * Ends the session `completed`, or `failed` with error_message and
 * error_details: the adapter is unknown, the site blocked us (a WAF challenge
 * or a burst of 403s: "Blocked: ...", never "0 results"), every search failed
 * (the message names the first one's page and cause), the site stopped
 * answering (TIMEOUTS_IN_A_ROW requests timed out, or no page was read within
 * the source's time budget, CRAWL_SOURCE_BUDGET_SECONDS plus the polite delay
 * between requests; ADR 052), or an unexpected error. When `signal` aborts (shutdown), the session is left
 * `running` and the error rethrown: the retried job closes it and starts anew.
 */

const rateLimitConfigSchema = z.object({
  requestsPerMinute: z.number().int().min(1).max(10_000).catch(DEFAULT_RATE_LIMIT_CONFIG.requestsPerMinute),
  requestsPerHour: z.number().int().min(1).max(100_000).catch(DEFAULT_RATE_LIMIT_CONFIG.requestsPerHour),
  delayBetweenRequestsMs: z.number().int().min(0).max(600_000).catch(DEFAULT_RATE_LIMIT_CONFIG.delayBetweenRequestsMs),
});

export function sourceRateLimit(value: unknown): RateLimitConfig {
  const parsed = rateLimitConfigSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_RATE_LIMIT_CONFIG;
}

/** Consecutive HTTP 403 answers that mean the site is blocking us. */
const BLOCKING_403S = 3;

/** Timed-out requests in a row (retries included) after which the site has stopped answering. */
const TIMEOUTS_IN_A_ROW = 3;

export interface CrawlCounters {
  totalFound: number;
  newContracts: number;
  updatedContracts: number;
  failedContracts: number;
  requestsMade: number;
  pagesProcessed: number;
  rateLimitHits: number;
}

export interface RunCrawlOptions {
  signal?: AbortSignal;
  /** Overrides for the HTTP client (tests: short retries). */
  client?: Omit<PoliteClientOptions, "rateLimit" | "log" | "signal">;
  /** Overrides for the page parser's limits (tests: a short time limit). */
  parser?: Partial<PageParserLimits>;
  onProgress?: (counters: CrawlCounters) => void;
}

export interface CrawlOutcome {
  sessionId: string;
  status: "completed" | "failed";
  counters: CrawlCounters;
  errorMessage: string | null;
  /** New contracts of this run (for the digest). */
  newContracts: ParsedContract[];
  sourceName: string | null;
  configName: string | null;
}

class Blocked extends Error {
  constructor(
    message: string,
    public readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function writeCrawlLog(sessionId: string, level: CrawlLogLevel, message: string, context: Record<string, unknown> = {}) {
  await db().insert(contractCrawlLogs).values({ sessionId, logLevel: level, message: message.slice(0, 2000), context });
}

export async function runCrawl(sessionId: string, options: RunCrawlOptions = {}): Promise<CrawlOutcome> {
  const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, sessionId));
  if (!session) throw new Error(`no crawl session ${sessionId}`);
  if (session.status !== "running") throw new Error(`crawl session ${sessionId} is ${session.status}, not running`);

  const counters: CrawlCounters = {
    totalFound: 0, newContracts: 0, updatedContracts: 0, failedContracts: 0, requestsMade: 0, pagesProcessed: 0, rateLimitHits: 0,
  };
  const newContracts: ParsedContract[] = [];
  const names: { sourceName: string | null; configName: string | null } = { sourceName: null, configName: null };
  const log = logger.child({ crawlSessionId: sessionId });
  // Log rows are written in order, without blocking the crawl on each one.
  let logChain: Promise<void> = Promise.resolve();
  const crawlLog = (level: CrawlLogLevel, message: string, context: Record<string, unknown> = {}) => {
    log[level === "debug" ? "debug" : level]({ ...context }, message);
    logChain = logChain.then(() => writeCrawlLog(sessionId, level, message, context).catch((error: unknown) => {
      log.warn({ err: error }, "could not write a crawl log row");
    }));
  };

  let client: PoliteClient | undefined;
  const parser = new PageParser(options.parser);
  // The source's time budget: the crawl stops when no page (no proper answer) comes within it.
  const budgetSeconds = config().CRAWL_SOURCE_BUDGET_SECONDS;
  const budget = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, budget.signal]) : budget.signal;
  let budgetTimer: NodeJS.Timeout | undefined;
  let budgetMs = budgetSeconds * 1000;
  let lastProblem: string | null = null;
  const armBudget = () => {
    clearTimeout(budgetTimer);
    // Our own politeness (the delay between requests, a Crawl-delay) is not the site's slowness.
    budgetMs = budgetSeconds * 1000 + (client?.politeDelayMs ?? 0);
    budgetTimer = setTimeout(() => budget.abort(), budgetMs);
  };
  // Which page the crawl is at, for the session's error.
  let at = "";
  const saveCounters = async () => {
    if (client) {
      counters.requestsMade = client.counters.requestsMade;
      counters.rateLimitHits = client.counters.rateLimitHits;
    }
    options.onProgress?.({ ...counters });
    await db()
      .update(contractCrawlSessions)
      .set({ ...counters })
      .where(eq(contractCrawlSessions.id, sessionId));
  };

  const finish = async (status: "completed" | "failed", errorMessage: string | null, errorDetails: Record<string, unknown> | null) => {
    await saveCounters();
    await logChain;
    await db()
      .update(contractCrawlSessions)
      .set({
        status,
        errorMessage,
        errorDetails,
        completedAt: sql`now()`,
        durationSeconds: sql`greatest(0, round(extract(epoch from (now() - ${contractCrawlSessions.startedAt}))))::int`,
      })
      .where(eq(contractCrawlSessions.id, sessionId));
    return { sessionId, status, counters: { ...counters }, errorMessage, newContracts, ...names };
  };

  try {
    const [source] = session.sourceId
      ? await db().select().from(contractSources).where(eq(contractSources.id, session.sourceId))
      : [];
    if (!source) {
      crawlLog("error", CRAWL_TEXT.invalidSourceOrConfig);
      return await finish("failed", CRAWL_TEXT.invalidSourceOrConfig, { kind: "invalid" });
    }
    const [config] = session.searchConfigId
      ? await db().select().from(contractSearchConfigs).where(eq(contractSearchConfigs.id, session.searchConfigId))
      : [];
    names.sourceName = source.name;
    names.configName = config?.name ?? null;
    const adapter = adapterFor(source.slug);
    const input: SearchInput = {
      baseUrl: source.baseUrl,
      keywords: config?.keywords ?? session.searchParameters.keywords ?? [],
      location: config?.locationConfig ?? session.searchParameters.location ?? {},
      customParameters: config?.customParameters ?? {},
    };
    const rateLimit = sourceRateLimit(source.rateLimitConfig);
    const sourceOrigin = originOf(source.baseUrl);
    client = new PoliteClient({
      ...options.client,
      rateLimit,
      signal,
      log: crawlLog,
      robotsMatcher: parser,
      maxTimeoutsInARow: TIMEOUTS_IN_A_ROW,
      onAttempt: ({ status, error }) => {
        if (status !== undefined && status < 500 && status !== 429) {
          lastProblem = null;
          armBudget();
        } else if (error?.kind !== "aborted") {
          lastProblem = error ? error.message : `HTTP ${status}`;
        }
      },
    });
    armBudget();
    const categoryIds = await loadCategoryIds();
    const startPages = adapter.startPages(input);
    const maxPages = adapter.maxPages(input);
    crawlLog("info", `Crawl started: ${source.name}${config ? ` / ${config.name}` : ""}`, {
      keywords: input.keywords,
      startPages: startPages.length,
      maxPages,
      rateLimit,
    });

    const seen = new Set<string>();
    let failedSearches = 0;
    let firstFailure: string | null = null;
    const searchFailed = (where: string, cause: string) => {
      failedSearches++;
      firstFailure ??= `${where}: ${cause}`;
    };
    let forbiddenInARow = 0;
    for (const start of startPages) {
      const keyword = start.keyword ?? "";
      let url: string | null = start.url;
      let pages = 0;
      // Bounded by maxPages (and each page's request by the client's caps).
      while (url && pages < maxPages) {
        const where = CRAWL_TEXT.pageWhere(start.kind, pages + 1, url);
        at = `${start.kind} '${keyword}' (page ${pages + 1}, ${url})`;
        let response;
        try {
          response = await client.fetch(url);
        } catch (error) {
          if (error instanceof CrawlFetchError && (error.kind === "aborted" || error.kind === "unresponsive")) throw error;
          if (error instanceof CrawlFetchError && error.kind === "robots-disallowed") {
            crawlLog("warn", CRAWL_TEXT.robotsSkipped(url), { keyword });
          } else {
            const cause = error instanceof Error ? error.message : String(error);
            searchFailed(at, cause);
            crawlLog("error", CRAWL_TEXT.keywordError(keyword, where, cause), {
              url,
              page: start.kind,
              kind: error instanceof CrawlFetchError ? error.kind : "unexpected",
            });
          }
          break;
        }
        let parsed: ParsedPage;
        try {
          parsed = await parser.parse(source.slug, response.body, response.url, response.status, signal);
        } catch (error) {
          if (!(error instanceof PageParseError)) throw error;
          const readWhere = CRAWL_TEXT.pageWhere(start.kind, pages + 1, response.url);
          searchFailed(`${start.kind} '${keyword}' (page ${pages + 1}, ${response.url})`, error.message);
          crawlLog("error", CRAWL_TEXT.keywordError(keyword, readWhere, error.message), {
            url: response.url,
            page: start.kind,
            kind: `parse-${error.kind}`,
          });
          break;
        }
        if (parsed.blocked) {
          throw new Blocked(CRAWL_TEXT.blocked(new URL(response.url).host, `a bot challenge (HTTP ${response.status})`), {
            kind: "blocked", url: response.url, status: response.status,
          });
        }
        if (response.status === 403) {
          forbiddenInARow++;
          if (forbiddenInARow >= BLOCKING_403S) {
            throw new Blocked(CRAWL_TEXT.blocked(new URL(response.url).host, `HTTP 403 ${forbiddenInARow} times in a row`), {
              kind: "blocked", url: response.url, status: 403,
            });
          }
        } else {
          forbiddenInARow = 0;
        }
        if (response.status < 200 || response.status > 299) {
          searchFailed(`${start.kind} '${keyword}' (page ${pages + 1}, ${response.url})`, `HTTP ${response.status} ${response.statusText}`.trim());
          crawlLog("warn", CRAWL_TEXT.httpError(response.status, keyword, response.statusText, CRAWL_TEXT.pageWhere(start.kind, pages + 1, response.url)), {
            url: response.url,
            page: start.kind,
          });
          break;
        }
        counters.pagesProcessed++;
        for (const rowError of parsed.rowErrors) crawlLog("warn", CRAWL_TEXT.convertError(rowError), { url: response.url });
        if (parsed.contracts.length === 0 && !parsed.saysEmpty) crawlLog("warn", CRAWL_TEXT.unreadablePage(response.url));
        crawlLog("info", `Page ${pages + 1} of ${start.kind} '${keyword}': ${parsed.contracts.length} solicitation${parsed.contracts.length === 1 ? "" : "s"}`, {
          url: response.url,
          announced: parsed.totalFound,
        });
        for (const contract of parsed.contracts) {
          if (seen.has(contract.externalId)) continue;
          seen.add(contract.externalId);
          counters.totalFound++;
          try {
            const relevance = relevanceOf(contract, input.keywords);
            if (relevance.veteranSetAside && !contract.tags.includes(VETERAN_TAG)) contract.tags.push(VETERAN_TAG);
            const outcome = await storeContract(contract, { sourceId: source.id, categoryIds, priorityScore: relevance.priorityScore, sessionId });
            if (outcome === "new") {
              counters.newContracts++;
              newContracts.push(contract);
            } else if (outcome === "updated") counters.updatedContracts++;
          } catch (error) {
            counters.failedContracts++;
            crawlLog("error", CRAWL_TEXT.saveFailed(contract.title), {
              externalId: contract.externalId,
              error: error instanceof Error ? error.message : String(error),
            });
          }
        }
        await saveCounters();
        pages++;
        url = parsed.nextUrl;
        if (url && originOf(url) !== sourceOrigin) {
          crawlLog("warn", CRAWL_TEXT.nextPageOffSite(url, sourceOrigin ?? source.baseUrl), { url: response.url });
          url = null;
        }
        if (url && pages >= maxPages) crawlLog("info", `Page cap of ${maxPages} reached for ${start.kind} '${keyword}'`);
      }
    }
    if (startPages.length > 0 && failedSearches >= startPages.length) {
      const message = CRAWL_TEXT.scrapingError(CRAWL_TEXT.everySearchFailed(firstFailure ?? "no cause recorded"));
      crawlLog("error", message);
      return await finish("failed", message, { kind: "all-searches-failed" });
    }
    crawlLog("info", `Crawl completed: ${counters.totalFound} found, ${counters.newContracts} new, ${counters.updatedContracts} updated, ${counters.failedContracts} failed`, {
      requestsMade: client.counters.requestsMade,
      rateLimitHits: client.counters.rateLimitHits,
    });
    return await finish("completed", null, null);
  } catch (error) {
    if (error instanceof CrawlFetchError && error.kind === "aborted" && budget.signal.aborted && !options.signal?.aborted) {
      const message = CRAWL_TEXT.scrapingError(CRAWL_TEXT.stoppedAnswering(CRAWL_TEXT.budgetSpent(Math.round(budgetMs / 1000), lastProblem), at));
      crawlLog("error", message, { kind: "source-budget" });
      return await finish("failed", message, { kind: "source-budget", budgetSeconds: Math.round(budgetMs / 1000), at });
    }
    if (error instanceof CrawlFetchError && error.kind === "unresponsive") {
      const message = CRAWL_TEXT.scrapingError(CRAWL_TEXT.stoppedAnswering(error.message, at));
      crawlLog("error", message, { kind: "unresponsive", url: error.url });
      return await finish("failed", message, { kind: "unresponsive", url: error.url, at });
    }
    if (error instanceof CrawlFetchError && error.kind === "aborted") {
      await saveCounters().catch(() => {});
      await logChain;
      throw error;
    }
    if (error instanceof Blocked) {
      crawlLog("error", error.message, error.details);
      return await finish("failed", error.message, error.details);
    }
    if (error instanceof UnknownAdapterError) {
      crawlLog("error", error.message);
      return await finish("failed", error.message, { kind: "no-adapter" });
    }
    const message = CRAWL_TEXT.scrapingError(error instanceof Error ? error.message : String(error));
    crawlLog("error", message);
    return await finish("failed", message, { kind: "unexpected", error: error instanceof Error ? error.name : "unknown" });
  } finally {
    clearTimeout(budgetTimer);
    await parser.close();
  }
}

/** The origin (scheme, host, port) of `url`, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
