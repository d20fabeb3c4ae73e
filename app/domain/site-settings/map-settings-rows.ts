import { isSitePath, parseHttpUrl } from "~/lib/url-safety";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PUBLIC_SETTING_KEYS as K } from "./keys";
import { SCHEMA_ORG_DAYS, type OpeningHours, type PublicSiteSettings } from "./types";

/**
 * Pure mapping from `cms_site_settings` rows to `PublicSiteSettings`.
 *
 * Rules: a missing row, or a value that does not parse, falls back to the
 * default (and is reported through `onWarning`); an empty value of an optional
 * field (tagline, profile URL, geo) means "none". Never throws.
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

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const EMAIL_PATTERN = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;
const MAX_TEXT = 5000;

/** `(614) 555-0147` -> `tel:+16145550147`; null when it holds too few or too many digits. */
export function phoneToHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** An absolute http(s) URL, or null: decided in ~/lib/url-safety. */
export { parseHttpUrl };

/** A root-relative path ("/images/x.svg") or an absolute http(s) URL, or null. */
function parseImageUrl(value: string): string | null {
  const trimmed = value.trim();
  if (isSitePath(trimmed)) return trimmed;
  return parseHttpUrl(trimmed);
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

class Reader {
  private readonly values = new Map<string, string>();

  constructor(
    rows: readonly SettingRow[],
    private readonly warn: Warn,
  ) {
    for (const row of rows) {
      if (row && typeof row.settingKey === "string" && typeof row.settingValue === "string") {
        this.values.set(row.settingKey, row.settingValue);
      }
    }
  }

  /** The raw value, or undefined (reported as missing). */
  raw(key: string): string | undefined {
    const value = this.values.get(key);
    if (value === undefined) this.warn({ key, problem: "missing" });
    return value;
  }

  malformed(key: string, detail: string): void {
    this.warn({ key, problem: "malformed", detail });
  }

  /** Required text: missing, empty or oversize values fall back. */
  text(key: string, fallback: string, validate?: (v: string) => boolean): string {
    const value = this.raw(key)?.trim();
    if (value === undefined) return fallback;
    if (!value || value.length > MAX_TEXT || (validate && !validate(value))) {
      this.malformed(key, "empty or invalid text");
      return fallback;
    }
    return value;
  }

  /** Optional text: an empty value is kept as "". */
  optionalText(key: string, fallback: string): string {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    const trimmed = value.trim();
    if (trimmed.length > MAX_TEXT) {
      this.malformed(key, "too long");
      return fallback;
    }
    return trimmed;
  }

  /** A non-negative integer. */
  count(key: string, fallback: number): number {
    const value = this.raw(key)?.trim();
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!value || !Number.isInteger(n) || n < 0) {
      this.malformed(key, "not a non-negative integer");
      return fallback;
    }
    return n;
  }

  /** A finite number within [min, max]; "" means absent (null). */
  optionalNumber(key: string, min: number, max: number): number | null | undefined {
    const value = this.raw(key)?.trim();
    if (value === undefined) return undefined;
    if (value === "") return null;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) {
      this.malformed(key, `not a number between ${min} and ${max}`);
      return undefined;
    }
    return n;
  }

  url(key: string, fallback: string): string {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    const url = parseHttpUrl(value);
    if (!url) {
      this.malformed(key, "not an http(s) URL");
      return fallback;
    }
    return url;
  }

  /** "" means no URL (null). */
  optionalUrl(key: string, fallback: string | null): string | null {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    if (!value.trim()) return null;
    const url = parseHttpUrl(value);
    if (!url) {
      this.malformed(key, "not an http(s) URL");
      return fallback;
    }
    return url;
  }
}

function readServiceArea(r: Reader): string[] {
  const raw = r.raw(K.serviceArea);
  if (raw === undefined) return [...D.serviceArea];
  const trimmed = raw.trim();
  let items: unknown;
  if (trimmed.startsWith("[")) {
    items = parseJson(trimmed);
  } else {
    // Staff may type a plain list: "Columbus, Dublin, ...".
    items = trimmed.split(/[,\n]/);
  }
  if (!Array.isArray(items)) {
    r.malformed(K.serviceArea, "not a list");
    return [...D.serviceArea];
  }
  const places = items
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= 200);
  if (places.length === 0) {
    r.malformed(K.serviceArea, "no place names");
    return [...D.serviceArea];
  }
  return [...new Set(places)];
}

