/**
 * Keys of the public rows of `cms_site_settings` that make up
 * `PublicSiteSettings`. The seed writes exactly these; staff edit their values
 * in /admin/cms/settings.
 */
export const PUBLIC_SETTING_KEYS = {
  businessName: "business_name",
  tagline: "tagline",
  serviceArea: "service_area",
  openingHours: "opening_hours",
  veteranActiveDutyYears: "veteran_active_duty_years",
  veteranCombatDeploymentMonths: "veteran_combat_deployment_months",

  phone: "phone",
  email: "email",
  addressStreet: "address_street",
  addressLocality: "address_locality",
  addressRegion: "address_region",
  addressPostalCode: "address_postal_code",
  addressCountry: "address_country",
  geoLatitude: "geo_latitude",
  geoLongitude: "geo_longitude",

  accreditationBureauName: "accreditation_bureau_name",
  accreditationBusinessName: "accreditation_business_name",
  accreditationRating: "accreditation_rating",
  accreditationAccreditedSince: "accreditation_accredited_since",
  accreditationComplaints: "accreditation_complaints",
  accreditationStandardsText: "accreditation_standards_text",
  accreditationProfileUrl: "accreditation_profile_url",
  certificationName: "certification_name",
  certificationImageUrl: "certification_image_url",
  manufacturerPartnershipUrl: "manufacturer_partnership_url",
  manufacturerCertifiedInfoUrl: "manufacturer_certified_info_url",

  socialLinks: "social_links",
} as const;

/** Private settings (never sent to the public site). */
export const PRIVATE_SETTING_KEYS = {
  /** Where new-lead alerts are sent. */
  leadAlertEmail: "lead_alert_email",
  /** The business's review page, linked from the review request email (issue 22 item 6). */
  reviewRequestUrl: "review_request_url",
  /** The company's GAF certification level: decides which warranty a proposal's option qualifies for (issue 30). */
  gafCertificationLevel: "gaf_certification_level",
  /** Licence and registration facts printed on proposals (letterhead). */
  contractorLicense: "contractor_license",
  /** The ZIP codes (or 3-digit prefixes) the company serves; empty: everywhere (issue 31 item 2). */
  serviceAreaZips: "service_area_zips",
  /** The terms and conditions every new proposal carries. */
  proposalTerms: "proposal_terms",
} as const;
