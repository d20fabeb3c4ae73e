import { ArrowDown, ArrowUp, Braces, ListChecks, Trash2 } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

/**
 * Parts of the structured JSON editors of /admin/cms/pages (block content,
 * page metadata): the Form / JSON switch, a labelled sub-field with its own
 * message, the Move up / Move down / Remove buttons of a list entry, and the
 * raw JSON textarea. Their inputs have no `name`: only the kit's hidden input
 * (the whole JSON) is posted.
 */

export type EditorMode = "form" | "json";

export function ModeSwitch({ mode, onChange, label }: { mode: EditorMode; onChange: (mode: EditorMode) => void; label: string }) {
  return (
    <div role="group" aria-label={`Edit ${label} as`} className="inline-flex w-fit rounded-md border border-input bg-muted p-0.5">
      {(
        [
          ["form", "Form", ListChecks],
          ["json", "JSON", Braces],
        ] as const
      ).map(([value, text, Icon]) => (
        <Button
          key={value}
          type="button"
          size="sm"
          variant={mode === value ? "outline" : "ghost"}
          aria-pressed={mode === value}
          onClick={() => onChange(value)}
          className={cn("h-8", mode === value && "shadow-sm")}
        >
          <Icon aria-hidden="true" />
          {text}
        </Button>
      ))}
    </div>
  );
}

const controlClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive";

/** A labelled input, textarea or select of a structured editor, with its own message under it. */
export function SubField({
  id,
  label,
  message,
  hint,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  message?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** The control: gets `id`, `aria-invalid` and `aria-describedby` from `controlProps`. */
  children: (controlProps: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true; className?: string }) => React.ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-1 text-destructive">
            *
          </span>
        )}
      </label>
      {children({ id, "aria-invalid": message ? true : undefined, "aria-describedby": describedBy, "aria-required": required || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-message`} className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

export function SelectControl({
  options,
  value,
  onChange,
  ...props
}: Omit<React.ComponentProps<"select">, "onChange"> & { options: ReadonlyArray<{ value: string; label: string }>; value: string; onChange: (value: string) => void }) {
  return (
    <select {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} className={controlClass}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Move up, Move down and Remove for entry `index` of `count` ("Move card 2 up"). */
export function EntryButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
  minimum = 1,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Entries that must stay (the last one cannot be removed). */
  minimum?: number;
}) {
  const name = `${what} ${index + 1}`;
  return (
    <div className="flex flex-wrap gap-1">
      <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 text-destructive"
        aria-label={`Remove ${name}`}
        disabled={count <= minimum}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The raw JSON of a structured editor. */
export function JsonTextarea({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <Textarea
      id={id}
      aria-label={`${label} (JSON)`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={false}
      rows={14}
      className="font-mono text-xs leading-relaxed md:text-xs"
    />
  );
}

/** A message about switching modes (e.g. the JSON does not parse), announced. */
export function SwitchProblem({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

