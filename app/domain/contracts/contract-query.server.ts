import { and, arrayContains, asc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCategories, contractOpportunities as c, contractSources } from "~/db/schema";
import { isHttpUrl } from "~/lib/url-safety";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { CLOSING_SOON_DAYS, type ContractFilters, type ContractSort } from "./contract-filters";
import { VETERAN_TAG } from "./tags";

/**
 * The WHERE and ORDER BY of the contract list, shared by the list
 * (list-contracts.server.ts) and its CSV export (export-contracts-csv.server.ts).
 * Every value is a bound parameter (drizzle); nothing is built from strings.
 */

/** At most this many words of a search are matched (each must appear somewhere). */
const SEARCH_MAX_WORDS = 8;

/** `value` for ILIKE: its own % _ and \ match themselves. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The start of the company calendar day `day` (YYYY-MM-DD), as a timestamptz. */
function dayStart(day: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
}

function dayEnd(day: string): SQL {
  return sql`(((${day}::date) + 1)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
}

/** Only active rows (spec §7), then every filter given. */
export function contractWhere(filters: ContractFilters): SQL {
  const conditions: Array<SQL | undefined> = [eq(c.isActive, true)];
  if (filters.q) {
    const words = filters.q.split(" ").filter(Boolean).slice(0, SEARCH_MAX_WORDS);
    // search_text is stored lower-case: the pattern is lowered by PostgreSQL, with the same rules.
    for (const word of words) conditions.push(sql`${c.searchText} like lower(${`%${likeEscape(word)}%`})`);
  }
  if (filters.sources.length > 0) {
    conditions.push(inArray(c.sourceId, sql`(select ${contractSources.id} from ${contractSources} where ${inArray(contractSources.slug, filters.sources)})`));
  }
  if (filters.categories.length > 0) {
    conditions.push(inArray(c.categoryId, sql`(select ${contractCategories.id} from ${contractCategories} where ${inArray(contractCategories.slug, filters.categories)})`));
  }
  if (filters.state) conditions.push(eq(c.locationState, filters.state));
  if (filters.minValue !== undefined) conditions.push(gte(c.estimatedValue, filters.minValue));
  if (filters.maxValue !== undefined) conditions.push(lte(c.estimatedValue, filters.maxValue));
  if (filters.postedFrom) conditions.push(gte(c.postedDate, dayStart(filters.postedFrom)));
  if (filters.postedTo) conditions.push(lt(c.postedDate, dayEnd(filters.postedTo)));
  if (filters.deadlineFrom) conditions.push(gte(c.deadlineDate, dayStart(filters.deadlineFrom)));
  if (filters.deadlineTo) conditions.push(lt(c.deadlineDate, dayEnd(filters.deadlineTo)));
  if (filters.statuses.length > 0) conditions.push(inArray(c.status, filters.statuses));
  if (filters.stages.length > 0) conditions.push(inArray(c.pipelineStage, filters.stages));
  if (filters.bookmarked) conditions.push(eq(c.isBookmarked, true));
  if (filters.veteran) conditions.push(arrayContains(c.tags, [VETERAN_TAG]));
  if (filters.closingSoon) {
    conditions.push(gte(c.deadlineDate, sql`now()`), lt(c.deadlineDate, sql`now() + make_interval(days => ${CLOSING_SOON_DAYS})`));
  }
  return and(...conditions)!;
}

/** The order of a sort, always ending with the id so that pages never overlap. */
export function contractOrder(sort: ContractSort): SQL[] {
  switch (sort) {
    case "deadline":
      return [sql`${c.deadlineDate} asc nulls last`, asc(c.id)];
    case "value":
      return [sql`${c.estimatedValue} desc nulls last`, asc(c.id)];
    case "relevance":
      // "nulls last" as the index holds it (the column is never null).
      return [sql`${c.priorityScore} desc nulls last`, asc(c.id)];
    case "posted":
      return [sql`${c.postedDate} desc nulls last`, asc(c.id)];
  }
}

/** The columns of a list row (joined with its source and category). */
const contractListColumns = {
  id: c.id,
  title: c.title,
  agencyName: c.agencyName,
  locationCity: c.locationCity,
  locationState: c.locationState,
  estimatedValue: c.estimatedValue,
  currency: c.currency,
  status: c.status,
  sourceUrl: c.sourceUrl,
  description: c.description,
  postedDate: c.postedDate,
  deadlineDate: c.deadlineDate,
  updatedAt: c.updatedAt,
  sourceName: contractSources.name,
  sourceSlug: contractSources.slug,
  categoryName: contractCategories.name,
  categorySlug: contractCategories.slug,
  priorityScore: c.priorityScore,
  tags: c.tags,
  isBookmarked: c.isBookmarked,
  pipelineStage: c.pipelineStage,
};

/** The list's rows (joined with source and category), to be given a where, an order and a limit. */
export function contractRowsQuery() {
  return db()
    .select(contractListColumns)
    .from(c)
    .innerJoin(contractSources, eq(contractSources.id, c.sourceId))
    .leftJoin(contractCategories, eq(contractCategories.id, c.categoryId))
    .$dynamic();
}

export type ContractRow = Awaited<ReturnType<typeof contractRowsQuery>>[number];

/** A source URL that may be a link: only http(s), else null. */
export function safeSourceUrl(value: string | null): string | null {
  return value && isHttpUrl(value) ? value : null;
}

export function isVeteranSetAside(tags: readonly string[]): boolean {
  return tags.includes(VETERAN_TAG);
}
