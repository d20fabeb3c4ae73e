import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { jobRunnerHeartbeats } from "~/db/schema";
import { truncate } from "../../../tests/support/test-database";
import { describeJobsStatus, jobsNotice, jobsStatus, startJobsHeartbeat, stopJobsHeartbeat } from "./jobs-heartbeat.server";

/** The jobs' heartbeat (issue 24), on a database where no process ever started pg-boss (no pgboss schema). */
describe("jobs heartbeat", () => {
  afterEach(async () => {
    await stopJobsHeartbeat();
    await truncate("job_runner_heartbeats");
  });

  test("never ran: not running, stale since never, and no notice while nothing can be waiting", async () => {
    const status = await jobsStatus();
    expect(status).toEqual({ running: false, lastSeenAt: null, waiting: 0 });
    expect(describeJobsStatus(status)).toBe("stale since never");
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

  test("a process that died (no beat for four periods) is not running", async () => {
    const old = new Date(Date.now() - 5 * 30_000);
    await db().insert(jobRunnerHeartbeats).values({ instanceId: "gone", hostname: "h", pid: "1", startedAt: old, lastSeenAt: old });
    expect((await jobsStatus()).running).toBe(false);
    const recent = new Date(Date.now() - 10_000);
    await db().insert(jobRunnerHeartbeats).values({ instanceId: "alive", hostname: "h", pid: "2", startedAt: recent, lastSeenAt: recent });
    expect((await jobsStatus()).running).toBe(true);
  });
});
