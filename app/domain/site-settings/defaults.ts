import type { PublicSiteSettings } from "./types";

/**
 * The business's own facts. The seed writes them into `cms_site_settings`;
 * the public site falls back to them when a row is missing or malformed, so a
 * page never breaks because one setting is off.
 */
export const DEFAULT_PUBLIC_SITE_SETTINGS: PublicSiteSettings = {
  businessName: "Buckeye Valor Roofing",
  tagline: "Veteran-owned roofing and storm restoration for central Ohio",
  phone: "(614) 555-0147",
  phoneHref: "tel:+16145550147",
  email: "office@buckeyevalorroofing.com",
  address: {
    street: "4150 Tuller Rd, Suite 210",
    locality: "Dublin",
    region: "OH",
    postalCode: "43017",
    country: "US",
  },
  serviceArea: [
    "Columbus",
    "Dublin",
    "Westerville",
    "Delaware",
    "Hilliard",
    "Grove City",
    "Newark",
    "Lancaster",
    "Franklin County",
    "Delaware County",
    "Licking County",
    "Fairfield County",
    "Union County",
    "Madison County",
    "Pickaway County",
  ],
  openingHours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
    { days: ["Saturday"], opens: "08:00", closes: "14:00" },
  ],
  geo: { latitude: 40.0992, longitude: -83.1141 },
  accreditation: {
    bureauName: "Better Business Bureau",
    businessName: "Buckeye Valor Roofing LLC",
    rating: "A-",
    accreditedSince: "2019-03-14",
    complaints: 0,
    standardsText:
      "Accredited businesses commit to the bureau's standards for trust: they build and keep a positive track record, " +
      "advertise honestly, tell the truth about their products and services, and are transparent about their business " +
      "practices, licensing and ownership. They honor their promises, answer customer concerns promptly and in good faith, " +
      "protect the personal information customers share with them, and treat everyone with integrity.",
    profileUrl: "https://www.bbb.org/us/oh/dublin/profile/roofing-contractors/buckeye-valor-roofing-llc-0302-70012345",
  },
  certification: {
    name: "GAF Certified Contractor",
    imageUrl: "/images/badges/certified-contractor.svg",
  },
  partnership: {
    manufacturerUrl: "https://www.gaf.com/en-us/roofing-products/residential-roofing-products/shingles",
    certifiedInfoUrl: "https://www.gaf.com/en-us/roofing-contractors/certified",
  },
  veteranFacts: { activeDutyYears: 24, combatDeploymentMonths: 36 },
  social: {},
};

/** Image of the accreditation badge (not a setting: an original, generic seal). */
export const ACCREDITATION_BADGE_IMAGE_URL = "/images/badges/accredited-business.svg";
