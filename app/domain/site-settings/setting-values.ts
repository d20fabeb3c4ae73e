import { hasVisibleText, isHttpUrl, TEXT_ERRORS, textProblem } from "~/lib/text-fields";
import type { SettingTypeValue } from "./constants";
import { sanitizeHtml } from "./sanitize-html";

/**
 * A setting's value checked for its type (spec 2 §5, §9), the same in the
 * browser (the form's schema) and on the server (the schema, then the use
 * case stores `value`):
 * - text: one line, trimmed;
 * - html: several lines; stored as the allowlist sanitizer's output (S17);
 * - json: must parse; stored as typed (trimmed);
 * - boolean: exactly "true" or "false" (the True/False choice);
 * - number: a decimal number such as 24, -83.1141 or 0.5;
 * - url: an absolute http(s) address.
 */

export const SETTING_VALUE_LIMITS: Record<SettingTypeValue, number> = {
  text: 5_000,
  html: 20_000,
  json: 20_000,
  boolean: 5,
  number: 30,
  url: 2_000,
};

export const SETTING_VALUE_TEXT = {
  required: "Setting value is required.",
  json: "Enter valid JSON, like {\"facebook\": \"https://...\"} or [\"Columbus\", \"Dublin\"].",
  number: "Enter a number, like 24 or -83.1141.",
  boolean: "Choose True or False.",
  url: TEXT_ERRORS.url,
  htmlEmpty: "Nothing is left of this HTML once unsafe parts are removed: enter text, with only simple formatting and links.",
} as const;

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export type SettingValueCheck = { ok: true; value: string } | { ok: false; message: string };

/** The value to store for `type`, or why `raw` is not one. */
export function checkSettingValue(type: SettingTypeValue, raw: unknown): SettingValueCheck {
  if (typeof raw !== "string") return { ok: false, message: SETTING_VALUE_TEXT.required };
  const multiline = type === "html" || type === "json";
  const max = SETTING_VALUE_LIMITS[type];
  if (raw.length > max * 4 + 64) return { ok: false, message: TEXT_ERRORS.tooLong(max) };
  const problem = textProblem(raw, { multiline });
  if (problem) return { ok: false, message: problem };
  if (type === "boolean") {
    return raw === "true" || raw === "false" ? { ok: true, value: raw } : { ok: false, message: SETTING_VALUE_TEXT.boolean };
  }
  let value = raw.normalize("NFC").trim();
  if (multiline) value = value.replace(/\r\n?/g, "\n");
  if (!value || !hasVisibleText(value)) return { ok: false, message: SETTING_VALUE_TEXT.required };
  if (value.length > max) return { ok: false, message: TEXT_ERRORS.tooLong(max) };
  switch (type) {
    case "text":
      return { ok: true, value };
    case "html": {
      const clean = sanitizeHtml(value);
      if (!hasVisibleText(clean.replace(/<[^>]*>/g, ""))) return { ok: false, message: SETTING_VALUE_TEXT.htmlEmpty };
      return { ok: true, value: clean };
    }
    case "json":
      try {
        JSON.parse(value);
        return { ok: true, value };
      } catch {
        return { ok: false, message: SETTING_VALUE_TEXT.json };
      }
    case "number":
      return NUMBER.test(value) && Number.isFinite(Number(value)) ? { ok: true, value } : { ok: false, message: SETTING_VALUE_TEXT.number };
    case "url":
      return isHttpUrl(value) ? { ok: true, value } : { ok: false, message: SETTING_VALUE_TEXT.url };
  }
}

/** The list's short form of a value: at most 50 characters (spec 2 §9), HTML as its text. */
export function truncateSettingValue(value: string, type: SettingTypeValue, max = 50): string {
  const text = type === "html" ? value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() : value.replace(/\s+/g, " ").trim();
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join("")}...`;
}
