import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { defineJob } from "~/jobs/define-job";
import { enqueue } from "~/jobs/queue.server";
import { makeMediaVariants } from "./make-media-variants.server";

/**
 * `media.make-variants`: the resized copies of one upload (sent right after the upload commits, one job
 * per image: `singletonKey`). Retried on storage errors; a file that cannot be decoded is marked failed
 * and not retried. `media.resume-variants` (every 5 minutes) sends the job again for an image still
 * "processing" after 10 minutes: an upload whose send failed, or a job lost with its process.
 */
export const MAKE_VARIANTS_JOB = "media.make-variants";

export function sendMakeVariants(assetId: string) {
  return enqueue(MAKE_VARIANTS_JOB, { assetId }, { singletonKey: assetId });
}

const makeVariantsJob = defineJob<{ assetId: string }>({
  name: MAKE_VARIANTS_JOB,
  queue: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
  handle: async (job) => ({ result: await makeMediaVariants(job.data.assetId) }),
});

const resumeVariantsJob = defineJob({
  name: "media.resume-variants",
  queue: { policy: "short", retryLimit: 0, expireInSeconds: 120 },
  schedule: { cron: "*/5 * * * *" },
  handle: async () => {
    const stuck = await db()
      .select({ id: mediaAssets.id })
      .from(mediaAssets)
      .where(and(eq(mediaAssets.status, "processing"), lt(mediaAssets.updatedAt, new Date(Date.now() - 10 * 60_000))))
      .limit(100);
    for (const { id } of stuck) await sendMakeVariants(id);
    return { resent: stuck.length };
  },
});

export const mediaJobs = [makeVariantsJob, resumeVariantsJob];
