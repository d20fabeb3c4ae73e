import { and, eq, sql } from "drizzle-orm";
import type { JobWithMetadata } from "pg-boss";
import { db } from "~/db/client.server";
import { contractCrawlSessions } from "~/db/schema";
import { defineJob, type JobContext } from "~/jobs/define-job";
import { logger } from "~/lib/logger.server";
import { CRAWL_TEXT } from "./crawl-texts";
import { queueCrawlDigest } from "./digest.server";
import { type CrawlOutcome, runCrawl, type RunCrawlOptions, writeCrawlLog } from "./run-crawl.server";
import { runScheduledCrawl, SCHEDULED_CRAWL_JOB, type ScheduledCrawlData, syncCrawlSchedules } from "./schedule.server";
import { CRAWL_JOB, closeStaleSessions, crawlJobDataSchema, type CrawlJobData } from "./start-crawl.server";

/**
 * `contracts.crawl` runs one session. pg-boss retries the job when the
 * process stops mid-crawl (stopJobs fails running jobs) or dies (the job
 * expires). A retry finds its session still `running` from the attempt that
 * died: it closes it as failed ("Interrupted: ...") and runs a new session
 * with the same source and configuration, so history shows what happened.
 * `contracts.crawl-sweep` closes running sessions no job runs any more.
 * A crawl that reaches its time limit (the worker aborts it before the job
 * expires) is closed as failed and not retried: a retry would start it over.
 */

const CRAWL_SWEEP_JOB = "contracts.crawl-sweep";

export async function handleCrawlJob(
  job: Pick<JobWithMetadata<CrawlJobData>, "id" | "data" | "retryCount">,
  context?: JobContext,
  options: Omit<RunCrawlOptions, "signal"> = {},
): Promise<{ outcome: CrawlOutcome["status"] | "skipped"; sessionId?: string }> {
  const parsed = crawlJobDataSchema.safeParse(job.data);
  if (!parsed.success) {
    logger.error({ jobId: job.id }, "contracts.crawl job with invalid data; dropped");
    return { outcome: "skipped" };
  }
  let sessionId = parsed.data.sessionId;
  const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, sessionId));
  if (!session || session.status !== "running") return { outcome: "skipped" };

  if (job.retryCount > 0) {
    // The previous attempt died with this session open: close it, and carry on in a new one.
    sessionId = await db().transaction(async (tx) => {
      const closed = await tx
        .update(contractCrawlSessions)
        .set({
          status: "failed",
          errorMessage: CRAWL_TEXT.interrupted,
          errorDetails: { kind: "interrupted", retriedByJob: job.id },
          completedAt: sql`now()`,
          durationSeconds: sql`greatest(0, round(extract(epoch from (now() - ${contractCrawlSessions.startedAt}))))::int`,
        })
        .where(and(eq(contractCrawlSessions.id, session.id), eq(contractCrawlSessions.status, "running")))
        .returning({ id: contractCrawlSessions.id });
      if (closed.length === 0) return null;
      const [next] = await tx
        .insert(contractCrawlSessions)
        .values({
          sourceId: session.sourceId,
          searchConfigId: session.searchConfigId,
          sessionType: session.sessionType,
          status: "running",
          triggeredBy: session.triggeredBy,
          searchParameters: session.searchParameters,
        })
        .returning({ id: contractCrawlSessions.id });
      return next!.id;
    }) ?? "";
    if (!sessionId) return { outcome: "skipped" };
    await writeCrawlLog(session.id, "error", CRAWL_TEXT.interrupted, { continuedIn: sessionId });
    await writeCrawlLog(sessionId, "info", `Restarted after an interruption of session ${session.id}`, { retry: job.retryCount });
  }
  let outcome: CrawlOutcome;
  try {
    outcome = await runCrawl(sessionId, { ...options, signal: context?.signal });
  } catch (error) {
    if (!isTimeLimit(context?.signal)) throw error;
    await closeTimedOutSession(sessionId);
    return { outcome: "failed", sessionId };
  }
  if (session.sessionType === "scheduled" && outcome.newContracts.length > 0) {
    try {
      await queueCrawlDigest({
        sessionId,
        sourceName: outcome.sourceName ?? "",
        configName: outcome.configName,
        contracts: outcome.newContracts,
      });
    } catch (error) {
      logger.error({ err: error, sessionId }, "could not queue the new-contracts digest");
    }
  }
  return { outcome: outcome.status, sessionId };
}

/** Whether the run was stopped for its time limit (not for a shutdown: that one is retried). */
function isTimeLimit(signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted && (signal.reason as { name?: unknown } | undefined)?.name === "TimeoutError");
}

async function closeTimedOutSession(sessionId: string): Promise<void> {
  await db()
    .update(contractCrawlSessions)
    .set({
      status: "failed",
      errorMessage: CRAWL_TEXT.timedOut,
      errorDetails: { kind: "time_limit" },
      completedAt: sql`now()`,
      durationSeconds: sql`greatest(0, round(extract(epoch from (now() - ${contractCrawlSessions.startedAt}))))::int`,
    })
    .where(and(eq(contractCrawlSessions.id, sessionId), eq(contractCrawlSessions.status, "running")));
  await writeCrawlLog(sessionId, "error", CRAWL_TEXT.timedOut);
}

const crawlJob = defineJob<CrawlJobData>({
  name: CRAWL_JOB,
  queue: {
    // A retry after a crash runs a new session (above); failures the crawl handles itself are not thrown.
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
    // Longer than any crawl (start pages x page cap x the per-host delay, with rate-limit waits); a killed
    // worker's crawl is retried after this long.
    expireInSeconds: 60 * 60,
  },
  concurrency: 2,
  handle: (job, context) => handleCrawlJob(job, context),
});

const crawlSweepJob = defineJob<Record<string, never>>({
  name: CRAWL_SWEEP_JOB,
  queue: { policy: "short", retryLimit: 0, expireInSeconds: 120 },
  schedule: { cron: "*/10 * * * *" },
  handle: async () => ({ closed: await closeStaleSessions(db()) }),
});

/** One occurrence of a configuration's schedule (schedule.server.ts): keyed schedules, one per configuration. */
const scheduledCrawlJob = defineJob<ScheduledCrawlData>({
  name: SCHEDULED_CRAWL_JOB,
  queue: { retryLimit: 0, expireInSeconds: 60 },
  syncSchedules: syncCrawlSchedules,
  handle: (job) => runScheduledCrawl(job.data, job.createdOn),
});

export const contractJobs = [crawlJob, crawlSweepJob, scheduledCrawlJob];
