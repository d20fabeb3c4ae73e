import { detectUploadType, extensionOf, type UploadTypePolicy } from "~/domain/storage/file-types";

/**
 * The photographs the media library accepts (issue 12): JPEG, PNG, WebP,
 * AVIF and HEIC, recognised by their first bytes; the name's extension must
 * fit too. No server code here: the upload control's `accept` comes from it.
 */

export const MEDIA_TYPES = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/avif": ["avif"],
  "image/heic": ["heic", "heif"],
} as const;

export type MediaContentType = keyof typeof MEDIA_TYPES;

/** Whether `value` (e.g. a stored content type, a text column) is one of the accepted types above. */
export function isMediaContentType(value: string): value is MediaContentType {
  return Object.hasOwn(MEDIA_TYPES, value);
}

const EXTENSIONS: readonly string[] = Object.values(MEDIA_TYPES).flat();

/** The upload control's `accept` attribute. */
export const MEDIA_ACCEPT = [...EXTENSIONS.map((e) => `.${e}`), ...Object.keys(MEDIA_TYPES)].join(",");

export const MEDIA_UNSUPPORTED_MESSAGE = "Only JPEG, PNG, WebP, AVIF and HEIC images can be uploaded.";

const AVIF_BRANDS = new Set(["avif", "avis"]);

function detectMediaType(head: Uint8Array): MediaContentType | null {
  if (head.length >= 12 && String.fromCharCode(...head.subarray(4, 8)) === "ftyp" && AVIF_BRANDS.has(String.fromCharCode(...head.subarray(8, 12)))) {
    return "image/avif";
  }
  const type = detectUploadType(head);
  return type === "application/pdf" || type === null ? null : type;
}

export const MEDIA_UPLOAD_TYPES: UploadTypePolicy<MediaContentType> = {
  detect: detectMediaType,
  allowedExtension: (name) => EXTENSIONS.includes(extensionOf(name)),
  unsupportedMessage: MEDIA_UNSUPPORTED_MESSAGE,
};
