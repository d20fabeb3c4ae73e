import fs from "node:fs";
import path from "node:path";
import { CronExpressionParser } from "cron-parser";
import { config } from "~/config.server";
import type { BackupRun } from "~/db/schema";
import { COMPANY_TIME_ZONE, formatCompanyTime } from "~/lib/zoned-time";
import { ARCHIVE_NAME, lastBackups } from "./run-backup.server";

/** A backup still "running" after this long did not finish (its process died). */
const RUNNING_LIMIT_MS = 2 * 60 * 60 * 1000;

export interface BackupStatusView {
  last: {
    at: string;
    outcome: "succeeded" | "failed" | "running" | "did not finish";
    size: string | null;
    error: string | null;
  } | null;
  lastSucceededAt: string | null;
  /** The archive of the last good backup, when it is still in BACKUP_DIR (downloadable). */
  download: { fileName: string; size: string } | null;
  /** Set when the last good backup is older than two of the schedule's periods (or there is none yet). */
  warning: string | null;
  schedule: string;
  /** Whether each archive is also copied off this server (BACKUP_URL). */
  offsite: boolean;
}

/** The dashboard's view of the backups (super admins): the last one, the last good one, and a warning. */
export async function backupStatus(now = new Date()): Promise<BackupStatusView> {
  const cfg = config();
  const { last, lastSucceeded } = await lastBackups();
  const outcome = (run: BackupRun) =>
    run.status === "running" && now.getTime() - run.startedAt.getTime() > RUNNING_LIMIT_MS ? ("did not finish" as const) : run.status;
  let warning: string | null = null;
  if (!lastSucceeded) {
    warning = "No backup has been made yet. Press Back up now, and check that the background jobs run.";
  } else if (twoPeriodsPassed(cfg.BACKUP_SCHEDULE, lastSucceeded.startedAt, now)) {
    warning = `The last backup that worked is from ${formatCompanyTime(lastSucceeded.startedAt)}: two scheduled backups have been missed since.`;
  }
  const archive = lastSucceeded?.fileName && ARCHIVE_NAME.test(lastSucceeded.fileName) ? path.join(cfg.backupDir, lastSucceeded.fileName) : null;
  return {
    last: last
      ? { at: formatCompanyTime(last.startedAt), outcome: outcome(last), size: last.bytes !== null ? formatSize(last.bytes) : null, error: last.error }
      : null,
    lastSucceededAt: lastSucceeded ? formatCompanyTime(lastSucceeded.startedAt) : null,
    download: archive && fs.existsSync(archive) ? { fileName: lastSucceeded!.fileName!, size: formatSize(lastSucceeded!.bytes ?? 0) } : null,
    warning,
    schedule: cfg.BACKUP_SCHEDULE,
    offsite: Boolean(cfg.BACKUP_URL),
  };
}

/** Whether the schedule has come due twice since `since` (cron-parser, as pg-boss reads the schedule). */
export function twoPeriodsPassed(cron: string, since: Date, now: Date): boolean {
  const occurrences = CronExpressionParser.parse(cron, { tz: COMPANY_TIME_ZONE, currentDate: since });
  occurrences.next();
  return occurrences.next().toDate().getTime() < now.getTime();
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
