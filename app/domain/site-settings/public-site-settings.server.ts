import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { logger, markResponseUncacheable } from "~/lib/logger.server";
import { mapSettingsRows, type SettingWarning } from "./map-settings-rows";
import type { PublicSiteSettings } from "./types";

export type { SettingWarning } from "./map-settings-rows";
export type { PublicSiteSettings } from "./types";

/**
 * The public site settings, read from the `is_public` rows of
 * `cms_site_settings`. A missing or malformed row falls back to its default
 * with a warning in the log; it never fails the page.
 *
 * Results are kept in memory for a short time (every public page needs them).
 * Call `invalidatePublicSiteSettings()` after staff change a setting. If the
 * database cannot be reached, the last good value is served when there is
 * one; otherwise the error propagates (the app answers 503).
 */

const CACHE_TTL_MS = 30_000;

interface CacheEntry {
  value: PublicSiteSettings;
  loadedAt: number;
}

const state = globalThis as unknown as {
  __publicSiteSettings?: CacheEntry;
  __publicSiteSettingsLoading?: Promise<PublicSiteSettings>;
  __publicSiteSettingsGeneration?: number;
};

/**
 * The public site settings as the public read model makes them, read now (no
 * cache), with the warnings of the values it replaced by defaults: what
 * /admin/cms/settings/preview shows staff. Only `is_public` rows are read.
 */
export async function readPublicSiteSettings(): Promise<{ settings: PublicSiteSettings; warnings: SettingWarning[] }> {
  const rows = await db()
    .select({ settingKey: cmsSiteSettings.settingKey, settingValue: cmsSiteSettings.settingValue })
    .from(cmsSiteSettings)
    .where(eq(cmsSiteSettings.isPublic, true));
  const warnings: SettingWarning[] = [];
  const settings = mapSettingsRows(rows, (w) => warnings.push(w));
  return { settings, warnings };
}

async function load(): Promise<PublicSiteSettings> {
  const { settings: value, warnings } = await readPublicSiteSettings();
  if (warnings.length > 0) {
    logger.warn({ settings: warnings }, "public site settings: using defaults for missing or malformed values");
  }
  return value;
}

export async function getPublicSiteSettings(): Promise<PublicSiteSettings> {
  const cached = state.__publicSiteSettings;
  if (cached && Date.now() - cached.loadedAt < CACHE_TTL_MS) return cached.value;

  let loading = state.__publicSiteSettingsLoading;
  if (!loading) {
    const generation = state.__publicSiteSettingsGeneration ?? 0;
    const promise: Promise<PublicSiteSettings> = load()
      .then((value) => {
        // A change made while loading wins: do not cache a value read before it.
        if ((state.__publicSiteSettingsGeneration ?? 0) === generation) {
          state.__publicSiteSettings = { value, loadedAt: Date.now() };
        }
        return value;
      })
      .finally(() => {
        if (state.__publicSiteSettingsLoading === promise) state.__publicSiteSettingsLoading = undefined;
      });
    state.__publicSiteSettingsLoading = loading = promise;
  }
  try {
    return await loading;
  } catch (error) {
    if (cached) {
      logger.warn({ err: error }, "public site settings: database unavailable, serving the last loaded values");
      markResponseUncacheable();
      return cached.value;
    }
    throw error;
  }
}

/** Forget the cached settings (call after any change to cms_site_settings). */
export function invalidatePublicSiteSettings(): void {
  state.__publicSiteSettingsGeneration = (state.__publicSiteSettingsGeneration ?? 0) + 1;
  state.__publicSiteSettings = undefined;
  state.__publicSiteSettingsLoading = undefined;
}
