import type { JobInsert, PgBoss, SendOptions } from "pg-boss";

/**
 * The small side of the job system that domains import: send a job, ask
 * whether jobs run here. It never imports the job registry, so a domain's job
 * module can import enqueue() from here without an import circle:
 *
 *   server/app.ts -> jobs/worker.server.ts -> jobs/registry.server.ts -> <domain>/*.job.server.ts
 *   <domain>/*.server.ts -> jobs/queue.server.ts   (no further: pg-boss types and this file's state only)
 *
 * worker.server.ts owns the pg-boss instance and publishes it here through
 * the process-wide state; tests/integration/jobs-imports.test.ts keeps the
 * arrangement.
 */

export const JOBS_SCHEMA = "pgboss";

/** The process's pg-boss instance, shared by worker.server.ts (start/stop) and enqueue(). */
export interface JobsState {
  boss: PgBoss;
  workers: boolean;
  started: Promise<void>;
  isStarted: boolean;
  /** Worker ids per queue, to wake local workers right after a send. */
  workerIds: Map<string, string[]>;
  /** Aborted when stopping and handlers are still running after the grace period. */
  shutdown: AbortController;
  inFlight: Set<Promise<unknown>>;
  stopping?: Promise<void>;
}

const globalForJobs = globalThis as unknown as { __appJobs?: JobsState };

/** The current state, if startJobs() was called (worker.server.ts only). */
export function currentJobsState(): JobsState | undefined {
  return globalForJobs.__appJobs;
}

/** Publishes or clears the state (worker.server.ts only). */
export function setJobsState(state: JobsState | undefined): void {
  globalForJobs.__appJobs = state;
}

export class JobsNotRunningError extends Error {
  constructor(reason: string) {
    super(`Background jobs are not running in this process (${reason})`);
    this.name = "JobsNotRunningError";
  }
}

/**
 * Sends a job. Throws when jobs are not running in this process or the
 * database refuses the insert; callers that must never fail catch (see
 * dispatchQueuedEmail). Returns the job id, or null when a singleton key or
 * the queue policy deduplicated it.
 */
export async function enqueue<TData extends object>(
  name: string,
  data: TData,
  options: SendOptions = {},
): Promise<string | null> {
  const state = globalForJobs.__appJobs;
  if (!state) throw new JobsNotRunningError("startJobs() was not called");
  if (state.stopping) throw new JobsNotRunningError("stopping");
  await state.started;
  const id = await state.boss.send(name, data, options);
  if (id) {
    // Wake this process's idle workers instead of waiting for their next poll.
    for (const workerId of state.workerIds.get(name) ?? []) state.boss.notifyWorker(workerId);
  }
  return id;
}

/**
 * Sends several jobs of one queue in one statement (pg-boss `insert`: a job whose singleton key or
 * queue policy deduplicates it is skipped, as with `send`). Throws like `enqueue`.
 */
export async function enqueueMany<TData extends object>(
  name: string,
  jobs: readonly (Omit<JobInsert<TData>, "name"> & { data: TData })[],
): Promise<void> {
  const state = globalForJobs.__appJobs;
  if (!state) throw new JobsNotRunningError("startJobs() was not called");
  if (state.stopping) throw new JobsNotRunningError("stopping");
  await state.started;
  if (jobs.length === 0) return;
  await state.boss.insert(name, [...jobs]);
  for (const workerId of state.workerIds.get(name) ?? []) state.boss.notifyWorker(workerId);
}

/** True once startJobs() has finished and until stopJobs() is called. */
export function jobsRunning(): boolean {
  const state = globalForJobs.__appJobs;
  return Boolean(state?.isStarted && !state.stopping);
}

export interface KeyedSchedule {
  /** The record the schedule belongs to (pg-boss's schedule key). */
  key: string;
  /** A 5-field cron expression, read in `tz`. */
  cron: string;
  data: object;
  tz: string;
}

/**
 * Makes the keyed schedules of a queue exactly `wanted` (pg-boss 12 keeps one schedule per name and
 * key; its cron pass sends one job per occurrence across all instances): writes those that are new or
 * changed and removes the keys not wanted. Any process whose jobs are started may call it (a web-only
 * process writes schedules; the workers' cron pass reads them). Returns the keys written and removed.
 * Throws like `enqueue`.
 */
export async function setKeyedSchedules(name: string, wanted: readonly KeyedSchedule[]): Promise<{ written: string[]; removed: string[] }> {
  const state = globalForJobs.__appJobs;
  if (!state) throw new JobsNotRunningError("startJobs() was not called");
  if (state.stopping) throw new JobsNotRunningError("stopping");
  await state.started;
  const written: string[] = [];
  const existing = new Map((await state.boss.getSchedules(name)).filter((s) => s.key !== "").map((s) => [s.key, s]));
  for (const schedule of wanted) {
    const current = existing.get(schedule.key);
    existing.delete(schedule.key);
    if (current && current.cron === schedule.cron && current.timezone === schedule.tz && JSON.stringify(current.data) === JSON.stringify(schedule.data)) continue;
    await state.boss.schedule(name, schedule.cron, schedule.data, { tz: schedule.tz, key: schedule.key });
    written.push(schedule.key);
  }
  for (const key of existing.keys()) await state.boss.unschedule(name, key);
  return { written, removed: [...existing.keys()] };
}
