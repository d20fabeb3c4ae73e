import { ChevronLeft, ChevronRight } from "~/components/site/icons";
import { BlockSectionHeading } from "~/components/cms/block-parts";
import { RatingStars, RatingStarSymbol, ReviewerAvatar } from "~/components/reviews/review-parts";
import type { BlockContent } from "~/domain/cms/block-content";
import { reviewTimeLabel } from "~/domain/reviews/display";
import {
  nextPage,
  pageCount,
  paginate,
  previousPage,
  REVIEWS_PAGE_PARAM,
  REVIEWS_PAGE_SIZE,
  REVIEWS_STATUS_TEMPLATE,
  reviewsStatusText,
  wrapPage,
} from "~/domain/reviews/paging";
import type { PublicReview } from "~/domain/reviews/types";
import { cn } from "~/lib/cn";

/** Anchor of the section (spec 1 §2: /about#testimonials). */
const REVIEWS_SECTION_ID = "testimonials";
/** Query parameter of the no-JavaScript paging (1-based page number). */

export interface ReviewsSectionProps {
  reviews: readonly PublicReview[];
  /** The section's texts (CMS block `shared-reviews`); without it the heading is "Customer reviews". */
  heading?: BlockContent<"text">;
  /** 0-based page shown first (from `?reviews=`, for visitors without JavaScript). */
  initialPage?: number;
  className?: string;
}

/**
 * Customer reviews, 3 at a time (spec 1 §2). Every review is rendered on the
 * server, one `<ul data-reviews-page>` per page, all but the current one
 * `hidden`; app/enhance/reviews.js flips pages and updates the live region
 * ("Reviews 4 to 6 of 7"). Previous/next wrap around.
 *
 * Without JavaScript the buttons submit a GET form (`?reviews=<n>#testimonials`)
 * and the page's loader renders that page: paging works either way, and there
 * is never a loading state because nothing loads in the browser.
 */
export function ReviewsSection({ reviews, heading, initialPage = 0, className }: ReviewsSectionProps) {
  const pages = paginate(reviews, REVIEWS_PAGE_SIZE);
  const count = pageCount(reviews.length, REVIEWS_PAGE_SIZE);
  const current = wrapPage(initialPage, count);

  return (
    <section
      id={REVIEWS_SECTION_ID}
      aria-labelledby="testimonials-heading"
      className={cn("bg-brand-cream py-20 sm:py-24", className)}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="testimonials-heading" block={heading} fallbackTitle="Customer reviews" />

        {count === 0 ? (
          <p className="mx-auto mt-12 max-w-xl rounded-xl border border-brand-cream-dark bg-white px-6 py-10 text-center text-slate-700">
            No reviews available
          </p>
        ) : (
          <div
            data-reviews=""
            data-reviews-total={reviews.length}
            data-reviews-page-size={REVIEWS_PAGE_SIZE}
            data-reviews-status-template={REVIEWS_STATUS_TEMPLATE}
            className="mt-14"
          >
            <RatingStarSymbol />
            {pages.map((page, index) => (
              <ul
                key={page[0]?.id ?? index}
                data-reviews-page={index}
                hidden={index !== current}
                className="grid gap-6 md:grid-cols-3"
              >
                {page.map((review) => (
                  <li key={review.id} className="flex">
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
            ))}

            {count > 1 && (
              <form
                method="get"
                action={`#${REVIEWS_SECTION_ID}`}
                className="mt-10 flex items-center justify-center gap-4 sm:gap-6"
              >
                <button
                  type="submit"
                  name={REVIEWS_PAGE_PARAM}
                  value={previousPage(current, count) + 1}
                  data-reviews-previous=""
                  aria-label="Previous reviews"
                  className={pagerButtonClass}
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                </button>
                <p
                  data-reviews-status=""
                  aria-live="polite"
                  className="min-w-[11rem] text-center text-sm font-medium text-slate-700"
                >
                  {reviewsStatusText(current, reviews.length, REVIEWS_PAGE_SIZE)}
                </p>
                <button
                  type="submit"
                  name={REVIEWS_PAGE_PARAM}
                  value={nextPage(current, count) + 1}
                  data-reviews-next=""
                  aria-label="Next reviews"
                  className={pagerButtonClass}
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              </form>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

const pagerButtonClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-slate-400 bg-white text-brand-navy shadow-xs transition-colors outline-none hover:border-brand-navy hover:bg-brand-navy hover:text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <figure className="flex w-full flex-col rounded-xl border border-brand-cream-dark bg-white p-6 shadow-sm sm:p-7">
      <RatingStars rating={review.rating} />
      {review.reviewText ? (
        <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
          <p>&ldquo;{review.reviewText}&rdquo;</p>
        </blockquote>
      ) : (
        <div className="flex-1" />
      )}
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
        <ReviewerAvatar name={review.reviewerName} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-brand-navy">{review.reviewerName}</span>
          <span className="block text-sm text-slate-600">{reviewTimeLabel(review.relativeTimeDescription)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
