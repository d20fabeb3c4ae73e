import { backupJobs } from "~/domain/backups/backup.job.server";
import { contentScheduleJobs } from "~/domain/content-schedule/publish-schedule.job.server";
import { contractJobs } from "~/domain/contracts/crawler/crawl.job.server";
import { emailJobs } from "~/domain/email/send-email.job.server";
import { leadJobs } from "~/domain/leads/appointments/appointment-reminders.job.server";
import { leadAttachmentJobs } from "~/domain/leads/attachment-thumbnail.job.server";
import { mediaJobs } from "~/domain/media/media-variants.job.server";
import type { AnyJobDefinition } from "./define-job";

/**
 * Every background job of the application, in one place. A feature adds its
 * definitions (see define-job.ts) to this list; startJobs() creates their
 * queues, runs their handlers where workers are enabled and sets their
 * schedules. A job removed from here also loses its schedule on the next start.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  ...emailJobs,
  ...contractJobs,
  ...contentScheduleJobs,
  ...mediaJobs,
  ...leadAttachmentJobs,
  ...backupJobs,
  ...leadJobs,
];
