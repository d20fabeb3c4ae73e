import type * as React from "react";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import type { SlotChoice } from "~/domain/scheduling/slot-choices";
import { cn } from "~/lib/cn";
import { SlotDayGroups } from "./slot-picker";

/**
 * Move or cancel a booked inspection (issue 31 item 3): the next free times as choices with "Move my
 * inspection", and "Cancel my inspection". Plain forms (`intent` move-booking / cancel-booking), so the
 * signed link's page works without JavaScript; the portal passes its router's Form.
 */

const buttonClass = cn(
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 text-sm font-bold outline-none",
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
);

export interface BookingChangeProps {
  slots: SlotChoice[];
  changeable: boolean;
  cutoffHours: number;
  phone: { text: string; href: string };
  /** The form element: "form" (a static page) or the router's Form (the portal). */
  Form?: React.ElementType;
  /** Hidden fields every post carries (the signed link's token). */
  hidden?: Record<string, string>;
  error?: string | undefined;
}

export function BookingChange({ slots, changeable, cutoffHours, phone, Form = "form", hidden = {}, error }: BookingChangeProps) {
  const hiddenInputs = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (!changeable) {
    return (
      <p className="text-sm text-slate-700">
        {BOOKING_TEXT.tooLate}{" "}
        <a href={phone.href} className="font-semibold text-brand-navy underline underline-offset-4">
          {phone.text}
        </a>
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {slots.length > 0 ? (
        <Form method="post" className="grid gap-3">
          {hiddenInputs}
          <input type="hidden" name="intent" value="move-booking" />
          <fieldset className="grid gap-3" aria-describedby={error ? "booking-change-error" : undefined}>
            <legend className="mb-1 text-sm font-semibold text-slate-800">Move to another time (Eastern Time)</legend>
            <SlotDayGroups slots={slots} required />
          </fieldset>
          {error ? (
            <p id="booking-change-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <button type="submit" className={cn(buttonClass, "bg-brand-navy text-white hover:bg-brand-navy/90")}>
              Move my inspection
            </button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">{BOOKING_TEXT.noSlots}</p>
      )}
      <Form method="post" className="grid gap-2 border-t border-slate-200 pt-4">
        {hiddenInputs}
        <input type="hidden" name="intent" value="cancel-booking" />
        <p className="text-sm text-slate-700">
          Changes are possible online up to {cutoffHours} hour{cutoffHours === 1 ? "" : "s"} before the inspection.
        </p>
        <div>
          <button type="submit" className={cn(buttonClass, "border border-brand-red text-brand-red hover:bg-red-50")}>
            Cancel my inspection
          </button>
        </div>
      </Form>
    </div>
  );
}
