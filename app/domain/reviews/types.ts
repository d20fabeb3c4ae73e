/** A review as the public reviews section shows it. */
export interface PublicReview {
  id: string;
  reviewerName: string;
  reviewText: string | null;
  /** 1 to 5. */
  rating: number;
  /** e.g. "2 weeks ago"; "Google Review" when the source gave none. */
  relativeTimeDescription: string;
}
