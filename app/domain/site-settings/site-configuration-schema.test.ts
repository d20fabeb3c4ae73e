import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "./keys";
import { mapSettingsRows } from "./map-settings-rows";
import { isPrivateSiteConfigurationKey, siteConfigurationFormValues, siteConfigurationSettingValues } from "./site-configuration";
import {
  formatOpeningHours,
  isPastIsoDate,
  normalizeUsPhone,
  parseOpeningHours,
  saveSiteConfigurationSchema,
  SITE_CONFIG_TEXT,
} from "./site-configuration-schema";

/** The form's values for the seeded settings (what the screen shows on a fresh database). */
function seededForm(): Record<string, string> {
  return { intent: "save-site-configuration", ...siteConfigurationFormValues([]), leadAlertEmail: "leads@example.com" };
}

function errorsOf(changes: Record<string, string | undefined>): Record<string, string> {
  const form: Record<string, string> = seededForm();
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete form[name];
    else form[name] = value;
  }
  const parsed = saveSiteConfigurationSchema.safeParse(form);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "_form"), issue.message]));
}

describe("US phone numbers", () => {
  it.each([
    ["(614) 555-0147", "(614) 555-0147"],
    ["614-555-0147", "(614) 555-0147"],
    ["614.555.0147", "(614) 555-0147"],
    ["6145550147", "(614) 555-0147"],
    ["+1 614 555 0147", "(614) 555-0147"],
    ["1-614-555-0147", "(614) 555-0147"],
  ])("accepts %s as %s", (typed, stored) => {
    expect(normalizeUsPhone(typed)).toBe(stored);
  });

  it.each(["555-0147", "call us", "(614) 555-01470", "+44 20 7946 0958", "(014) 555-0147", "(614) 055-0147", "614-555-0147 x12", "６１４５５５０１４７", ""])(
    "refuses %j",
    (typed) => {
      expect(normalizeUsPhone(typed)).toBeNull();
    },
  );
});

