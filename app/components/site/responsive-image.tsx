import type { MediaImage } from "~/domain/media/constants";
import { pictureSources } from "~/domain/media/picture";
import { cn } from "~/lib/cn";

/**
 * A media library photo on a public page (ADR 031): `<picture>` with AVIF
 * and WebP sources and a JPEG (or PNG) fallback, every width in `srcset` so
 * the browser fetches the smallest copy that is sharp at the size `sizes`
 * says; `width`/`height` reserve the space (no layout shift); the focal point
 * is the `object-position` of a cropped photo. Lazy by default; the largest
 * image above the fold passes `priority` (eager, fetchpriority high).
 */
export function ResponsiveImage({
  image,
  sizes,
  width = image.width,
  height = image.height,
  alt = image.alt,
  priority = false,
  className,
}: {
  image: MediaImage;
  /** The rendered width by viewport, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  /** The box's size when it is cropped to another shape (a square portrait); else the image's own. */
  width?: number;
  height?: number;
  alt?: string;
  priority?: boolean;
  className?: string;
}) {
  const picture = pictureSources(image);
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.fallback.src}
        srcSet={picture.fallback.srcSet}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={cn("object-cover", className)}
        style={{ objectPosition: picture.objectPosition }}
      />
    </picture>
  );
}
