import { Fragment, useEffect, useId, useMemo, useRef, useState } from "react";
import type * as React from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { fieldErrorsOf } from "~/lib/admin-result";
import { cn } from "~/lib/cn";
import { HEX_COLOR } from "~/lib/text-fields";
import { useAdminAction } from "./use-admin-action";

/**
 * The kit's form: fields described as data, validated in the browser with the
 * SAME zod schema the action parses (so the messages match), then posted to
 * the route's action through a fetcher.
 *
 * - an invalid field shows its message under it, and the first invalid field
 *   (in form order) gets focus; the server's field messages are shown the same way;
 * - while the change is saved the submit button says "Saving..." and the
 *   form is disabled; the answer shows as the spec's toast;
 * - on success `onSaved` runs (a dialog closes, an edit ends) and an add
 *   form starts empty again; on failure the values stay.
 *
 * A value no plain input can edit (a list of cards, a JSON document) is a
 * `kind: "custom"` field: the kit keeps its value in a hidden input named like
 * the field, so the same schema validates it in the browser and in the action,
 * and `render` draws the editor, which reports each change with `onChange`
 * (see CustomFieldProps). The kit still draws the label, hint and message.
 */

/** What a custom field's `render` gets. */
export interface CustomFieldProps {
  /** The id the kit's label points at (or, for a group, the id to give its first control). */
  id: string;
  /** The id of the kit's label text (for `aria-labelledby`). */
  labelId: string;
  name: string;
  label: string;
  /** The field's starting value (`values[name]`, "" when absent). */
  initialValue: string;
  /** The value posted now. */
  value: string;
  /** Sets the value posted (the editor's state, serialised, e.g. as JSON). */
  onChange: (value: string) => void;
  /** The field's message (from the schema in the browser, or from the server). */
  error?: string;
  /** The ids of the hint and the message, for `aria-describedby`. */
  describedBy?: string;
  /** The current values of the other fields named in the spec's `watch` (e.g. a block's type). */
  watched: Record<string, string>;
}

export type FieldSpec = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Starts a titled section of a long form: a heading (h2) spanning both columns before this field. */
  section?: string;
  /**
   * Filled from another field while that one is typed in (a slug from a name): as long as this field is
   * empty or still holds what was derived, it follows; once edited by hand it is left alone. Give it only
   * in an add form (an edit form never re-derives).
   */
  derive?: { from: string; value: (source: string) => string };
} & (
  | { kind: "text" | "url" | "textarea" | "number" | "color" }
  /** A date and time without a zone (`datetime-local`: "2026-12-01T09:00"); the label says which zone. */
  | { kind: "datetime" }
  /** A calendar day (`date`: "2026-12-24"). */
  | { kind: "date" }
  | { kind: "select"; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "checkbox" }
  /** An on/off switch (role="switch", named by its label); posts "on" when on, nothing when off (like a checkbox). */
  | { kind: "switch" }
  | {
      kind: "custom";
      render: (props: CustomFieldProps) => React.ReactNode;
      /** Other fields whose current values `render` reads (`props.watched`). */
      watch?: readonly string[];
      /**
       * The editor is several controls: the label names the group (role="group"), and the kit
       * focuses the group's first invalid control (aria-invalid), else its first control.
       */
      group?: boolean;
    }
);

export interface AdminFormProps {
  /** The intent's schema (shared with the action; includes `intent`). */
  schema: z.ZodType;
  intent: string;
  fields: readonly FieldSpec[];
  /** Starting values by field name ("" when absent); checkboxes: "on" when checked. */
  values?: Record<string, string>;
  /** Hidden fields sent along, e.g. the id of the record being edited. */
  hidden?: Record<string, string>;
  submitLabel: string;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  onSaved?: () => void;
  /** The form's accessible name. */
  label: string;
  className?: string;
}

const controlClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-50";

