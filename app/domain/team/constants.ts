/**
 * The closed lists of a team member (spec 2 §3, §4, §9), for the forms and
 * their schema. Kept free of database imports so the browser can load them;
 * constants.test.ts checks they equal the database's (app/db/schema/cms.ts).
 */
export const IMAGE_POSITIONS = ["center", "top", "bottom"] as const;

export const TEAM_MEMBER_STATUSES = ["draft", "published", "archived"] as const;

/**
 * The social links a member's form offers, each an http(s) URL, stored in
 * `social_links` under these keys (only the ones filled in).
 */
export const SOCIAL_LINKS = [
  { key: "linkedin", field: "socialLinkedin", label: "LinkedIn" },
  { key: "facebook", field: "socialFacebook", label: "Facebook" },
  { key: "instagram", field: "socialInstagram", label: "Instagram" },
  { key: "x", field: "socialX", label: "X (Twitter)" },
  { key: "website", field: "socialWebsite", label: "Website" },
] as const;
