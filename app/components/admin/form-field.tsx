import type * as React from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export interface FormFieldProps extends Omit<React.ComponentProps<typeof Input>, "id" | "name"> {
  name: string;
  label: string;
  /** Server-side message for this field; shown under it and announced. */
  error?: string;
  /** Help text under the field (e.g. the password rules). */
  hint?: string;
  idPrefix?: string;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function FormField({ name, label, error, hint, idPrefix = "field", ...inputProps }: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
