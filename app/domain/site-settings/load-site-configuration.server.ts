import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { SITE_CONFIGURATION_KEYS, siteConfigurationFormValues } from "./site-configuration";

/**
 * The starting values of /admin/site-config's form: the settings it edits as
 * the public site shows them, and the private lead alert address.
 */
export async function loadSiteConfiguration(): Promise<{ values: Record<string, string> }> {
  const rows = await db()
    .select({ settingKey: cmsSiteSettings.settingKey, settingValue: cmsSiteSettings.settingValue })
    .from(cmsSiteSettings)
    .where(inArray(cmsSiteSettings.settingKey, [...SITE_CONFIGURATION_KEYS]));
  return { values: siteConfigurationFormValues(rows) };
}
