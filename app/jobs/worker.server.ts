import pg from "pg";
import { type ConstructorOptions, PgBoss, type JobResult, type JobWithMetadata, type Warning, type WorkOptions } from "pg-boss";
import { config } from "~/config.server";
import { databaseUrl } from "~/db/client.server";
import { logger, requestContext } from "~/lib/logger.server";
import type { AnyJobDefinition } from "./define-job";
import { currentJobsState, JOBS_SCHEMA, type JobsState, setJobsState } from "./queue.server";
import { jobDefinitions } from "./registry.server";

/**
 * Background jobs on pg-boss: one instance per process, kept on globalThis
 * like the database pool, with its own small pool and its own schema.
 *
 * - startJobs({ workers }) starts pg-boss (it creates or migrates its schema),
 *   creates every queue of the registry, and when `workers` is true runs the
 *   handlers, sets the recurring schedules and lets each domain set its keyed
 *   ones (`syncSchedules` of a definition: one schedule per record, such as a
 *   crawl configuration's own cron expression).
 * - stopJobs() stops within a few seconds.
 * - Domains send jobs with enqueue() from queue.server.ts, never from here:
 *   this module imports the registry, which imports every job module.
 *
 * Errors pg-boss reports in the background (lost connection, failed polling)
 * are logged; they never crash the process.
 */

/** pg-boss waits this long for running jobs on stop, then fails them so they are retried. */
const STOP_GRACE_MS = 2_000;
/** Then handlers still running are aborted and get this long to record where they stopped. */
const ABORT_SETTLE_MS = 1_000;
/** stopJobs() resolves after this long whatever happens (the process has 10 s in all). */
const STOP_HARD_LIMIT_MS = 3_500;

export interface StartJobsOptions {
  /** Run the job handlers and the schedules in this process (config().runsJobWorkers: INSTANCE_ROLE and JOBS_ENABLED). */
  workers: boolean;
}

/**
 * Starts pg-boss and creates the queues; with `workers`, also runs the
 * handlers and sets the schedules. Calling it again returns the same start.
 */
export function startJobs(options: StartJobsOptions): Promise<void> {
  const existing = currentJobsState();
  if (existing && !existing.stopping) return existing.started;

  const poolOptions = {
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  };
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: JOBS_SCHEMA,
    max: 3,
    application_name: "roofing-site-jobs",
    // Maintenance and the cron passes only where workers run (a web-only process just sends and
    // writes schedules).
    supervise: options.workers,
    schedule: options.workers,
    ...cronIntervals(),
    // Passed through to pg.Pool, which pg-boss creates with these options.
    ...poolOptions,
  } as ConstructorOptions);
  boss.on("error", logBossError);
  boss.on("warning", (warning) => logBossWarning(warning));

  const state: JobsState = {
    boss,
    workers: options.workers,
    started: Promise.resolve(),
    isStarted: false,
    workerIds: new Map(),
    shutdown: new AbortController(),
    inFlight: new Set(),
  };
  state.started = startInstance(state).then(
    () => {
      state.isStarted = true;
    },
    async (error: unknown) => {
      if (currentJobsState() === state) setJobsState(undefined);
      await boss.stop({ graceful: false }).catch(() => {});
      throw error;
    },
  );
  setJobsState(state);
  if (!options.workers) return state.started;
  // The domains' keyed schedules go through queue.server.ts, which waits for `started`: after it.
  return state.started.then(async () => {
    for (const definition of jobDefinitions) {
      // A schedule pg-boss refuses is logged; it must not keep the jobs (and the server) from starting.
      await definition.syncSchedules?.().catch((error: unknown) => logger.error({ err: error, job: definition.name }, "could not set the keyed schedules"));
    }
  });
}

