/**
 * The closed lists of a service (spec 2 §3, §4, §9), for the forms and their
 * schema. Kept free of database imports so the browser can load them;
 * constants.test.ts checks they equal the database's (app/db/schema/cms.ts).
 */
export const SERVICE_ICON_NAMES = [
  "Construction",
  "Wrench",
  "Cloud",
  "Shield",
  "Building",
  "FileCheck",
  "Hammer",
  "Home",
  "Settings",
  "Tool",
  "Zap",
  "CheckCircle",
] as const;
export type ServiceIconName = (typeof SERVICE_ICON_NAMES)[number];

/** The icon of a new service (spec 2 §9). */
export const DEFAULT_SERVICE_ICON: ServiceIconName = "Wrench";

export const SERVICE_STATUSES = ["draft", "published", "archived"] as const;
