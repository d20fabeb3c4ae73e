import type { MediaStatus, MediaVariant } from "~/db/schema/media";
import type { MediaUse } from "./where-used.server";

/** An image as the Media Library lists it. */
export interface AdminMediaAsset {
  id: string;
  originalName: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  altText: string;
  focalX: number;
  focalY: number;
  status: MediaStatus;
  failureMessage: string | null;
  variants: MediaVariant[];
  variantBytes: number;
  /** ISO 8601. */
  createdAt: string;
  uses: MediaUse[];
}
