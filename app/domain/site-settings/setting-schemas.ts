import { z } from "zod";
import { isHttpUrl, isSitePath, parseHttpUrl } from "~/lib/url-safety";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "./keys";
import { SCHEMA_ORG_DAYS, type OpeningHours } from "./types";

/**
 * The settings the site reads, as ONE zod schema (SITE_SETTINGS_SCHEMA): for each setting key, what its
 * stored value (the text of its `cms_site_settings` row) must be, and the value the public site makes of
 * it. The same schema decides both:
 * - saving: Site Settings (/admin/cms/settings) refuses a value its key's schema refuses, with the
 *   schema's message (setting-rules.ts); the Site Configuration form uses its date rule;
 * - reading: the public read model (map-settings-rows.ts) uses the parsed value, or the default with a
 *   warning carrying the same message.
 * Pure, no server code: the browser loads it with the forms.
 */

const MAX_TEXT = 5000;

const SETTING_VALUE_MESSAGES = {
  required: "Enter a value: the website shows this setting.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  phone: "Enter a phone number with 7 to 15 digits, like (614) 555-0123.",
  email: "Enter an email address, like office@example.com.",
  count: "Enter a whole number of 0 or more, like 24.",
  latitude: "Enter a latitude from -90 to 90, like 40.0992, or leave it empty.",
  longitude: "Enter a longitude from -180 to 180, like -83.1141, or leave it empty.",
  url: "Enter a full web address starting with http:// or https://.",
  optionalUrl: "Enter a full web address starting with http:// or https://, or leave it empty.",
  httpsUrl: "Enter a full web address starting with https://, or leave it empty.",
  imageUrl: "Enter a full web address starting with http:// or https://, or a path on this site starting with /.",
  serviceArea: 'Enter the places as a JSON list, like ["Columbus", "Dublin"], or separated by commas.',
  serviceAreaEmpty: "Enter at least one city or county.",
  serviceAreaPlace: "Use at most 200 characters per place.",
  openingHours: 'Enter the hours as a JSON list, like [{"days": ["Monday", "Friday"], "opens": "07:00", "closes": "18:00"}], or [] for none.',
  openingHoursEntry: (n: number) =>
    `Entry ${n} of the hours must be like {"days": ["Monday", "Friday"], "opens": "07:00", "closes": "18:00"}: days named in full, times in 24-hour HH:MM.`,
  socialLinks: 'Enter the profiles as a JSON object, like {"facebook": "https://www.facebook.com/..."}, or {} for none.',
  socialNetwork: (network: string) => `“${network}” cannot be a network name: use letters, digits, - and _ (at most 40).`,
  socialUrl: (network: string) => `The ${network} profile must be a full web address starting with http:// or https://.`,
  dateFormat: "Enter the date as YYYY-MM-DD, like 2019-03-14.",
  dateMonth: (month: number) => `There is no month ${month}: enter the date as YYYY-MM-DD, like 2019-03-14.`,
  dateDayZero: "There is no day 0 in a month: enter the date as YYYY-MM-DD, like 2019-03-14.",
  dateNoSuchDay: (monthName: string, year: number, day: number, days: number) => `${monthName} ${year} has no ${ordinal(day)} day: it has ${days} days.`,
  dateTooEarly: "Enter a date from the year 1900 on.",
  dateInFuture: "Enter a date that is not in the future.",
} as const;

