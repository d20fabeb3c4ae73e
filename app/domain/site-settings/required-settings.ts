import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import type { SettingTypeValue } from "./constants";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "./keys";
import { isSiteSettingKey, parseSettingValue } from "./setting-schemas";

/**
 * The settings the site itself reads (ADR 019): the public facts of every
 * page (PUBLIC_SETTING_KEYS) and the private lead alert address
 * (PRIVATE_SETTING_KEYS). /admin/cms/settings edits their values but cannot
 * delete them, rename them, change their type or change their visibility;
 * the public read model still falls back to its defaults if a row goes
 * missing another way (a SQL console). Their types are the seed's.
 * No server code: the screen reads it to leave those menu entries out.
 */

export type RequiredSettingUse = "public" | "private";

export interface RequiredSetting {
  use: RequiredSettingUse;
  type: SettingTypeValue;
}

const SEEDED_TYPES = new Map<string, SettingTypeValue>(SITE_SETTING_SEEDS.map((seed) => [seed.settingKey, seed.settingType]));

function entries(keys: Record<string, string>, use: RequiredSettingUse): Array<[string, RequiredSetting]> {
  return Object.values(keys).map((key) => [key, { use, type: SEEDED_TYPES.get(key) ?? "text" }]);
}

export const REQUIRED_SETTINGS: ReadonlyMap<string, RequiredSetting> = new Map([
  ...entries(PUBLIC_SETTING_KEYS, "public"),
  ...entries(PRIVATE_SETTING_KEYS, "private"),
]);

export function requiredSetting(key: string): RequiredSetting | undefined {
  return REQUIRED_SETTINGS.get(key);
}

/**
 * Why the site could not use `value` for the setting `key` it reads, in words
 * ("February 2019 has no 31st day: it has 28 days."), or null (also null for
 * the settings it does not read): the key's rule in the settings schema
 * (setting-schemas.ts), the one the public read model reads the value with.
 */
export function siteValueProblem(key: string, value: string): string | null {
  if (!requiredSetting(key) || !isSiteSettingKey(key)) return null;
  const parsed = parseSettingValue(key, value);
  return parsed.ok ? null : parsed.message;
}
