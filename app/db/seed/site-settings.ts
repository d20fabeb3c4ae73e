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

/** The terms a new proposal carries until staff write their own in Site Configuration (issue 30). */
const DEFAULT_PROPOSAL_TERMS = [
  "1. Scope. The work is what the accepted option and add-ons list, on the roof measured at the inspection. Rotten decking found after tear-off is replaced at the listed price per sheet, only with your approval.",
  "2. Price. Prices hold until the proposal's expiry date. The deposit is due when you accept; the balance when the work is complete and you have walked the roof with us.",
  "3. Schedule. We agree the start date with you after acceptance; weather may move it. We protect your landscaping and sweep for nails every day.",
  "4. Warranty. The manufacturer's warranty named in the accepted option applies when its requirements are met and the installation is registered with GAF; we register it within 45 days of completion. Our workmanship warranty is separate.",
  "5. Permits and insurance. We pull the required permits and carry general liability and workers' compensation insurance; certificates on request.",
  "6. Cancellation. You may cancel within three business days of accepting (Ohio Home Solicitation Sales Act) by telling us in writing; the deposit is then returned in full.",
].join("\n\n");

/** Private settings of seed step 3 (service area, issue 31; proposals, issue 30): also written into a database seeded before them. */
export const SEED_V3_PRIVATE_SETTINGS: SeedSetting[] = [
  {
    settingKey: PRIVATE_SETTING_KEYS.serviceAreaZips,
    // Central Ohio: Columbus and the counties around it (430-433); staff narrow or widen it.
    settingValue: "430, 431, 432, 433",
    settingType: "text",
    category: "general",
    description: "ZIP codes (or 3-digit prefixes) of the service area (private; empty: everywhere)",
    isPublic: false,
  },
  {
    settingKey: PRIVATE_SETTING_KEYS.gafCertificationLevel,
    settingValue: "certified",
    settingType: "text",
    category: "certifications",
    description: "GAF certification level for proposals' warranties (private): none, certified, certified-plus or master-elite",
    isPublic: false,
  },
  {
    settingKey: PRIVATE_SETTING_KEYS.contractorLicense,
    settingValue: "",
    settingType: "text",
    category: "certifications",
    description: "Licence and registration printed on proposals (private)",
    isPublic: false,
  },
  {
    settingKey: PRIVATE_SETTING_KEYS.proposalTerms,
    settingValue: DEFAULT_PROPOSAL_TERMS,
    settingType: "text",
    category: "general",
    description: "Terms and conditions of new proposals (private)",
    isPublic: false,
  },
];

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

  ...SEED_V3_PRIVATE_SETTINGS,

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

