/**
 * The closed lists of a site setting (spec 2 §9), for the forms and their
 * schema. Kept free of database imports so the browser can load them;
 * admin-actions.test.ts checks they equal the database's (app/db/schema/cms.ts).
 */
export const SETTING_TYPE_VALUES = ["text", "html", "json", "boolean", "number", "url"] as const;
export type SettingTypeValue = (typeof SETTING_TYPE_VALUES)[number];

export const SETTING_CATEGORY_VALUES = ["general", "contact", "branding", "social", "certifications", "seo"] as const;
export type SettingCategoryValue = (typeof SETTING_CATEGORY_VALUES)[number];

export const SETTING_TYPE_LABELS: Record<SettingTypeValue, string> = {
  text: "Text",
  html: "HTML",
  json: "JSON",
  boolean: "True/False",
  number: "Number",
  url: "URL",
};

export const SETTING_CATEGORY_LABELS: Record<SettingCategoryValue, string> = {
  general: "General",
  contact: "Contact",
  branding: "Branding",
  social: "Social",
  certifications: "Certifications",
  seo: "SEO",
};

/** How many characters of a value the list shows (spec 2 §9). */
export const SETTING_VALUE_PREVIEW_LENGTH = 50;
