import { z } from "zod";
import { booleanChoice, optionalText, recordId, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { SETTING_CATEGORY_VALUES, SETTING_TYPE_VALUES } from "./constants";
import { checkSettingValue, SETTING_VALUE_TEXT } from "./setting-values";

/**
 * What Site Settings (/admin/cms/settings, spec 2 §2 "Site Settings", §3
 * cms_site_settings, §4, §5, §7, §8, §9) sends: one schema per intent,
 * shared by the browser (field errors before posting) and the action.
 */

/** The texts of the screen: the catalogue's (spec 2 §8) word for word, and ours where it has none. */
export const SETTING_TEXT = {
  title: "Site Settings",
  loading: "Loading settings...",
  empty: "No settings found.",
  noMatch: "No settings match your search or filter.",
  loadFailed: "Failed to load settings",
  saveFailed: "Failed to save setting",
  deleteFailed: "Failed to delete setting",
  visibilityFailed: "Failed to update setting visibility",
  created: "Setting created successfully",
  updated: "Setting updated successfully",
  deleted: "Setting deleted successfully",
  madePublic: "Setting visibility enabled",
  madePrivate: "Setting visibility disabled",
  keyRequired: "Setting key is required.",
  keyFormat: "Use lowercase letters, numbers and underscores, starting with a letter.",
  keyTaken: "A setting with this key already exists.",
  valueRequired: SETTING_VALUE_TEXT.required,
  // Settings the site reads (ADR 019): refused changes, in the catalogue's plain style.
  requiredNoDelete: "This setting is used by the website and cannot be deleted.",
  requiredNoPrivate: "This setting is used by the website and cannot be made private.",
  requiredNoPublic: "This setting is private to the business and cannot be made public.",
  requiredNoRename: "This setting is used by the website: its key cannot be changed.",
  requiredType: (type: string) => `This setting is used by the website and must stay of type ${type}.`,
  editedInSiteConfiguration: "This business fact is edited in Site Configuration, where the website's rules for it apply.",
  editInSiteConfiguration: "Edit in Site Configuration",
} as const;

/** The create defaults (spec 2 §5): key new_setting, type text, category general; NOT public (ADR 019). */
export const NEW_SETTING_DEFAULTS = { settingKey: "new_setting", settingType: "text", category: "general", settingValue: "", description: "" } as const;

export const SETTING_KEY_MAX = 100;
export const SETTING_DESCRIPTION_MAX = 500;
/** The database's check on setting_key. */
const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

const settingKey = requiredText({ max: SETTING_KEY_MAX, requiredMessage: SETTING_TEXT.keyRequired }).refine((key) => SETTING_KEY_PATTERN.test(key), SETTING_TEXT.keyFormat);

const settingFields = {
  settingKey,
  settingType: z.enum(SETTING_TYPE_VALUES, TEXT_ERRORS.choice),
  // Checked for its type below (the same function the use case stores the value with).
  settingValue: z.string({ error: SETTING_TEXT.valueRequired }),
  category: z.enum(SETTING_CATEGORY_VALUES, TEXT_ERRORS.choice),
  description: optionalText({ max: SETTING_DESCRIPTION_MAX }),
};

/** The value must fit the type (checked as soon as the type is one of the list). */
function valueFitsType(input: { settingType: unknown; settingValue: unknown }, ctx: z.RefinementCtx) {
  if (typeof input.settingType !== "string" || !(SETTING_TYPE_VALUES as readonly string[]).includes(input.settingType)) return;
  const check = checkSettingValue(input.settingType as (typeof SETTING_TYPE_VALUES)[number], input.settingValue);
  if (!check.ok) ctx.addIssue({ code: "custom", path: ["settingValue"], message: check.message });
}

/** Add Setting: private until made public (ADR 019). */
export const createSettingSchema = z.strictObject({ intent: z.literal("create-setting"), ...settingFields }).superRefine(valueFitsType);

/** Edit: every field but the visibility (the menu's Make Public / Make Private). */
export const updateSettingSchema = z.strictObject({ intent: z.literal("update-setting"), id: recordId, ...settingFields }).superRefine(valueFitsType);

/** Make Public ("true") / Make Private ("false"). */
const setSettingPublicSchema = z.strictObject({ intent: z.literal("set-setting-public"), id: recordId, public: booleanChoice });

const deleteSettingSchema = z.strictObject({ intent: z.literal("delete-setting"), id: recordId });

export type CreateSettingInput = z.output<typeof createSettingSchema>;
export type UpdateSettingInput = z.output<typeof updateSettingSchema>;
export type SetSettingPublicInput = z.output<typeof setSettingPublicSchema>;
export type DeleteSettingInput = z.output<typeof deleteSettingSchema>;

export const settingActionSchema = z.discriminatedUnion("intent", [createSettingSchema, updateSettingSchema, setSettingPublicSchema, deleteSettingSchema]);