/* ------------------------------------------------------------------------ */
/* Calendar dates                                                           */
/* ------------------------------------------------------------------------ */

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "1st", "2nd", "3rd", "4th", "11th", "22nd", "31st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Today's date in UTC as YYYY-MM-DD, a day ahead (a date already "today" in some time zone is allowed). */
function latestAllowedDate(now: number): string {
  return new Date(now + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * What is wrong with `value` as a past calendar date written YYYY-MM-DD (from 1900, not in the future),
 * in words ("February 2019 has no 31st day: it has 28 days."), or null when it is one.
 */
export function pastDateProblem(value: string, now = Date.now()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return SETTING_VALUE_MESSAGES.dateFormat;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return SETTING_VALUE_MESSAGES.dateMonth(month);
  if (day === 0) return SETTING_VALUE_MESSAGES.dateDayZero;
  const days = daysInMonth(year, month);
  if (day > days) return SETTING_VALUE_MESSAGES.dateNoSuchDay(MONTH_NAMES[month - 1]!, year, day, days);
  if (year < 1900) return SETTING_VALUE_MESSAGES.dateTooEarly;
  if (value > latestAllowedDate(now)) return SETTING_VALUE_MESSAGES.dateInFuture;
  return null;
}

/** A past calendar date, YYYY-MM-DD (surrounding spaces ignored). */
export const pastDate = z.string().transform((raw, ctx) => {
  const value = raw.trim();
  const problem = pastDateProblem(value);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return value;
});

/* ------------------------------------------------------------------------ */
/* Value kinds                                                              */
/* ------------------------------------------------------------------------ */

/** The stored text trimmed. */
const trimmed = z.string().transform((value) => value.trim());

/** Required text: not empty once trimmed, at most `max` characters. */
function text(max = MAX_TEXT) {
  return trimmed.pipe(z.string().min(1, SETTING_VALUE_MESSAGES.required).max(max, SETTING_VALUE_MESSAGES.tooLong(max)));
}

/** Optional text: "" means none and is kept as "". */
const optionalText = trimmed.pipe(z.string().max(MAX_TEXT, SETTING_VALUE_MESSAGES.tooLong(MAX_TEXT)));

/** A non-negative whole number written in digits. */
const count = trimmed.pipe(z.string().regex(/^\d{1,9}$/, SETTING_VALUE_MESSAGES.count)).transform(Number);

/** A decimal degree in [-limit, limit]; "" means none (null). */
function coordinate(limit: number, message: string) {
  return trimmed.transform((value, ctx) => {
    if (value === "") return null;
    const n = Number(value);
    if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || Math.abs(n) > limit) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n === 0 ? 0 : n;
  });
}

/** `tel:` link of a phone number: null when it holds too few or too many digits. `(614) 555-0147` -> `tel:+16145550147`. */
export function phoneToHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** A phone number as shown, with its `tel:` link. */
const phone = text(100).transform((value, ctx) => {
  const href = phoneToHref(value);
  if (!href) {
    ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.phone });
    return z.NEVER;
  }
  return { phone: value, phoneHref: href };
});

const EMAIL_PATTERN = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;
const email = text(320).refine((value) => EMAIL_PATTERN.test(value), SETTING_VALUE_MESSAGES.email);

/** An absolute http(s) URL, normalised. */
const httpUrl = trimmed.transform((value, ctx) => {
  const url = parseHttpUrl(value);
  if (!url) {
    ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.url });
    return z.NEVER;
  }
  return url;
});

/** An absolute http(s) URL, or "" for none (null). */
const optionalHttpUrl = trimmed.transform((value, ctx) => {
  if (value === "") return null;
  const url = parseHttpUrl(value);
  if (!url) {
    ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.optionalUrl });
    return z.NEVER;
  }
  return url;
});

/** A path on this site ("/images/x.svg") or an absolute http(s) URL. */
const imageUrl = trimmed.transform((value, ctx) => {
  if (isSitePath(value)) return value;
  const url = parseHttpUrl(value);
  if (!url) {
    ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.imageUrl });
    return z.NEVER;
  }
  return url;
});

/** JSON text parsed, or an issue with `message`. */
function json(message: string) {
  return z.string().transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
  });
}

/** Places served: a JSON list of names, or names separated by commas or lines (as staff may type them). Blank names dropped, repeats once. */
const serviceArea = trimmed
  .transform((value, ctx) => {
    if (!value.startsWith("[")) return value.split(/[,\n]/);
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.serviceArea });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string({ error: SETTING_VALUE_MESSAGES.serviceArea }), { error: SETTING_VALUE_MESSAGES.serviceArea }))
  .transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(200, SETTING_VALUE_MESSAGES.serviceAreaPlace)).min(1, SETTING_VALUE_MESSAGES.serviceAreaEmpty));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Opening hours: a JSON list of {days, opens, closes}; [] means none are published. */
const openingHours = json(SETTING_VALUE_MESSAGES.openingHours)
  .pipe(z.array(z.unknown(), { error: SETTING_VALUE_MESSAGES.openingHours }))
  .transform((entries, ctx): OpeningHours[] => {
    const entry = z.object({ days: z.array(z.enum(SCHEMA_ORG_DAYS)).min(1), opens: z.string().regex(TIME), closes: z.string().regex(TIME) });
    const hours: OpeningHours[] = [];
    for (const [index, raw] of entries.entries()) {
      const parsed = entry.safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.openingHoursEntry(index + 1) });
        return z.NEVER;
      }
      hours.push({ days: [...parsed.data.days], opens: parsed.data.opens, closes: parsed.data.closes });
    }
    return hours;
  });

/** Social profiles: a JSON object of network name -> http(s) URL; "" (or an empty URL) means none. */
const socialLinks = trimmed.transform((value, ctx): Record<string, string> => {
  if (value === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.socialLinks });
    return z.NEVER;
  }
  const links: Record<string, string> = {};
  for (const [network, address] of Object.entries(parsed as Record<string, unknown>)) {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(network)) {
      ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.socialNetwork(network.slice(0, 40)) });
      return z.NEVER;
    }
    if (address === "") continue;
    const url = typeof address === "string" ? parseHttpUrl(address) : null;
    if (!url) {
      ctx.addIssue({ code: "custom", message: SETTING_VALUE_MESSAGES.socialUrl(network) });
      return z.NEVER;
    }
    links[network] = url;
  }
  return links;
});

