import type { ContractFilters } from "../contract-filters";
import { hasAnyContracts } from "../has-any-contracts.server";
import { listContractFilterOptions } from "../list-contract-filter-options.server";
import { listContracts } from "../list-contracts.server";
import { getCrawlProgress } from "./get-crawl-progress.server";
import { listCrawlTargets } from "./list-crawl-targets.server";
import { listRecentCrawlSessions } from "./list-recent-crawl-sessions.server";

/**
 * Everything /admin/contracts shows, read together: the filtered page of
 * contracts, whether there are any at all, what the filters offer, the
 * sources to crawl with their configurations, the latest sessions, and the
 * progress and log of the newest one (the page follows it while it runs).
 */
export async function loadContractsWorkspace(filters: ContractFilters) {
  const [page, anyContracts, filterOptions, targets, sessions] = await Promise.all([
    listContracts(filters),
    hasAnyContracts(),
    listContractFilterOptions(),
    listCrawlTargets(),
    listRecentCrawlSessions(),
  ]);
  const latest = sessions[0];
  const progress = latest ? await getCrawlProgress(latest.id) : null;
  return { page, anyContracts, filterOptions, targets, sessions, progress };
}

export type ContractsWorkspace = Awaited<ReturnType<typeof loadContractsWorkspace>>;
