import { useEffect, useId, useState } from "react";
import type * as React from "react";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { saveScheduleSchema, slotLengthWords } from "~/domain/scheduling/schedule-forms";
import { SLOT_LENGTHS, WEEKDAY_NAMES, type ScheduleSettings } from "~/domain/scheduling/schedule-settings";
import { fieldErrorsOf } from "~/lib/admin-result";

/**
 * The schedule's form on /admin/schedule (issue 31 item 3): online booking on or off, each weekday open or
 * closed with its hours, the slot length, how many inspections run at once, the lead time and the change
 * cut-off. The admin kit's way (app/components/admin/admin-form.tsx), drawn by hand for the week's grid:
 * checked in the browser with the action's own schema (the same messages), posted through the kit's
 * fetcher (the answer is the kit's toast), a message under each field in error, and the first of them
 * focused. Monday comes first on screen; the posted names keep the stored order (0 is Sunday).
 */

/** Monday to Sunday, as the office reads a week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const NUMBER_FIELDS = [
  { name: "capacity", label: "Inspections at the same time", hint: "How many crews can inspect at once: each slot takes this many bookings." },
  { name: "leadTimeHours", label: "Earliest booking (business hours from now)", hint: "Counted in open hours only: closed days and days off do not count." },
  { name: "changeCutoffHours", label: "Changes allowed until (hours before)", hint: "Homeowners can move or cancel online until this many hours before the inspection; later they call." },
] as const;

/** The order the first field in error is looked for (the order on screen). */
const FIELD_ORDER = ["bookingEnabled", ...WEEK.flatMap((d) => [`open-${d}`, `start-${d}`, `end-${d}`]), "slotMinutes", ...NUMBER_FIELDS.map((f) => f.name)];

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-50";

function formStrings(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

function FieldMessage({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {text}
    </p>
  );
}

export function ScheduleForm({ settings }: { settings: ScheduleSettings }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const { fetcher, pending } = useAdminAction({
    onSuccess: () => setErrors({}),
    onFailure: (result) => setErrors((!result.ok && result.fieldErrors) || {}),
  });

  useEffect(() => {
    const first = FIELD_ORDER.find((name) => errors[name]) ?? Object.keys(errors)[0];
    if (first) document.getElementById(idOf(first))?.focus();
    // idOf only reads the stable base.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = saveScheduleSchema.safeParse(formStrings(event.currentTarget));
    if (!parsed.success) {
      event.preventDefault();
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
  };

  /** aria-invalid and the message's id for a field in error. */
  const invalid = (name: string, hint?: boolean) => {
    const ids = [hint ? `${idOf(name)}-hint` : null, errors[name] ? `${idOf(name)}-error` : null].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined } as const;
  };
  const known = new Set(FIELD_ORDER);
  const otherError = Object.entries(errors).find(([name]) => !known.has(name))?.[1];

  return (
    <fetcher.Form method="post" noValidate aria-label="Inspection schedule" onSubmit={onSubmit} className="grid gap-6">
      <input type="hidden" name="intent" value="save-schedule" />
      <fieldset disabled={pending} className="contents">
        <div className="grid gap-2">
          <h3 className="text-base font-semibold text-brand-navy">Online booking</h3>
          <div className="flex items-center gap-3">
            <Switch id={idOf("bookingEnabled")} name="bookingEnabled" defaultChecked={settings.bookingEnabled} {...invalid("bookingEnabled", true)} />
            <Label htmlFor={idOf("bookingEnabled")}>Homeowners can book online</Label>
          </div>
          <p id={`${idOf("bookingEnabled")}-hint`} className="text-xs text-muted-foreground">
            When off, the inspection form offers no times: requests still come in, and the office calls to set one.
          </p>
          <FieldMessage id={`${idOf("bookingEnabled")}-error`} text={errors.bookingEnabled} />
        </div>

        <fieldset className="grid gap-0 rounded-lg border border-border p-4 pt-2">
          <legend className="px-1 text-base font-semibold text-brand-navy">Opening hours (Eastern Time)</legend>
          <p className="pt-1 text-xs text-muted-foreground">From 6:00 AM to 9:00 PM, on the hour or the half hour. Tick the days the office inspects.</p>
          {WEEK.map((day) => {
            const name = WEEKDAY_NAMES[day];
            const hours = settings.weekly[day]!;
            const rowErrors = [errors[`open-${day}`], errors[`start-${day}`], errors[`end-${day}`]];
            return (
              <div key={day} data-weekday={name} className="grid grid-cols-2 items-end gap-x-3 gap-y-2 border-b border-border py-3 last:border-b-0 sm:grid-cols-[12rem_10rem_10rem]">
                <div className="col-span-2 flex min-h-10 items-center gap-2 sm:col-span-1">
                  <input
                    id={idOf(`open-${day}`)}
                    type="checkbox"
                    name={`open-${day}`}
                    defaultChecked={hours.open}
                    aria-label={`Open on ${name}`}
                    {...invalid(`open-${day}`)}
                    className="size-6 shrink-0 accent-brand-navy"
                  />
                  <Label htmlFor={idOf(`open-${day}`)} className="text-base">
                    {name}
                  </Label>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={idOf(`start-${day}`)}>From</Label>
                  <Input
                    id={idOf(`start-${day}`)}
                    type="time"
                    step={1800}
                    min="06:00"
                    max="21:00"
                    name={`start-${day}`}
                    defaultValue={hours.start}
                    aria-label={`${name} from`}
                    {...invalid(`start-${day}`)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={idOf(`end-${day}`)}>To</Label>
                  <Input id={idOf(`end-${day}`)} type="time" step={1800} min="06:00" max="21:00" name={`end-${day}`} defaultValue={hours.end} aria-label={`${name} to`} {...invalid(`end-${day}`)} />
                </div>
                {rowErrors.some(Boolean) && (
                  <div className="col-span-2 grid gap-1 sm:col-span-3">
                    <FieldMessage id={`${idOf(`open-${day}`)}-error`} text={errors[`open-${day}`]} />
                    <FieldMessage id={`${idOf(`start-${day}`)}-error`} text={errors[`start-${day}`]} />
                    <FieldMessage id={`${idOf(`end-${day}`)}-error`} text={errors[`end-${day}`]} />
                  </div>
                )}
              </div>
            );
          })}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={idOf("slotMinutes")}>Slot length</Label>
            <select id={idOf("slotMinutes")} name="slotMinutes" defaultValue={String(settings.slotMinutes)} className={selectClass} {...invalid("slotMinutes", true)}>
              {SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {slotLengthWords(minutes)}
                </option>
              ))}
            </select>
            <p id={`${idOf("slotMinutes")}-hint`} className="text-xs text-muted-foreground">
              Each open day is cut into slots of this length from its first hour.
            </p>
            <FieldMessage id={`${idOf("slotMinutes")}-error`} text={errors.slotMinutes} />
          </div>
          {NUMBER_FIELDS.map((field) => (
            <div key={field.name} className="grid content-start gap-2">
              <Label htmlFor={idOf(field.name)}>{field.label}</Label>
              <Input
                id={idOf(field.name)}
                name={field.name}
                inputMode="numeric"
                defaultValue={String(settings[field.name])}
                maxLength={4}
                className="w-32"
                {...invalid(field.name, true)}
              />
              <p id={`${idOf(field.name)}-hint`} className="text-xs text-muted-foreground">
                {field.hint}
              </p>
              <FieldMessage id={`${idOf(field.name)}-error`} text={errors[field.name]} />
            </div>
          ))}
        </div>
      </fieldset>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save schedule"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
