import { and, asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsSiteSettings, SETTING_CATEGORIES, SETTING_TYPES } from "~/db/schema";
import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import { action } from "~/routes/admin/cms.settings";
import { createSession, createUser } from "../../../tests/support/factories";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { createSettingSchema } from "./admin-schemas";
import { SETTING_CATEGORY_VALUES, SETTING_TYPE_VALUES } from "./constants";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "./keys";
import { listSettingsForAdmin } from "./list-settings-for-admin.server";
import { readPublicSiteSettings } from "./public-site-settings.server";
import { REQUIRED_SETTINGS } from "./required-settings";
import { checkSettingValue, truncateSettingValue } from "./setting-values";
import { loadSettingsPreview } from "./settings-preview.server";

/**
 * Site Settings' intents through the kit's adminAction, as the route runs
 * them: guard, parse (the same schema as the form), use case and audit entry
 * in one transaction, the catalogue's texts; the rules of ADR 019 (new
 * settings private, the settings the site reads protected); html stored
 * sanitized; and what the public read model sees afterwards.
 */

let cookie = "";
beforeEach(async () => {
  await resetTestDatabase();
  const admin = await createUser({ kind: "admin" });
  cookie = (await createSession(admin)).cookie;
});

type Answer = { status: number; body: { ok: boolean; toast: { title: string; text: string }; fieldErrors?: Record<string, string> } };

async function post(fields: Record<string, string>): Promise<Answer> {
  const request = new Request("http://app.test/admin/cms/settings", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.22" },
    body: new URLSearchParams(fields),
  });
  const result = (await action({ request, params: {}, context: {} } as never)) as { data: Answer["body"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data };
}

const NEW = { intent: "create-setting", settingKey: "new_setting", settingType: "text", settingValue: "Hello", category: "general", description: "" };
const MISSING = "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77";

const byKey = async (key: string) => (await db().select().from(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, key)))[0];
const settingAudit = () => db().select().from(auditLog).where(like(auditLog.action, "cms.setting.%")).orderBy(asc(auditLog.occurredAt));
const edit = (row: { id: string; settingKey: string; settingType: string; category: string }, changes: Record<string, string>) =>
  post({ intent: "update-setting", id: row.id, settingKey: row.settingKey, settingType: row.settingType, settingValue: "x", category: row.category, description: "", ...changes });

describe("Site Settings: the lists", () => {
  it("has the database's types and categories (spec 2 §9)", () => {
    expect([...SETTING_TYPE_VALUES]).toEqual([...SETTING_TYPES]);
    expect([...SETTING_CATEGORY_VALUES]).toEqual([...SETTING_CATEGORIES]);
  });

  it("lists every setting by category then key, marking those the site reads", async () => {
    const settings = await listSettingsForAdmin();
    expect(settings).toHaveLength(SITE_SETTING_SEEDS.length);
    const order = settings.map((s) => `${s.category}/${s.settingKey}`);
    expect(order).toEqual([...order].sort());
    expect(settings.find((s) => s.settingKey === "phone")).toMatchObject({ isPublic: true, requiredBy: "public", settingType: "text", category: "contact" });
    expect(settings.find((s) => s.settingKey === "lead_alert_email")).toMatchObject({ isPublic: false, requiredBy: "private" });
    // Every key the site reads is protected, with the seed's type.
    for (const key of [...Object.values(PUBLIC_SETTING_KEYS), ...Object.values(PRIVATE_SETTING_KEYS)]) expect(REQUIRED_SETTINGS.has(key)).toBe(true);
  });
});

