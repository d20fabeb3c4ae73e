import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type DbExecutor } from "~/db/client.server";
import { contractCrawlSessions, contractSearchConfigs, contractSources, type CrawlSessionType } from "~/db/schema";
import { enqueue, JOBS_SCHEMA } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { CRAWL_TEXT } from "./crawl-texts";

/**
 * Starting a crawl: one `running` session row per source at a time (a partial
 * unique index), then a `contracts.crawl` job that runs it. A running session
 * whose job is gone (the process died and pg-boss gave up, or the CLI was
 * killed) is closed as failed first, so it never blocks the source forever.
 */

export const CRAWL_JOB = "contracts.crawl";

export const crawlJobDataSchema = z.object({
  sessionId: z.uuid(),
  sourceId: z.uuid(),
  requestId: z.string().max(200).optional(),
});
export type CrawlJobData = z.infer<typeof crawlJobDataSchema>;

const startCrawlSchema = z.object({
  sourceId: z.uuid(),
  /** Null/absent: the source's default configuration, else its first active one. */
  searchConfigId: z.uuid().nullish(),
  sessionType: z.enum(["manual", "scheduled"]).default("manual"),
  triggeredBy: z.string().min(1).max(100).nullish(),
});
export type StartCrawlInput = z.input<typeof startCrawlSchema>;

export class InvalidCrawlRequestError extends Error {
  constructor() {
    super(CRAWL_TEXT.invalidSourceOrConfig);
    this.name = "InvalidCrawlRequestError";
  }
}

export class CrawlAlreadyRunningError extends Error {
  constructor(
    sourceName: string,
    public readonly sessionId: string | null,
  ) {
    super(CRAWL_TEXT.alreadyRunning(sourceName));
    this.name = "CrawlAlreadyRunningError";
  }
}

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; i++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A running session silent this long (no log row, no start) with no live job is dead. */
const STALE_AFTER_SECONDS = 15 * 60;

/**
 * Closes `running` sessions (of one source, or all) that nothing runs any
 * more: no `contracts.crawl` job of the source waits, retries or is active,
 * and the session has been silent (started, or wrote its last log row) for
 * longer than `quietSeconds`. A crawl writes a log row per page, and waits
 * at most 10 minutes for a host's slot, so a live crawl (a job's or the
 * command line's) is never closed. Returns the ids closed.
 */
export async function closeStaleSessions(
  executor: DbExecutor,
  options: { sourceId?: string; quietSeconds?: number } = {},
): Promise<string[]> {
  const jobTable = sql`${sql.identifier(JOBS_SCHEMA)}.job`;
  const jobsExist = await executor.execute<{ exists: boolean }>(
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as exists`,
  );
  const liveJob = jobsExist.rows[0]?.exists
    ? sql`exists (select 1 from ${jobTable} j where j.name = ${CRAWL_JOB} and j.state < 'completed' and j.data->>'sourceId' = s.source_id::text)`
    : sql`false`;
  const result = await executor.execute<{ id: string }>(sql`
    update ${contractCrawlSessions} s
    set status = 'failed', error_message = ${CRAWL_TEXT.interrupted},
        error_details = jsonb_build_object('kind', 'interrupted'),
        completed_at = now(),
        duration_seconds = greatest(0, round(extract(epoch from (now() - s.started_at))))::int
    where s.status = 'running'
      and greatest(s.started_at, (select max(l.logged_at) from contract_crawl_logs l where l.session_id = s.id))
          < now() - make_interval(secs => ${options.quietSeconds ?? STALE_AFTER_SECONDS})
      ${options.sourceId ? sql`and s.source_id = ${options.sourceId}` : sql``}
      and not ${liveJob}
    returning s.id
  `);
  const ids = result.rows.map((r) => r.id);
  if (ids.length) logger.warn({ sessions: ids }, "closed crawl sessions that no job was running");
  return ids;
}

export interface CreatedSession {
  sessionId: string;
  sourceId: string;
  sourceName: string;
  searchConfigId: string | null;
}

/** Validates the source and configuration and inserts the `running` session. */
export async function createCrawlSession(input: StartCrawlInput): Promise<CreatedSession> {
  const parsed = startCrawlSchema.safeParse(input);
  if (!parsed.success) throw new InvalidCrawlRequestError();
  const { sourceId, searchConfigId, sessionType, triggeredBy } = parsed.data;
  const [source] = await db().select().from(contractSources).where(eq(contractSources.id, sourceId));
  if (!source || !source.isActive) throw new InvalidCrawlRequestError();
  const configs = await db()
    .select()
    .from(contractSearchConfigs)
    .where(and(eq(contractSearchConfigs.sourceId, sourceId), eq(contractSearchConfigs.isActive, true)))
    .orderBy(desc(contractSearchConfigs.isDefault), asc(contractSearchConfigs.sortOrder));
  const config = searchConfigId ? configs.find((c) => c.id === searchConfigId) : configs[0];
  if (!config) throw new InvalidCrawlRequestError();
  const triggeredByUser = triggeredBy && z.uuid().safeParse(triggeredBy).success ? triggeredBy : null;

  try {
    const sessionId = await db().transaction(async (tx) => {
      await closeStaleSessions(tx, { sourceId });
      const [row] = await tx
        .insert(contractCrawlSessions)
        .values({
          sourceId,
          searchConfigId: config.id,
          sessionType: sessionType as CrawlSessionType,
          status: "running",
          triggeredBy: triggeredByUser,
          searchParameters: {
            keywords: config.keywords,
            location: config.locationConfig,
            categories: config.categoryFilters,
            configuration: config.name,
            ...(triggeredBy && !triggeredByUser ? { triggeredBy } : {}),
          },
        })
        .returning({ id: contractCrawlSessions.id });
      return row!.id;
    });
    return { sessionId, sourceId, sourceName: source.name, searchConfigId: config.id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [running] = await db()
      .select({ id: contractCrawlSessions.id })
      .from(contractCrawlSessions)
      .where(and(eq(contractCrawlSessions.sourceId, sourceId), eq(contractCrawlSessions.status, "running")));
    throw new CrawlAlreadyRunningError(source.name, running?.id ?? null);
  }
}

/**
 * Creates the session and sends the job that runs it. Throws
 * InvalidCrawlRequestError ("Invalid source or configuration"),
 * CrawlAlreadyRunningError ("A crawl of {source} is already running"), or,
 * when the job cannot be sent, closes the session and throws "Failed to start crawling".
 */
export async function startCrawl(input: StartCrawlInput): Promise<CreatedSession> {
  const created = await createCrawlSession(input);
  try {
    const data: CrawlJobData = { sessionId: created.sessionId, sourceId: created.sourceId };
    await enqueue(CRAWL_JOB, data);
  } catch (error) {
    logger.error({ err: error, sessionId: created.sessionId }, "could not enqueue a crawl");
    await db()
      .update(contractCrawlSessions)
      .set({ status: "failed", errorMessage: CRAWL_TEXT.failedToStart, errorDetails: { kind: "enqueue" }, completedAt: sql`now()`, durationSeconds: 0 })
      .where(eq(contractCrawlSessions.id, created.sessionId));
    throw new Error(CRAWL_TEXT.failedToStart, { cause: error });
  }
  return created;
}
