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

/** A review as /admin/reviews lists it (dates as ISO strings). */
export interface AdminReview {
  id: string;
  googleReviewId: string;
  reviewerName: string;
  reviewText: string | null;
  /** 1 to 5. */
  rating: number;
  relativeTimeDescription: string;
  /** ISO timestamp. */
  reviewTime: string;
  isActive: boolean;
  /** A seeded demo review (sample content to replace before launch). */
  isDemo: boolean;
  /** ISO timestamp. */
  createdAt: string;
  /** ISO timestamp. */
  updatedAt: string;
}
