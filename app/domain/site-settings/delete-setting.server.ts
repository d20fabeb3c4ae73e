import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SETTING_TEXT, type DeleteSettingInput } from "./admin-schemas";
import { requiredSetting } from "./required-settings";

/** Deletes a setting for good, after the screen's confirmation (spec 2 §5); not one the site reads (ADR 019). */
export async function deleteSetting(tx: DbTransaction, input: Pick<DeleteSettingInput, "id">): Promise<AdminChange> {
  const [row] = await tx
    .select({ settingKey: cmsSiteSettings.settingKey, settingType: cmsSiteSettings.settingType, isPublic: cmsSiteSettings.isPublic })
    .from(cmsSiteSettings)
    .where(eq(cmsSiteSettings.id, input.id))
    .for("update");
  if (!row) return { ok: false, status: 404 };
  if (requiredSetting(row.settingKey)) return { ok: false, status: 409, message: SETTING_TEXT.requiredNoDelete };
  await tx.delete(cmsSiteSettings).where(eq(cmsSiteSettings.id, input.id));
  return {
    ok: true,
    message: SETTING_TEXT.deleted,
    audit: {
      action: "cms.setting.delete",
      targetType: "cms_site_setting",
      targetId: input.id,
      details: { title: row.settingKey, type: row.settingType, isPublic: row.isPublic },
    },
  };
}
