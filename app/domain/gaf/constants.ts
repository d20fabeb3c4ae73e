/**
 * Values of the GAF portal's closed lists (spec 2 §3, §9), for the forms and
 * their schema. Kept free of database imports so the browser can load them;
 * constants.test.ts checks they equal the database's (app/db/schema/gaf.ts).
 */
export const GAF_PRICE_TIERS = ["$", "$$", "$$$", "$$$$"] as const;
export const GAF_SHINGLE_TYPES = ["Architectural", "Designer", "3-Tab"] as const;
