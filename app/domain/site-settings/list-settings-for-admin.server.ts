import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { AdminSetting } from "./admin-types";
import { requiredSetting } from "./required-settings";
import { isSiteConfigurationKey } from "./site-configuration";

/** Every setting, public and private, by category then key (spec 2 §7), for /admin/cms/settings. */
export async function listSettingsForAdmin(): Promise<AdminSetting[]> {
  const rows = await db()
    .select({
      id: cmsSiteSettings.id,
      settingKey: cmsSiteSettings.settingKey,
      settingValue: cmsSiteSettings.settingValue,
      settingType: cmsSiteSettings.settingType,
      description: cmsSiteSettings.description,
      category: cmsSiteSettings.category,
      isPublic: cmsSiteSettings.isPublic,
      updatedAt: cmsSiteSettings.updatedAt,
    })
    .from(cmsSiteSettings)
    .orderBy(asc(cmsSiteSettings.category), asc(cmsSiteSettings.settingKey));
  return rows.map((row) => ({
    ...row,
    requiredBy: requiredSetting(row.settingKey)?.use ?? null,
    editedIn: isSiteConfigurationKey(row.settingKey) ? "site-configuration" : null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