async function startInstance(state: JobsState): Promise<void> {
  const { boss } = state;
  const startedAt = performance.now();
  await replaceUnmigratableSchema();
  await boss.start();

  for (const definition of jobDefinitions) {
    // Policy, partition and the dead-letter queue are fixed when a queue is created.
    const { policy: _policy, partition: _partition, deadLetter: _deadLetter, retryDelayMax: _max, heartbeatSeconds: _heartbeat, ...settings } =
      definition.queue ?? {};
    await boss.createQueue(definition.name, definition.queue ?? {});
    // createQueue leaves an existing queue as it was: bring the settings that can change up to date.
    await boss.updateQueue(definition.name, settings);
  }

  if (state.workers) {
    for (const definition of jobDefinitions) {
      const ids: string[] = [];
      for (let i = 0; i < Math.max(1, definition.concurrency ?? 1); i++) {
        ids.push(await registerWorker(state, definition));
      }
      state.workerIds.set(definition.name, ids);
    }
    await syncSchedules(boss, jobDefinitions);
    startTicks(state, jobDefinitions);
  }

  logger.info(
    {
      workers: state.workers,
      queues: jobDefinitions.map((d) => d.name),
      startupMs: Math.round(performance.now() - startedAt),
    },
    "background jobs started",
  );
}

/**
 * The oldest pg-boss schema pg-boss 12 migrates from (25, pg-boss 11's). The app ran pg-boss 10 (schema 24)
 * before ADR 040; pg-boss 12 refuses to start on it. What that schema holds is transient: jobs waiting to run
 * and the schedules (rewritten at every start). The work behind the jobs is in the app's own tables and its
 * sweeps redo it (the outbox's sweep sends queued emails, the crawl sweep closes a session whose job is gone,
 * media variants resume), so an older schema is dropped for pg-boss to create its own. Callers hold the
 * start-up lock (server/app.ts), so one instance does it.
 */
const OLDEST_MIGRATABLE_SCHEMA = 25;

async function replaceUnmigratableSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: "roofing-site-jobs" });
  await client.connect();
  try {
    // Two statements: a query naming a table that does not exist fails when it is planned, whatever a CASE says.
    const exists = await client.query<{ found: boolean }>(`select to_regclass('${JOBS_SCHEMA}.version') is not null as found`);
    if (!exists.rows[0]?.found) return;
    const found = await client.query<{ version: number | null }>(`select max(version) as version from ${JOBS_SCHEMA}.version`);
    const version = found.rows[0]?.version;
    if (version === null || version === undefined || version >= OLDEST_MIGRATABLE_SCHEMA) return;
    logger.warn(
      { schemaVersion: version, oldestMigratable: OLDEST_MIGRATABLE_SCHEMA },
      "the background jobs' schema is from pg-boss 10, which pg-boss 12 cannot migrate: replacing it (waiting jobs are redone by the sweeps)",
    );
    await client.query(`drop schema ${JOBS_SCHEMA} cascade`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg-boss's expiry of a job whose queue sets none (15 minutes). */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
/** A run is stopped this long before its job expires. */
const EXPIRY_MARGIN_SECONDS = 30;

/**
 * The signal a job's handler gets: aborted when the process stops, and shortly before the job expires.
 * pg-boss retries an expired job while its first run may still be going; stopping the run first means the
 * two never overlap (a crawl longer than its limit would otherwise run twice at once). The reason tells
 * which: a `TimeoutError` for the time limit.
 */
function runSignal(state: JobsState, definition: AnyJobDefinition): AbortSignal {
  const expireInSeconds = definition.queue?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS;
  const budget = AbortSignal.timeout(Math.max(1, expireInSeconds - EXPIRY_MARGIN_SECONDS) * 1000);
  return AbortSignal.any([state.shutdown.signal, budget]);
}

/** Runs one job's handler in its request context, logging a failure; throws what the handler threw. */
async function runJob(state: JobsState, definition: AnyJobDefinition, job: JobWithMetadata<object>): Promise<unknown> {
  const data = job.data as { requestId?: unknown } | null;
  // Log lines of a job carry the id of the request that caused it, when known.
  const requestId = typeof data?.requestId === "string" ? data.requestId : `job:${job.id}`;
  const run = requestContext.run({ requestId }, async () => {
    const startedAt = performance.now();
    try {
      // pg-boss aborts job.signal when the job's claim is lost or it is failed at shutdown.
      const result = await definition.handle(job, { signal: AbortSignal.any([runSignal(state, definition), job.signal]) });
      logger.debug({ job: job.name, jobId: job.id, ms: Math.round(performance.now() - startedAt) }, "job done");
      return result;
    } catch (error) {
      const willRetry = job.retryCount < job.retryLimit;
      logger.warn({ err: error, job: job.name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, willRetry }, "job failed");
      throw error;
    }
  });
  state.inFlight.add(run);
  try {
    return await run;
  } finally {
    state.inFlight.delete(run);
  }
}

function registerWorker(state: JobsState, definition: AnyJobDefinition): Promise<string> {
  const polling = definition.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: definition.pollingIntervalSeconds } : {};
  const batchSize = Math.max(1, definition.batchSize ?? 1);
  if (batchSize === 1) {
    // One job per fetch: an idle worker polls every pollingIntervalSeconds (enqueue() wakes local workers).
    const options = { batchSize: 1, includeMetadata: true, ...polling } as const satisfies WorkOptions;
    return state.boss.work(definition.name, options, async (jobs: JobWithMetadata<object>[]) => {
      const [job] = jobs;
      return job ? runJob(state, definition, job) : undefined;
    });
  }
  // A backlog (issue 33 item 6): up to batchSize jobs per fetch, fetched again at once while fetches come back
  // full (burstWhenBatchFull), each job settled on its own (perJobResults): one failure retries that job only.
  const options = { batchSize, includeMetadata: true, perJobResults: true, burstWhenBatchFull: true, ...polling } as const satisfies WorkOptions;
  // The jobs of a batch run side by side: each has its job's time limit from the same fetch, so one slow job
  // cannot push the last ones past their expiry (pg-boss would hand them out again while they wait).
  return state.boss.work(definition.name, options, async (jobs: JobWithMetadata<object>[]) =>
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          const output: unknown = await runJob(state, definition, job);
          return { id: job.id, status: "completed", ...(output === undefined ? {} : { output }) };
        } catch (error) {
          return { id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } };
        }
      }),
    ),
  );
}

