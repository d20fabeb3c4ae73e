import type { MediaImage } from "~/domain/media/constants";
import { thumbnailUrl } from "~/domain/media/picture";
import { cn } from "~/lib/cn";

/** A library photo on an admin card: its small WebP copy, cropped around the focal point. */
export function LibraryThumb({ image, alt = "", className }: { image: MediaImage; alt?: string; className?: string }) {
  return (
    <img
      src={thumbnailUrl(image, 640) ?? ""}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={cn("bg-slate-100 object-cover", className)}
      style={{ objectPosition: `${image.focalX}% ${image.focalY}%` }}
    />
  );
}
