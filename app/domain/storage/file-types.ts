/**
 * The file types the public form accepts (QUALITY S20): PDF, JPEG, PNG, HEIC
 * and WebP, recognised by their first bytes ("magic bytes") and by the name's
 * extension. The client's declared Content-Type is never trusted.
 * No server code here: the browser script mirrors the extension list.
 */

const UPLOAD_TYPES = {
  "application/pdf": { extension: "pdf", extensions: ["pdf"] },
  "image/jpeg": { extension: "jpg", extensions: ["jpg", "jpeg"] },
  "image/png": { extension: "png", extensions: ["png"] },
  "image/heic": { extension: "heic", extensions: ["heic", "heif"] },
  "image/webp": { extension: "webp", extensions: ["webp"] },
} as const;

export type UploadContentType = keyof typeof UPLOAD_TYPES;

export const UPLOAD_EXTENSIONS: readonly string[] = Object.values(UPLOAD_TYPES).flatMap((t) => t.extensions);

/** The `accept` attribute of the file input. */
export const UPLOAD_ACCEPT = [...UPLOAD_EXTENSIONS.map((e) => `.${e}`), ...Object.keys(UPLOAD_TYPES)].join(",");

/** Bytes needed to recognise every type below. */
export const MAGIC_BYTES_LENGTH = 12;

/** ISO base media brands of HEIC/HEIF still images (not AVIF). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The type `head` (the first bytes of a file) belongs to, or null. */
export function detectUploadType(head: Uint8Array): UploadContentType | null {
  if (head.length >= 5 && ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return "image/png";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(head, 8, 12))) return "image/heic";
  return null;
}

/** Lowercase extension of a file name without the dot ("" if none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

export function hasAllowedExtension(name: string): boolean {
  return UPLOAD_EXTENSIONS.includes(extensionOf(name));
}

/**
 * A file name safe to show and to send in Content-Disposition: the base name
 * only, no control or path characters, at most 120 characters, ending in the
 * extension of its detected type.
 */
export function safeDownloadName(originalName: string, contentType: string): string {
  const type = UPLOAD_TYPES[contentType as UploadContentType];
  const base = (originalName.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|\\/]+/g, "_")
    .trim();
  const ext = extensionOf(base);
  let stem = ext ? base.slice(0, -(ext.length + 1)) : base;
  stem = stem.slice(0, 100) || "attachment";
  if (!type) return `${stem}${ext ? `.${ext}` : ""}`;
  const keep = (type.extensions as readonly string[]).includes(ext) ? ext : type.extension;
  return `${stem}.${keep}`;
}

/**
 * Which files a form accepts: recognised by their first bytes, with a name
 * whose extension fits. The inspection form's attachments are the default
 * (ATTACHMENT_TYPES); the media library accepts photographs (media-types.ts).
 */
export interface UploadTypePolicy<T extends string = string> {
  /** The type `head` (the first MAGIC_BYTES_LENGTH bytes) belongs to, or null. */
  detect(head: Uint8Array): T | null;
  allowedExtension(name: string): boolean;
  /** The message of a 415 (wrong extension or content). */
  unsupportedMessage: string;
}

export const ATTACHMENT_TYPES: UploadTypePolicy<UploadContentType> = {
  detect: detectUploadType,
  allowedExtension: hasAllowedExtension,
  unsupportedMessage: "Only PDF, JPEG, PNG, HEIC and WebP files can be attached.",
};
