import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "./keys";
import { mapSettingsRows, type SettingRow } from "./map-settings-rows";
import { formatOpeningHours, SOCIAL_NETWORKS, type SaveSiteConfigurationInput } from "./site-configuration-schema";

/**
 * The settings /admin/site-config edits, between their stored form (rows of
 * `cms_site_settings`, as the public site reads them: map-settings-rows.ts)
 * and the form's fields. Pure; no server code.
 */

/** Every setting key the screen writes: the public ones the form shows, the private lead alert address and review link. */
export const SITE_CONFIGURATION_KEYS = [
  K.businessName,
  K.phone,
  K.email,
  PRIVATE_SETTING_KEYS.leadAlertEmail,
  K.addressStreet,
  K.addressLocality,
  K.addressRegion,
  K.addressPostalCode,
  K.addressCountry,
  K.geoLatitude,
  K.geoLongitude,
  K.serviceArea,
  K.openingHours,
  K.accreditationBureauName,
  K.accreditationBusinessName,
  K.accreditationRating,
  K.accreditationAccreditedSince,
  K.accreditationComplaints,
  K.accreditationStandardsText,
  K.accreditationProfileUrl,
  K.certificationName,
  K.certificationImageUrl,
  K.socialLinks,
  PRIVATE_SETTING_KEYS.reviewRequestUrl,
  PRIVATE_SETTING_KEYS.gafCertificationLevel,
  PRIVATE_SETTING_KEYS.contractorLicense,
  PRIVATE_SETTING_KEYS.proposalTerms,
  PRIVATE_SETTING_KEYS.serviceAreaZips,
] as const;

export type SiteConfigurationKey = (typeof SITE_CONFIGURATION_KEYS)[number];

/** Whether Site Configuration edits this setting (its one home: Site Settings shows it read-only). */
export function isSiteConfigurationKey(key: string): boolean {
  return (SITE_CONFIGURATION_KEYS as readonly string[]).includes(key);
}

/** Whether a key is private (never sent to the public site). */
export function isPrivateSiteConfigurationKey(key: string): boolean {
  return (Object.values(PRIVATE_SETTING_KEYS) as string[]).includes(key);
}

function parseSocial(raw: string | undefined): Record<string, string> {
  if (!raw?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/**
 * The form's starting values: what the public site shows now (a missing or
 * malformed row shows its default, as on the public pages), and the private
 * lead alert address as stored ("" when unset: alerts go to the public email).
 */
export function siteConfigurationFormValues(rows: readonly SettingRow[]): Record<string, string> {
  const s = mapSettingsRows(rows);
  const raw = new Map(rows.map((row) => [row.settingKey, row.settingValue ?? ""]));
  const social = parseSocial(raw.get(K.socialLinks));
  return {
    businessName: s.businessName,
    phone: s.phone,
    email: s.email,
    leadAlertEmail: (raw.get(PRIVATE_SETTING_KEYS.leadAlertEmail) ?? "").trim(),
    addressStreet: s.address.street,
    addressLocality: s.address.locality,
    addressRegion: s.address.region,
    addressPostalCode: s.address.postalCode,
    addressCountry: s.address.country,
    geoLatitude: s.geo ? String(s.geo.latitude) : "",
    geoLongitude: s.geo ? String(s.geo.longitude) : "",
    serviceArea: s.serviceArea.join("\n"),
    openingHours: formatOpeningHours(s.openingHours),
    accreditationBureauName: s.accreditation.bureauName,
    accreditationBusinessName: s.accreditation.businessName,
    accreditationRating: s.accreditation.rating,
    accreditationAccreditedSince: s.accreditation.accreditedSince,
    accreditationComplaints: String(s.accreditation.complaints),
    accreditationStandardsText: s.accreditation.standardsText,
    accreditationProfileUrl: s.accreditation.profileUrl ?? "",
    certificationName: s.certification.name,
    certificationImageUrl: s.certification.imageUrl,
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network.field, social[network.key] ?? ""])),
    reviewRequestUrl: (raw.get(PRIVATE_SETTING_KEYS.reviewRequestUrl) ?? "").trim(),
    gafCertificationLevel: (raw.get(PRIVATE_SETTING_KEYS.gafCertificationLevel) ?? "").trim() || "none",
    contractorLicense: (raw.get(PRIVATE_SETTING_KEYS.contractorLicense) ?? "").trim(),
    proposalTerms: raw.get(PRIVATE_SETTING_KEYS.proposalTerms) ?? "",
    serviceAreaZips: (raw.get(PRIVATE_SETTING_KEYS.serviceAreaZips) ?? "").trim(),
  };
}

/**
 * The stored value of every key the screen writes, from a valid submission,
 * in the formats the public site parses (JSON lists and objects, numbers as
 * text, "" for "none"). Social profiles the form does not offer (written by
 * other means) are kept from `currentSocialLinks`.
 */
export function siteConfigurationSettingValues(input: SaveSiteConfigurationInput, currentSocialLinks?: string): Record<SiteConfigurationKey, string> {
  const offered = new Set<string>(SOCIAL_NETWORKS.map((network) => network.key));
  const social: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseSocial(currentSocialLinks))) if (!offered.has(key)) social[key] = value;
  for (const network of SOCIAL_NETWORKS) {
    const value = input[network.field];
    if (value) social[network.key] = value;
  }
  return {
    [K.businessName]: input.businessName,
    [K.phone]: input.phone,
    [K.email]: input.email,
    [PRIVATE_SETTING_KEYS.leadAlertEmail]: input.leadAlertEmail ?? "",
    [K.addressStreet]: input.addressStreet,
    [K.addressLocality]: input.addressLocality,
    [K.addressRegion]: input.addressRegion,
    [K.addressPostalCode]: input.addressPostalCode,
    [K.addressCountry]: input.addressCountry,
    [K.geoLatitude]: input.geoLatitude === null ? "" : String(input.geoLatitude),
    [K.geoLongitude]: input.geoLongitude === null ? "" : String(input.geoLongitude),
    [K.serviceArea]: JSON.stringify(input.serviceArea),
    [K.openingHours]: JSON.stringify(input.openingHours.map(({ days, opens, closes }) => ({ days, opens, closes }))),
    [K.accreditationBureauName]: input.accreditationBureauName,
    [K.accreditationBusinessName]: input.accreditationBusinessName,
    [K.accreditationRating]: input.accreditationRating,
    [K.accreditationAccreditedSince]: input.accreditationAccreditedSince,
    [K.accreditationComplaints]: String(input.accreditationComplaints),
    [K.accreditationStandardsText]: input.accreditationStandardsText,
    [K.accreditationProfileUrl]: input.accreditationProfileUrl ?? "",
    [K.certificationName]: input.certificationName,
    [K.certificationImageUrl]: input.certificationImageUrl,
    [K.socialLinks]: JSON.stringify(social),
    [PRIVATE_SETTING_KEYS.reviewRequestUrl]: input.reviewRequestUrl ?? "",
    [PRIVATE_SETTING_KEYS.gafCertificationLevel]: input.gafCertificationLevel,
    [PRIVATE_SETTING_KEYS.contractorLicense]: input.contractorLicense ?? "",
    [PRIVATE_SETTING_KEYS.proposalTerms]: input.proposalTerms ?? "",
    [PRIVATE_SETTING_KEYS.serviceAreaZips]: input.serviceAreaZips.join(", "),
  };
}
