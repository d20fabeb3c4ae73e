import { UserRound } from "lucide-react";
import type { TeamMemberProfile } from "~/domain/team/types";
import { cn } from "~/lib/cn";

const POSITION_CLASS = {
  center: "object-center",
  top: "object-top",
  bottom: "object-bottom",
} as const;

/**
 * A leader's photo (square source images), cropped by `imagePosition`; a
 * neutral placeholder when none is set. Below the fold wherever it is used,
 * so it loads lazily.
 */
export function TeamPhoto({
  member,
  size,
  className,
  loading = "lazy",
}: {
  member: Pick<TeamMemberProfile, "name" | "imageUrl" | "imagePosition">;
  /** Rendered size in CSS pixels (width and height attributes). */
  size: number;
  className?: string;
  loading?: "lazy" | "eager";
}) {
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
