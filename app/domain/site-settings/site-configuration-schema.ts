import { z } from "zod";
import { emailAddress, isHttpUrl, isSitePath, optionalHttpUrl, optionalText, requiredText, TEXT_ERRORS, wholeNumber } from "~/lib/text-fields";
import { isHttpsUrl, pastDate, pastDateProblem } from "./setting-schemas";
import { parseServiceAreaZips, SERVICE_AREA_TEXT } from "~/domain/leads/service-area";
import { SCHEMA_ORG_DAYS, type OpeningHours } from "./types";

/**
 * What /admin/site-config sends (spec 1 §2: the dashboard's "Site Configuration"
 * card; its screen is not shown in the spec, ADR 020): the business facts the
 * public pages and their JSON-LD use, as one typed form. Shared by the browser
 * (field errors before posting) and the action. No server code here.
 */

/** The screen's texts. The spec shows no texts for it: they follow the catalogue's pattern (spec 2 §8). */
export const SITE_CONFIG_TEXT = {
  title: "Site Configuration",
  loading: "Loading site configuration...",
  loadFailed: "Failed to load site configuration. Please try again.",
  saveFailed: "Failed to save site configuration. Please try again.",
  saved: "Site configuration saved successfully!",
  phone: "Enter a US phone number with its area code, like (614) 555-0123.",
  email: "Enter an email address, like office@example.com.",
  postalCode: "Enter a ZIP code, like 43017 or 43017-1234.",
  country: "Enter a two-letter country code, like US.",
  latitude: "Enter a latitude from -90 to 90, like 40.0992.",
  longitude: "Enter a longitude from -180 to 180, like -83.1141.",
  geoBoth: "Enter both the latitude and the longitude, or leave both blank.",
  serviceAreaRequired: "Enter at least one city or county.",
  date: "Enter a date as YYYY-MM-DD, like 2019-03-14, not in the future.",
  imageUrl: TEXT_ERRORS.urlOrPath,
  reviewLink: "Enter the full address of your review page, starting with https://, or leave it blank.",
} as const;

/** US states and DC, for the address's region (a select). */
export const US_STATES = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"], ["CO", "Colorado"],
  ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"], ["GA", "Georgia"],
  ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"],
  ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"],
  ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"],
  ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"],
  ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"], ["OK", "Oklahoma"],
  ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"],
  ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"], ["WA", "Washington"],
  ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
] as const satisfies ReadonlyArray<readonly [string, string]>;
const STATE_CODES = US_STATES.map(([code]) => code) as [string, ...string[]];

/** The business's social profiles the form offers, and their keys in the `social_links` JSON object. */
export const SOCIAL_NETWORKS = [
  { field: "socialFacebook", key: "facebook", label: "Facebook" },
  { field: "socialInstagram", key: "instagram", label: "Instagram" },
  { field: "socialLinkedin", key: "linkedin", label: "LinkedIn" },
  { field: "socialYoutube", key: "youtube", label: "YouTube" },
  { field: "socialX", key: "x", label: "X" },
  { field: "socialGoogle", key: "google", label: "Google Business Profile" },
] as const;

/* ------------------------------------------------------------------------ */
/* Phone                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * A US (NANP) phone number typed any common way ("(614) 555-0147", "614-555-0147",
 * "614.555.0147", "+1 614 555 0147", "6145550147") as "(614) 555-0147", or null:
 * ten digits (or eleven with the leading 1), area code and exchange starting 2-9,
 * and only digits, spaces and ( ) - . + around them.
 */
