import { and, eq, ne, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SETTING_TEXT, type UpdateSettingInput } from "./admin-schemas";
import { requiredSetting } from "./required-settings";
import { checkSiteRules } from "./setting-rules";
import { checkSettingValue } from "./setting-values";
import { isSiteConfigurationKey } from "./site-configuration";

/**
 * Edit a setting: key, type, value, category and description (its
 * visibility is the menu's). A setting the site reads keeps its key and type
 * and gets only a value the site can use (ADR 019). An html value is stored
 * sanitized. A public change shows on the public pages at once (the kit
 * clears their caches).
 */
export async function updateSetting(tx: DbTransaction, input: Omit<UpdateSettingInput, "intent">): Promise<AdminChange> {
  const [before] = await tx
    .select({ settingKey: cmsSiteSettings.settingKey, isPublic: cmsSiteSettings.isPublic })
    .from(cmsSiteSettings)
    .where(eq(cmsSiteSettings.id, input.id))
    .for("update");
  if (!before) return { ok: false, status: 404 };
  // One home per business fact: Site Configuration writes these, with its own rules (a US phone number...).
  if (isSiteConfigurationKey(before.settingKey)) return { ok: false, status: 409, message: SETTING_TEXT.editedInSiteConfiguration };
  if (input.settingKey !== before.settingKey && requiredSetting(before.settingKey)) {
    return { ok: false, status: 409, message: SETTING_TEXT.requiredNoRename, fieldErrors: { settingKey: SETTING_TEXT.requiredNoRename } };
  }
  const value = checkSettingValue(input.settingType, input.settingValue);
  if (!value.ok) return { ok: false, status: 422, fieldErrors: { settingValue: value.message } };
  const refused = checkSiteRules(input.settingKey, input.settingType, value.value);
  if (refused) return refused;
  if (input.settingKey !== before.settingKey) {
    const [taken] = await tx
      .select({ id: cmsSiteSettings.id })
      .from(cmsSiteSettings)
      .where(and(eq(cmsSiteSettings.settingKey, input.settingKey), ne(cmsSiteSettings.id, input.id)));
    if (taken) return { ok: false, status: 409, fieldErrors: { settingKey: SETTING_TEXT.keyTaken } };
  }
  await tx
    .update(cmsSiteSettings)
    .set({
      settingKey: input.settingKey,
      settingValue: value.value,
      settingType: input.settingType,
      category: input.category,
      description: input.description,
      updatedAt: sql`now()`,
    })
    .where(eq(cmsSiteSettings.id, input.id));
  const details: Record<string, unknown> = { title: input.settingKey, type: input.settingType, category: input.category, isPublic: before.isPublic };
  if (before.settingKey !== input.settingKey) details.previousKey = before.settingKey;
  return { ok: true, message: SETTING_TEXT.updated, audit: { action: "cms.setting.update", targetType: "cms_site_setting", targetId: input.id, details } };
}
