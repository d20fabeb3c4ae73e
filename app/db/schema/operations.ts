import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

export const BACKUP_TRIGGERS = ["schedule", "manual", "command"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_STATUSES = ["running", "succeeded", "failed"] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * Each backup (issue 20, ADR 043): when, how (the schedule, "Back up now", `npm run backup`), the outcome,
 * the archive's name and size, where its copy went. The dashboard's "last backup" reads it. A backup is not
 * inside this table's snapshot of itself: its row is written after the archive is made.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    trigger: text().$type<BackupTrigger>().notNull(),
    status: text().$type<BackupStatus>().notNull().default("running"),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** The archive's file name in BACKUP_DIR (never a path from outside it). */
    fileName: text(),
    bytes: bigint({ mode: "number" }),
    /** Where the off-site copy went (`s3://bucket/key`), when BACKUP_URL is set. */
    offsiteCopy: text(),
    error: text(),
    /** Who pressed "Back up now". */
    requestedBy: text(),
  },
  (t) => [
    index("backup_runs_started_idx").on(t.startedAt),
    check("backup_runs_status_check", sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check("backup_runs_trigger_check", sql`${t.trigger} in ('schedule', 'manual', 'command')`),
  ],
);

export type BackupRun = typeof backupRuns.$inferSelect;
