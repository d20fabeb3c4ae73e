import { parseHttpUrl } from "~/lib/url-safety";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PUBLIC_SETTING_KEYS as K } from "./keys";
import { parseSettingValue, phoneToHref, type PublicSettingValues } from "./setting-schemas";
import type { PublicSiteSettings } from "./types";

/**
 * Pure mapping from `cms_site_settings` rows to `PublicSiteSettings`, through
 * the settings schema (setting-schemas.ts: the same rules Site Settings saves
 * with). A missing row, or a value its key's schema refuses, falls back to the
 * default and is reported through `onWarning` (with the schema's message); an
 * empty value of an optional field (tagline, profile URL, geo) means "none".
 * Never throws.
 */

export interface SettingRow {
  settingKey: string;
  settingValue: string | null;
}

export interface SettingWarning {
  key: string;
  problem: "missing" | "malformed";
  detail?: string;
}

type Warn = (warning: SettingWarning) => void;

const D = DEFAULT_PUBLIC_SITE_SETTINGS;

export { phoneToHref };
/** An absolute http(s) URL, or null: decided in ~/lib/url-safety. */
export { parseHttpUrl };

type PublicKey = keyof PublicSettingValues;

export function mapSettingsRows(rows: readonly SettingRow[], onWarning: Warn = () => {}): PublicSiteSettings {
  const values = new Map<string, string>();
  for (const row of Array.isArray(rows) ? rows : []) {
    if (row && typeof row.settingKey === "string" && typeof row.settingValue === "string") values.set(row.settingKey, row.settingValue);
  }

  /** The public value of `key`, or undefined (reported) when its row is missing or its value refused. */
  function read<Key extends PublicKey>(key: Key): PublicSettingValues[Key] | undefined {
    const raw = values.get(key);
    if (raw === undefined) {
      onWarning({ key, problem: "missing" });
      return undefined;
    }
    const parsed = parseSettingValue(key, raw);
    if (!parsed.ok) {
      onWarning({ key, problem: "malformed", detail: parsed.message });
      return undefined;
    }
    return parsed.value as PublicSettingValues[Key];
  }

  const phone = read(K.phone) ?? { phone: D.phone, phoneHref: D.phoneHref };

  return {
    businessName: read(K.businessName) ?? D.businessName,
    tagline: read(K.tagline) ?? D.tagline,
    phone: phone.phone,
    phoneHref: phone.phoneHref,
    email: read(K.email) ?? D.email,
    address: {
      street: read(K.addressStreet) ?? D.address.street,
      locality: read(K.addressLocality) ?? D.address.locality,
      region: read(K.addressRegion) ?? D.address.region,
      postalCode: read(K.addressPostalCode) ?? D.address.postalCode,
      country: read(K.addressCountry) ?? D.address.country,
    },
    serviceArea: read(K.serviceArea) ?? [...D.serviceArea],
    openingHours: read(K.openingHours) ?? D.openingHours.map((h) => ({ ...h, days: [...h.days] })),
    geo: readGeo(read(K.geoLatitude), read(K.geoLongitude), onWarning),
    accreditation: {
      bureauName: read(K.accreditationBureauName) ?? D.accreditation.bureauName,
      businessName: read(K.accreditationBusinessName) ?? D.accreditation.businessName,
      rating: read(K.accreditationRating) ?? D.accreditation.rating,
      accreditedSince: read(K.accreditationAccreditedSince) ?? D.accreditation.accreditedSince,
      complaints: read(K.accreditationComplaints) ?? D.accreditation.complaints,
      standardsText: read(K.accreditationStandardsText) ?? D.accreditation.standardsText,
      profileUrl: withDefault(read(K.accreditationProfileUrl), D.accreditation.profileUrl),
    },
    certification: {
      name: read(K.certificationName) ?? D.certification.name,
      imageUrl: read(K.certificationImageUrl) ?? D.certification.imageUrl,
    },
    partnership: {
      manufacturerUrl: read(K.manufacturerPartnershipUrl) ?? D.partnership.manufacturerUrl,
      certifiedInfoUrl: read(K.manufacturerCertifiedInfoUrl) ?? D.partnership.certifiedInfoUrl,
    },
    veteranFacts: {
      activeDutyYears: read(K.veteranActiveDutyYears) ?? D.veteranFacts.activeDutyYears,
      combatDeploymentMonths: read(K.veteranCombatDeploymentMonths) ?? D.veteranFacts.combatDeploymentMonths,
    },
    social: read(K.socialLinks) ?? { ...D.social },
  };
}

/** `value` unless it is undefined (missing or refused): null is a value ("none"). */
function withDefault<T>(value: T | null | undefined, fallback: T | null): T | null {
  return value === undefined ? fallback : value;
}

/**
 * Both coordinates, or neither (both empty: no location published). Only one set is reported and
 * publishes none; a missing or refused one gives the default location.
 */
function readGeo(latitude: number | null | undefined, longitude: number | null | undefined, warn: Warn): PublicSiteSettings["geo"] {
  if (latitude === null && longitude === null) return null;
  if (typeof latitude === "number" && typeof longitude === "number") return { latitude, longitude };
  if (latitude === null || longitude === null) {
    warn({ key: latitude === null ? K.geoLatitude : K.geoLongitude, problem: "malformed", detail: "Enter both the latitude and the longitude, or leave both empty." });
    return null;
  }
  return D.geo ? { ...D.geo } : null;
}
