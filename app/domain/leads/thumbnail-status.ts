/**
 * A file's thumbnail (browser-safe): `pending` until the `leads.attachment-thumbnail` job made it,
 * `ready`, `failed` (the image could not be decoded: the download still works), `none` (not an image).
 */
export type ThumbnailStatus = "pending" | "ready" | "failed" | "none";

/** What the thumbnail-status routes answer: each file of the request or lead, with where its thumbnail stands. */
export interface ThumbnailStatuses {
  files: Array<{ id: string; thumbnailStatus: ThumbnailStatus }>;
}

/** The place of a file still waiting for its thumbnail (the portal and the lead page say it the same way). */
export const PREPARING_PREVIEW = "Preparing preview";