/** The private lead alert address: an email address, or "" (alerts then go to the public email). */
const leadAlertEmail = trimmed.refine((value) => value === "" || z.email().safeParse(value).success, SETTING_VALUE_MESSAGES.email);

/** A secure absolute web address (`https://host/...`). */
export function isHttpsUrl(value: string): boolean {
  return isHttpUrl(value) && /^https:\/\//i.test(value);
}

/** The private review link (issue 22): an https address, or "" (the review request then uses the Google Business Profile link). */
const reviewRequestUrl = trimmed.refine((value) => value === "" || isHttpsUrl(value), SETTING_VALUE_MESSAGES.httpsUrl);

/** The GAF certification level (issue 30): one of the ladder's levels, "" read as none. */
const gafCertificationLevel = trimmed.refine((value) => ["", "none", "certified", "certified-plus", "master-elite"].includes(value), "Choose one of the listed options.");
/** Proposal texts (private): any text within bounds. */
const privateText = (max: number) => z.string().max(max, SETTING_VALUE_MESSAGES.tooLong(max));

/* ------------------------------------------------------------------------ */
/* The schema                                                               */
/* ------------------------------------------------------------------------ */

/** Each public setting's stored value -> its public value. */
export const PUBLIC_SETTINGS_SCHEMA = z.object({
  [K.businessName]: text(),
  [K.tagline]: optionalText,
  [K.serviceArea]: serviceArea,
  [K.openingHours]: openingHours,
  [K.veteranActiveDutyYears]: count,
  [K.veteranCombatDeploymentMonths]: count,

  [K.phone]: phone,
  [K.email]: email,
  [K.addressStreet]: text(),
  [K.addressLocality]: text(),
  [K.addressRegion]: text(),
  [K.addressPostalCode]: text(),
  [K.addressCountry]: text(),
  [K.geoLatitude]: coordinate(90, SETTING_VALUE_MESSAGES.latitude),
  [K.geoLongitude]: coordinate(180, SETTING_VALUE_MESSAGES.longitude),

  [K.accreditationBureauName]: text(),
  [K.accreditationBusinessName]: text(),
  [K.accreditationRating]: text(10),
  [K.accreditationAccreditedSince]: pastDate,
  [K.accreditationComplaints]: count,
  [K.accreditationStandardsText]: text(),
  [K.accreditationProfileUrl]: optionalHttpUrl,
  [K.certificationName]: text(),
  [K.certificationImageUrl]: imageUrl,
  [K.manufacturerPartnershipUrl]: httpUrl,
  [K.manufacturerCertifiedInfoUrl]: httpUrl,

  [K.socialLinks]: socialLinks,
});

/** Every setting the site reads (the public ones and the private lead alert address). */
export const SITE_SETTINGS_SCHEMA = PUBLIC_SETTINGS_SCHEMA.extend({
  [PRIVATE_SETTING_KEYS.leadAlertEmail]: leadAlertEmail,
  [PRIVATE_SETTING_KEYS.reviewRequestUrl]: reviewRequestUrl,
  [PRIVATE_SETTING_KEYS.gafCertificationLevel]: gafCertificationLevel,
  [PRIVATE_SETTING_KEYS.contractorLicense]: privateText(200),
  [PRIVATE_SETTING_KEYS.proposalTerms]: privateText(20_000),
  [PRIVATE_SETTING_KEYS.serviceAreaZips]: privateText(20_000),
});

export type PublicSettingValues = z.output<typeof PUBLIC_SETTINGS_SCHEMA>;
export type SiteSettingKey = keyof typeof SITE_SETTINGS_SCHEMA.shape;

export type SettingValueParse<T> = { ok: true; value: T } | { ok: false; message: string };

/** `raw` read as the stored value of `key`: its value, or the first thing wrong with it in words. */
export function parseSettingValue<Key extends SiteSettingKey>(key: Key, raw: string): SettingValueParse<z.output<(typeof SITE_SETTINGS_SCHEMA.shape)[Key]>> {
  const result = (SITE_SETTINGS_SCHEMA.shape[key] as z.ZodType).safeParse(raw);
  if (result.success) return { ok: true, value: result.data as z.output<(typeof SITE_SETTINGS_SCHEMA.shape)[Key]> };
  return { ok: false, message: result.error.issues[0]?.message ?? SETTING_VALUE_MESSAGES.required };
}

export function isSiteSettingKey(key: string): key is SiteSettingKey {
  return Object.hasOwn(SITE_SETTINGS_SCHEMA.shape, key);
}
