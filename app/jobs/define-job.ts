import type { JobWithMetadata, Queue, ScheduleOptions } from "pg-boss";

/**
 * A background job: its queue settings, an optional recurring schedule and
 * the handler that runs one job. Definitions are listed in registry.server.ts;
 * worker.server.ts creates the queues, starts the workers and sets the schedules.
 */
export interface JobDefinition<TData extends object = object> {
  /** Queue name, `<domain>.<action>` (e.g. `email.send`). */
  name: string;
  /**
   * Queue settings, applied on every start (policy, retryLimit, retryDelay,
   * retryBackoff, expireInSeconds, retentionSeconds...). Leave a setting out
   * rather than setting it to `undefined`: pg-boss rejects undefined values.
   */
  queue?: Omit<Queue, "name">;
  /** How many jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
  /**
   * Jobs one worker takes per fetch (default 1). Above 1, a full batch is followed by the next fetch at once
   * (no polling delay), so a backlog drains at the pace of the handler; each job of a batch still succeeds
   * or fails (and is retried) on its own.
   */
  batchSize?: number;
  /** How often an idle worker polls the queue (default 2 s; enqueue() wakes local workers at once). */
  pollingIntervalSeconds?: number;
  /** A recurring schedule: 5-field cron expression, UTC unless `options.tz`. */
  schedule?: { cron: string; data?: TData; options?: ScheduleOptions };
  /**
   * Also send this job every this many seconds (from every worker process; pg-boss's `singletonSeconds`
   * lets one job through per period across instances). For a test's short tick where a cron minute is
   * too long; undefined (the default) = not sent this way.
   */
  everySeconds?: () => number | undefined;
  /**
   * Sets this queue's keyed schedules (pg-boss `schedule(name, cron, data, { key })`: one per record,
   * such as a crawl configuration's own cron expression) to what the database holds. Called when the
   * workers start; domains also call it after changing the records it reads.
   */
  syncSchedules?: () => Promise<void>;
  /**
   * Handles one job. Throw to fail it: pg-boss then retries per the queue
   * settings. Must be idempotent: a job can run more than once.
   */
  handle(job: JobWithMetadata<TData>, context: JobContext): Promise<unknown>;
}

export interface JobContext {
  /**
   * Aborted when the process stops and the job did not finish within the
   * grace period: stop outbound work (pass it to fetch/sendMail) and leave
   * the record in a state a retry can pick up. The job is retried anyway.
   */
  signal: AbortSignal;
}

// `any` so definitions with different payload types fit in one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

/** Identity helper that types a definition's handler from its payload. */
export function defineJob<TData extends object>(definition: JobDefinition<TData>): JobDefinition<TData> {
  return definition;
}
