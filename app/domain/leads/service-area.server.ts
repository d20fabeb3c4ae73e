import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { PRIVATE_SETTING_KEYS } from "~/domain/site-settings/keys";
import { parseServiceAreaZips } from "./service-area";

/**
 * The service area's ZIP codes (issue 31 item 2), from Site Configuration: kept in memory for 30 s (every
 * request needs it), forgotten at once when a site setting changes (server/app.ts, with the alert address).
 */

const TTL_MS = 30_000;
const cache: { value?: { zips: string[]; at: number } } = {};

export async function serviceAreaZips(): Promise<string[]> {
  if (cache.value && Date.now() - cache.value.at < TTL_MS) return cache.value.zips;
  const [row] = await db().select({ value: cmsSiteSettings.settingValue }).from(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, PRIVATE_SETTING_KEYS.serviceAreaZips));
  const zips = parseServiceAreaZips(row?.value ?? "").zips;
  cache.value = { zips, at: Date.now() };
  return zips;
}

export function invalidateServiceAreaZips(): void {
  cache.value = undefined;
}


