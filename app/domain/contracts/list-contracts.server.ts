import { count } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractOpportunities } from "~/db/schema";
import { CONTRACTS_PER_PAGE, type ContractFilters, type ContractStatus, type PipelineStage } from "./contract-filters";
import { contractOrder, contractRowsQuery, contractWhere, isVeteranSetAside, safeSourceUrl, type ContractRow } from "./contract-query.server";

/** One contract of the list (/admin/contracts), joined with its source and category. */
export interface ContractListItem {
  id: string;
  title: string;
  agencyName: string | null;
  locationCity: string | null;
  locationState: string | null;
  estimatedValue: number | null;
  currency: string;
  status: ContractStatus;
  /** Only an http(s) address, else null. */
  sourceUrl: string | null;
  description: string | null;
  /** ISO date-times. */
  postedDate: string | null;
  deadlineDate: string | null;
  updatedAt: string;
  source: { name: string; slug: string };
  category: { name: string; slug: string } | null;
  priorityScore: number;
  veteranSetAside: boolean;
  isBookmarked: boolean;
  pipelineStage: PipelineStage;
}

export interface ContractPage {
  contracts: ContractListItem[];
  total: number;
  page: number;
  perPage: number;
  hasMore: boolean;
}

function toContractListItem(row: ContractRow): ContractListItem {
  return {
    id: row.id,
    title: row.title,
    agencyName: row.agencyName,
    locationCity: row.locationCity,
    locationState: row.locationState,
    estimatedValue: row.estimatedValue,
    currency: row.currency,
    status: row.status,
    sourceUrl: safeSourceUrl(row.sourceUrl),
    description: row.description,
    postedDate: row.postedDate?.toISOString() ?? null,
    deadlineDate: row.deadlineDate?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    source: { name: row.sourceName, slug: row.sourceSlug },
    category: row.categoryName !== null && row.categorySlug !== null ? { name: row.categoryName, slug: row.categorySlug } : null,
    priorityScore: row.priorityScore,
    veteranSetAside: isVeteranSetAside(row.tags),
    isBookmarked: row.isBookmarked,
    pipelineStage: row.pipelineStage,
  };
}

/**
 * One page of the active contracts matching `filters` (spec §7): the page's
 * rows in the sort's order, the number of all matches, and whether more follow.
 */
export async function listContracts(filters: ContractFilters, perPage = CONTRACTS_PER_PAGE): Promise<ContractPage> {
  const where = contractWhere(filters);
  const [rows, [totals]] = await Promise.all([
    contractRowsQuery()
      .where(where)
      .orderBy(...contractOrder(filters.sort))
      .limit(perPage)
      .offset((filters.page - 1) * perPage),
    db().select({ total: count() }).from(contractOpportunities).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    contracts: rows.map(toContractListItem),
    total,
    page: filters.page,
    perPage,
    hasMore: filters.page * perPage < total,
  };
}
