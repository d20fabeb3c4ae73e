import { UserRound } from "~/components/site/icons";
import type { TeamMemberProfile } from "~/domain/team/types";
import { cn } from "~/lib/cn";
import { ResponsiveImage } from "./responsive-image";

const POSITION_CLASS = {
  center: "object-center",
  top: "object-top",
  bottom: "object-bottom",
} as const;

/**
 * A leader's photo: a media library photo (ADR 031), else the image URL
 * (square source images) cropped by `imagePosition`; a neutral placeholder
 * when none is set. Below the fold wherever it is used,
 * so it loads lazily.
 */
export function TeamPhoto({
  member,
  size,
  className,
  loading = "lazy",
}: {
  member: Pick<TeamMemberProfile, "name" | "imageUrl" | "imagePosition"> & { image?: TeamMemberProfile["image"] };
  /** Rendered size in CSS pixels (width and height attributes). */
  size: number;
  className?: string;
  loading?: "lazy" | "eager";
}) {
  if (member.image) {
    // A library photo: cropped square around its focal point, the copy that fits `size` at the screen's density.
    return (
      <ResponsiveImage
        image={member.image}
        sizes={`${size}px`}
        width={size}
        height={size}
        priority={loading === "eager"}
        className={cn("shrink-0", className)}
      />
    );
  }
  if (!member.imageUrl) {
    return (
      <span aria-hidden="true" className={cn("flex shrink-0 items-center justify-center bg-slate-200 text-slate-500", className)}>
        <UserRound className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={member.imageUrl}
      alt={`Portrait of ${member.name}`}
      width={size}
      height={size}
      loading={loading}
      decoding="async"
      className={cn("shrink-0 object-cover", POSITION_CLASS[member.imagePosition] ?? "object-center", className)}
    />
  );
}