describe("Site Settings: add", () => {
  it("adds a setting PRIVATE (ADR 019), audited, with the catalogue's style of text", async () => {
    const { status, body } = await post({ ...NEW, description: "  A greeting  " });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Setting created successfully" });
    const row = await byKey("new_setting");
    expect(row).toMatchObject({ settingValue: "Hello", settingType: "text", category: "general", description: "A greeting", isPublic: false });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.setting.create"), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ outcome: "success", targetType: "cms_site_setting", ipAddress: "203.0.113.22", details: { title: "new_setting", isPublic: false } });
  });

  it("requires key and value, checks the key's form, and refuses a taken key as a field error (not a 500)", async () => {
    const before = await settingAudit();
    const blank = await post({ ...NEW, settingKey: " ", settingValue: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.toast.text).toBe("Failed to save setting");
    expect(blank.body.fieldErrors).toEqual({ settingKey: "Setting key is required.", settingValue: "Setting value is required." });
    for (const key of ["New_Setting", "new-setting", "1st", "_x", "a b", "ключ"]) {
      const bad = await post({ ...NEW, settingKey: key });
      expect(bad.body.fieldErrors, key).toEqual({ settingKey: "Use lowercase letters, numbers and underscores, starting with a letter." });
    }
    const taken = await post({ ...NEW, settingKey: "business_name" });
    expect(taken.status).toBe(409);
    expect(taken.body.toast.text).toBe("Failed to save setting");
    expect(taken.body.fieldErrors).toEqual({ settingKey: "A setting with this key already exists." });
    const custom = await post({ ...NEW, settingKey: "office_fax" });
    expect(custom.status).toBe(200);
    expect((await post({ ...NEW, settingKey: "office_fax" })).body.fieldErrors).toEqual({ settingKey: "A setting with this key already exists." });
    expect((await settingAudit()).length).toBe(before.length + 1);
  });

  it("checks the value for each type, with the same schema the form uses", async () => {
    const cases: Array<[type: string, value: string, error: string | null]> = [
      ["text", "One line", null],
      ["text", "Two\nlines", "This field cannot contain control characters, tabs or line breaks."],
      ["json", '{"facebook": "https://facebook.com/x"}', null],
      ["json", "[1, 2", 'Enter valid JSON, like {"facebook": "https://..."} or ["Columbus", "Dublin"].'],
      ["number", "-83.1141", null],
      ["number", "12abc", "Enter a number, like 24 or -83.1141."],
      ["number", "1e3", "Enter a number, like 24 or -83.1141."],
      ["boolean", "true", null],
      ["boolean", "yes", "Choose True or False."],
      ["boolean", "True", "Choose True or False."],
      ["url", "https://example.com/a", null],
      ["url", "javascript:alert(1)", "Enter a full web address starting with http:// or https://."],
      ["url", "/relative", "Enter a full web address starting with http:// or https://."],
      ["html", "<p>Hi <strong>there</strong></p>", null],
      ["html", "<script>alert(1)</script>", "Nothing is left of this HTML once unsafe parts are removed: enter text, with only simple formatting and links."],
    ];
    let n = 0;
    for (const [type, value, error] of cases) {
      n += 1;
      const fields = { ...NEW, settingKey: `value_${n}`, settingType: type, settingValue: value };
      const parsed = createSettingSchema.safeParse(fields);
      expect(parsed.success, `${type} ${value}`).toBe(error === null);
      const { status, body } = await post(fields);
      if (error === null) {
        expect(status, `${type} ${value}`).toBe(200);
      } else {
        expect(status, `${type} ${value}`).toBe(400);
        expect(body.fieldErrors).toEqual({ settingValue: error });
      }
    }
  });

  it("stores html sanitized (QUALITY S17)", async () => {
    const { status } = await post({
      ...NEW,
      settingKey: "promo_banner",
      settingType: "html",
      settingValue: '<p onclick="alert(1)">Spring <b>sale</b><img src=x onerror=alert(2)><script>alert(3)</script> <a href="javascript:alert(4)">now</a></p>',
    });
    expect(status).toBe(200);
    expect((await byKey("promo_banner"))!.settingValue).toBe("<p>Spring <b>sale</b> now</p>");
  });
});

describe("Site Settings: edit", () => {
  it("edits a setting's key, type, value, category and description", async () => {
    await post({ ...NEW, settingKey: "office_fax" });
    const row = (await byKey("office_fax"))!;
    const { status, body } = await edit(row, { settingKey: "office_fax_number", settingType: "number", settingValue: "6145550100", category: "contact", description: "Fax" });
    expect(status).toBe(200);
    expect(body.toast.text).toBe("Setting updated successfully");
    expect(await byKey("office_fax_number")).toMatchObject({ id: row.id, settingType: "number", settingValue: "6145550100", category: "contact", description: "Fax", isPublic: false });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.setting.update"));
    expect(entry!.details).toMatchObject({ title: "office_fax_number", previousKey: "office_fax" });
    // Renaming onto a taken key is a field error.
    const taken = await edit(row, { settingKey: "tagline", settingValue: "1" });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ settingKey: "A setting with this key already exists." });
    expect((await edit({ ...row, id: MISSING }, {})).status).toBe(404);
  });

  it("changes a public value the site reads, which the public read model shows at once", async () => {
    const tagline = (await byKey("tagline"))!;
    const { status } = await edit(tagline, { settingValue: "Roofs done right, on time" });
    expect(status).toBe(200);
    const { settings } = await readPublicSiteSettings();
    expect(settings.tagline).toBe("Roofs done right, on time");
  });

  it("leaves the business facts to Site Configuration, their one home: listed read-only, an edit refused", async () => {
    const settings = await listSettingsForAdmin();
    expect(settings.find((s) => s.settingKey === "phone")).toMatchObject({ editedIn: "site-configuration" });
    expect(settings.find((s) => s.settingKey === "lead_alert_email")).toMatchObject({ editedIn: "site-configuration" });
    expect(settings.find((s) => s.settingKey === "tagline")).toMatchObject({ editedIn: null });
    for (const key of ["phone", "opening_hours", "lead_alert_email", "accreditation_accredited_since"]) {
      const row = (await byKey(key))!;
      const refused = await edit(row, { settingValue: row.settingValue });
      expect(refused.status, key).toBe(409);
      expect(refused.body.toast.text).toBe("This business fact is edited in Site Configuration, where the website's rules for it apply.");
    }
    expect(await byKey("phone")).toMatchObject({ settingValue: DEFAULT_PUBLIC_SITE_SETTINGS.phone });
  });

  it("keeps the key and type of a setting the site reads, and refuses a value it cannot use (ADR 019)", async () => {
    const tagline = (await byKey("tagline"))!;
    const rename = await edit(tagline, { settingKey: "motto", settingValue: "Roofs" });
    expect(rename.status).toBe(409);
    expect(rename.body.toast.text).toBe("This setting is used by the website: its key cannot be changed.");
    const retype = await edit(tagline, { settingType: "number", settingValue: "6145550199" });
    expect(retype.status).toBe(409);
    expect(retype.body.fieldErrors).toEqual({ settingType: "This setting is used by the website and must stay of type Text." });
    const years = (await byKey("veteran_active_duty_years"))!;
    const unusable = await edit(years, { settingValue: "2.5" });
    expect(unusable.status).toBe(422);
    expect(unusable.body.fieldErrors).toEqual({ settingValue: "Enter a whole number of 0 or more, like 24." });
    // A custom setting cannot take over a key the site reads with another type either.
    await db().delete(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, "tagline"));
    await post({ ...NEW, settingKey: "my_tagline", settingType: "number", settingValue: "1" });
    const takeover = await edit((await byKey("my_tagline"))!, { settingKey: "tagline", settingType: "number", settingValue: "1" });
    expect(takeover.status).toBe(409);
    expect(await byKey("phone")).toMatchObject({ settingValue: DEFAULT_PUBLIC_SITE_SETTINGS.phone, settingType: "text" });
  });
});

