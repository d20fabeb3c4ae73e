import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { truncate } from "../../../tests/support/test-database";
import { describeJobsStatus, jobsNotice, jobsStatus, startJobsHeartbeat, stopJobsHeartbeat } from "./jobs-heartbeat.server";

/** The jobs' heartbeat (issue 24), on a database where no process ever started pg-boss (no pgboss schema). */
describe("jobs heartbeat", () => {
  afterEach(async () => {
    await stopJobsHeartbeat();
    await truncate("job_runner_heartbeats");
  });

  test("never ran: not running, never seen, and no notice while nothing can be waiting", async () => {
    const status = await jobsStatus();
    expect(status).toEqual({ running: false, lastSeenAt: null, waiting: 0 });
    expect(describeJobsStatus(status)).toBe("never seen");
    expect(await jobsNotice()).toBeNull();
  });

  test("a beating process is running; stopped cleanly, it is stale since its last beat", async () => {
    await startJobsHeartbeat();
    expect(describeJobsStatus(await jobsStatus())).toBe("ok");
    await stopJobsHeartbeat();
    const status = await jobsStatus();
    expect(status.running).toBe(false);
    expect(describeJobsStatus(status)).toBe(`stale since ${status.lastSeenAt!.toISOString()}`);
  });

  test("a process that died (no beat for four of its own periods, by the database's clock) is not running", async () => {
    await db().execute(sql`insert into job_runner_heartbeats (instance_id, hostname, pid, last_seen_at, period_seconds)
      values ('gone', 'h', '1', now() - interval '150 seconds', 30), ('slow-but-alive', 'h', '2', now() - interval '150 seconds', 60)`);
    expect((await jobsStatus()).running).toBe(true);
    await db().execute(sql`update job_runner_heartbeats set period_seconds = 30`);
    expect((await jobsStatus()).running).toBe(false);
  });
});
