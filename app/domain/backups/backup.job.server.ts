import { config } from "~/config.server";
import type { BackupTrigger } from "~/db/schema";
import { defineJob } from "~/jobs/define-job";
import { setKeyedSchedules } from "~/jobs/queue.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { emailBackupFailure, runBackup } from "./run-backup.server";

/**
 * `operations.backup`: the scheduled backup (BACKUP_SCHEDULE, in the company's time zone; a keyed pg-boss
 * schedule so a changed setting replaces the old one at the next start) and "Back up now". One at a time
 * (`singleton`); a failure is retried once after a minute, and a scheduled backup that fails twice is
 * emailed to the super admins.
 */

export const BACKUP_JOB = "operations.backup";

export interface BackupJobData {
  trigger?: BackupTrigger;
  requestedBy?: string;
}

export const backupJob = defineJob<BackupJobData>({
  name: BACKUP_JOB,
  queue: { policy: "singleton", retryLimit: 1, retryDelay: 60, expireInSeconds: 60 * 60 },
  syncSchedules: async () => {
    await setKeyedSchedules(BACKUP_JOB, [{ key: "nightly", cron: config().BACKUP_SCHEDULE, tz: COMPANY_TIME_ZONE, data: { trigger: "schedule" } }]);
  },
  handle: async (job) => {
    const trigger = job.data.trigger ?? "schedule";
    try {
      const { run } = await runBackup({ trigger, requestedBy: job.data.requestedBy ?? null });
      return { file: run.fileName, bytes: run.bytes };
    } catch (error) {
      if (trigger === "schedule" && job.retryCount >= job.retryLimit) await emailBackupFailure(error);
      throw error;
    }
  },
});

export const backupJobs = [backupJob];
