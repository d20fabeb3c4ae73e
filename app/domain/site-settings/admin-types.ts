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
  /** ISO 8601. */
  updatedAt: string;
}
