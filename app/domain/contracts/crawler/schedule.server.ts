import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { cronMatches, parseCron } from "./cron";
import { CrawlAlreadyRunningError, type CreatedSession, type StartCrawlInput, startCrawl } from "./start-crawl.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * Scheduled crawls. A search configuration's `schedule_cron` is read in the
 * company's time zone; the `contracts.schedule-tick` job runs every minute and
 * starts a `scheduled` session (no one signed in; triggered by "schedule") for
 * each active configuration of an active source whose expression names this
 * minute. The configuration's `last_scheduled_at` is claimed first, so two
 * workers (or a repeated tick) never start the same minute twice. A minute
 * missed while no worker ran is not caught up.
 */

export { COMPANY_TIME_ZONE };

export interface TickResult {
  started: string[];
  skipped: { configId: string; reason: string }[];
}

export async function runScheduleTick(
  now = new Date(),
  start: (input: StartCrawlInput) => Promise<CreatedSession> = startCrawl,
): Promise<TickResult> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const configs = await db()
    .select({ id: contractSearchConfigs.id, sourceId: contractSearchConfigs.sourceId, cron: contractSearchConfigs.scheduleCron, name: contractSearchConfigs.name })
    .from(contractSearchConfigs)
    .innerJoin(contractSources, eq(contractSources.id, contractSearchConfigs.sourceId))
    .where(and(isNotNull(contractSearchConfigs.scheduleCron), eq(contractSearchConfigs.isActive, true), eq(contractSources.isActive, true)));
  const result: TickResult = { started: [], skipped: [] };
  for (const config of configs) {
    const spec = parseCron(config.cron ?? "");
    if (!spec) {
      result.skipped.push({ configId: config.id, reason: "invalid cron expression" });
      continue;
    }
    if (!cronMatches(spec, minute, COMPANY_TIME_ZONE)) continue;
    const claimed = await db()
      .update(contractSearchConfigs)
      .set({ lastScheduledAt: minute })
      .where(
        and(
          eq(contractSearchConfigs.id, config.id),
          sql`(${contractSearchConfigs.lastScheduledAt} is null or ${contractSearchConfigs.lastScheduledAt} < ${minute.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: contractSearchConfigs.id });
    if (claimed.length === 0) continue;
    try {
      const created = await start({ sourceId: config.sourceId, searchConfigId: config.id, sessionType: "scheduled", triggeredBy: "schedule" });
      result.started.push(created.sessionId);
      logger.info({ configId: config.id, sessionId: created.sessionId }, "scheduled crawl started");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.skipped.push({ configId: config.id, reason });
      if (error instanceof CrawlAlreadyRunningError) logger.info({ configId: config.id }, `scheduled crawl skipped: ${reason}`);
      else logger.error({ err: error, configId: config.id }, "scheduled crawl could not start");
    }
  }
  return result;
}
