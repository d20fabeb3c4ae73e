import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { contractCrawlLogs, contractCrawlSessions, contractSources } from "~/db/schema";

/** Log rows written by one crawl are bounded by its page cap; this caps the file anyway. */
const MAX_LINES = 20_000;

/**
 * The whole log of one crawl session as plain text: a header (source,
 * status, start, counters), then one line per entry with its UTC time, level,
 * message and context. Null when there is no such session.
 */
export async function crawlLogText(sessionId: string): Promise<string | null> {
  if (!z.uuid().safeParse(sessionId).success) return null;
  const [session] = await db()
    .select({
      id: contractCrawlSessions.id,
      status: contractCrawlSessions.status,
      startedAt: contractCrawlSessions.startedAt,
      completedAt: contractCrawlSessions.completedAt,
      totalFound: contractCrawlSessions.totalFound,
      newContracts: contractCrawlSessions.newContracts,
      updatedContracts: contractCrawlSessions.updatedContracts,
      failedContracts: contractCrawlSessions.failedContracts,
      requestsMade: contractCrawlSessions.requestsMade,
      pagesProcessed: contractCrawlSessions.pagesProcessed,
      rateLimitHits: contractCrawlSessions.rateLimitHits,
      errorMessage: contractCrawlSessions.errorMessage,
      sourceName: contractSources.name,
    })
    .from(contractCrawlSessions)
    .leftJoin(contractSources, eq(contractSources.id, contractCrawlSessions.sourceId))
    .where(eq(contractCrawlSessions.id, sessionId));
  if (!session) return null;
  const rows = await db()
    .select({ at: contractCrawlLogs.loggedAt, level: contractCrawlLogs.logLevel, message: contractCrawlLogs.message, context: contractCrawlLogs.context })
    .from(contractCrawlLogs)
    .where(eq(contractCrawlLogs.sessionId, sessionId))
    .orderBy(asc(contractCrawlLogs.loggedAt), asc(contractCrawlLogs.id))
    .limit(MAX_LINES);
  const header = [
    `Crawl session ${session.id}`,
    `Source: ${session.sourceName ?? "(deleted source)"}`,
    `Status: ${session.status}${session.errorMessage ? ` (${session.errorMessage})` : ""}`,
    `Started: ${session.startedAt.toISOString()}${session.completedAt ? `, completed: ${session.completedAt.toISOString()}` : ""}`,
    `Pages ${session.pagesProcessed}, requests ${session.requestsMade}, found ${session.totalFound}, new ${session.newContracts}, updated ${session.updatedContracts}, failed ${session.failedContracts}, rate-limit waits ${session.rateLimitHits}`,
    "",
  ];
  const lines = rows.map((row) => {
    const context = row.context && Object.keys(row.context).length > 0 ? ` ${JSON.stringify(row.context)}` : "";
    return `${row.at.toISOString()} ${row.level.toUpperCase().padEnd(5)} ${row.message}${context}`;
  });
  return `${[...header, ...lines].join("\n")}\n`;
}
