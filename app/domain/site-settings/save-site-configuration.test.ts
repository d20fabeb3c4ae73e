import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { leadAlertRecipient, invalidateLeadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "./keys";
import { loadSiteConfiguration } from "./load-site-configuration.server";
import { getPublicSiteSettings, invalidatePublicSiteSettings } from "./public-site-settings.server";
import { saveSiteConfiguration } from "./save-site-configuration.server";
import { SITE_CONFIGURATION_KEYS } from "./site-configuration";
import { saveSiteConfigurationSchema } from "./site-configuration-schema";

async function form(changes: Record<string, string> = {}) {
  const { values } = await loadSiteConfiguration();
  return saveSiteConfigurationSchema.parse({ intent: "save-site-configuration", ...values, ...changes });
}

async function save(changes: Record<string, string> = {}) {
  const input = await form(changes);
  return db().transaction((tx) => saveSiteConfiguration(tx, input));
}

async function rows() {
  const found = await db().select().from(cmsSiteSettings).where(inArray(cmsSiteSettings.settingKey, [...SITE_CONFIGURATION_KEYS]));
  return new Map(found.map((row) => [row.settingKey, row]));
}

describe("loadSiteConfiguration", () => {
  it("prefills the form with the seeded values, the lead alert address included", async () => {
    const { values } = await loadSiteConfiguration();
    expect(values).toMatchObject({
      businessName: "Buckeye Valor Roofing",
      phone: "(614) 555-0147",
      email: "office@buckeyevalorroofing.com",
      leadAlertEmail: "office@buckeyevalorroofing.com",
      addressRegion: "OH",
      geoLatitude: "40.0992",
      geoLongitude: "-83.1141",
      openingHours: "Monday-Friday 07:00-18:00\nSaturday 08:00-14:00",
      accreditationComplaints: "0",
      socialFacebook: "",
    });
    expect(values.serviceArea!.split("\n")).toContain("Franklin County");
  });
});

describe("saveSiteConfiguration", () => {
  it("saving the unchanged form writes nothing, and says so in its audit details", async () => {
    const before = await rows();
    const change = await save();
    expect(change).toEqual({
      ok: true,
      message: "Site configuration saved successfully!",
      audit: { action: "site_config.update", targetType: "site_configuration", targetId: "site-configuration", details: { changed: [] } },
    });
    const after = await rows();
    for (const [key, row] of before) expect(after.get(key)?.updatedAt, key).toEqual(row.updatedAt);
  });

  it("writes only the changed settings, in their stored formats, and the public site reads them", async () => {
    const change = await save({
      phone: "614.555.0199",
      openingHours: "Monday-Thursday 08:00-17:00",
      serviceArea: "Columbus\nDelaware County",
      geoLatitude: "",
      geoLongitude: "",
      socialFacebook: "https://www.facebook.com/buckeyevalor",
      leadAlertEmail: "alerts@example.com",
    });
    expect(change.ok && change.audit.details).toEqual({
      changed: [K.phone, PRIVATE_SETTING_KEYS.leadAlertEmail, K.geoLatitude, K.geoLongitude, K.serviceArea, K.openingHours, K.socialLinks],
    });
    const stored = await rows();
    expect(stored.get(K.phone)?.settingValue).toBe("(614) 555-0199");
    expect(JSON.parse(stored.get(K.openingHours)!.settingValue)).toEqual([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "08:00", closes: "17:00" },
    ]);
    expect(stored.get(K.geoLatitude)?.settingValue).toBe("");
    expect(stored.get(PRIVATE_SETTING_KEYS.leadAlertEmail)).toMatchObject({ settingValue: "alerts@example.com", isPublic: false });

    invalidatePublicSiteSettings();
    const settings = await getPublicSiteSettings();
    expect(settings).toMatchObject({
      phone: "(614) 555-0199",
      phoneHref: "tel:+16145550199",
      serviceArea: ["Columbus", "Delaware County"],
      geo: null,
      social: { facebook: "https://www.facebook.com/buckeyevalor" },
    });
    expect(JSON.stringify(settings)).not.toContain("alerts@example.com");

    invalidateLeadAlertRecipient();
    expect(await leadAlertRecipient()).toBe("alerts@example.com");
  });

  it("rewrites a missing row from its seed, and keeps the lead alert address private", async () => {
    await db().delete(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, K.certificationName));
    await db().update(cmsSiteSettings).set({ isPublic: true }).where(eq(cmsSiteSettings.settingKey, PRIVATE_SETTING_KEYS.leadAlertEmail));
    const change = await save({ certificationName: "GAF Master Elite Contractor" });
    expect(change.ok && change.audit.details).toEqual({ changed: [PRIVATE_SETTING_KEYS.leadAlertEmail, K.certificationName] });
    const stored = await rows();
    expect(stored.get(K.certificationName)).toMatchObject({
      settingValue: "GAF Master Elite Contractor",
      isPublic: true,
      category: "certifications",
      settingType: "text",
    });
    expect(stored.get(PRIVATE_SETTING_KEYS.leadAlertEmail)?.isPublic).toBe(false);
  });

  it("a failure later in the transaction leaves every setting as it was", async () => {
    const before = await rows();
    const input = await form({ businessName: "Rolled Back Roofing" });
    await expect(
      db().transaction(async (tx) => {
        await saveSiteConfiguration(tx, input);
        throw new Error("the audit entry could not be written");
      }),
    ).rejects.toThrow("audit entry");
    expect((await rows()).get(K.businessName)?.settingValue).toBe(before.get(K.businessName)?.settingValue);
  });
});

// The accredited-since date (issue 19) is a business fact of Site Configuration (its one home since issue 23).
describe("Site Configuration: the accredited-since date", () => {
  it("refuses a date the calendar does not have, saying what is wrong", async () => {
    const { values } = await loadSiteConfiguration();
    for (const [value, message] of [
      ["2019-02-31", "February 2019 has no 31st day: it has 28 days."],
      ["2019-02-29", "February 2019 has no 29th day: it has 28 days."],
      ["1900-02-29", "February 1900 has no 29th day: it has 28 days."],
      ["2021-04-31", "April 2021 has no 31st day: it has 30 days."],
      ["2019-13-01", "There is no month 13: enter the date as YYYY-MM-DD, like 2019-03-14."],
      ["2019-03-00", "There is no day 0 in a month: enter the date as YYYY-MM-DD, like 2019-03-14."],
      ["March 3, 2019", "Enter the date as YYYY-MM-DD, like 2019-03-14."],
      [`${new Date().getUTCFullYear() + 1}-01-01`, "Enter a date that is not in the future."],
    ]) {
      const parsed = saveSiteConfigurationSchema.safeParse({ intent: "save-site-configuration", ...values, accreditationAccreditedSince: value });
      expect(parsed.success, value).toBe(false);
      if (!parsed.success) expect(parsed.error.issues.find((i) => i.path[0] === "accreditationAccreditedSince")?.message, value).toBe(message);
    }
  });

  it("takes a real date, leap days included, and the public site shows it", async () => {
    for (const value of ["2000-02-29", "2020-02-29", "2019-02-28"]) {
      expect((await save({ accreditationAccreditedSince: value })).ok, value).toBe(true);
      invalidatePublicSiteSettings();
      expect((await getPublicSiteSettings()).accreditation.accreditedSince).toBe(value);
    }
  });
});
