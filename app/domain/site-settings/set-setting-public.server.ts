import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SETTING_TEXT, type SetSettingPublicInput } from "./admin-schemas";
import { requiredSetting } from "./required-settings";

/**
 * Make Public / Make Private (spec 2 §4, §6): is_public decides whether the
 * public site may read the setting. The public facts the site shows cannot
 * be made private, nor the lead alert address public (ADR 019).
 */
export async function setSettingPublic(tx: DbTransaction, input: Pick<SetSettingPublicInput, "id" | "public">): Promise<AdminChange> {
  const [row] = await tx
    .select({ settingKey: cmsSiteSettings.settingKey })
    .from(cmsSiteSettings)
    .where(eq(cmsSiteSettings.id, input.id))
    .for("update");
  if (!row) return { ok: false, status: 404 };
  const required = requiredSetting(row.settingKey);
  if (required?.use === "public" && !input.public) return { ok: false, status: 409, message: SETTING_TEXT.requiredNoPrivate };
  if (required?.use === "private" && input.public) return { ok: false, status: 409, message: SETTING_TEXT.requiredNoPublic };
  await tx.update(cmsSiteSettings).set({ isPublic: input.public, updatedAt: sql`now()` }).where(eq(cmsSiteSettings.id, input.id));
  return {
    ok: true,
    message: input.public ? SETTING_TEXT.madePublic : SETTING_TEXT.madePrivate,
    audit: {
      action: input.public ? "cms.setting.make_public" : "cms.setting.make_private",
      targetType: "cms_site_setting",
      targetId: input.id,
      details: { title: row.settingKey },
    },
  };
}
