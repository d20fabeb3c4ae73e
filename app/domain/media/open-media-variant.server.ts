import type { Readable } from "node:stream";
import { z } from "zod";
import { StoredFileNotFoundError, uploadStorage } from "~/domain/storage/upload-storage.server";
import { mediaVariantKey, parseVariantFile, VARIANT_CONTENT_TYPE } from "./constants";

/** Ids as the pages write them (lower case, as the storage keys are); any other spelling names nothing. */
const assetId = z.uuid().regex(/^[0-9a-f-]+$/);

/**
 * A variant named by its public address (`/media/<id>/<width>.<ext>`), straight from the storage: no
 * database read, as a variant, once written, never changes (the address is immutable). Null when the
 * address names nothing. Originals have no public address (their metadata may hold a GPS position).
 */
export async function openMediaVariant(id: string | undefined, file: string | undefined): Promise<{ stream: Readable; size: number; contentType: string } | null> {
  const parsedId = assetId.safeParse(id);
  const variant = parseVariantFile(file ?? "");
  if (!parsedId.success || !variant) return null;
  try {
    const stored = await uploadStorage().get(mediaVariantKey(parsedId.data, variant));
    return { ...stored, contentType: VARIANT_CONTENT_TYPE[variant.format] };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) return null;
    throw error;
  }
}