/**
 * Sets the schedules of the registry and removes those no job defines any more: the unkeyed schedule
 * of a job without `schedule`, and every schedule of a queue no job uses. Keyed schedules of a defined
 * job belong to its domain (`syncSchedules`).
 */
async function syncSchedules(boss: PgBoss, definitions: readonly AnyJobDefinition[]): Promise<void> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const definition of definitions) {
    if (!definition.schedule) continue;
    const { cron, data, options } = definition.schedule;
    await boss.schedule(definition.name, cron, data ?? {}, { tz: "UTC", ...options });
  }
  for (const existing of await boss.getSchedules()) {
    const definition = byName.get(existing.name);
    if (definition && (existing.key !== "" || definition.schedule)) continue;
    await boss.unschedule(existing.name, existing.key);
    logger.info({ job: existing.name, key: existing.key || undefined }, "removed the schedule of a job that is no longer defined");
  }
}

/**
 * How often pg-boss looks for due schedules (default 30 s) and forwards them to their queues (default
 * 5 s). JOBS_CRON_INTERVAL_SECONDS shortens both for tests that wait for a schedule to fire.
 */
function cronIntervals(): Pick<ConstructorOptions, "cronMonitorIntervalSeconds" | "cronWorkerIntervalSeconds"> {
  const seconds = config().JOBS_CRON_INTERVAL_SECONDS;
  return seconds ? { cronMonitorIntervalSeconds: seconds, cronWorkerIntervalSeconds: seconds } : {};
}

/** Timers of the jobs sent every few seconds (`everySeconds`), cleared at stop. */
const ticks = new Set<NodeJS.Timeout>();