function formStrings(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

export function AdminForm({ schema, intent, fields, values = {}, hidden = {}, submitLabel, onCancel, onSaved, label, className }: AdminFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const idBase = useId();
  // The current values of fields a custom field watches (e.g. the type a block editor follows).
  const watchedNames = useMemo(() => new Set(fields.flatMap((f) => (f.kind === "custom" ? (f.watch ?? []) : []))), [fields]);
  const startingWatched = () => Object.fromEntries([...watchedNames].map((name) => [name, values[name] ?? ""]));
  const [watched, setWatched] = useState<Record<string, string>>(startingWatched);
  const { fetcher, pending } = useAdminAction({
    onSuccess: () => {
      setErrors({});
      setGeneration((g) => g + 1);
      setWatched(startingWatched());
      onSaved?.();
    },
    onFailure: (result) => setErrors((!result.ok && result.fieldErrors) || {}),
  });

  // Fields derived from another one (a slug from a name), by the name of the field they follow.
  const derived = useMemo(() => fields.filter((f) => f.derive), [fields]);
  const onDerive = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const form = event.currentTarget;
    for (const field of derived) {
      if (!field.derive || field.derive.from !== target.name) continue;
      const input = form.elements.namedItem(field.name);
      if (!(input instanceof HTMLInputElement)) continue;
      // Follows while empty or still holding what was derived last (not edited by hand).
      if (input.value !== "" && input.value !== (input.dataset.derived ?? "")) continue;
      const next = field.derive.value(target.value);
      input.value = next;
      input.dataset.derived = next;
    }
  };

  const onFieldChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (!target.name || !watchedNames.has(target.name)) return;
    const value = target instanceof HTMLInputElement && target.type === "checkbox" ? (target.checked ? "on" : "") : target.value;
    setWatched((current) => (current[target.name] === value ? current : { ...current, [target.name]: value }));
  };

  // Focus the first invalid field (in form order) whenever errors appear.
  useEffect(() => {
    const first = fields.find((f) => errors[f.name]);
    if (!first || !formRef.current) return;
    if (first.kind === "custom") {
      const group = formRef.current.querySelector<HTMLElement>(`[data-custom-field="${first.name}"]`);
      const target =
        group?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        (document.getElementById(`${idBase}-${first.name}`) as HTMLElement | null) ??
        group?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, button");
      target?.focus();
      return;
    }
    // A switch's posted input is hidden: its button (the id its label points at) takes focus.
    const element =
      first.kind === "switch" ? document.getElementById(`${idBase}-${first.name}`) : formRef.current.querySelector<HTMLElement>(`[name="${first.name}"]`);
    element?.focus();
  }, [errors, fields, idBase]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(formStrings(event.currentTarget));
    if (!parsed.success) {
      event.preventDefault();
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
  };

  // A message not about a field shown in the form (e.g. the edited record no longer exists).
  const formError = errors._form ?? Object.entries(errors).find(([name]) => !fields.some((f) => f.name === name))?.[1];

  return (
    <fetcher.Form
      key={generation}
      ref={formRef}
      method="post"
      noValidate
      aria-label={label}
      onSubmit={onSubmit}
      onChange={watchedNames.size > 0 ? onFieldChange : undefined}
      onInput={derived.length > 0 ? onDerive : undefined}
      className={cn("grid gap-4 sm:grid-cols-2", className)}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset disabled={pending} className="contents">
        {fields.map((field) => (
          <Fragment key={field.name}>
            {field.section && <h2 className="mt-4 border-b border-border pb-1 text-xl font-semibold text-brand-navy first:mt-0 sm:col-span-2">{field.section}</h2>}
            <Field field={field} id={`${idBase}-${field.name}`} value={values[field.name] ?? ""} error={errors[field.name]} watched={watched} />
          </Fragment>
        ))}
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function Field({ field, id, value, error, watched }: { field: FieldSpec; id: string; value: string; error?: string; watched: Record<string, string> }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": field.required || undefined,
  } as const;

  let control: React.ReactNode;
  switch (field.kind) {
    case "textarea":
      control = <Textarea {...common} defaultValue={value} rows={4} maxLength={field.maxLength} placeholder={field.placeholder} />;
      break;
    case "select":
      control = (
        <select {...common} defaultValue={value} className={controlClass}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case "checkbox":
      return (
        <div className={cn("flex items-center gap-2", field.wide && "sm:col-span-2")}>
          <input {...common} type="checkbox" defaultChecked={value === "on"} className="size-6 shrink-0 accent-brand-navy" />
          <Label htmlFor={id}>{field.label}</Label>
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      );
    case "switch":
      return (
        <div className={cn("grid content-start gap-2", field.wide && "sm:col-span-2")}>
          <div className="flex items-center gap-3">
            <Switch
              id={id}
              name={field.name}
              defaultChecked={value === "on"}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            <Label htmlFor={id}>{field.label}</Label>
          </div>
          {field.hint && (
            <p id={hintId} className="text-xs text-muted-foreground">
              {field.hint}
            </p>
          )}
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      );
    case "color":
      control = <ColorInput common={common} value={value} label={field.label} />;
      break;
    case "datetime":
      control = <Input {...common} type="datetime-local" defaultValue={value} className="w-fit" />;
      break;
    case "date":
      control = <Input {...common} type="date" defaultValue={value} className="w-fit" />;
      break;
    case "custom":
      return <CustomField field={field} id={id} initialValue={value} error={error} describedBy={describedBy} hintId={hintId} errorId={errorId} watched={watched} />;
    default:
      control = (
        <Input
          {...common}
          type={field.kind === "url" ? "url" : "text"}
          inputMode={field.kind === "number" ? "numeric" : undefined}
          defaultValue={value}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
        />
      );
  }
  return (
    <div className={cn("grid content-start gap-2", (field.wide || field.kind === "textarea") && "sm:col-span-2")}>
      <span className="flex items-center gap-1">
        <Label htmlFor={id}>{field.label}</Label>
        {field.required && (
          <span aria-hidden="true" className="text-sm text-destructive">
            *
          </span>
        )}
      </span>
      {control}
      {field.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A custom field: the kit's label, hint and message around `render`, and the hidden input that is posted. */
function CustomField({
  field,
  id,
  initialValue,
  error,
  describedBy,
  hintId,
  errorId,
  watched,
}: {
  field: Extract<FieldSpec, { kind: "custom" }>;
  id: string;
  initialValue: string;
  error?: string;
  describedBy?: string;
  hintId: string;
  errorId: string;
  watched: Record<string, string>;
}) {
  const [value, setValue] = useState(initialValue);
  const labelId = `${id}-label`;
  const label = (
    <span className="flex items-center gap-1">
      {field.group ? (
        <span id={labelId} className="text-sm leading-none font-medium">
          {field.label}
        </span>
      ) : (
        <Label id={labelId} htmlFor={id}>
          {field.label}
        </Label>
      )}
      {field.required && (
        <span aria-hidden="true" className="text-sm text-destructive">
          *
        </span>
      )}
    </span>
  );
  const editor = field.render({ id, labelId, name: field.name, label: field.label, initialValue, value, onChange: setValue, error, describedBy, watched });
  return (
    <div data-custom-field={field.name} className="grid content-start gap-2 sm:col-span-2">
      {label}
      <input type="hidden" name={field.name} value={value} />
      {field.group ? (
        <div role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
          {editor}
        </div>
      ) : (
        editor
      )}
      {field.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium whitespace-pre-line text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A colour picker and its hex text, kept in sync; the text field is the one posted. */
function ColorInput({ common, value, label }: { common: React.ComponentProps<"input">; value: string; label: string }) {
  const [hex, setHex] = useState(value || "#000000");
  const pickerValue = HEX_COLOR.test(hex) ? hex.toLowerCase() : "#000000";
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={pickerValue}
        onChange={(event) => setHex(event.currentTarget.value)}
        className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
      />
      <Input {...common} value={hex} onChange={(event) => setHex(event.currentTarget.value)} maxLength={7} className="font-mono" />
    </div>
  );
}
