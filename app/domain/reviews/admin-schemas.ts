import { z } from "zod";
import { booleanChoice, checkboxFlag, optionalRecordId, optionalText, recordId, requiredText, wholeNumber } from "~/lib/text-fields";

/**
 * What /admin/reviews sends (spec 2 §2 "Review management", §3 google_reviews,
 * §5, §7, §8): one schema per intent, shared by the browser (field errors
 * before posting) and the action.
 */

/** The catalogue's texts (spec 2 §2, §8), word for word. */
export const REVIEW_TEXT = {
  title: "Review Management",
  loading: "Loading reviews...",
  empty: "No reviews found. Add your first review!",
  loadFailed: "Failed to load reviews. Please try again.",
  saveFailed: "Failed to save review. Please try again.",
  deleteFailed: "Failed to delete review. Please try again.",
  updateFailed: "Failed to update review. Please try again.",
  added: "Review added successfully!",
  updated: "Review updated successfully!",
  deleted: "Review deleted successfully!",
  activated: "Review activated successfully!",
  deactivated: "Review deactivated successfully!",
  reviewerNameRequired: "Reviewer name is required.",
  ratingRequired: "Rating is required.",
} as const;

/** The rating scale (spec 2 §5): a whole number from 1 to 5; new reviews start at 5. */
export const MIN_REVIEW_RATING = 1;
export const MAX_REVIEW_RATING = 5;
export const DEFAULT_REVIEW_RATING = 5;

export const saveReviewSchema = z.strictObject({
  intent: z.literal("save-review"),
  id: optionalRecordId,
  reviewerName: requiredText({ max: 200, requiredMessage: REVIEW_TEXT.reviewerNameRequired }),
  rating: wholeNumber({ min: MIN_REVIEW_RATING, max: MAX_REVIEW_RATING, requiredMessage: REVIEW_TEXT.ratingRequired }),
  reviewText: optionalText({ max: 5000, multiline: true }),
  relativeTimeDescription: optionalText({ max: 100 }),
  isActive: checkboxFlag,
});

export const setReviewActiveSchema = z.strictObject({
  intent: z.literal("set-review-active"),
  id: recordId,
  /** The state to set: "true" activates, "false" deactivates. */
  active: booleanChoice,
});

const deleteReviewSchema = z.strictObject({
  intent: z.literal("delete-review"),
  id: recordId,
});

export type SaveReviewInput = z.output<typeof saveReviewSchema>;
export type SetReviewActiveInput = z.output<typeof setReviewActiveSchema>;
export type DeleteReviewInput = z.output<typeof deleteReviewSchema>;

export const reviewActionSchema = z.discriminatedUnion("intent", [saveReviewSchema, setReviewActiveSchema, deleteReviewSchema]);
