/**
 * The settings the public site may show, as read from the public rows of
 * `cms_site_settings` (see public-site-settings.server.ts). Safe to import
 * from components: no server code here.
 */

/** schema.org day names, as used by `openingHoursSpecification`. */
export const SCHEMA_ORG_DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export interface OpeningHours {
  /** schema.org names, e.g. "Monday". */
  days: string[];
  /** 24-hour "HH:MM", e.g. "07:00". */
  opens: string;
  closes: string;
}

interface PostalAddress {
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface Accreditation {
  bureauName: string;
  businessName: string;
  rating: string;
  /** ISO date, e.g. "2019-03-14". */
  accreditedSince: string;
  complaints: number;
  standardsText: string;
  profileUrl: string | null;
}

export interface PublicSiteSettings {
  businessName: string;
  tagline: string;
  phone: string;
  /** e.g. "tel:+16145550147" */
  phoneHref: string;
  email: string;
  address: PostalAddress;
  serviceArea: string[];
  openingHours: OpeningHours[];
  geo: { latitude: number; longitude: number } | null;
  accreditation: Accreditation;
  certification: { name: string; imageUrl: string };
  partnership: { manufacturerUrl: string; certifiedInfoUrl: string };
  veteranFacts: { activeDutyYears: number; combatDeploymentMonths: number };
  /** Network name (e.g. "facebook") to profile URL; empty when none are set. */
  social: Record<string, string>;
}
