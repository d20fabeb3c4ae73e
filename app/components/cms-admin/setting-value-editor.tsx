import { useEffect } from "react";
import type { CustomFieldProps } from "~/components/admin/admin-form";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { SETTING_TYPE_VALUES, type SettingTypeValue } from "~/domain/site-settings/constants";
import { SETTING_VALUE_LIMITS } from "~/domain/site-settings/setting-values";

/**
 * The Value of a site setting, with the input its type asks for (spec 2 §5):
 * html and json a multi-line text, boolean a True/False choice, number a
 * numeric input, url and text plain text. It follows the form's Type
 * (`watched.settingType`); the kit posts the value in its hidden input, and
 * the same schema checks it for the type in the browser and on the server.
 */

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-50";

function typeOf(watched: Record<string, string>): SettingTypeValue {
  const type = watched.settingType ?? "";
  return (SETTING_TYPE_VALUES as readonly string[]).includes(type) ? (type as SettingTypeValue) : "text";
}

export function SettingValueEditor({ id, value, onChange, error, describedBy, watched }: CustomFieldProps) {
  const type = typeOf(watched);
  // The True/False choice always shows one of the two: a value of another type becomes False.
  useEffect(() => {
    if (type === "boolean" && value !== "true" && value !== "false") onChange("false");
  }, [type, value, onChange]);

  const hintId = `${id}-type-hint`;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, describedBy].filter(Boolean).join(" "),
    "aria-required": true,
    "data-setting-type": type,
  } as const;

  return (
    <>
      <ValueControl type={type} value={value} onChange={onChange} common={common} />
      <p id={hintId} className="text-xs text-muted-foreground">
        {SETTING_VALUE_HINTS[type]}
      </p>
    </>
  );
}

function ValueControl({
  type,
  value,
  onChange,
  common,
}: {
  type: SettingTypeValue;
  value: string;
  onChange: (value: string) => void;
  common: { id: string; "aria-invalid": true | undefined; "aria-describedby": string; "aria-required": true; "data-setting-type": SettingTypeValue };
}) {
  switch (type) {
    case "html":
    case "json":
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          rows={type === "html" ? 6 : 8}
          spellCheck={type === "html"}
          maxLength={SETTING_VALUE_LIMITS[type]}
          className="font-mono text-sm"
        />
      );
    case "boolean":
      return (
        <select {...common} value={value === "true" ? "true" : "false"} onChange={(event) => onChange(event.currentTarget.value)} className={selectClass}>
          <option value="true">True</option>
          <option value="false">False</option>
        </select>
      );
    case "number":
      return <Input {...common} type="number" step="any" inputMode="decimal" value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
    case "url":
      return <Input {...common} type="url" placeholder="https://..." value={value} maxLength={SETTING_VALUE_LIMITS.url} onChange={(event) => onChange(event.currentTarget.value)} />;
    default:
      return <Input {...common} type="text" value={value} maxLength={SETTING_VALUE_LIMITS.text} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

/** What the Value field's hint says for each type. */
const SETTING_VALUE_HINTS: Record<SettingTypeValue, string> = {
  text: "One line of text.",
  html: "Simple formatting only: paragraphs, bold, italics, lists, headings and links. Anything else (scripts, styles, images, frames) is removed when it is saved.",
  json: "Valid JSON, like {\"facebook\": \"https://...\"} or [\"Columbus\", \"Dublin\"].",
  boolean: "True or False.",
  number: "A number, like 24 or -83.1141.",
  url: "A full web address starting with http:// or https://.",
};
