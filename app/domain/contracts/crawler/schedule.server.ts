import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import { JobsNotRunningError, setKeyedSchedules } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { CrawlAlreadyRunningError, type CreatedSession, type StartCrawlInput, startCrawl } from "./start-crawl.server";

/**
 * Scheduled crawls. A search configuration's `schedule_cron` is read in the company's time zone
 * (ADR 024). Each active configuration of an active source with an expression is one keyed pg-boss
 * schedule of the `contracts.scheduled-crawl` queue (key: the configuration's id), so pg-boss's cron
 * pass decides when it is due and sends one job per occurrence however many instances run (ADR 040).
 * `syncCrawlSchedules` writes those schedules from the table: when the workers start and after every
 * change of a configuration or source. An occurrence missed while no worker ran is not caught up.
 *
 * The job starts a `scheduled` session (no one signed in; triggered by "schedule") after checking that
 * the configuration still runs on that expression (a schedule written from a read that a later change
 * overtook is removed then), and claims the configuration's `last_scheduled_at` for the job's minute
 * first, so a redelivered job never starts the same occurrence twice.
 */

export { COMPANY_TIME_ZONE };

export const SCHEDULED_CRAWL_JOB = "contracts.scheduled-crawl";

export interface ScheduledCrawlData {
  configId: string;
  /** The expression the schedule was written with: a job of an expression since changed does nothing. */
  cron: string;
}

/** The schedules that should exist: one per active, scheduled configuration of an active source. */
async function wantedSchedules() {
  return db()
    .select({ id: contractSearchConfigs.id, sourceId: contractSearchConfigs.sourceId, cron: contractSearchConfigs.scheduleCron })
    .from(contractSearchConfigs)
    .innerJoin(contractSources, eq(contractSources.id, contractSearchConfigs.sourceId))
    .where(and(isNotNull(contractSearchConfigs.scheduleCron), eq(contractSearchConfigs.isActive, true), eq(contractSources.isActive, true)));
}

/** Writes the pg-boss schedules of the scheduled crawls from the configurations (and removes the others). */
export async function syncCrawlSchedules(): Promise<void> {
  const rows = await wantedSchedules();
  const { written, removed } = await setKeyedSchedules(
    SCHEDULED_CRAWL_JOB,
    rows.map((row) => ({ key: row.id, cron: row.cron!, data: { configId: row.id, cron: row.cron! } satisfies ScheduledCrawlData, tz: COMPANY_TIME_ZONE })),
  );
  if (written.length > 0 || removed.length > 0) logger.info({ written, removed }, "crawl schedules updated");
}

export type ScheduledCrawlOutcome =
  | { started: string }
  | { skipped: "not scheduled any more" | "already started" | "already running" | "could not start"; reason?: string };

/**
 * Runs one occurrence of a configuration's schedule: `createdAt` is when pg-boss created the job (its
 * minute is the occurrence's claim).
 */
export async function runScheduledCrawl(
  data: ScheduledCrawlData,
  createdAt: Date,
  start: (input: StartCrawlInput) => Promise<CreatedSession> = startCrawl,
): Promise<ScheduledCrawlOutcome> {
  const [config] = (await wantedSchedules()).filter((row) => row.id === data.configId);
  if (!config || config.cron !== data.cron) {
    // Deactivated, deleted or rescheduled after this schedule was written: bring the schedules up to date.
    await crawlSchedulesChanged().catch((error: unknown) => logger.warn({ err: error }, "could not update the crawl schedules"));
    return { skipped: "not scheduled any more" };
  }
  const minute = new Date(Math.floor(createdAt.getTime() / 60_000) * 60_000);
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
  if (claimed.length === 0) return { skipped: "already started" };
  try {
    const created = await start({ sourceId: config.sourceId, searchConfigId: config.id, sessionType: "scheduled", triggeredBy: "schedule" });
    logger.info({ configId: config.id, sessionId: created.sessionId }, "scheduled crawl started");
    return { started: created.sessionId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof CrawlAlreadyRunningError) {
      logger.info({ configId: config.id }, `scheduled crawl skipped: ${reason}`);
      return { skipped: "already running", reason };
    }
    logger.error({ err: error, configId: config.id }, "scheduled crawl could not start");
    return { skipped: "could not start", reason };
  }
}

/**
 * After a configuration or source changed (an admin action's `afterCommit`): writes the schedules now
 * when this process runs the jobs, else leaves them to the workers' next start (and to the job, which
 * removes a schedule that no longer applies).
 */
export async function crawlSchedulesChanged(): Promise<void> {
  try {
    await syncCrawlSchedules();
  } catch (error) {
    if (!(error instanceof JobsNotRunningError)) throw error;
    logger.info("background jobs are not running here: the crawl schedules are written when the workers start");
  }
}
