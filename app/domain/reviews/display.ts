/** Presentation helpers of the public reviews section. */

/** Stars of the rating scale (spec 1 §9). */
export const MAX_RATING = 5;

/**
 * The avatar's initials: the first letters of the first two words of the
 * name, upper-cased ("Mike O'Brien" -> "MO", "Cher" -> "C"). Leading
 * punctuation is skipped; "?" when the name has no letter or digit at all.
 */
export function reviewerInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const initials = words.slice(0, 2).join("").toLocaleUpperCase("en-US");
  return initials || "?";
}

/** The rating clamped to whole stars in [0, 5]. */
export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_RATING, Math.max(0, Math.round(rating)));
}

/** Accessible name of the stars, e.g. "Rated 4 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${clampRating(rating)} out of ${MAX_RATING}`;
}

/** The label under a review: its relative time, or "Google Review" when there is none. */
export const DEFAULT_REVIEW_TIME_LABEL = "Google Review";

export function reviewTimeLabel(relativeTimeDescription: string | null | undefined): string {
  const trimmed = relativeTimeDescription?.trim();
  return trimmed ? trimmed : DEFAULT_REVIEW_TIME_LABEL;
}
