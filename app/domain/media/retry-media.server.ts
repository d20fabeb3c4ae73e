import { and, eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { MEDIA_TEXT } from "./constants";
import { sendMakeVariants } from "./media-variants.job.server";

/** "Process again" of a failed image (e.g. after a fix of the image library): back to processing, job sent. */
export async function retryMedia(tx: DbTransaction, input: { id: string }): Promise<AdminChange> {
  const [row] = await tx
    .update(mediaAssets)
    .set({ status: "processing", failureMessage: null, updatedAt: new Date() })
    .where(and(eq(mediaAssets.id, input.id), eq(mediaAssets.status, "failed")))
    .returning({ id: mediaAssets.id, name: mediaAssets.originalName });
  if (!row) return { ok: false, status: 404, message: MEDIA_TEXT.notFound };
  return {
    ok: true,
    message: MEDIA_TEXT.retried,
    audit: { action: "media.retry", targetType: "media_asset", targetId: row.id, details: { name: row.name } },
    afterCommit: () => sendMakeVariants(row.id),
  };
}
