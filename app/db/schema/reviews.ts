import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Customer reviews shown on the public site (spec 1 §3, spec 2 §3). Reviews
 * added by staff get a `manual_<timestamp>` google_review_id; seeded demo
 * reviews are marked `is_demo` (ids `demo_<n>`) so they can be removed before
 * launch.
 */
export const googleReviews = pgTable(
  "google_reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    googleReviewId: text().notNull().unique("google_reviews_google_review_id_key"),
    reviewerName: text().notNull(),
    reviewText: text(),
    rating: smallint().notNull(),
    relativeTimeDescription: text().notNull().default("Google Review"),
    reviewTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    isActive: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("google_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("google_reviews_reviewer_name_check", sql`char_length(${t.reviewerName}) between 1 and 200`),
    index("google_reviews_active_time_idx").on(t.isActive, t.reviewTime.desc().nullsFirst()),
    index("google_reviews_time_idx").on(t.reviewTime.desc().nullsFirst()),
  ],
);

export type GoogleReview = typeof googleReviews.$inferSelect;
export type NewGoogleReview = typeof googleReviews.$inferInsert;
