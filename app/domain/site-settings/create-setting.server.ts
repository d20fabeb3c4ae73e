import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SETTING_TEXT, type CreateSettingInput } from "./admin-schemas";
import { checkSiteRules } from "./setting-rules";
import { checkSettingValue } from "./setting-values";

/**
 * Add Setting (spec 2 §5, §7): a new row, PRIVATE until staff make it public
 * (ADR 019: the spec's always-public default would publish whatever is typed).
 * An html value is stored sanitized. A key already taken is a field error.
 */
export async function createSetting(tx: DbTransaction, input: Omit<CreateSettingInput, "intent">): Promise<AdminChange> {
  const value = checkSettingValue(input.settingType, input.settingValue);
  if (!value.ok) return { ok: false, status: 422, fieldErrors: { settingValue: value.message } };
  const refused = checkSiteRules(input.settingKey, input.settingType, value.value);
  if (refused) return refused;
  const [row] = await tx
    .insert(cmsSiteSettings)
    .values({
      settingKey: input.settingKey,
      settingValue: value.value,
      settingType: input.settingType,
      category: input.category,
      description: input.description,
      isPublic: false,
    })
    .onConflictDoNothing({ target: cmsSiteSettings.settingKey })
    .returning({ id: cmsSiteSettings.id });
  if (!row) return { ok: false, status: 409, fieldErrors: { settingKey: SETTING_TEXT.keyTaken } };
  return {
    ok: true,
    message: SETTING_TEXT.created,
    audit: {
      action: "cms.setting.create",
      targetType: "cms_site_setting",
      targetId: row.id,
      details: { title: input.settingKey, type: input.settingType, category: input.category, isPublic: false },
    },
  };
}
