import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PUBLIC_SETTING_KEYS as K } from "./keys";
import { mapSettingsRows, parseHttpUrl, phoneToHref, type SettingRow, type SettingWarning } from "./map-settings-rows";

/** Rows equivalent to the seeded public settings. */
function seededRows(): SettingRow[] {
  const d = DEFAULT_PUBLIC_SITE_SETTINGS;
  const values: Record<string, string> = {
    [K.businessName]: d.businessName,
    [K.tagline]: d.tagline,
    [K.serviceArea]: JSON.stringify(d.serviceArea),
    [K.openingHours]: JSON.stringify(d.openingHours),
    [K.veteranActiveDutyYears]: "24",
    [K.veteranCombatDeploymentMonths]: "36",
    [K.phone]: d.phone,
    [K.email]: d.email,
    [K.addressStreet]: d.address.street,
    [K.addressLocality]: d.address.locality,
    [K.addressRegion]: d.address.region,
    [K.addressPostalCode]: d.address.postalCode,
    [K.addressCountry]: d.address.country,
    [K.geoLatitude]: "40.0992",
    [K.geoLongitude]: "-83.1141",
    [K.accreditationBureauName]: d.accreditation.bureauName,
    [K.accreditationBusinessName]: d.accreditation.businessName,
    [K.accreditationRating]: d.accreditation.rating,
    [K.accreditationAccreditedSince]: d.accreditation.accreditedSince,
    [K.accreditationComplaints]: "0",
    [K.accreditationStandardsText]: d.accreditation.standardsText,
    [K.accreditationProfileUrl]: d.accreditation.profileUrl ?? "",
    [K.certificationName]: d.certification.name,
    [K.certificationImageUrl]: d.certification.imageUrl,
    [K.manufacturerPartnershipUrl]: d.partnership.manufacturerUrl,
    [K.manufacturerCertifiedInfoUrl]: d.partnership.certifiedInfoUrl,
    [K.socialLinks]: "{}",
  };
  return Object.entries(values).map(([settingKey, settingValue]) => ({ settingKey, settingValue }));
}

function withValue(key: string, value: string): SettingRow[] {
  return seededRows().map((row) => (row.settingKey === key ? { ...row, settingValue: value } : row));
}

function without(key: string): SettingRow[] {
  return seededRows().filter((row) => row.settingKey !== key);
}

function map(rows: SettingRow[]) {
  const warnings: SettingWarning[] = [];
  const settings = mapSettingsRows(rows, (w) => warnings.push(w));
  return { settings, warnings };
}

