import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbTransaction } from "~/db/client.server";
import { cmsSiteSettings, contentVersions } from "~/db/schema";
import { savePageSchema, saveBlockSchema } from "~/domain/cms/content-admin-schemas";
import { saveBlock } from "~/domain/cms/save-block.server";
import { savePage } from "~/domain/cms/save-page.server";
import { updateGalleryProjectSchema } from "~/domain/gallery/admin-schemas";
import { updateGalleryProject } from "~/domain/gallery/update-gallery-project.server";
import { updateServiceSchema } from "~/domain/services/admin-schemas";
import { updateService } from "~/domain/services/update-service.server";
import { updateSettingSchema } from "~/domain/site-settings/admin-schemas";
import { saveSiteConfiguration } from "~/domain/site-settings/save-site-configuration.server";
import { saveSiteConfigurationSchema } from "~/domain/site-settings/site-configuration-schema";
import { setSettingPublic } from "~/domain/site-settings/set-setting-public.server";
import { updateSetting } from "~/domain/site-settings/update-setting.server";
import { updateTeamMemberSchema } from "~/domain/team/admin-schemas";
import { updateTeamMember } from "~/domain/team/update-team-member.server";
import type { AdminActionContext, AdminChange } from "~/lib/admin-action.server";
import { HISTORY_TEXT, SITE_CONFIGURATION_ITEM_ID, type HistoryKind, type RestoreVersionInput } from "./kinds";

/**
 * Restore (History dialog, ADR 029): the version's values go through the item's own save use case, parsed
 * by the same schema as its edit form, so a restore is a save like any other: the same rules, the same
 * audit entry (its action ending in `.restore`, with the version restored), and a NEW version written by
 * the kit. History is never rewritten.
 */

type Restorer = (tx: DbTransaction, itemId: string, values: Record<string, string>) => Promise<AdminChange>;

/** Parses the version as the form `schema` would post it, or says why the values are not valid any more. */
function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>): { ok: true; data: z.output<S> } | { ok: false; change: AdminChange } {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, change: { ok: false, status: 422, message: HISTORY_TEXT.notRestorable(issue?.message ?? "its values are not valid any more.") } };
}

const RESTORERS: Record<HistoryKind, Restorer> = {
  service: async (tx, id, values) => {
    const input = parseForm(updateServiceSchema, { ...values, intent: "update-service", id });
    return input.ok ? updateService(tx, input.data) : input.change;
  },
  team_member: async (tx, id, values) => {
    const input = parseForm(updateTeamMemberSchema, { ...values, intent: "update-team-member", id });
    return input.ok ? updateTeamMember(tx, input.data) : input.change;
  },
  page: async (tx, id, values) => {
    const input = parseForm(savePageSchema, { ...values, intent: "save-page", id });
    return input.ok ? savePage(tx, input.data) : input.change;
  },
  block: async (tx, id, values) => {
    const input = parseForm(saveBlockSchema, { ...values, intent: "save-block", id });
    return input.ok ? saveBlock(tx, input.data) : input.change;
  },
  setting: async (tx, id, { isPublic, ...values }) => {
    const input = parseForm(updateSettingSchema, { ...values, intent: "update-setting", id });
    if (!input.ok) return input.change;
    const change = await updateSetting(tx, input.data);
    if (!change.ok || isPublic === undefined) return change;
    // The visibility is the menu's Make Public / Make Private: restored through its own use case, when it differs.
    const [row] = await tx.select({ isPublic: cmsSiteSettings.isPublic }).from(cmsSiteSettings).where(eq(cmsSiteSettings.id, id));
    if (!row || row.isPublic === (isPublic === "on")) return change;
    const visibility = await setSettingPublic(tx, { id, public: isPublic === "on" });
    return visibility.ok ? change : visibility;
  },
  gallery_project: async (tx, id, values) => {
    const input = parseForm(updateGalleryProjectSchema, { ...values, intent: "update-gallery-project", id });
    return input.ok ? updateGalleryProject(tx, input.data) : input.change;
  },
  site_configuration: async (tx, id, values) => {
    if (id !== SITE_CONFIGURATION_ITEM_ID) return { ok: false, status: 404 };
    const input = parseForm(saveSiteConfigurationSchema, { ...values, intent: "save-site-configuration" });
    return input.ok ? saveSiteConfiguration(tx, input.data) : input.change;
  },
};

async function restoreVersion(tx: DbTransaction, input: Omit<RestoreVersionInput, "intent">): Promise<AdminChange> {
  const [version] = await tx
    .select({ number: contentVersions.number, values: contentVersions.values })
    .from(contentVersions)
    .where(and(eq(contentVersions.id, input.versionId), eq(contentVersions.kind, input.kind), eq(contentVersions.itemId, input.id)));
  if (!version) return { ok: false, status: 404, message: HISTORY_TEXT.versionGone };
  const [latest] = await tx
    .select({ number: contentVersions.number })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, input.kind), eq(contentVersions.itemId, input.id)))
    .orderBy(desc(contentVersions.number))
    .limit(1);
  if (latest?.number === version.number) return { ok: false, status: 409, message: HISTORY_TEXT.alreadyCurrent };

  const change = await RESTORERS[input.kind](tx, input.id, version.values);
  if (!change.ok) return change;
  const action = change.audit.action.replace(/\.[a-z_]+$/, ".restore");
  return {
    ok: true,
    message: HISTORY_TEXT.restored,
    audit: { ...change.audit, action, details: { ...change.audit.details, restoredVersion: version.number } },
  };
}

/**
 * The `restore-version` intent of a screen's adminAction:
 *   intents: { ..., "restore-version": restoreVersionIntent }
 * with `restoreVersionSchema([...kinds])` in the route's schema.
 */
export const restoreVersionIntent = {
  failure: HISTORY_TEXT.restoreFailed,
  history: (input: RestoreVersionInput) => input.kind,
  run: (input: RestoreVersionInput, ctx: AdminActionContext) => restoreVersion(ctx.tx, input),
};
