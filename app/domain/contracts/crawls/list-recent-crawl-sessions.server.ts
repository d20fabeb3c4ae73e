import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCrawlSessions, contractSearchConfigs, contractSources } from "~/db/schema";
import { sessionColumns, toSessionSummary } from "./session-summary.server";
import { RECENT_SESSIONS_LOADED, type CrawlSessionSummary } from "./types";

/** The latest crawl sessions, newest first, with their source (spec 2 §7: the page asks for 10). */
export async function listRecentCrawlSessions(limit = RECENT_SESSIONS_LOADED): Promise<CrawlSessionSummary[]> {
  const rows = await db()
    .select({ ...sessionColumns, sourceName: contractSources.name, configurationName: contractSearchConfigs.name })
    .from(contractCrawlSessions)
    .leftJoin(contractSources, eq(contractSources.id, contractCrawlSessions.sourceId))
    .leftJoin(contractSearchConfigs, eq(contractSearchConfigs.id, contractCrawlSessions.searchConfigId))
    .orderBy(desc(contractCrawlSessions.startedAt), desc(contractCrawlSessions.id))
    .limit(Math.max(1, Math.min(limit, 50)));
  return rows.map(toSessionSummary);
}