export function normalizeUsPhone(value: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (value.trim().startsWith("+") && !digits.startsWith("1")) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const usPhone = requiredText({ max: 30 })
  .transform((value, ctx) => {
    const phone = normalizeUsPhone(value);
    if (phone === null) {
      ctx.addIssue({ code: "custom", message: SITE_CONFIG_TEXT.phone });
      return z.NEVER;
    }
    return phone;
  });

/* ------------------------------------------------------------------------ */
/* Opening hours: one line per day or run of days                           */
/* ------------------------------------------------------------------------ */

/**
 * The opening hours as staff type them: one line per day or run of consecutive
 * days, then the opening and closing time in 24-hour HH:MM:
 *
 *   Monday-Friday 07:00-18:00
 *   Saturday 08:00-14:00
 *
 * Day names in full (any case), a hyphen or en dash in ranges, runs inside one
 * week (Monday to Sunday), closing after opening, each day at most once.
 * Days not listed are closed; no lines means no hours are published.
 */
export const HOURS_FORMAT_HINT = "One line per day or run of days, 24-hour times, e.g. “Monday-Friday 07:00-18:00”. Days not listed are closed.";

const DAY_INDEX = new Map<string, number>(SCHEMA_ORG_DAYS.map((day, index) => [day.toLowerCase(), index]));
const HOURS_LINE = /^([A-Za-z]+)(?:\s*[-–]\s*([A-Za-z]+))?\s+([01]\d|2[0-3]):([0-5]\d)\s*[-–]\s*([01]\d|2[0-3]):([0-5]\d)$/;

export type HoursParse = { ok: true; hours: OpeningHours[] } | { ok: false; message: string };

export function parseOpeningHours(text: string): HoursParse {
  const hours: OpeningHours[] = [];
  const seen = new Set<number>();
  const lines = text.split("\n").map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    const where = `Line ${index + 1} (“${line.length > 40 ? `${line.slice(0, 40)}…` : line}”)`;
    const match = HOURS_LINE.exec(line);
    if (!match) return { ok: false, message: `${where} is not like “Monday-Friday 07:00-18:00”.` };
    const [, firstName, lastName, oh, om, ch, cm] = match as unknown as [string, string, string | undefined, string, string, string, string];
    const first = DAY_INDEX.get(firstName.toLowerCase());
    const last = lastName === undefined ? first : DAY_INDEX.get(lastName.toLowerCase());
    if (first === undefined || last === undefined) {
      return { ok: false, message: `${where}: write the days in full, like Monday or Saturday.` };
    }
    if (last < first) return { ok: false, message: `${where}: a run of days goes from Monday towards Sunday.` };
    if (`${ch}:${cm}` <= `${oh}:${om}`) return { ok: false, message: `${where}: the closing time must be after the opening time.` };
    const days: string[] = [];
    for (let day = first; day <= last; day++) {
      if (seen.has(day)) return { ok: false, message: `${where}: ${SCHEMA_ORG_DAYS[day]} is listed twice.` };
      seen.add(day);
      days.push(SCHEMA_ORG_DAYS[day]!);
    }
    hours.push({ days, opens: `${oh}:${om}`, closes: `${ch}:${cm}` });
  }
  return { ok: true, hours };
}

/** The form text of stored hours (the inverse of `parseOpeningHours` for runs of consecutive days). */
export function formatOpeningHours(hours: readonly OpeningHours[]): string {
  const lines: string[] = [];
  for (const entry of hours) {
    const indexes = entry.days.map((day) => DAY_INDEX.get(day.toLowerCase()) ?? -1);
    // Split into runs of consecutive days (stored hours may list days that are not consecutive).
    let start = 0;
    for (let i = 1; i <= indexes.length; i++) {
      if (i === indexes.length || indexes[i] !== indexes[i - 1]! + 1) {
        const first = entry.days[start]!;
        const last = entry.days[i - 1]!;
        lines.push(`${first === last ? first : `${first}-${last}`} ${entry.opens}-${entry.closes}`);
        start = i;
      }
    }
  }
  return lines.join("\n");
}

const openingHours = optionalText({ max: 2000, multiline: true }).transform((value, ctx) => {
  const parsed = parseOpeningHours(value ?? "");
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.hours;
});

/* ------------------------------------------------------------------------ */
/* Service area, coordinates, dates                                          */
/* ------------------------------------------------------------------------ */

const MAX_PLACES = 100;

const serviceArea = requiredText({ max: 10_000, multiline: true, requiredMessage: SITE_CONFIG_TEXT.serviceAreaRequired }).transform((value, ctx) => {
  const places = value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  for (const place of places) {
    if (place.length > 200) {
      ctx.addIssue({ code: "custom", message: `Use at most 200 characters per place (“${place.slice(0, 40)}…”).` });
      return z.NEVER;
    }
    if (seen.has(place.toLowerCase())) {
      ctx.addIssue({ code: "custom", message: `${place} is listed twice.` });
      return z.NEVER;
    }
    seen.add(place.toLowerCase());
  }
  if (places.length > MAX_PLACES) {
    ctx.addIssue({ code: "custom", message: `List at most ${MAX_PLACES} places.` });
    return z.NEVER;
  }
  return places;
});

const DECIMAL = /^-?\d{1,3}(\.\d{1,8})?$/;

/** An optional decimal degree in [-limit, limit] ("40.0992"); blank = null. */
function coordinate(limit: number, message: string) {
  return optionalText({ max: 20 }).transform((value, ctx) => {
    if (value === null) return null;
    const n = Number(value);
    if (!DECIMAL.test(value) || !Number.isFinite(n) || Math.abs(n) > limit) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n === 0 ? 0 : n; // never "-0"
  });
}

