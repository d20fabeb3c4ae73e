import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { Decrypter, generateIdentity, identityToRecipient } from "age-encryption";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { backupRuns, emailOutbox } from "~/db/schema";
import { currentJobsState } from "~/jobs/queue.server";
import { startJobs, stopJobs } from "~/jobs/worker.server";
import { loader as downloadLoader } from "~/routes/admin/backups.$file";
import { createSession, createUser } from "../../../tests/support/factories";
import { type RunningS3Server, startS3Server } from "../../../tests/support/s3";
import { BACKUP_JOB, backupJob } from "./backup.job.server";
import { backupStatus, twoPeriodsPassed } from "./backup-status.server";
import { ARCHIVE_NAME, runBackup } from "./run-backup.server";

/**
 * The scheduled backup (issue 20) on real pg-boss workers with a one-minute schedule: archives appear in
 * BACKUP_DIR, the oldest beyond BACKUP_KEEP go, each lands in an S3-compatible bucket on 127.0.0.1
 * (s3rver), and a backup that fails for good is emailed to the super admins through the outbox.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-job-"));
const backupDir = path.join(work, "backups");
const savedEnv = { ...process.env };
let s3: RunningS3Server;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "offsite" });
  Object.assign(process.env, s3.credentialsEnv, {
    DATA_DIR: path.join(work, "data"),
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: "2",
    BACKUP_URL: s3.storageUrl("nightly"),
    BACKUP_SCHEDULE: "* * * * *",
    JOBS_CRON_INTERVAL_SECONDS: "1",
    APP_URL: "https://roofing.test",
  });
  resetConfigForTests();
});

afterAll(async () => {
  await stopJobs();
  await s3.stop();
  process.env = savedEnv;
  resetConfigForTests();
  fs.rmSync(work, { recursive: true, force: true });
}, 30_000);

const archives = () => fs.readdirSync(backupDir).filter((name) => ARCHIVE_NAME.test(name)).sort();

describe("scheduled backups", () => {
  it("pg-boss runs the schedule; archives appear, the oldest beyond BACKUP_KEEP go, and each is copied to the bucket", async () => {
    await startJobs({ workers: true });
    const schedules = await currentJobsState()!.boss.getSchedules(BACKUP_JOB);
    expect(schedules.map((s) => ({ key: s.key, cron: s.cron, timezone: s.timezone }))).toEqual([{ key: "nightly", cron: "* * * * *", timezone: "America/New_York" }]);
    // An every-minute schedule is due at once (pg-boss sends the occurrence of the last minute).
    const deadline = Date.now() + 75_000;
    let scheduled: (typeof backupRuns.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      scheduled = await db().select().from(backupRuns).where(eq(backupRuns.trigger, "schedule"));
      if (scheduled.some((run) => run.status !== "running")) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(scheduled[0]).toMatchObject({ status: "succeeded", trigger: "schedule" });
    await stopJobs();

    // Three more (archive names are per second): two kept, the rest removed; every one in the bucket.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 1_050));
      await runBackup({ trigger: "manual" });
    }
    const runs = await db().select().from(backupRuns).where(eq(backupRuns.status, "succeeded")).orderBy(desc(backupRuns.startedAt));
    expect(runs).toHaveLength(4);
    expect(archives()).toEqual(runs.slice(0, 2).map((run) => run.fileName).sort());
    const keys = await s3.listKeys();
    for (const run of runs) {
      expect(run.offsiteCopy).toBe(`s3://offsite/nightly/${run.fileName}`);
      expect(keys).toContain(`nightly/${run.fileName}`);
    }
    const status = await backupStatus();
    expect(status.last).toMatchObject({ outcome: "succeeded" });
    expect(status.warning).toBeNull();
    expect(status.download?.fileName).toBe(runs[0]!.fileName);
  }, 120_000);

  it("a scheduled backup that fails twice is recorded and emailed to the approved super admins", async () => {
    const superAdmin = await createUser({ kind: "super_admin" });
    const admin = await createUser({ kind: "admin" });
    // A file where BACKUP_DIR's directory should be: every attempt fails.
    const blocked = path.join(work, "not-a-directory");
    fs.writeFileSync(blocked, "x");
    process.env.BACKUP_DIR = path.join(blocked, "backups");
    resetConfigForTests();
    try {
      const job = { id: "job-1", name: BACKUP_JOB, data: { trigger: "schedule" as const }, retryCount: 0, retryLimit: 1 } as Parameters<typeof backupJob.handle>[0];
      await expect(backupJob.handle(job, { signal: new AbortController().signal })).rejects.toThrow();
      // The first attempt is retried: no email yet.
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "backup.failed"))).toEqual([]);
      await expect(backupJob.handle({ ...job, retryCount: 1 }, { signal: new AbortController().signal })).rejects.toThrow();
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "backup.failed"));
      expect(mails.map((m) => m.toAddress)).toContain(superAdmin.email);
      expect(mails.map((m) => m.toAddress)).not.toContain(admin.email);
      expect(mails[0]!.subject).toBe("The scheduled backup failed");
      expect(mails[0]!.textBody).toContain("https://roofing.test/admin");
      const [failed] = await db().select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
      expect(failed).toMatchObject({ status: "failed", trigger: "schedule" });
      expect(failed!.error).toMatch(/ENOTDIR|EEXIST|not a directory/i);
      expect((await backupStatus()).last).toMatchObject({ outcome: "failed" });
    } finally {
      process.env.BACKUP_DIR = backupDir;
      resetConfigForTests();
    }
  }, 60_000);

  it("with BACKUP_AGE_RECIPIENT the archive is encrypted on disk and in the bucket, and the dashboard serves it as it is", async () => {
    const identity = await generateIdentity();
    process.env.BACKUP_AGE_RECIPIENT = await identityToRecipient(identity);
    resetConfigForTests();
    try {
      await new Promise((r) => setTimeout(r, 1_050));
      const { run, path: file } = await runBackup({ trigger: "manual" });
      expect(run.fileName).toMatch(/^roofing-site-backup-\d{8}T\d{6}Z\.tar\.gz\.age$/);
      const bytes = fs.readFileSync(file);
      expect(bytes.subarray(0, 22).toString("latin1")).toBe("age-encryption.org/v1\n");
      expect(run.offsiteCopy).toBe(`s3://offsite/nightly/${run.fileName}`);
      const client = s3.client();
      try {
        const copy = await client.send(new GetObjectCommand({ Bucket: "offsite", Key: `nightly/${run.fileName}` }));
        expect(Buffer.from(await copy.Body!.transformToByteArray()).equals(bytes)).toBe(true);
      } finally {
        client.destroy();
      }
      // The plaintext opens with the private key only.
      const decrypter = new Decrypter();
      decrypter.addIdentity(identity);
      expect((await decrypter.decrypt(new Uint8Array(bytes))).subarray(0, 2)).toEqual(new Uint8Array([0x1f, 0x8b]));

      expect((await backupStatus()).download?.fileName).toBe(run.fileName);
      const owner = await createUser({ kind: "super_admin" });
      const { cookie } = await createSession(owner);
      const response = (await downloadLoader({
        request: new Request(`http://app.test/admin/backups/${run.fileName}`, { headers: { cookie, "x-app-client-ip": "203.0.113.9" } }),
        params: { file: run.fileName! },
        context: {},
      } as never)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      delete process.env.BACKUP_AGE_RECIPIENT;
      resetConfigForTests();
    }
  }, 60_000);

  it("warns when the last good backup is older than two of the schedule's periods", () => {
    const nightly = "30 2 * * *";
    const lastGood = new Date("2026-11-20T07:30:05Z"); // 02:30 EST
    expect(twoPeriodsPassed(nightly, lastGood, new Date("2026-11-21T12:00:00Z"))).toBe(false); // one run due since
    expect(twoPeriodsPassed(nightly, lastGood, new Date("2026-11-22T07:31:00Z"))).toBe(true); // two runs due since
  });
});
