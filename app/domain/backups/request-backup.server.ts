import type { SessionUser } from "~/domain/accounts/session.server";
import { enqueue } from "~/jobs/queue.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { BACKUP_JOB, type BackupJobData } from "./backup.job.server";

export const BACKUP_TEXT = {
  started: "The backup runs in the background. Its outcome appears here when it is done.",
  startFailed: "Failed to start the backup",
} as const;

/** "Back up now" (super admins): the backup job, run by the workers like the scheduled one. */
export async function requestBackup(actor: SessionUser): Promise<AdminChange> {
  await enqueue<BackupJobData>(BACKUP_JOB, { trigger: "manual", requestedBy: actor.id });
  return {
    ok: true,
    title: "Backup Started",
    message: BACKUP_TEXT.started,
    audit: { action: "backup.request", targetType: "backup", targetId: "manual" },
  };
}
