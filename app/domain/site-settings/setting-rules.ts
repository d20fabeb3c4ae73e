import type { AdminChange } from "~/lib/admin-action.server";
import { SETTING_TEXT } from "./admin-schemas";
import { SETTING_TYPE_LABELS, type SettingTypeValue } from "./constants";
import { requiredSetting, siteValueProblem } from "./required-settings";

type Refusal = Extract<AdminChange, { ok: false }>;

/**
 * The rules for a setting the site reads (ADR 019) when its key, type or
 * value is saved: it keeps its type, and its value must be one the site can
 * use. Null when the save may go ahead.
 */
export function checkSiteRules(key: string, type: SettingTypeValue, value: string): Refusal | null {
  const required = requiredSetting(key);
  if (!required) return null;
  if (type !== required.type) {
    const message = SETTING_TEXT.requiredType(SETTING_TYPE_LABELS[required.type]);
    return { ok: false, status: 409, message, fieldErrors: { settingType: message } };
  }
  const problem = siteValueProblem(key, value);
  if (problem) return { ok: false, status: 422, fieldErrors: { settingValue: problem } };
  return null;
}