function readOpeningHours(r: Reader): OpeningHours[] {
  const fallback = () => D.openingHours.map((h) => ({ ...h, days: [...h.days] }));
  const raw = r.raw(K.openingHours);
  if (raw === undefined) return fallback();
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) {
    r.malformed(K.openingHours, "not a JSON list");
    return fallback();
  }
  const days = new Set<string>(SCHEMA_ORG_DAYS);
  const result: OpeningHours[] = [];
  for (const entry of parsed) {
    if (typeof entry !== "object" || entry === null) continue;
    const { days: d, opens, closes } = entry as Record<string, unknown>;
    if (
      !Array.isArray(d) ||
      d.length === 0 ||
      !d.every((day) => typeof day === "string" && days.has(day)) ||
      typeof opens !== "string" ||
      typeof closes !== "string" ||
      !TIME_PATTERN.test(opens) ||
      !TIME_PATTERN.test(closes)
    ) {
      r.malformed(K.openingHours, "an entry is not {days, opens, closes}");
      continue;
    }
    result.push({ days: [...(d as string[])], opens, closes });
  }
  if (result.length === 0 && parsed.length > 0) return fallback();
  return result;
}

function readGeo(r: Reader): PublicSiteSettings["geo"] {
  const latitude = r.optionalNumber(K.geoLatitude, -90, 90);
  const longitude = r.optionalNumber(K.geoLongitude, -180, 180);
  // Both explicitly empty: no location published.
  if (latitude === null && longitude === null) return null;
  if (typeof latitude === "number" && typeof longitude === "number") return { latitude, longitude };
  if (latitude === null || longitude === null) {
    r.malformed(latitude === null ? K.geoLatitude : K.geoLongitude, "only one coordinate set");
    return null;
  }
  return D.geo ? { ...D.geo } : null;
}

function readSocial(r: Reader): Record<string, string> {
  const raw = r.raw(K.socialLinks);
  if (raw === undefined || raw.trim() === "") return {};
  const parsed = parseJson(raw);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    r.malformed(K.socialLinks, "not a JSON object");
    return {};
  }
  const links: Record<string, string> = {};
  for (const [network, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== "string" || !value.trim()) continue;
    const url = parseHttpUrl(value);
    if (!url || !/^[A-Za-z0-9_-]{1,40}$/.test(network)) {
      r.malformed(K.socialLinks, `bad entry "${network.slice(0, 40)}"`);
      continue;
    }
    links[network] = url;
  }
  return links;
}

export function mapSettingsRows(rows: readonly SettingRow[], onWarning: Warn = () => {}): PublicSiteSettings {
  const r = new Reader(Array.isArray(rows) ? rows : [], onWarning);

  const phone = r.text(K.phone, D.phone, (v) => phoneToHref(v) !== null);
  const phoneHref = phoneToHref(phone) ?? D.phoneHref;

  return {
    businessName: r.text(K.businessName, D.businessName),
    tagline: r.optionalText(K.tagline, D.tagline),
    phone,
    phoneHref,
    email: r.text(K.email, D.email, (v) => EMAIL_PATTERN.test(v) && v.length <= 320),
    address: {
      street: r.text(K.addressStreet, D.address.street),
      locality: r.text(K.addressLocality, D.address.locality),
      region: r.text(K.addressRegion, D.address.region),
      postalCode: r.text(K.addressPostalCode, D.address.postalCode),
      country: r.text(K.addressCountry, D.address.country),
    },
    serviceArea: readServiceArea(r),
    openingHours: readOpeningHours(r),
    geo: readGeo(r),
    accreditation: {
      bureauName: r.text(K.accreditationBureauName, D.accreditation.bureauName),
      businessName: r.text(K.accreditationBusinessName, D.accreditation.businessName),
      rating: r.text(K.accreditationRating, D.accreditation.rating, (v) => v.length <= 10),
      accreditedSince: r.text(K.accreditationAccreditedSince, D.accreditation.accreditedSince, (v) =>
        ISO_DATE_PATTERN.test(v),
      ),
      complaints: r.count(K.accreditationComplaints, D.accreditation.complaints),
      standardsText: r.text(K.accreditationStandardsText, D.accreditation.standardsText),
      profileUrl: r.optionalUrl(K.accreditationProfileUrl, D.accreditation.profileUrl),
    },
    certification: {
      name: r.text(K.certificationName, D.certification.name),
      imageUrl: r.text(K.certificationImageUrl, D.certification.imageUrl, (v) => parseImageUrl(v) !== null),
    },
    partnership: {
      manufacturerUrl: r.url(K.manufacturerPartnershipUrl, D.partnership.manufacturerUrl),
      certifiedInfoUrl: r.url(K.manufacturerCertifiedInfoUrl, D.partnership.certifiedInfoUrl),
    },
    veteranFacts: {
      activeDutyYears: r.count(K.veteranActiveDutyYears, D.veteranFacts.activeDutyYears),
      combatDeploymentMonths: r.count(K.veteranCombatDeploymentMonths, D.veteranFacts.combatDeploymentMonths),
    },
    social: readSocial(r),
  };
}
