import type { SettingCategoryValue, SettingTypeValue } from "./constants";
import type { RequiredSettingUse } from "./required-settings";

/** A setting as Site Settings lists it. */
export interface AdminSetting {
  id: string;
  settingKey: string;
  settingValue: string;
  settingType: SettingTypeValue;
  description: string | null;
  category: SettingCategoryValue;
  isPublic: boolean;
  /** The site reads it (ADR 019): "public" facts of every page, or the "private" lead alert address; else null. */
  requiredBy: RequiredSettingUse | null;
  /**
   * The screen that edits it, when not this list: a business fact of Site Configuration (the phone, the
   * address...) has one home there, with that form's rules; the list shows it read-only with a link.
   */
  editedIn: "site-configuration" | null;
  /** ISO 8601. */
  updatedAt: string;
}
