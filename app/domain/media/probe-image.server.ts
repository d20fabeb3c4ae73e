import type { Sharp } from "sharp";
import { MEDIA_MAX_PIXELS, MEDIA_MAX_SIDE, MEDIA_TEXT } from "./constants";
import type { MediaContentType } from "./media-types";

/**
 * sharp (libvips) and heic-decode (libheif as WebAssembly, ~20 MB of memory once instantiated) are loaded the
 * first time an image is read, not when the app starts: a web process that never reads one never holds them
 * (ADR 058).
 */
export const loadSharp = () => import("sharp").then((module) => module.default);
const loadHeicDecoder = () => import("heic-decode").then((module) => module.default);

/**
 * The upright size of an uploaded image, read from its header only (no
 * pixel is decoded here), and the refusals that protect the variant job: a
 * file no decoder reads (422) and an image beyond MEDIA_MAX_PIXELS or
 * MEDIA_MAX_SIDE, whatever its file size (413: a "decompression bomb" is a
 * few kilobytes claiming a billion pixels).
 */
export class ImageProbeError extends Error {
  constructor(
    readonly status: 413 | 422,
    message: string,
  ) {
    super(message);
    this.name = "ImageProbeError";
  }
}

export interface ProbedImage {
  width: number;
  height: number;
  hasAlpha: boolean;
}

export async function probeImage(bytes: Buffer, type: MediaContentType): Promise<ProbedImage> {
  let probed: ProbedImage;
  try {
    probed = type === "image/heic" ? await probeHeic(bytes) : await probeWithSharp(bytes);
  } catch {
    throw new ImageProbeError(422, MEDIA_TEXT.unreadable);
  }
  if (!(probed.width > 0 && probed.height > 0)) throw new ImageProbeError(422, MEDIA_TEXT.unreadable);
  if (probed.width > MEDIA_MAX_SIDE || probed.height > MEDIA_MAX_SIDE || probed.width * probed.height > MEDIA_MAX_PIXELS) {
    throw new ImageProbeError(413, MEDIA_TEXT.tooManyPixels);
  }
  return probed;
}

async function probeWithSharp(bytes: Buffer): Promise<ProbedImage> {
  // `limitInputPixels: false`: reading the header of a huge image is safe and lets us say why it is refused.
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  // EXIF orientations 5-8 turn the image a quarter: the upright image is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height, hasAlpha: Boolean(meta.hasAlpha) };
}

async function probeHeic(bytes: Buffer): Promise<ProbedImage> {
  const decodeHeic = await loadHeicDecoder();
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new Error("no image in the HEIF file");
    return { width: first.width, height: first.height, hasAlpha: false };
  } finally {
    images.dispose();
  }
}

/**
 * The image's pixels as a sharp pipeline, upright (EXIF orientation applied); HEIC is decoded with libheif
 * (WebAssembly), as sharp's own build reads AVIF but not HEVC-coded HEIC. Never more than MEDIA_MAX_PIXELS.
 */
export async function openImage(bytes: Buffer, type: MediaContentType): Promise<Sharp> {
  const sharp = await loadSharp();
  if (type === "image/heic") {
    const { width, height } = await probeImage(bytes, type);
    const decodeHeic = await loadHeicDecoder();
    const decoded = await decodeHeic({ buffer: bytes });
    if (decoded.width !== width || decoded.height !== height) throw new Error("the HEIF image decoded to an unexpected size");
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  }
  return sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error", sequentialRead: true }).rotate();
}
