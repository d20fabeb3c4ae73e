import { and, asc, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { defineJob } from "~/jobs/define-job";
import { enqueueMany, JobsNotRunningError } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { makeAttachmentThumbnail } from "./make-attachment-thumbnail.server";

/**
 * `leads.attachment-thumbnail`: the thumbnail of one image a homeowner sent (with the inspection form or
 * from the portal), sent right after the upload commits, one job per image (`singletonKey`). Retried on
 * storage errors; an image that cannot be decoded is marked failed and not retried.
 * `leads.attachment-thumbnail-sweep` (every 5 minutes) sends the job again for every image still
 * `pending` after 2 minutes: an upload whose send failed, a job lost with its process, and the images
 * stored before thumbnails existed (the migration set them `pending`).
 */
export const ATTACHMENT_THUMBNAIL_JOB = "leads.attachment-thumbnail";
const ATTACHMENT_THUMBNAIL_SWEEP_JOB = "leads.attachment-thumbnail-sweep";

/** A pending image is sent again by the sweep after this long (its own job should have made it by then). */
const SWEEP_AFTER_MS = 2 * 60_000;
const SWEEP_BATCH = 200;

const QUEUE = { policy: "short", retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 300 } as const;

/**
 * Sends the thumbnail job of each attachment. Call after the transaction that stored them committed.
 * Never throws: when the jobs do not run here, or the send fails, the sweep sends them within minutes.
 */
export async function sendAttachmentThumbnails(attachmentIds: readonly string[]): Promise<void> {
  if (attachmentIds.length === 0) return;
  try {
    await enqueueMany(
      ATTACHMENT_THUMBNAIL_JOB,
      attachmentIds.map((attachmentId) => ({
        data: { attachmentId },
        singletonKey: attachmentId,
        retryLimit: QUEUE.retryLimit,
        retryDelay: QUEUE.retryDelay,
        retryBackoff: QUEUE.retryBackoff,
      })),
    );
  } catch (error) {
    if (error instanceof JobsNotRunningError) logger.info({ attachmentIds }, "jobs are not running here: the thumbnail sweep will make these thumbnails");
    else logger.warn({ err: error, attachmentIds }, "could not send the thumbnail jobs; the sweep will");
  }
}

/** The sweep: the thumbnail job of every image still pending after SWEEP_AFTER_MS (oldest first, a batch at a time). */
export async function sweepPendingThumbnails(): Promise<{ resent: number }> {
  const pending = await db()
    .select({ id: leadAttachments.id })
    .from(leadAttachments)
    .where(and(eq(leadAttachments.thumbnailStatus, "pending"), lt(leadAttachments.createdAt, new Date(Date.now() - SWEEP_AFTER_MS))))
    .orderBy(asc(leadAttachments.createdAt))
    .limit(SWEEP_BATCH);
  await sendAttachmentThumbnails(pending.map((p) => p.id));
  return { resent: pending.length };
}

const thumbnailJob = defineJob<{ attachmentId: string }>({
  name: ATTACHMENT_THUMBNAIL_JOB,
  queue: QUEUE,
  handle: async (job) => ({ result: await makeAttachmentThumbnail(job.data.attachmentId) }),
});

const sweepJob = defineJob({
  name: ATTACHMENT_THUMBNAIL_SWEEP_JOB,
  queue: { policy: "short", retryLimit: 0, expireInSeconds: 120 },
  schedule: { cron: "*/5 * * * *" },
  handle: () => sweepPendingThumbnails(),
});

export const leadAttachmentJobs = [thumbnailJob, sweepJob];
