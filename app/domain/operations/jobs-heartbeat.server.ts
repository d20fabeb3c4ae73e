import crypto from "node:crypto";
import os from "node:os";
import { lt, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { jobRunnerHeartbeats } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { formatCompanyTime } from "~/lib/zoned-time";
import type { JobsNotice } from "./jobs-notice";

/**
 * Is anyone running the background jobs? (issue 24). A process that runs the job workers (INSTANCE_ROLE
 * jobs or both) writes a heartbeat row every JOBS_HEARTBEAT_SECONDS; every instance can then tell, from
 * the database, whether the jobs are running and since when they are not: /healthz says it, and the
 * dashboard and the contracts screen show it when work is waiting. A jobs process that stops cleanly marks
 * its row stopped; one that dies simply stops beating.
 */

/** No heartbeat for this many periods (two minutes by default): the jobs are not running. */
const STALE_AFTER_PERIODS = 4;
/** Rows of processes gone for longer than this are removed by the next heartbeat. */
const KEEP_STOPPED_DAYS = 7;

let timer: NodeJS.Timeout | undefined;
let instanceId: string | undefined;
let beating: Promise<void> = Promise.resolve();

function jobsHeartbeatPeriodSeconds(): number {
  return config().JOBS_HEARTBEAT_SECONDS;
}

async function beat(id: string): Promise<void> {
  // The database's clock for every time here: instances on several machines may disagree.
  await db()
    .insert(jobRunnerHeartbeats)
    .values({ instanceId: id, hostname: os.hostname(), pid: String(process.pid), periodSeconds: jobsHeartbeatPeriodSeconds() })
    .onConflictDoUpdate({ target: jobRunnerHeartbeats.instanceId, set: { lastSeenAt: sql`now()`, stoppedAt: null } });
  await db()
    .delete(jobRunnerHeartbeats)
    .where(lt(jobRunnerHeartbeats.lastSeenAt, sql`now() - make_interval(days => ${KEEP_STOPPED_DAYS})`));
}

/** Starts this process's heartbeat (the job workers run here). Resolves after the first beat. */
export async function startJobsHeartbeat(): Promise<void> {
  if (timer) return;
  const id = crypto.randomUUID();
  instanceId = id;
  await beat(id);
  timer = setInterval(() => {
    beating = beat(id).catch((error: unknown) => logger.warn({ err: error }, "jobs heartbeat: could not write"));
  }, jobsHeartbeatPeriodSeconds() * 1000);
  timer.unref();
}

/** Stops the heartbeat and marks this process stopped (call before closing the pool; never throws). */
export async function stopJobsHeartbeat(): Promise<void> {
  if (!timer || !instanceId) return;
  clearInterval(timer);
  timer = undefined;
  const id = instanceId;
  instanceId = undefined;
  await beating.catch(() => {});
  await db()
    .update(jobRunnerHeartbeats)
    .set({ lastSeenAt: sql`now()`, stoppedAt: sql`now()` })
    .where(sql`${jobRunnerHeartbeats.instanceId} = ${id}`)
    .catch((error: unknown) => logger.warn({ err: error }, "jobs heartbeat: could not mark this process stopped"));
}

export interface JobsStatus {
  /** A jobs process has beaten within the last STALE_AFTER_PERIODS periods and has not stopped. */
  running: boolean;
  /** The last heartbeat of any jobs process (null: none ever ran on this database). */
  lastSeenAt: Date | null;
  /** Jobs due and not picked up (sent and ready to run, or waiting for a retry that is due). */
  waiting: number;
}

/**
 * Whether the background jobs run, from the heartbeats and pg-boss's queue. A process counts as running
 * while it has not stopped and its last beat is younger than four of its own periods, by the database's
 * clock.
 */
export async function jobsStatus(): Promise<JobsStatus> {
  const [row] = await db()
    .select({
      lastSeenAt: sql<Date | null>`max(${jobRunnerHeartbeats.lastSeenAt})`.mapWith(jobRunnerHeartbeats.lastSeenAt),
      live: sql<number>`count(*) filter (where ${jobRunnerHeartbeats.stoppedAt} is null and ${jobRunnerHeartbeats.lastSeenAt} >= now() - make_interval(secs => ${STALE_AFTER_PERIODS} * ${jobRunnerHeartbeats.periodSeconds}))::int`,
    })
    .from(jobRunnerHeartbeats);
  const running = (row?.live ?? 0) > 0;
  return { running, lastSeenAt: row?.lastSeenAt ?? null, waiting: running ? 0 : await waitingJobs() };
}

/** Jobs of pg-boss that are due: sent (or to be retried) and not started. */
async function waitingJobs(): Promise<number> {
  try {
    const result = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry') and start_after <= now()`,
    );
    return result.rows[0]?.n ?? 0;
  } catch (error) {
    // No pg-boss schema yet (no process has started the jobs on this database): nothing can be waiting.
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (code === "42P01" || code === "3F000") return 0;
    throw error;
  }
}

let watcher: NodeJS.Timeout | undefined;

/**
 * In a process that does not run the jobs itself (INSTANCE_ROLE=web, JOBS_ENABLED=false): checks the
 * heartbeats every four periods and logs a warning when no process runs the jobs, once, and a line when they
 * run again (issue 32 item 3: nothing silently off; /healthz and the dashboard say it too).
 */
export function watchJobsHeartbeat(): void {
  if (watcher) return;
  let running: boolean | undefined;
  const check = async () => {
    const status = await jobsStatus();
    if (!status.running && running !== false) {
      const since = status.lastSeenAt ? `since ${status.lastSeenAt.toISOString()}` : "ever on this database";
      logger.warn(
        { jobs: describeJobsStatus(status), waiting: status.waiting },
        `background jobs are not running: no process has run them ${since}. Emails stay in the outbox and crawls, backups and scheduled publishing wait until a process with INSTANCE_ROLE jobs or both runs`,
      );
    } else if (status.running && running === false) {
      logger.info("background jobs are running again");
    }
    running = status.running;
  };
  watcher = setInterval(() => {
    check().catch((error: unknown) => logger.warn({ err: error }, "jobs heartbeat: could not read it"));
  }, STALE_AFTER_PERIODS * jobsHeartbeatPeriodSeconds() * 1000);
  watcher.unref();
}

export function stopWatchingJobsHeartbeat(): void {
  clearInterval(watcher);
  watcher = undefined;
}

/** `/healthz`'s `jobs` field: "ok", "stale since <ISO time>", or "never seen" (no jobs process ever ran here). */
export function describeJobsStatus(status: JobsStatus): string {
  if (status.running) return "ok";
  return status.lastSeenAt ? `stale since ${status.lastSeenAt.toISOString()}` : "never seen";
}

/** The back office's notice when the jobs are not running and work waits for them (null: nothing to show). */
export async function jobsNotice(): Promise<JobsNotice | null> {
  const status = await jobsStatus();
  if (status.running || status.waiting === 0) return null;
  return { since: status.lastSeenAt ? formatCompanyTime(status.lastSeenAt) : null, waiting: status.waiting };
}
