import crypto from "node:crypto";
import type { DbTransaction } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { MEDIA_TEXT, mediaOriginalKey } from "./constants";
import { sendMakeVariants } from "./media-variants.job.server";
import type { MediaContentType } from "./media-types";

export interface NewMediaAsset {
  /** The id chosen before the transaction (the original's storage key is made from it). */
  id: string;
  bytes: Buffer;
  originalName: string;
  contentType: MediaContentType;
  sha256: string;
  width: number;
  height: number;
  altText: string | null;
}

export function newMediaAssetId(): string {
  return crypto.randomUUID();
}

/**
 * Records an upload (status "processing") and stores the original under its
 * key, in the caller's transaction; once it commits the variant job is sent.
 * The caller deletes the original again if the transaction does not commit
 * (app/domain/media/upload-media-action.server.ts).
 */
export async function createMediaAsset(tx: DbTransaction, actor: SessionUser, input: NewMediaAsset): Promise<AdminChange> {
  const originalKey = mediaOriginalKey(input.id);
  await tx.insert(mediaAssets).values({
    id: input.id,
    originalKey,
    originalName: input.originalName,
    contentType: input.contentType,
    byteSize: input.bytes.byteLength,
    sha256: input.sha256,
    width: input.width,
    height: input.height,
    altText: input.altText ?? "",
    uploadedBy: actor.id,
  });
  await uploadStorage().put(originalKey, input.bytes, { contentType: input.contentType });
  return {
    ok: true,
    message: MEDIA_TEXT.uploaded,
    audit: {
      action: "media.upload",
      targetType: "media_asset",
      targetId: input.id,
      details: { name: input.originalName, type: input.contentType, bytes: input.bytes.byteLength, width: input.width, height: input.height },
    },
    afterCommit: () => sendMakeVariants(input.id),
  };
}
