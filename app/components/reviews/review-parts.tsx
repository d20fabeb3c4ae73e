import { clampRating, MAX_RATING, ratingLabel, reviewerInitials } from "~/domain/reviews/display";
import { cn } from "~/lib/cn";

/**
 * The pieces a review is drawn with, on the public reviews section and in
 * /admin/reviews: its stars (one image named "Rated 4 out of 5", drawn from
 * one symbol per page) and the reviewer's initials.
 */

/** The star's shape, defined once per page by `RatingStarSymbol` and drawn by `<use>` (a page lists up to 30 reviews x 5 stars). */
const STAR_SYMBOL_ID = "rating-star";

/** Defines the star once; render it once on any page that shows `RatingStars` (before or after them). */
export function RatingStarSymbol() {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      <symbol id={STAR_SYMBOL_ID} viewBox="0 0 20 20">
        <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z" />
      </symbol>
    </svg>
  );
}

function StarIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" className={cn("fill-current", className)}>
      <use href={`#${STAR_SYMBOL_ID}`} />
    </svg>
  );
}

export function RatingStars({ rating, size = "md" }: { rating: number; size?: "sm" | "md" }) {
  const stars = clampRating(rating);
  return (
    <div role="img" aria-label={ratingLabel(stars)} className="flex gap-0.5">
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <StarIcon key={i} className={cn(size === "sm" ? "size-4" : "size-5", i < stars ? "text-amber-500" : "text-slate-300")} />
      ))}
    </div>
  );
}

export function ReviewerAvatar({ name, size = "md" }: { name: string; size?: "sm" | "md" }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-brand-navy font-bold tracking-wide text-white",
        size === "sm" ? "size-9 text-xs" : "size-11 text-sm",
      )}
    >
      {reviewerInitials(name)}
    </span>
  );
}
