import type { MediaVariantFormat } from "~/db/schema/media";
import { type MediaImage, mediaVariantUrl, VARIANT_CONTENT_TYPE } from "./constants";

/**
 * What a `<picture>` of a library image needs (no server code): a source per
 * modern format with every width (`srcset`), the fallback's `src`/`srcset`,
 * and the focal point as `object-position`.
 */
export interface PictureSources {
  sources: Array<{ type: string; srcSet: string }>;
  fallback: { src: string; srcSet: string };
  objectPosition: string;
}

const MODERN: readonly MediaVariantFormat[] = ["avif", "webp"];

export function pictureSources(image: MediaImage): PictureSources {
  const srcSet = (format: MediaVariantFormat) =>
    image.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${mediaVariantUrl(image.id, v)} ${v.width}w`)
      .join(", ");
  const sources = MODERN.map((format) => ({ type: VARIANT_CONTENT_TYPE[format], srcSet: srcSet(format) })).filter((s) => s.srcSet !== "");
  const fallbackFormat: MediaVariantFormat = image.variants.some((v) => v.format === "png") ? "png" : "jpeg";
  const fallbacks = image.variants.filter((v) => v.format === fallbackFormat).sort((a, b) => a.width - b.width);
  // The fallback `src` (browsers without srcset): a middle width, not the largest.
  const middle = fallbacks.find((v) => v.width >= 640) ?? fallbacks[fallbacks.length - 1];
  return {
    sources,
    fallback: { src: middle ? mediaVariantUrl(image.id, middle) : "", srcSet: srcSet(fallbackFormat) },
    objectPosition: `${image.focalX}% ${image.focalY}%`,
  };
}

/**
 * Every WebP copy as a `srcset` ("... 320w, ... 480w, ..."), for an admin thumbnail whose width depends on
 * the screen: with `sizes`, the browser takes the copy that fits (not a 320 px copy stretched to ~400 px).
 */
export function thumbnailSrcSet(image: Pick<MediaImage, "id" | "variants">): string {
  return image.variants
    .filter((v) => v.format === "webp")
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaVariantUrl(image.id, v)} ${v.width}w`)
    .join(", ");
}

/** The smallest variant of `format` at least `width` wide (the admin thumbnails). */
export function thumbnailUrl(image: Pick<MediaImage, "id" | "variants">, width = 320): string | null {
  const webp = image.variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width);
  const pick = webp.find((v) => v.width >= width) ?? webp[webp.length - 1];
  return pick ? mediaVariantUrl(image.id, pick) : null;
}
