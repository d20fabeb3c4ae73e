import type { NewCmsSiteSetting } from "~/db/schema";
import { DEFAULT_PUBLIC_SITE_SETTINGS as S } from "~/domain/site-settings/defaults";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "~/domain/site-settings/keys";

/**
 * Initial `cms_site_settings`. The public values come from the site-settings
 * defaults, so the seeded rows and the fallbacks never disagree.
 */

type SeedSetting = Required<Pick<NewCmsSiteSetting, "settingKey" | "settingValue" | "settingType" | "category" | "isPublic">> &
  Pick<NewCmsSiteSetting, "description">;

const pub = (
  settingKey: string,
  settingValue: string | number,
  settingType: SeedSetting["settingType"],
  category: SeedSetting["category"],
  description: string,
): SeedSetting => ({ settingKey, settingValue: String(settingValue), settingType, category, description, isPublic: true });

export const SITE_SETTING_SEEDS: SeedSetting[] = [
  // general
  pub(K.businessName, S.businessName, "text", "general", "Business name shown in the header, footer and search results"),
  pub(K.tagline, S.tagline, "text", "general", "One-line description of the business"),
  pub(K.serviceArea, JSON.stringify(S.serviceArea), "json", "general", "Cities and counties served (JSON list of names)"),
  pub(
    K.openingHours,
    JSON.stringify(S.openingHours),
    "json",
    "general",
    'Office hours: JSON list of {"days": ["Monday", ...], "opens": "07:00", "closes": "18:00"}',
  ),
  pub(K.veteranActiveDutyYears, S.veteranFacts.activeDutyYears, "number", "general", "Combined years of active duty of the leadership team"),
  pub(
    K.veteranCombatDeploymentMonths,
    S.veteranFacts.combatDeploymentMonths,
    "number",
    "general",
    "Combined months of combat deployments of the leadership team",
  ),

  // contact
  pub(K.phone, S.phone, "text", "contact", "Public phone number"),
  pub(K.email, S.email, "text", "contact", "Public email address"),
  pub(K.addressStreet, S.address.street, "text", "contact", "Office street address"),
  pub(K.addressLocality, S.address.locality, "text", "contact", "Office city"),
  pub(K.addressRegion, S.address.region, "text", "contact", "Office state (two-letter code)"),
  pub(K.addressPostalCode, S.address.postalCode, "text", "contact", "Office ZIP code"),
  pub(K.addressCountry, S.address.country, "text", "contact", "Office country (two-letter code)"),
  pub(K.geoLatitude, S.geo?.latitude ?? "", "number", "contact", "Office latitude, for maps and search engines (empty to hide)"),
  pub(K.geoLongitude, S.geo?.longitude ?? "", "number", "contact", "Office longitude, for maps and search engines (empty to hide)"),
  {
    settingKey: PRIVATE_SETTING_KEYS.leadAlertEmail,
    settingValue: S.email,
    settingType: "text",
    category: "contact",
    description: "Where new inspection requests are emailed (private)",
    isPublic: false,
  },
  {
    settingKey: PRIVATE_SETTING_KEYS.reviewRequestUrl,
    settingValue: "",
    settingType: "url",
    category: "social",
    description: "The review link the review request email sends (private; empty: the Google Business Profile link)",
    isPublic: false,
  },

  // certifications
  pub(K.accreditationBureauName, S.accreditation.bureauName, "text", "certifications", "Accreditation bureau name"),
  pub(K.accreditationBusinessName, S.accreditation.businessName, "text", "certifications", "Business name as listed by the bureau"),
  pub(K.accreditationRating, S.accreditation.rating, "text", "certifications", "Bureau rating, e.g. A+"),
  pub(K.accreditationAccreditedSince, S.accreditation.accreditedSince, "text", "certifications", "Accredited since (YYYY-MM-DD)"),
  pub(K.accreditationComplaints, S.accreditation.complaints, "number", "certifications", "Complaints on file with the bureau"),
  pub(K.accreditationStandardsText, S.accreditation.standardsText, "text", "certifications", "Accreditation standards shown in the badge dialog"),
  pub(K.accreditationProfileUrl, S.accreditation.profileUrl ?? "", "url", "certifications", "Link to the bureau profile (empty to hide)"),
  pub(K.certificationName, S.certification.name, "text", "certifications", "Manufacturer certification shown on the badge"),
  pub(K.certificationImageUrl, S.certification.imageUrl, "text", "certifications", "Certification badge image (path or URL)"),
  pub(K.manufacturerPartnershipUrl, S.partnership.manufacturerUrl, "url", "certifications", "Manufacturer's shingles page (partnership block)"),
  pub(K.manufacturerCertifiedInfoUrl, S.partnership.certifiedInfoUrl, "url", "certifications", "\"Learn why we're GAF certified\" link"),

  // social
  pub(K.socialLinks, JSON.stringify(S.social), "json", "social", 'Social profiles: JSON object such as {"facebook": "https://..."}'),
];
