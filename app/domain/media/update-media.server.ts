import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import type { UpdateMediaInput } from "./admin-schemas";
import { MEDIA_TEXT } from "./constants";

/** Alt text and focal point of a library image (the pages using it follow at once). */
export async function updateMedia(tx: DbTransaction, input: Omit<UpdateMediaInput, "intent">): Promise<AdminChange> {
  const [row] = await tx
    .update(mediaAssets)
    .set({ altText: input.altText, focalX: input.focalPoint[0], focalY: input.focalPoint[1], updatedAt: new Date() })
    .where(eq(mediaAssets.id, input.id))
    .returning({ id: mediaAssets.id, name: mediaAssets.originalName });
  if (!row) return { ok: false, status: 404, message: MEDIA_TEXT.notFound };
  return {
    ok: true,
    message: MEDIA_TEXT.saved,
    audit: { action: "media.update", targetType: "media_asset", targetId: row.id, details: { name: row.name, focalX: input.focalPoint[0], focalY: input.focalPoint[1] } },
  };
}
