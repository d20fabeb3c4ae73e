import { eq, inArray, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import type { AdminChange } from "~/lib/admin-action.server";
import { PUBLIC_SETTING_KEYS } from "./keys";
import { isPrivateSiteConfigurationKey, SITE_CONFIGURATION_KEYS, siteConfigurationSettingValues } from "./site-configuration";
import { SITE_CONFIG_TEXT, type SaveSiteConfigurationInput } from "./site-configuration-schema";

/**
 * Saves /admin/site-config: every setting whose stored value differs from the
 * submitted one is written, in the action's transaction (one audit entry for
 * the lot, listing the keys that changed, never their values: the lead alert
 * address is private). The rows are locked first, so two saves at once are
 * applied one after the other. A row that is missing (deleted in the generic
 * Site Settings manager or a console) is written again with its seed's type,
 * category and description.
 *
 * Visibility is part of the value: the public keys are written public and the
 * lead alert address private, whatever they were set to elsewhere, so the
 * address can never reach the public site through this screen's keys.
 *
 * The public pages follow on the next request: adminAction emits the content
 * change, which clears this instance's settings and page caches (the table's
 * NOTIFY trigger tells the other instances).
 */
export async function saveSiteConfiguration(tx: DbTransaction, input: SaveSiteConfigurationInput): Promise<AdminChange> {
  const rows = await tx
    .select({ key: cmsSiteSettings.settingKey, value: cmsSiteSettings.settingValue, isPublic: cmsSiteSettings.isPublic })
    .from(cmsSiteSettings)
    .where(inArray(cmsSiteSettings.settingKey, [...SITE_CONFIGURATION_KEYS]))
    .for("update");
  const current = new Map(rows.map((row) => [row.key, row]));
  const next = siteConfigurationSettingValues(input, current.get(PUBLIC_SETTING_KEYS.socialLinks)?.value);

  const changed: string[] = [];
  for (const key of SITE_CONFIGURATION_KEYS) {
    const value = next[key];
    const isPublic = !isPrivateSiteConfigurationKey(key);
    const row = current.get(key);
    if (row && row.value === value && row.isPublic === isPublic) continue;
    changed.push(key);
    if (row) {
      await tx
        .update(cmsSiteSettings)
        .set({ settingValue: value, isPublic, updatedAt: sql`now()` })
        .where(eq(cmsSiteSettings.settingKey, key));
      continue;
    }
    const seed = SITE_SETTING_SEEDS.find((s) => s.settingKey === key);
    await tx
      .insert(cmsSiteSettings)
      .values({
        settingKey: key,
        settingValue: value,
        isPublic,
        settingType: seed?.settingType ?? "text",
        category: seed?.category ?? "general",
        description: seed?.description ?? null,
      })
      .onConflictDoUpdate({ target: cmsSiteSettings.settingKey, set: { settingValue: value, isPublic, updatedAt: sql`now()` } });
  }

  return {
    ok: true,
    message: SITE_CONFIG_TEXT.saved,
    audit: { action: "site_config.update", targetType: "site_configuration", targetId: "site-configuration", details: { changed } },
  };
}