describe("mapSettingsRows", () => {
  it("maps a complete set of rows without warnings", () => {
    const { settings, warnings } = map(seededRows());
    expect(warnings).toEqual([]);
    expect(settings).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS);
    expect(settings.phoneHref).toBe("tel:+16145550147");
    expect(settings.geo).toEqual({ latitude: 40.0992, longitude: -83.1141 });
    expect(settings.openingHours[0]).toEqual({
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "07:00",
      closes: "18:00",
    });
    expect(settings.veteranFacts).toEqual({ activeDutyYears: 24, combatDeploymentMonths: 36 });
  });

  it("falls back to defaults for every field when there are no rows, and warns once per key", () => {
    const { settings, warnings } = map([]);
    expect(settings).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS);
    const keys = warnings.map((w) => w.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(warnings.every((w) => w.problem === "missing")).toBe(true);
    expect(keys).toContain(K.phone);
  });

  it("never throws on garbage input", () => {
    expect(() => mapSettingsRows(null as unknown as SettingRow[])).not.toThrow();
    expect(() =>
      mapSettingsRows([{ settingKey: K.phone, settingValue: null }, {} as SettingRow, null as unknown as SettingRow]),
    ).not.toThrow();
  });

  it("uses a changed phone number and derives its tel: link", () => {
    const { settings, warnings } = map(withValue(K.phone, "614-555-0199"));
    expect(warnings).toEqual([]);
    expect(settings.phone).toBe("614-555-0199");
    expect(settings.phoneHref).toBe("tel:+16145550199");
  });

  it("rejects a phone number without enough digits", () => {
    const { settings, warnings } = map(withValue(K.phone, "call us"));
    expect(settings.phone).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.phone);
    expect(settings.phoneHref).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.phoneHref);
    expect(warnings).toEqual([expect.objectContaining({ key: K.phone, problem: "malformed" })]);
  });

  it("rejects an invalid email and an empty business name", () => {
    const rows = withValue(K.email, "not-an-email").map((r) =>
      r.settingKey === K.businessName ? { ...r, settingValue: "   " } : r,
    );
    const { settings, warnings } = map(rows);
    expect(settings.email).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.email);
    expect(settings.businessName).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.businessName);
    expect(warnings.map((w) => w.key).sort()).toEqual([K.businessName, K.email].sort());
  });

  it("keeps an empty tagline as empty", () => {
    const { settings, warnings } = map(withValue(K.tagline, ""));
    expect(settings.tagline).toBe("");
    expect(warnings).toEqual([]);
  });

  it("accepts a service area typed as a comma-separated list", () => {
    const { settings } = map(withValue(K.serviceArea, "Columbus, Dublin,\nPowell, , Dublin"));
    expect(settings.serviceArea).toEqual(["Columbus", "Dublin", "Powell"]);
  });

  it("falls back when the service area is malformed JSON", () => {
    const { settings, warnings } = map(withValue(K.serviceArea, "[not json"));
    expect(settings.serviceArea).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS.serviceArea);
    expect(warnings[0]).toMatchObject({ key: K.serviceArea, problem: "malformed" });
  });

  it("falls back to the default hours when an entry is unusable, naming the entry (the rule Site Settings saves with)", () => {
    const hours = [
      { days: ["Monday"], opens: "08:00", closes: "17:00" },
      { days: ["Funday"], opens: "08:00", closes: "17:00" },
    ];
    const { settings, warnings } = map(withValue(K.openingHours, JSON.stringify(hours)));
    expect(settings.openingHours).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS.openingHours);
    expect(warnings).toEqual([{ key: K.openingHours, problem: "malformed", detail: expect.stringMatching(/^Entry 2 of the hours must be like/) }]);
  });

  it("falls back to default hours when nothing in the list is usable", () => {
    const { settings } = map(withValue(K.openingHours, JSON.stringify([{ days: [], opens: "x" }])));
    expect(settings.openingHours).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS.openingHours);
  });

  it("allows an explicitly empty hours list", () => {
    const { settings, warnings } = map(withValue(K.openingHours, "[]"));
    expect(settings.openingHours).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("publishes no geo when both coordinates are empty", () => {
    const rows = withValue(K.geoLatitude, "").map((r) => (r.settingKey === K.geoLongitude ? { ...r, settingValue: "" } : r));
    const { settings, warnings } = map(rows);
    expect(settings.geo).toBeNull();
    expect(warnings).toEqual([]);
  });

  it("falls back to the default geo for an out-of-range latitude", () => {
    const { settings, warnings } = map(withValue(K.geoLatitude, "123"));
    expect(settings.geo).toEqual(DEFAULT_PUBLIC_SITE_SETTINGS.geo);
    expect(warnings[0]).toMatchObject({ key: K.geoLatitude, problem: "malformed" });
  });

  it("treats an empty profile URL as none and rejects javascript: URLs", () => {
    expect(map(withValue(K.accreditationProfileUrl, "")).settings.accreditation.profileUrl).toBeNull();
    const { settings, warnings } = map(withValue(K.accreditationProfileUrl, "javascript:alert(1)"));
    expect(settings.accreditation.profileUrl).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.accreditation.profileUrl);
    expect(warnings[0]).toMatchObject({ key: K.accreditationProfileUrl, problem: "malformed" });
  });

  it("rejects a non-http partnership URL", () => {
    const { settings } = map(withValue(K.manufacturerPartnershipUrl, "data:text/html,hi"));
    expect(settings.partnership.manufacturerUrl).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.partnership.manufacturerUrl);
  });

  it("accepts a root-relative certification image but not a protocol-relative one", () => {
    expect(map(withValue(K.certificationImageUrl, "/images/x.svg")).settings.certification.imageUrl).toBe("/images/x.svg");
    expect(map(withValue(K.certificationImageUrl, "//evil.example/x.svg")).settings.certification.imageUrl).toBe(
      DEFAULT_PUBLIC_SITE_SETTINGS.certification.imageUrl,
    );
  });

  it("reads counts as non-negative integers", () => {
    expect(map(withValue(K.accreditationComplaints, "3")).settings.accreditation.complaints).toBe(3);
    expect(map(withValue(K.accreditationComplaints, "-1")).settings.accreditation.complaints).toBe(0);
    expect(map(withValue(K.veteranActiveDutyYears, "2.5")).settings.veteranFacts.activeDutyYears).toBe(24);
  });

  it("validates the accredited-since date", () => {
    expect(map(withValue(K.accreditationAccreditedSince, "2020-01-31")).settings.accreditation.accreditedSince).toBe(
      "2020-01-31",
    );
    expect(map(withValue(K.accreditationAccreditedSince, "March 2019")).settings.accreditation.accreditedSince).toBe(
      "2019-03-14",
    );
  });

  it("refuses a date the calendar does not have (never March 3 for February 31), saying what is wrong", () => {
    const { settings, warnings } = map(withValue(K.accreditationAccreditedSince, "2019-02-31"));
    expect(settings.accreditation.accreditedSince).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.accreditation.accreditedSince);
    expect(warnings).toEqual([{ key: K.accreditationAccreditedSince, problem: "malformed", detail: "February 2019 has no 31st day: it has 28 days." }]);
    expect(map(withValue(K.accreditationAccreditedSince, "2020-02-29")).settings.accreditation.accreditedSince).toBe("2020-02-29");
  });

  it("reads social links, skipping empty ones, and publishes none when one is unusable, naming it", () => {
    const ok = map(withValue(K.socialLinks, JSON.stringify({ facebook: "https://facebook.com/example", empty: "" })));
    expect(ok.settings.social).toEqual({ facebook: "https://facebook.com/example" });
    expect(ok.warnings).toEqual([]);
    const { settings, warnings } = map(withValue(K.socialLinks, JSON.stringify({ facebook: "https://facebook.com/example", x: "javascript:alert(1)" })));
    expect(settings.social).toEqual({});
    expect(warnings).toEqual([{ key: K.socialLinks, problem: "malformed", detail: "The x profile must be a full web address starting with http:// or https://." }]);
  });

  it("treats a missing social row as no links", () => {
    expect(map(without(K.socialLinks)).settings.social).toEqual({});
  });

  it("returns a fresh object each time (callers may not mutate the defaults)", () => {
    const a = mapSettingsRows([]);
    a.serviceArea.push("Nowhere");
    a.openingHours[0]!.days.push("Sunday");
    expect(mapSettingsRows([]).serviceArea).not.toContain("Nowhere");
    expect(DEFAULT_PUBLIC_SITE_SETTINGS.openingHours[0]!.days).not.toContain("Sunday");
  });
});

describe("phoneToHref", () => {
  it.each([
    ["(614) 555-0147", "tel:+16145550147"],
    ["1-614-555-0147", "tel:+16145550147"],
    ["+44 20 7946 0958", "tel:+442079460958"],
    ["555-0147", "tel:5550147"],
  ])("%s -> %s", (input, expected) => {
    expect(phoneToHref(input)).toBe(expected);
  });

  it("returns null for too few digits", () => {
    expect(phoneToHref("12345")).toBeNull();
  });
});

describe("parseHttpUrl", () => {
  it("accepts http and https only", () => {
    expect(parseHttpUrl(" https://example.com/a ")).toBe("https://example.com/a");
    expect(parseHttpUrl("ftp://example.com")).toBeNull();
    expect(parseHttpUrl("not a url")).toBeNull();
  });
});
