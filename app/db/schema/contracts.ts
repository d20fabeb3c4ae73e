import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Government contract crawler: sources, search configurations, the crawled
 * opportunities, and crawl sessions with their logs (spec 2 §3, §7, §9).
 *
 * Dates of an opportunity (posted, deadline, work start/end) are all
 * `timestamptz`: detail pages give a closing time and zone ("10/22/2026 04:00
 * PM EDT"); a date-only value is stored at a fixed time of that day chosen by
 * the adapter.
 */

export const CONTRACT_SOURCE_TYPES = ["scraper", "api", "rss", "manual"] as const;
export type ContractSourceType = (typeof CONTRACT_SOURCE_TYPES)[number];

export const CONTRACT_STATUSES = ["active", "closed", "awarded", "cancelled", "archived"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Where staff are with a contract (app/domain/contracts/contract-filters.ts PIPELINE_STAGES, same values). */
export const CONTRACT_PIPELINE_STAGES = ["new", "reviewing", "bidding", "submitted", "won", "lost", "no_bid"] as const;
export type ContractPipelineStage = (typeof CONTRACT_PIPELINE_STAGES)[number];

export const CRAWL_SESSION_STATUSES = ["running", "completed", "failed"] as const;
export type CrawlSessionStatus = (typeof CRAWL_SESSION_STATUSES)[number];

export const CRAWL_SESSION_TYPES = ["manual", "scheduled"] as const;
export type CrawlSessionType = (typeof CRAWL_SESSION_TYPES)[number];

export const CRAWL_LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type CrawlLogLevel = (typeof CRAWL_LOG_LEVELS)[number];

export interface RateLimitConfig {
  requestsPerMinute: number;
  requestsPerHour: number;
  delayBetweenRequestsMs: number;
}

/** Spec 2 §9: 30 requests per minute, 1000 per hour, 2000 ms between requests. */
export const DEFAULT_RATE_LIMIT_CONFIG: RateLimitConfig = {
  requestsPerMinute: 30,
  requestsPerHour: 1000,
  delayBetweenRequestsMs: 2000,
};

export interface LocationConfig {
  /** Two-letter US state code, e.g. `OH`. */
  state?: string;
  /** The source's own location id, e.g. BidNet's `229` for Ohio. */
  locationId?: string;
  city?: string;
}

export interface DateRangeConfig {
  /** ISO dates (YYYY-MM-DD). */
  postedAfter?: string;
  deadlineBefore?: string;
  /** Only postings from the last N days. */
  postedWithinDays?: number;
}

export interface AmountRangeConfig {
  min?: number;
  max?: number;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface CrawlSearchParameters {
  keywords?: string[];
  location?: LocationConfig;
  categories?: string[];
  [key: string]: JsonValue | LocationConfig | undefined;
}

const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const contractSources = pgTable(
  "contract_sources",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique("contract_sources_slug_key"),
    description: text(),
    baseUrl: text().notNull(),
    sourceType: text().$type<ContractSourceType>().notNull().default("scraper"),
    logoUrl: text(),
    contactInfo: jsonb().$type<Record<string, string>>().notNull().default({}),
    rateLimitConfig: jsonb().$type<RateLimitConfig>().notNull().default(DEFAULT_RATE_LIMIT_CONFIG),
    /** Never secrets in clear text here; reference an environment variable name instead. */
    authenticationConfig: jsonb().$type<Record<string, JsonValue>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("contract_sources_slug_check", sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    check("contract_sources_source_type_check", sql`${t.sourceType} in ('scraper', 'api', 'rss', 'manual')`),
    check("contract_sources_name_check", sql`char_length(${t.name}) between 1 and 200`),
    index("contract_sources_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const contractSearchConfigs = pgTable(
  "contract_search_configs",
  {
    id: uuid().primaryKey().defaultRandom(),
    sourceId: uuid()
      .notNull()
      .references(() => contractSources.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    keywords: text().array().notNull(),
    locationConfig: jsonb().$type<LocationConfig>().notNull().default({}),
    /** Category slugs (contract_categories.slug) or the source's own category ids. */
    categoryFilters: text().array().notNull().default(sql`'{}'::text[]`),
    dateRangeConfig: jsonb().$type<DateRangeConfig>().notNull().default({}),
    amountRangeConfig: jsonb().$type<AmountRangeConfig>().notNull().default({}),
    /** Extra query parameters passed to the source as-is (e.g. `{"gov[]": ["sl","fed"]}`). */
    customParameters: jsonb().$type<Record<string, JsonValue>>().notNull().default({}),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    /**
     * A 5-field cron expression in the company's time zone (America/New_York), e.g. `0 6 * * *` for
     * daily at 06:00; null = not scheduled (crawler/schedule.server.ts).
     */
    scheduleCron: text(),
    /** The minute the schedule last started a crawl (so one tick never starts it twice). */
    lastScheduledAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique("contract_search_configs_source_name_key").on(t.sourceId, t.name),
    uniqueIndex("contract_search_configs_one_default_idx")
      .on(t.sourceId)
      .where(sql`${t.isDefault}`),
    index("contract_search_configs_source_sort_idx").on(t.sourceId, t.isActive, t.sortOrder),
  ],
);

export const contractCategories = pgTable(
  "contract_categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique("contract_categories_slug_key"),
    description: text(),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [check("contract_categories_slug_check", sql`${t.slug} ~ '^[a-z0-9-]+$'`)],
);

export const contractOpportunities = pgTable(
  "contract_opportunities",
  {
    id: uuid().primaryKey().defaultRandom(),
    sourceId: uuid()
      .notNull()
      .references(() => contractSources.id, { onDelete: "restrict" }),
    categoryId: uuid().references(() => contractCategories.id, { onDelete: "set null" }),
    externalId: text().notNull(),
    sourceUrl: text(),
    title: text().notNull(),
    description: text(),
    agencyName: text(),
    contactPerson: text(),
    contactEmail: text(),
    contactPhone: text(),
    contractType: text(),
    estimatedValue: numeric({ precision: 14, scale: 2, mode: "number" }),
    currency: text().notNull().default("USD"),
    locationCity: text(),
    locationState: text(),
    locationCountry: text().notNull().default("US"),
    postedDate: timestamp({ withTimezone: true }),
    deadlineDate: timestamp({ withTimezone: true }),
    workStartDate: timestamp({ withTimezone: true }),
    workEndDate: timestamp({ withTimezone: true }),
    requirements: text(),
    qualifications: text(),
    submissionInstructions: text(),
    documentsRequired: text().array().notNull().default(sql`'{}'::text[]`),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    priorityScore: integer().notNull().default(0),
    isFeatured: boolean().notNull().default(false),
    isBookmarked: boolean().notNull().default(false),
    status: text().$type<ContractStatus>().notNull().default("active"),
    lastScrapedAt: timestamp({ withTimezone: true }),
    scrapeCount: integer().notNull().default(0),
    rawData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    /**
     * sha256 (hex) over the parsed fields the crawler stores (crawler/storage.server.ts): a
     * re-crawl with the same hash only bumps last_scraped_at and scrape_count.
     */
    contentHash: text(),
    /** The staff's pipeline stage (ADR 026), who last set it and when (null: never changed from new). */
    pipelineStage: text().$type<ContractPipelineStage>().notNull().default("new"),
    pipelineStageChangedAt: timestamp({ withTimezone: true }),
    pipelineStageChangedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /**
     * Title, agency and description in one lower-case text (generated; never written), for the list's
     * case-insensitive substring search: `search_text like lower('%roof%')` through a pg_trgm index
     * (ADR 026; LIKE on text lowered once is cheaper than ILIKE lowering every row at every query).
     */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${contractOpportunities.title}, '') || ' ' || coalesce(${contractOpportunities.agencyName}, '') || ' ' || coalesce(${contractOpportunities.description}, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    unique("contract_opportunities_source_external_key").on(t.sourceId, t.externalId),
    check("contract_opportunities_estimated_value_check", sql`${t.estimatedValue} is null or ${t.estimatedValue} >= 0`),
    check("contract_opportunities_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "contract_opportunities_status_check",
      sql`${t.status} in ('active', 'closed', 'awarded', 'cancelled', 'archived')`,
    ),
    check("contract_opportunities_scrape_count_check", sql`${t.scrapeCount} >= 0`),
    check("contract_opportunities_title_check", sql`char_length(${t.title}) >= 1`),
    // Newest first with undated rows last: order by `posted_date desc nulls last`
    // (what these two indexes hold; a plain `desc` would not use them).
    index("contract_opportunities_posted_idx").on(t.postedDate.desc()),
    index("contract_opportunities_active_posted_idx").on(t.isActive, t.postedDate.desc()),
    index("contract_opportunities_deadline_idx").on(t.deadlineDate),
    index("contract_opportunities_source_idx").on(t.sourceId),
    index("contract_opportunities_category_idx").on(t.categoryId),
    index("contract_opportunities_status_idx").on(t.status),
    index("contract_opportunities_location_state_idx").on(t.locationState),
    index("contract_opportunities_estimated_value_idx").on(t.estimatedValue),
    check(
      "contract_opportunities_pipeline_stage_check",
      sql`${t.pipelineStage} in ('new', 'reviewing', 'bidding', 'submitted', 'won', 'lost', 'no_bid')`,
    ),
    // The list's filters and sorts (ADR 026): substring search, and each sort over active rows.
    index("contract_opportunities_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("contract_opportunities_active_deadline_idx").on(t.isActive, t.deadlineDate.asc().nullsLast(), t.id),
    index("contract_opportunities_active_value_idx").on(t.isActive, t.estimatedValue.desc().nullsLast(), t.id),
    index("contract_opportunities_active_priority_idx").on(t.isActive, t.priorityScore.desc(), t.id),
    index("contract_opportunities_active_state_deadline_idx").on(t.isActive, t.locationState, t.deadlineDate),
    index("contract_opportunities_pipeline_stage_idx").on(t.pipelineStage),
    index("contract_opportunities_bookmarked_idx").on(t.isActive).where(sql`${t.isBookmarked}`),
    index("contract_opportunities_tags_idx").using("gin", t.tags),
  ],
);

export const contractCrawlSessions = pgTable(
  "contract_crawl_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the source is deleted; the session stays as history. */
    sourceId: uuid().references(() => contractSources.id, { onDelete: "set null" }),
    searchConfigId: uuid().references(() => contractSearchConfigs.id, { onDelete: "set null" }),
    sessionType: text().$type<CrawlSessionType>().notNull().default("manual"),
    status: text().$type<CrawlSessionStatus>().notNull().default("running"),
    totalFound: integer().notNull().default(0),
    newContracts: integer().notNull().default(0),
    updatedContracts: integer().notNull().default(0),
    failedContracts: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    durationSeconds: integer(),
    requestsMade: integer().notNull().default(0),
    pagesProcessed: integer().notNull().default(0),
    rateLimitHits: integer().notNull().default(0),
    searchParameters: jsonb().$type<CrawlSearchParameters>().notNull().default({}),
    errorDetails: jsonb().$type<Record<string, unknown>>(),
    errorMessage: text(),
    triggeredBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** When the new-contracts digest of this (scheduled) session was queued; at most once. */
    digestQueuedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("contract_crawl_sessions_status_check", sql`${t.status} in ('running', 'completed', 'failed')`),
    check("contract_crawl_sessions_session_type_check", sql`${t.sessionType} in ('manual', 'scheduled')`),
    check(
      "contract_crawl_sessions_counts_check",
      sql`${t.totalFound} >= 0 and ${t.newContracts} >= 0 and ${t.updatedContracts} >= 0 and ${t.failedContracts} >= 0 and ${t.requestsMade} >= 0 and ${t.pagesProcessed} >= 0 and ${t.rateLimitHits} >= 0`,
    ),
    check(
      "contract_crawl_sessions_duration_check",
      sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`,
    ),
    index("contract_crawl_sessions_started_idx").on(t.startedAt.desc().nullsFirst()),
    index("contract_crawl_sessions_source_started_idx").on(t.sourceId, t.startedAt.desc().nullsFirst()),
    index("contract_crawl_sessions_status_idx").on(t.status),
    // One crawl per source at a time (ADR 023): a second start for a running source fails here.
    uniqueIndex("contract_crawl_sessions_one_running_idx")
      .on(t.sourceId)
      .where(sql`${t.status} = 'running'`),
  ],
);

export const contractCrawlLogs = pgTable(
  "contract_crawl_logs",
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => contractCrawlSessions.id, { onDelete: "cascade" }),
    logLevel: text().$type<CrawlLogLevel>().notNull().default("info"),
    message: text().notNull(),
    context: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    loggedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contract_crawl_logs_log_level_check", sql`${t.logLevel} in ('debug', 'info', 'warn', 'error')`),
    index("contract_crawl_logs_session_logged_idx").on(t.sessionId, t.loggedAt),
  ],
);

/** Staff notes on a contract (add; delete one's own). */
export const contractNotes = pgTable(
  "contract_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => contractOpportunities.id, { onDelete: "cascade" }),
    authorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contract_notes_body_check", sql`char_length(${t.body}) between 1 and 5000`),
    index("contract_notes_contract_created_idx").on(t.contractId, t.createdAt),
  ],
);

/** One field a re-crawl changed: its name and the old and new values as shown (shortened). */
export interface ContractFieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * What a re-crawl changed on a contract (storeContract), newest kept: at most
 * CONTRACT_CHANGES_KEPT rows per contract (older ones are deleted as new ones come).
 */
export const contractChanges = pgTable(
  "contract_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => contractOpportunities.id, { onDelete: "cascade" }),
    crawlSessionId: uuid().references(() => contractCrawlSessions.id, { onDelete: "set null" }),
    changes: jsonb().$type<ContractFieldChange[]>().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contract_changes_contract_changed_idx").on(t.contractId, t.changedAt.desc())],
);

/** Every pipeline stage change of a contract: from, to, who, when. */
export const contractStageChanges = pgTable(
  "contract_stage_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => contractOpportunities.id, { onDelete: "cascade" }),
    fromStage: text().$type<ContractPipelineStage>().notNull(),
    toStage: text().$type<ContractPipelineStage>().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contract_stage_changes_contract_changed_idx").on(t.contractId, t.changedAt.desc())],
);

/** Admins who asked for the digest email of new contracts after scheduled crawls. */
export const contractDigestSubscribers = pgTable("contract_digest_subscribers", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Politeness per host, shared by every worker and instance (ADR 022): at most
 * one request in flight per host (a lease with an expiry, so a dead worker
 * cannot hold it), the start of the last request for the delay between
 * requests, and one row per request started in the last hour for the
 * per-minute and per-hour limits.
 */
export const crawlHostSlots = pgTable("crawl_host_slots", {
  /** Lower-case host name (with port when not the default). */
  host: text().primaryKey(),
  leaseToken: uuid(),
  leaseExpiresAt: timestamp({ withTimezone: true }),
  lastStartedAt: timestamp({ withTimezone: true }),
});

export const crawlHostRequests = pgTable(
  "crawl_host_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    host: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("crawl_host_requests_host_started_idx").on(t.host, t.startedAt)],
);

export type ContractSource = typeof contractSources.$inferSelect;
export type NewContractSource = typeof contractSources.$inferInsert;
export type ContractSearchConfig = typeof contractSearchConfigs.$inferSelect;
export type NewContractSearchConfig = typeof contractSearchConfigs.$inferInsert;
export type ContractCategory = typeof contractCategories.$inferSelect;
export type ContractOpportunity = typeof contractOpportunities.$inferSelect;
export type NewContractOpportunity = typeof contractOpportunities.$inferInsert;
export type ContractCrawlSession = typeof contractCrawlSessions.$inferSelect;
export type NewContractCrawlSession = typeof contractCrawlSessions.$inferInsert;
export type ContractCrawlLog = typeof contractCrawlLogs.$inferSelect;
export type NewContractCrawlLog = typeof contractCrawlLogs.$inferInsert;