describe("Site Settings: visibility and delete", () => {
  it("Make Public / Make Private with the catalogue's texts; audited", async () => {
    await post({ ...NEW, settingKey: "office_fax" });
    const row = (await byKey("office_fax"))!;
    const on = await post({ intent: "set-setting-public", id: row.id, public: "true" });
    expect(on.body.toast).toEqual({ variant: "success", title: "Success", text: "Setting visibility enabled" });
    expect((await byKey("office_fax"))!.isPublic).toBe(true);
    const off = await post({ intent: "set-setting-public", id: row.id, public: "false" });
    expect(off.body.toast.text).toBe("Setting visibility disabled");
    expect((await byKey("office_fax"))!.isPublic).toBe(false);
    expect((await settingAudit()).map((e) => e.action)).toEqual(["cms.setting.create", "cms.setting.make_public", "cms.setting.make_private"]);
    const missing = await post({ intent: "set-setting-public", id: MISSING, public: "true" });
    expect(missing.status).toBe(404);
    expect(missing.body.toast.text).toBe("Failed to update setting visibility");
    expect((await post({ intent: "set-setting-public", id: row.id, public: "toggle" })).body.toast.text).toBe("Failed to update setting visibility");
  });

  it("refuses to hide a public fact the site shows, or to publish the private lead alert address", async () => {
    const phone = (await byKey("phone"))!;
    const hide = await post({ intent: "set-setting-public", id: phone.id, public: "false" });
    expect(hide.status).toBe(409);
    expect(hide.body.toast.text).toBe("This setting is used by the website and cannot be made private.");
    expect((await byKey("phone"))!.isPublic).toBe(true);
    const alerts = (await byKey("lead_alert_email"))!;
    const show = await post({ intent: "set-setting-public", id: alerts.id, public: "true" });
    expect(show.status).toBe(409);
    expect(show.body.toast.text).toBe("This setting is private to the business and cannot be made public.");
    expect((await byKey("lead_alert_email"))!.isPublic).toBe(false);
  });

  it("deletes a setting, but none the site reads", async () => {
    await post({ ...NEW, settingKey: "office_fax" });
    const row = (await byKey("office_fax"))!;
    const { body } = await post({ intent: "delete-setting", id: row.id });
    expect(body.toast.text).toBe("Setting deleted successfully");
    expect(await byKey("office_fax")).toBeUndefined();
    for (const key of ["phone", "lead_alert_email"]) {
      const protectedRow = (await byKey(key))!;
      const refused = await post({ intent: "delete-setting", id: protectedRow.id });
      expect(refused.status).toBe(409);
      expect(refused.body.toast.text).toBe("This setting is used by the website and cannot be deleted.");
      expect(await byKey(key)).toBeDefined();
    }
    const missing = await post({ intent: "delete-setting", id: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.body.toast.text).toBe("Failed to delete setting");
  });
});

describe("the public read model and the preview", () => {
  it("reads only public rows: a row made private some other way falls back to its default", async () => {
    await db().update(cmsSiteSettings).set({ settingValue: "(999) 555-0000", isPublic: false }).where(eq(cmsSiteSettings.settingKey, "phone"));
    const { settings, warnings } = await readPublicSiteSettings();
    expect(settings.phone).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.phone);
    expect(warnings).toContainEqual({ key: "phone", problem: "missing" });
    expect(JSON.stringify(settings)).not.toContain("555-0000");
  });

  it("shows the public result, other public settings and the private keys (not their values)", async () => {
    await post({ ...NEW, settingKey: "promo_banner", settingType: "html", settingValue: "<p>Sale</p>" });
    await post({ intent: "set-setting-public", id: (await byKey("promo_banner"))!.id, public: "true" });
    await post({ ...NEW, settingKey: "secret_note", settingValue: "internal only" });
    const preview = await loadSettingsPreview();
    expect(preview.settings.businessName).toBe(DEFAULT_PUBLIC_SITE_SETTINGS.businessName);
    expect(preview.warnings).toEqual([]);
    expect(preview.otherPublic).toEqual([{ key: "promo_banner", type: "html", value: "<p>Sale</p>", description: null }]);
    expect(preview.private.map((p) => p.key)).toEqual(["contractor_license", "gaf_certification_level", "lead_alert_email", "proposal_terms", "review_request_url", "secret_note", "service_area_zips"]);
    expect(JSON.stringify(preview)).not.toContain("internal only");
  });
});

describe("setting values", () => {
  it("truncates the list's value to 50 characters, html as its text", () => {
    expect(truncateSettingValue("x".repeat(50), "text")).toBe("x".repeat(50));
    expect(truncateSettingValue("x".repeat(51), "text")).toBe(`${"x".repeat(50)}...`);
    expect(truncateSettingValue("<p>Hello <b>there</b></p>", "html")).toBe("Hello there");
    expect(truncateSettingValue("😀".repeat(60), "text")).toBe(`${"😀".repeat(50)}...`);
  });

  it("normalizes what it stores", () => {
    expect(checkSettingValue("text", "  padded  ")).toEqual({ ok: true, value: "padded" });
    expect(checkSettingValue("json", ' {"a":\r\n1} ')).toEqual({ ok: true, value: '{"a":\n1}' });
    expect(checkSettingValue("boolean", " true")).toMatchObject({ ok: false });
    expect(checkSettingValue("number", "007")).toMatchObject({ ok: false });
    expect(checkSettingValue("text", "x".repeat(5001))).toMatchObject({ ok: false, message: "Use at most 5000 characters." });
  });
});
