import { getTableColumns } from "drizzle-orm";
import { contractCrawlSessions } from "~/db/schema";
import type { CrawlSessionSummary } from "./types";

/** The columns a CrawlSessionSummary is read from (joined with the source and the configuration). */
export const sessionColumns = (() => {
  const s = getTableColumns(contractCrawlSessions);
  return {
    id: s.id,
    status: s.status,
    sessionType: s.sessionType,
    sourceId: s.sourceId,
    startedAt: s.startedAt,
    completedAt: s.completedAt,
    durationSeconds: s.durationSeconds,
    errorMessage: s.errorMessage,
    pagesProcessed: s.pagesProcessed,
    requestsMade: s.requestsMade,
    totalFound: s.totalFound,
    newContracts: s.newContracts,
    updatedContracts: s.updatedContracts,
    failedContracts: s.failedContracts,
    rateLimitHits: s.rateLimitHits,
  };
})();

type SessionRow = Omit<CrawlSessionSummary, "startedAt" | "completedAt"> & { startedAt: Date; completedAt: Date | null };

export function toSessionSummary(row: SessionRow): CrawlSessionSummary {
  return {
    ...row,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
