import type { NewGoogleReview } from "~/db/schema";

/**
 * Demo reviews (is_demo = true, google_review_id demo_<n>) so the reviews
 * section has content before real reviews are imported. Staff can deactivate
 * or delete them from /admin/reviews.
 */

interface DemoReview {
  reviewerName: string;
  rating: number;
  reviewText: string;
  relativeTimeDescription: string;
  /** Approximate age, used to set review_time at seed time. */
  daysAgo: number;
}

const DEMO_REVIEWS: DemoReview[] = [
  {
    reviewerName: "Karen Mitchell",
    rating: 5,
    relativeTimeDescription: "2 weeks ago",
    daysAgo: 14,
    reviewText:
      "After the April hail storm our roof was leaking into the upstairs bedroom. They tarped it the same evening, met our adjuster " +
      "two days later and had a new roof on within three weeks. Every step was explained and the yard was cleaner than before they came.",
  },
  {
    reviewerName: "David Thompson",
    rating: 5,
    relativeTimeDescription: "a month ago",
    daysAgo: 30,
    reviewText:
      "Honest inspection. Another company told us we needed a full replacement; these folks showed us photos and said a repair would " +
      "buy us several more years. Fair price, on time, and they followed up afterwards.",
  },
  {
    reviewerName: "Priya Shah",
    rating: 4,
    relativeTimeDescription: "2 months ago",
    daysAgo: 60,
    reviewText:
      "Great crew and a beautiful result on our Dublin home. The start date slipped two days because of rain, but the office called " +
      "ahead each time, so we always knew what was happening.",
  },
  {
    reviewerName: "Mike O'Brien",
    rating: 5,
    relativeTimeDescription: "3 months ago",
    daysAgo: 90,
    reviewText:
      "As a fellow veteran I appreciated how organized this team is. The crew lead walked the roof with me at the end and pointed out " +
      "every detail: new flashing, ridge vents, drip edge. Highly recommend.",
  },
  {
    reviewerName: "Jennifer Walsh",
    rating: 5,
    relativeTimeDescription: "5 months ago",
    daysAgo: 150,
    reviewText:
      "They handled the whole insurance process for our wind damage claim in Hilliard. I didn't have to chase anyone. New roof and " +
      "gutters, and we only paid our deductible.",
  },
  {
    reviewerName: "Tom Reynolds",
    rating: 4,
    relativeTimeDescription: "7 months ago",
    daysAgo: 210,
    reviewText:
      "Replaced the roof on our rental in Grove City. Clear estimate, solid workmanship and good communication. Would use them again.",
  },
  {
    reviewerName: "Angela Brooks",
    rating: 5,
    relativeTimeDescription: "a year ago",
    daysAgo: 365,
    reviewText:
      "Seamless gutters and a new roof on our Westerville colonial. It looks fantastic, and the crew protected our landscaping the whole time.",
  },
];

export function demoReviewSeeds(now: Date = new Date()): NewGoogleReview[] {
  return DEMO_REVIEWS.map((review, index) => ({
    googleReviewId: `demo_${index + 1}`,
    reviewerName: review.reviewerName,
    rating: review.rating,
    reviewText: review.reviewText,
    relativeTimeDescription: review.relativeTimeDescription,
    reviewTime: new Date(now.getTime() - review.daysAgo * 86_400_000),
    isActive: true,
    isDemo: true,
  }));
}
