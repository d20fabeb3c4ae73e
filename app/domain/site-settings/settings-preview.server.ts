import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { SettingTypeValue } from "./constants";
import { PUBLIC_SETTING_KEYS } from "./keys";
import type { SettingWarning } from "./map-settings-rows";
import { readPublicSiteSettings } from "./public-site-settings.server";
import type { PublicSiteSettings } from "./types";

/**
 * What /admin/cms/settings/preview shows staff (issue 9 item 4): the public
 * site settings exactly as the public read model makes them now (only
 * public rows, defaults where a value is missing or unusable, and which),
 * the other public settings (allowed on the website, read by no page yet),
 * and the private ones, which are never sent (their keys only).
 */

export interface SettingsPreview {
  settings: PublicSiteSettings;
  warnings: SettingWarning[];
  otherPublic: Array<{ key: string; type: SettingTypeValue; value: string; description: string | null }>;
  private: Array<{ key: string; description: string | null }>;
}

const READ_BY_THE_SITE = new Set<string>(Object.values(PUBLIC_SETTING_KEYS));

export async function loadSettingsPreview(): Promise<SettingsPreview> {
  const [{ settings, warnings }, rows] = await Promise.all([
    readPublicSiteSettings(),
    db()
      .select({
        key: cmsSiteSettings.settingKey,
        type: cmsSiteSettings.settingType,
        value: cmsSiteSettings.settingValue,
        description: cmsSiteSettings.description,
        isPublic: cmsSiteSettings.isPublic,
      })
      .from(cmsSiteSettings)
      .orderBy(asc(cmsSiteSettings.settingKey)),
  ]);
  return {
    settings,
    warnings,
    otherPublic: rows.filter((row) => row.isPublic && !READ_BY_THE_SITE.has(row.key)).map(({ key, type, value, description }) => ({ key, type, value, description })),
    private: rows.filter((row) => !row.isPublic).map(({ key, description }) => ({ key, description })),
  };
}
