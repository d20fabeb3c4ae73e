import { z } from "zod";
import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import type { SettingTypeValue } from "./constants";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "./keys";
import { mapSettingsRows } from "./map-settings-rows";

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
 * Why the site could not use `value` for the setting `key` it reads, or null
 * (also null for the settings it does not read). For a public one: what the
 * public read model (map-settings-rows.ts) would reject and replace with its
 * default; for the lead alert address: not an email address.
 */
export function siteValueProblem(key: string, value: string): string | null {
  const required = requiredSetting(key);
  if (!required) return null;
  if (required.use === "private") {
    return key === PRIVATE_SETTING_KEYS.leadAlertEmail && !z.email().safeParse(value).success ? "not an email address" : null;
  }
  let problem: string | null = null;
  mapSettingsRows([{ settingKey: key, settingValue: value }], (warning) => {
    if (problem === null && warning.key === key && warning.problem === "malformed") problem = warning.detail ?? "not a valid value";
  });
  return problem;
}