/** A real calendar date written YYYY-MM-DD, from 1900 and not in the future (the settings schema's rule, setting-schemas.ts). */
export function isPastIsoDate(value: string): boolean {
  return pastDateProblem(value) === null;
}

const imageUrl = requiredText({ max: 2000 }).refine((value) => isHttpUrl(value) || isSitePath(value), SITE_CONFIG_TEXT.imageUrl);

const email = emailAddress({ max: 254, invalidMessage: SITE_CONFIG_TEXT.email });
const optionalEmail = optionalText({ max: 254 }).refine((value) => value === null || z.email().safeParse(value).success, SITE_CONFIG_TEXT.email);

/* ------------------------------------------------------------------------ */
/* The intent                                                               */
/* ------------------------------------------------------------------------ */

const socialFields = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network.field, optionalHttpUrl()])) as {
  [N in (typeof SOCIAL_NETWORKS)[number] as N["field"]]: ReturnType<typeof optionalHttpUrl>;
};

export const saveSiteConfigurationSchema = z
  .strictObject({
    intent: z.literal("save-site-configuration"),
    businessName: requiredText({ max: 200 }),
    phone: usPhone,
    email,
    leadAlertEmail: optionalEmail,
    addressStreet: requiredText({ max: 200 }),
    addressLocality: requiredText({ max: 100 }),
    addressRegion: z.enum(STATE_CODES, TEXT_ERRORS.choice),
    addressPostalCode: requiredText({ max: 10 }).refine((value) => /^\d{5}(-\d{4})?$/.test(value), SITE_CONFIG_TEXT.postalCode),
    addressCountry: requiredText({ max: 2 }).refine((value) => /^[A-Z]{2}$/.test(value), SITE_CONFIG_TEXT.country),
    geoLatitude: coordinate(90, SITE_CONFIG_TEXT.latitude),
    geoLongitude: coordinate(180, SITE_CONFIG_TEXT.longitude),
    serviceArea,
    openingHours,
    accreditationBureauName: requiredText({ max: 200 }),
    accreditationBusinessName: requiredText({ max: 200 }),
    accreditationRating: requiredText({ max: 10 }),
    // The settings schema's date (setting-schemas.ts): its message says what is wrong ("February 2019 has no 30th day...").
    // Room for a date typed another way ("March 3, 2019"): the date rule then says how to write it, not "at most 10 characters".
    accreditationAccreditedSince: requiredText({ max: 40, requiredMessage: SITE_CONFIG_TEXT.date }).pipe(pastDate),
    accreditationComplaints: wholeNumber({ min: 0, max: 100_000 }),
    accreditationStandardsText: requiredText({ max: 5000, multiline: true }),
    accreditationProfileUrl: optionalHttpUrl(),
    certificationName: requiredText({ max: 200 }),
    certificationImageUrl: imageUrl,
    ...socialFields,
    reviewRequestUrl: optionalText({ max: 2000 }).refine((value) => value === null || isHttpsUrl(value), SITE_CONFIG_TEXT.reviewLink),
    gafCertificationLevel: z.enum(["none", "certified", "certified-plus", "master-elite"], TEXT_ERRORS.choice),
    contractorLicense: optionalText({ max: 200 }),
    proposalTerms: optionalText({ max: 20_000, multiline: true }),
    serviceAreaZips: optionalText({ max: 20_000, multiline: true }).transform((value, ctx) => {
      const parsed = parseServiceAreaZips(value ?? "");
      if (parsed.invalid !== null) {
        ctx.addIssue({ code: "custom", message: SERVICE_AREA_TEXT.invalid(parsed.invalid.slice(0, 20)) });
        return z.NEVER;
      }
      return parsed.zips;
    }),
  })
  .superRefine((value, ctx) => {
    // Both coordinates, or neither (the public site publishes no location then).
    if ((value.geoLatitude === null) !== (value.geoLongitude === null)) {
      ctx.addIssue({ code: "custom", path: [value.geoLatitude === null ? "geoLatitude" : "geoLongitude"], message: SITE_CONFIG_TEXT.geoBoth });
    }
  });

export type SaveSiteConfigurationInput = z.output<typeof saveSiteConfigurationSchema>;

export const siteConfigurationActionSchema = z.discriminatedUnion("intent", [saveSiteConfigurationSchema]);
