import type { MediaVariant, MediaVariantFormat } from "~/db/schema/media";

/**
 * The media library's limits, texts and public addresses (issue 12 item 1,
 * ADR 031). No server code here: the admin screens and the public pages read it.
 */

/** A phone photo is 2-12 MB; a camera's JPEG rarely over 20. */
export const MEDIA_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The limit as the screens write it ("20 MB"). */
export const MEDIA_MAX_FILE_SIZE_TEXT = `${Math.floor(MEDIA_MAX_FILE_BYTES / 1024 / 1024)} MB`;
/**
 * Decoding needs about 4 bytes per pixel: 50 megapixels (a 48 MP phone photo fits) is ~200 MB at most.
 * A small file claiming more (a "decompression bomb") is refused before any pixel is decoded.
 */
export const MEDIA_MAX_PIXELS = 50_000_000;
export const MEDIA_MAX_SIDE = 12_000;
/**
 * The widths of the resized copies in AVIF and WebP (never wider than the original): steps of about a
 * quarter, so the copy a browser picks for its layout and screen density is never much larger than needed
 * (a phone's 380 px card at density 1.75 wants 665 px: it gets the 768). The fallback for browsers
 * without either format (JPEG, or PNG) needs no such care: two widths.
 */
export const MEDIA_VARIANT_WIDTHS = [320, 480, 640, 768, 960, 1280, 1600, 1920] as const;
export const MEDIA_FALLBACK_WIDTHS = [640, 1280] as const;
export const MEDIA_ALT_MAX = 300;

export const MEDIA_TEXT = {
  title: "Media Library",
  loading: "Loading media...",
  loadFailed: "Failed to load media",
  uploaded: "Image uploaded successfully",
  uploadFailed: "Failed to upload image",
  saved: "Image updated successfully",
  saveFailed: "Failed to update image",
  deleted: "Image deleted successfully",
  deleteFailed: "Failed to delete image",
  retried: "Image queued for processing again",
  retryFailed: "Failed to process image again",
  notFound: "Image not found",
  noFile: "Choose an image to upload.",
  tooLarge: `Each image must be ${MEDIA_MAX_FILE_SIZE_TEXT} or smaller.`,
  oneAtATime: "Upload one image at a time.",
  emptyFile: "The file is empty.",
  interrupted: "The upload did not finish. Check your connection and try again.",
  /** An answer that is neither the upload's own refusal nor a cut connection (a 403 from a proxy, a 500). */
  notTaken: "The server did not take the image. Try again; if it keeps happening, tell whoever runs the site.",
  fieldTwice: "The form sent a field twice. Reload the page and try again.",
  tooManyPixels: "This image is too large to process: at most 50 megapixels and 12,000 pixels on a side.",
  unreadable: "This file could not be read as an image. It may be damaged, or not the kind of file its name says.",
  inUse: "This image is in use and cannot be deleted.",
  altRequired: "Alt text is required: describe what the image shows.",
  focalInvalid: "Enter the focal point as two numbers from 0 to 100.",
  notUsable: "Choose a ready image with alt text from the Media Library.",
} as const;

export const MEDIA_STATUS_LABELS = { processing: "Processing", ready: "Ready", failed: "Failed" } as const;

const EXTENSION: Record<MediaVariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };
export const VARIANT_CONTENT_TYPE: Record<MediaVariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** Where a variant is served: `/media/<id>/<width>.<ext>` (immutable: a variant never changes). */
export function mediaVariantUrl(assetId: string, variant: Pick<MediaVariant, "width" | "format">): string {
  return `/media/${assetId}/${variant.width}.${EXTENSION[variant.format]}`;
}

/** The storage key of a variant (`media/<id>/<width>-<format>`) and of the original. */
export function mediaVariantKey(assetId: string, variant: Pick<MediaVariant, "width" | "format">): string {
  return `media/${assetId}/${variant.width}-${variant.format}`;
}
export function mediaOriginalKey(assetId: string): string {
  return `media/${assetId}/original`;
}

/** The variant a public address names, or null (`640.webp` -> width 640, webp). */
export function parseVariantFile(file: string): Pick<MediaVariant, "width" | "format"> | null {
  const match = /^([1-9][0-9]{1,4})\.(avif|webp|jpg|png)$/.exec(file);
  if (!match) return null;
  const format = (Object.keys(EXTENSION) as MediaVariantFormat[]).find((f) => EXTENSION[f] === match[2])!;
  return { width: Number(match[1]), format };
}

/** A library image as the public pages and the pickers draw it. */
export interface MediaImage {
  id: string;
  width: number;
  height: number;
  alt: string;
  focalX: number;
  focalY: number;
  variants: MediaVariant[];
}

/** The image to draw for a library photo, or null when it cannot be shown (not ready). */
export function usableImage(row: null | {
  id: string | null;
  width: number | null;
  height: number | null;
  altText: string | null;
  focalX: number | null;
  focalY: number | null;
  status: string | null;
  variants: MediaVariant[] | null;
}): MediaImage | null {
  if (!row || !row.id || row.status !== "ready" || !row.variants?.length || !row.width || !row.height) return null;
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    alt: row.altText ?? "",
    focalX: row.focalX ?? 50,
    focalY: row.focalY ?? 50,
    variants: row.variants,
  };
}
