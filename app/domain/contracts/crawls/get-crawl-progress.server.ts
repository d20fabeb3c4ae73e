import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { contractCrawlLogs, contractCrawlSessions, contractSearchConfigs, contractSources } from "~/db/schema";
import { sessionColumns, toSessionSummary } from "./session-summary.server";
import { CRAWL_LOG_LINES, type CrawlProgress } from "./types";

/**
 * One crawl session's counters and its latest log lines (oldest first), for
 * the live progress and the debug log panel of /admin/contracts; null when
 * there is no such session.
 */
export async function getCrawlProgress(sessionId: string, lines = CRAWL_LOG_LINES): Promise<CrawlProgress | null> {
  if (!z.uuid().safeParse(sessionId).success) return null;
  const [row] = await db()
    .select({ ...sessionColumns, sourceName: contractSources.name, configurationName: contractSearchConfigs.name })
    .from(contractCrawlSessions)
    .leftJoin(contractSources, eq(contractSources.id, contractCrawlSessions.sourceId))
    .leftJoin(contractSearchConfigs, eq(contractSearchConfigs.id, contractCrawlSessions.searchConfigId))
    .where(eq(contractCrawlSessions.id, sessionId));
  if (!row) return null;
  const logRows = await db()
    .select({ at: contractCrawlLogs.loggedAt, level: contractCrawlLogs.logLevel, message: contractCrawlLogs.message })
    .from(contractCrawlLogs)
    .where(eq(contractCrawlLogs.sessionId, sessionId))
    .orderBy(desc(contractCrawlLogs.loggedAt), desc(contractCrawlLogs.id))
    .limit(lines + 1);
  const truncated = logRows.length > lines;
  const log = logRows
    .slice(0, lines)
    .reverse()
    .map((line) => ({ at: line.at.toISOString(), level: line.level, message: line.message }));
  return { session: toSessionSummary(row), log, logTruncated: truncated };
}