describe("opening hours", () => {
  it("reads runs of days and single days, in any case, with hyphens or en dashes", () => {
    expect(parseOpeningHours("monday-Friday 07:00-18:00\n\n  Saturday 08:00 – 14:00  ")).toEqual({
      ok: true,
      hours: [
        { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
        { days: ["Saturday"], opens: "08:00", closes: "14:00" },
      ],
    });
    expect(parseOpeningHours("")).toEqual({ ok: true, hours: [] });
  });

  it.each([
    ["Mon-Fri 07:00-18:00", "write the days in full"],
    ["Monday 7am-6pm", "is not like"],
    ["Monday 07:00", "is not like"],
    ["Friday-Monday 07:00-18:00", "from Monday towards Sunday"],
    ["Monday 18:00-07:00", "closing time must be after"],
    ["Monday 24:00-25:00", "is not like"],
    ["Monday-Friday 07:00-18:00\nFriday 09:00-10:00", "Friday is listed twice"],
  ])("refuses %j", (text, message) => {
    const parsed = parseOpeningHours(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it("writes stored hours back as lines, splitting days that are not consecutive", () => {
    expect(formatOpeningHours(DEFAULT_PUBLIC_SITE_SETTINGS.openingHours)).toBe("Monday-Friday 07:00-18:00\nSaturday 08:00-14:00");
    expect(formatOpeningHours([{ days: ["Monday", "Wednesday", "Thursday"], opens: "09:00", closes: "12:00" }])).toBe(
      "Monday 09:00-12:00\nWednesday-Thursday 09:00-12:00",
    );
  });
});

describe("dates", () => {
  it("accepts real past dates only", () => {
    expect(isPastIsoDate("2019-03-14")).toBe(true);
    expect(isPastIsoDate("2019-02-29")).toBe(false);
    expect(isPastIsoDate("2019-3-14")).toBe(false);
    expect(isPastIsoDate("1850-01-01")).toBe(false);
    expect(isPastIsoDate(`${new Date().getUTCFullYear() + 2}-01-01`)).toBe(false);
  });
});

describe("saveSiteConfigurationSchema", () => {
  it("accepts the seeded values as the form shows them", () => {
    expect(errorsOf({})).toEqual({});
  });

  it("stores the seeded values exactly as seeded (saving an unchanged form changes no row)", () => {
    const input = saveSiteConfigurationSchema.parse(seededForm());
    const values = siteConfigurationSettingValues(input, "{}");
    const d = DEFAULT_PUBLIC_SITE_SETTINGS;
    expect(values).toMatchObject({
      [K.businessName]: d.businessName,
      [K.phone]: d.phone,
      [K.serviceArea]: JSON.stringify(d.serviceArea),
      [K.openingHours]: JSON.stringify(d.openingHours),
      [K.geoLatitude]: "40.0992",
      [K.geoLongitude]: "-83.1141",
      [K.accreditationComplaints]: "0",
      [K.socialLinks]: "{}",
      lead_alert_email: "leads@example.com",
    });
    // What the public site reads from them is the defaults.
    const rows = Object.entries(values).map(([settingKey, settingValue]) => ({ settingKey, settingValue }));
    const warnings: unknown[] = [];
    expect(mapSettingsRows(rows, (w) => warnings.push(w))).toMatchObject({ ...d, tagline: d.tagline });
    expect(warnings.filter((w) => (w as { problem: string }).problem === "malformed")).toEqual([]);
  });

  it("normalises the phone number and reads lists from lines", () => {
    const input = saveSiteConfigurationSchema.parse({ ...seededForm(), phone: "614.555.0199", serviceArea: "Columbus\n\n Dublin \n", openingHours: "" });
    expect(input.phone).toBe("(614) 555-0199");
    expect(input.serviceArea).toEqual(["Columbus", "Dublin"]);
    expect(input.openingHours).toEqual([]);
  });

  it.each([
    [{ phone: "555-0147" }, "phone", SITE_CONFIG_TEXT.phone],
    [{ email: "office@" }, "email", SITE_CONFIG_TEXT.email],
    [{ email: "" }, "email", "This field is required."],
    [{ leadAlertEmail: "not an address" }, "leadAlertEmail", SITE_CONFIG_TEXT.email],
    [{ socialFacebook: "javascript:alert(1)" }, "socialFacebook", "Enter a full web address starting with http:// or https://."],
    [{ reviewRequestUrl: "http://g.page/r/buckeye-valor/review" }, "reviewRequestUrl", SITE_CONFIG_TEXT.reviewLink],
    [{ reviewRequestUrl: "g.page/r/buckeye-valor/review" }, "reviewRequestUrl", SITE_CONFIG_TEXT.reviewLink],
    [{ accreditationProfileUrl: "www.bbb.org/x" }, "accreditationProfileUrl", "Enter a full web address starting with http:// or https://."],
    [{ certificationImageUrl: "javascript:alert(1)" }, "certificationImageUrl", SITE_CONFIG_TEXT.imageUrl],
    [{ openingHours: "Mon-Fri 7-6" }, "openingHours", "is not like"],
    [{ geoLatitude: "91" }, "geoLatitude", SITE_CONFIG_TEXT.latitude],
    [{ geoLongitude: "-180.5" }, "geoLongitude", SITE_CONFIG_TEXT.longitude],
    [{ geoLatitude: "1e1" }, "geoLatitude", SITE_CONFIG_TEXT.latitude],
    [{ geoLongitude: "" }, "geoLongitude", SITE_CONFIG_TEXT.geoBoth],
    [{ addressRegion: "Ohio" }, "addressRegion", "Choose one of the listed options."],
    [{ addressPostalCode: "4301" }, "addressPostalCode", SITE_CONFIG_TEXT.postalCode],
    [{ addressCountry: "us" }, "addressCountry", SITE_CONFIG_TEXT.country],
    [{ serviceArea: " \n " }, "serviceArea", SITE_CONFIG_TEXT.serviceAreaRequired],
    [{ serviceArea: "Dublin\ndublin" }, "serviceArea", "dublin is listed twice."],
    [{ accreditationAccreditedSince: "2019-02-30" }, "accreditationAccreditedSince", "February 2019 has no 30th day: it has 28 days."],
    [{ accreditationAccreditedSince: "March 14, 2019" }, "accreditationAccreditedSince", "Enter the date as YYYY-MM-DD, like 2019-03-14."],
    [{ accreditationAccreditedSince: "14/03/2019" }, "accreditationAccreditedSince", "Enter the date as YYYY-MM-DD, like 2019-03-14."],
    [{ accreditationAccreditedSince: "" }, "accreditationAccreditedSince", SITE_CONFIG_TEXT.date],
    [{ accreditationComplaints: "-1" }, "accreditationComplaints", "Enter a number from 0 to 100000."],
    [{ businessName: "Buckeye\u202e Valor" }, "businessName", "This field cannot contain text-direction override characters."],
    [{ businessName: "Buckeye\u0000" }, "businessName", "This field cannot contain control characters, tabs or line breaks."],
    [{ businessName: undefined }, "businessName", "This field is required."],
  ])("refuses %j", (changes, field, message) => {
    const errors = errorsOf(changes);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(message);
  });

  it("accepts no coordinates at all, and no lead alert address", () => {
    const input = saveSiteConfigurationSchema.parse({ ...seededForm(), geoLatitude: "", geoLongitude: " ", leadAlertEmail: "" });
    expect(input.geoLatitude).toBeNull();
    expect(input.geoLongitude).toBeNull();
    expect(input.leadAlertEmail).toBeNull();
  });

  it("takes an https review link, private, or none (the Google Business Profile link is then used)", () => {
    const input = saveSiteConfigurationSchema.parse({ ...seededForm(), reviewRequestUrl: " https://g.page/r/buckeye-valor/review " });
    expect(input.reviewRequestUrl).toBe("https://g.page/r/buckeye-valor/review");
    expect(siteConfigurationSettingValues(input)[PRIVATE_SETTING_KEYS.reviewRequestUrl]).toBe("https://g.page/r/buckeye-valor/review");
    expect(isPrivateSiteConfigurationKey(PRIVATE_SETTING_KEYS.reviewRequestUrl)).toBe(true);
    const none = saveSiteConfigurationSchema.parse({ ...seededForm(), reviewRequestUrl: "" });
    expect(siteConfigurationSettingValues(none)[PRIVATE_SETTING_KEYS.reviewRequestUrl]).toBe("");
  });

  it("refuses unknown fields", () => {
    expect(saveSiteConfigurationSchema.safeParse({ ...seededForm(), tagline: "x" }).success).toBe(false);
  });

  it("keeps social profiles the form does not offer", () => {
    const input = saveSiteConfigurationSchema.parse({ ...seededForm(), socialFacebook: "https://facebook.com/buckeyevalor" });
    const values = siteConfigurationSettingValues(input, JSON.stringify({ facebook: "https://old.example/", tiktok: "https://tiktok.com/@bvr" }));
    expect(JSON.parse(values[K.socialLinks])).toEqual({ tiktok: "https://tiktok.com/@bvr", facebook: "https://facebook.com/buckeyevalor" });
  });
});
