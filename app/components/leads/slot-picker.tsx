import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import type { SlotChoice } from "~/domain/scheduling/slot-choices";
import { cn } from "~/lib/cn";

/**
 * The inspection form's "Pick a time" part (issue 31 item 3, ADR 053). With `slots` (a page rendered for
 * this visit: /book, or a refused booking) the next free slots are radio choices grouped by day; without
 * (a cached public page, the same bytes for every visitor) a link to /book, where they are. The enhancement
 * script (app/enhance/inspection-form.js) replaces either with a day and time picker fed by
 * /inspection-slots, so the times are fresh. "No time now, call me" (an empty slot) is a plain request.
 */

const BOOK_PATH = "/book";

const choiceClass = cn(
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800",
  "has-checked:border-brand-navy has-checked:bg-brand-navy/5 has-checked:font-semibold has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
);

export function SlotPicker({
  id,
  slots,
  selected,
  error,
}: {
  /** The id prefix of the form's fields. */
  id: (name: string) => string;
  slots: SlotChoice[] | null;
  selected?: string | undefined;
  error?: string | undefined;
}) {
  const chosen = slots?.some((s) => s.key === selected) ? selected : "";
  return (
    <fieldset
      data-slot-picker
      data-slots-endpoint="/inspection-slots"
      data-texts={JSON.stringify({ noSlots: BOOKING_TEXT.noSlots, addressNeeded: BOOKING_TEXT.addressNeeded })}
      aria-describedby={cn(id("slot-hint"), error && id("slot-error")) || undefined}
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{BOOKING_TEXT.legend}</legend>
      <p id={id("slot-hint")} className="text-sm text-slate-600">
        {BOOKING_TEXT.hint}
      </p>
      <div data-slot-choices className="grid gap-3">
        {slots === null ? (
          <p>
            <a
              href={`${BOOK_PATH}#inspection-form`}
              className="inline-flex min-h-11 items-center rounded-md font-semibold text-brand-navy underline underline-offset-4 outline-none hover:text-brand-red focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              {BOOKING_TEXT.moreTimes}
            </a>
          </p>
        ) : slots.length === 0 ? (
          <p className="text-sm text-slate-700">{BOOKING_TEXT.noSlots}</p>
        ) : (
          <SlotDayGroups slots={slots} selected={chosen} />
        )}
      </div>
      <label className={choiceClass}>
        <input type="radio" name="slot" value="" defaultChecked={!chosen} data-no-slot className="size-6 accent-brand-navy" />
        <span>{BOOKING_TEXT.noSlot}</span>
      </label>
      <p id={id("slot-error")} data-error-for="slot" hidden={!error} className="text-sm font-medium text-destructive">
        {error}
      </p>
    </fieldset>
  );
}

/** The free times grouped by day, as radio choices named `slot` (the form's list and the move form's). */
export function SlotDayGroups({ slots, selected, required = false }: { slots: SlotChoice[]; selected?: string | undefined; required?: boolean }) {
  const days = new Map<string, SlotChoice[]>();
  for (const slot of slots) days.set(slot.day, [...(days.get(slot.day) ?? []), slot]);
  return [...days].map(([day, daySlots]) => (
    <div key={day} role="group" aria-label={day} className="grid gap-2">
      <p aria-hidden="true" className="text-sm font-semibold text-slate-800">
        {day}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {daySlots.map((slot) => (
          <label key={slot.key} className={choiceClass}>
            <input type="radio" name="slot" value={slot.key} required={required} defaultChecked={selected === slot.key} className="size-6 accent-brand-navy" />
            <span>
              <span className="sr-only">{day}, </span>
              {slot.time}
            </span>
          </label>
        ))}
      </div>
    </div>
  ));
}
