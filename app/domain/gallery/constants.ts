/**
 * The closed lists of a gallery project (spec 1 §2 "Our Work": its five
 * categories; spec 2 §4: the three statuses), for the forms and their schema.
 * Kept free of database imports so the browser can load them;
 * constants.test.ts checks they equal the database's (app/db/schema/cms.ts).
 */
export const GALLERY_CATEGORIES = ["Residential", "Insurance Claim", "Commercial", "Specialty Project", "Premium Installation"] as const;
export type GalleryCategoryName = (typeof GALLERY_CATEGORIES)[number];

/** The category of a new project (the first of the spec's list). */
export const DEFAULT_GALLERY_CATEGORY: GalleryCategoryName = "Residential";

export const GALLERY_STATUSES = ["draft", "published", "archived"] as const;
