import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/lib/admin-result";
import { REVIEW_TEXT, reviewActionSchema, saveReviewSchema, setReviewActiveSchema } from "./admin-schemas";

const ID = "3f2b8a3e-8d1c-4c4e-9a57-1f0d3c2b1a00";

function errorsOf(value: unknown) {
  const parsed = reviewActionSchema.safeParse(value);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("review action schemas", () => {
  it("parses a new review from the form's strings: trimmed text, blank optional text as null, the checkbox", () => {
    const parsed = saveReviewSchema.parse({
      intent: "save-review",
      id: "",
      reviewerName: "  Karen Mitchell ",
      rating: "4",
      reviewText: "Great crew.\r\nClean yard.",
      relativeTimeDescription: "  ",
      isActive: "on",
    });
    expect(parsed).toEqual({
      intent: "save-review",
      id: undefined,
      reviewerName: "Karen Mitchell",
      rating: 4,
      reviewText: "Great crew.\nClean yard.",
      relativeTimeDescription: null,
      isActive: true,
    });
    // An unchecked checkbox is not sent at all.
    expect(saveReviewSchema.parse({ intent: "save-review", reviewerName: "A", rating: "5" }).isActive).toBe(false);
  });

  it("requires the reviewer name and a rating from 1 to 5, with the screen's messages", () => {
    expect(errorsOf({ intent: "save-review", reviewerName: "   ", rating: "5" })).toEqual({ reviewerName: REVIEW_TEXT.reviewerNameRequired });
    expect(errorsOf({ intent: "save-review", reviewerName: "A" })).toEqual({ rating: REVIEW_TEXT.ratingRequired });
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "" })).toEqual({ rating: REVIEW_TEXT.ratingRequired });
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "6" }).rating).toBe("Enter a number from 1 to 5.");
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "0" }).rating).toBe("Enter a number from 1 to 5.");
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "4.5" }).rating).toBe("Enter a whole number.");
    expect(errorsOf({ intent: "save-review", reviewerName: "x".repeat(201), rating: "5" }).reviewerName).toBe("Use at most 200 characters.");
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "5", relativeTimeDescription: "x".repeat(101) })).toHaveProperty(
      "relativeTimeDescription",
    );
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "5", reviewText: "x".repeat(5001) })).toHaveProperty("reviewText");
  });

  it("refuses control characters, unknown fields and bad ids", () => {
    expect(errorsOf({ intent: "save-review", reviewerName: "A\u0000B", rating: "5" })).toHaveProperty("reviewerName");
    expect(errorsOf({ intent: "save-review", reviewerName: "A\nB", rating: "5" })).toHaveProperty("reviewerName");
    expect(errorsOf({ intent: "save-review", reviewerName: "A", rating: "5", isDemo: "on" })).toHaveProperty("_form");
    expect(errorsOf({ intent: "save-review", id: "12", reviewerName: "A", rating: "5" })).toHaveProperty("id");
    expect(errorsOf({ intent: "delete-review", id: "not-a-uuid" })).toEqual({ id: "This item does not exist." });
    expect(errorsOf({ intent: "delete-review" })).toHaveProperty("id");
  });

  it("sets a review active or inactive with an explicit true/false only", () => {
    expect(setReviewActiveSchema.parse({ intent: "set-review-active", id: ID, active: "true" }).active).toBe(true);
    expect(setReviewActiveSchema.parse({ intent: "set-review-active", id: ID, active: "false" }).active).toBe(false);
    expect(errorsOf({ intent: "set-review-active", id: ID, active: "on" })).toHaveProperty("active");
    expect(errorsOf({ intent: "set-review-active", id: ID })).toHaveProperty("active");
  });

  it("keeps the catalogue's texts word for word", () => {
    expect(REVIEW_TEXT).toMatchObject({
      loadFailed: "Failed to load reviews. Please try again.",
      saveFailed: "Failed to save review. Please try again.",
      deleteFailed: "Failed to delete review. Please try again.",
      updateFailed: "Failed to update review. Please try again.",
      added: "Review added successfully!",
      updated: "Review updated successfully!",
      deleted: "Review deleted successfully!",
      activated: "Review activated successfully!",
      deactivated: "Review deactivated successfully!",
      empty: "No reviews found. Add your first review!",
      loading: "Loading reviews...",
    });
  });
});
