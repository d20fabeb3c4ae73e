import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { currentJobsState } from "./queue.server";
import { startJobs, stopJobs } from "./worker.server";

/**
 * An app upgraded from pg-boss 10 (ADR 040): its jobs' schema is version 24, which pg-boss 12 refuses to
 * migrate. The start replaces it (its jobs are transient: the sweeps redo their work) instead of failing.
 * Checked by hand against a schema pg-boss 10.4.2 itself created (with a queued job and a schedule); here
 * the version row is what the replacement reads.
 */

afterAll(async () => {
  await stopJobs();
});

it("a pg-boss 10 schema (version 24) is replaced, and the jobs start on pg-boss 12's own", async () => {
  await db().execute(sql`create schema pgboss`);
  await db().execute(sql`create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz)`);
  await db().execute(sql`insert into pgboss.version (version) values (24)`);
  await db().execute(sql`create table pgboss.job (id uuid primary key, name text, data jsonb)`);
  await startJobs({ workers: false });
  expect(await currentJobsState()!.boss.schemaVersion()).toBeGreaterThanOrEqual(25);
}, 60_000);

it("a database without any jobs schema starts as before", async () => {
  await stopJobs();
  await db().execute(sql`drop schema pgboss cascade`);
  await startJobs({ workers: false });
  expect(await currentJobsState()!.boss.schemaVersion()).toBeGreaterThanOrEqual(25);
}, 60_000);
