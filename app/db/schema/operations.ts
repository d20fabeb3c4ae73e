import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per start of a process that runs the background jobs (INSTANCE_ROLE jobs or both): it writes
 * `lastSeenAt` every few seconds while it runs and `stoppedAt` when it stops cleanly. Web instances read
 * it to tell whether anyone runs the jobs (/healthz, the dashboard; issue 24).
 */
export const jobRunnerHeartbeats = pgTable(
  "job_runner_heartbeats",
  {
    /** Random per process start. */
    instanceId: text().primaryKey(),
    hostname: text().notNull(),
    pid: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written by the database's clock (now()), as every comparison with it: the instances' clocks may differ. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The writer's JOBS_HEARTBEAT_SECONDS: the row is stale after four of its own periods. */
    periodSeconds: integer().notNull().default(30),
    stoppedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("job_runner_heartbeats_last_seen_idx").on(t.lastSeenAt)],
);

export type JobRunnerHeartbeat = typeof jobRunnerHeartbeats.$inferSelect;