function startTicks(state: JobsState, definitions: readonly AnyJobDefinition[]): void {
  for (const definition of definitions) {
    const seconds = definition.everySeconds?.();
    if (!seconds || seconds <= 0) continue;
    const timer = setInterval(() => {
      if (state.stopping) return;
      state.boss
        .send(definition.name, {}, { singletonKey: `${definition.name}:tick`, singletonSeconds: seconds })
        .then((id) => {
          for (const workerId of id ? (state.workerIds.get(definition.name) ?? []) : []) state.boss.notifyWorker(workerId);
        })
        .catch((error: unknown) => logBossError(error));
    }, seconds * 1000);
    timer.unref();
    ticks.add(timer);
    logger.info({ job: definition.name, seconds }, "job sent every few seconds (test setting)");
  }
}

/**
 * Stops the workers, the schedules and pg-boss's pool. Running jobs get ~2 s
 * to finish; then pg-boss fails them (they are retried later) and their
 * handlers' signal is aborted, with up to 1 s to record where they stopped.
 * Resolves within ~3.5 s even when the database is unreachable; never throws.
 * Call it before closing the database pool.
 */
export function stopJobs(): Promise<void> {
  const state = currentJobsState();
  if (!state) return Promise.resolve();
  state.stopping ??= (async () => {
    const startedAt = performance.now();
    for (const timer of ticks) clearInterval(timer);
    ticks.clear();
    const outcome = await withDeadline(
      (async () => {
        // A start still in progress must finish (or fail) before pg-boss can stop.
        await state.started.catch(() => {});
        await state.boss.stop({ graceful: true, close: true, timeout: STOP_GRACE_MS });
        if (state.inFlight.size > 0) {
          logger.warn({ running: state.inFlight.size }, "aborting jobs still running at shutdown; they will be retried");
          state.shutdown.abort(new Error("the process is shutting down"));
          await withDeadline(Promise.allSettled([...state.inFlight]).then(() => {}), ABORT_SETTLE_MS);
        }
      })(),
      STOP_HARD_LIMIT_MS,
    );
    if (outcome === "timeout") logger.warn({ limitMs: STOP_HARD_LIMIT_MS }, "background jobs did not stop in time");
    else if (outcome instanceof Error) logger.error({ err: outcome }, "stopping background jobs failed");
    else logger.info({ ms: Math.round(performance.now() - startedAt) }, "background jobs stopped");
    if (currentJobsState() === state) setJobsState(undefined);
  })();
  return state.stopping;
}

async function withDeadline(work: Promise<void>, ms: number): Promise<"done" | "timeout" | Error> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => "done" as const,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// pg-boss reports every failed poll: while the database is away that is one
// error per worker every few seconds. Log the first of a kind, then at most one
// a minute with the number left out.
const ERROR_LOG_INTERVAL_MS = 60_000;
const recentErrors = new Map<string, { at: number; suppressed: number }>();

function logBossError(error: unknown): void {
  logRateLimited("error", error);
}

/** pg-boss's warnings (slow queries, a queue backing up, clock skew, a handler past its expiry). */
function logBossWarning(warning: Warning): void {
  logRateLimited("warn", warning);
}

function logRateLimited(level: "error" | "warn", error: unknown): void {
  const details = (error ?? {}) as { message?: unknown; queue?: unknown; code?: unknown };
  const message = typeof details.message === "string" ? details.message : String(error);
  // Worker ids and queue names vary; group by the message without them.
  const key = message.replace(/\s*\(Queue: .*\)$/, "");
  const now = Date.now();
  const recent = recentErrors.get(key);
  if (recent && now - recent.at < ERROR_LOG_INTERVAL_MS) {
    recent.suppressed++;
    return;
  }
  if (recentErrors.size > 100) recentErrors.clear();
  recentErrors.set(key, { at: now, suppressed: 0 });
  logger[level](
    {
      err: error instanceof Error ? error : { message, stack: (error as { stack?: unknown } | null)?.stack },
      queue: typeof details.queue === "string" ? details.queue : undefined,
      code: details.code,
      suppressedSinceLast: recent?.suppressed,
    },
    level === "error" ? "background job system error" : "background job system warning",
  );
}
