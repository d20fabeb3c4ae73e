import { CalendarClock } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import {
  appointmentWords,
  companyToday,
  CUSTOMER_APPOINTMENT_STATUS_WORDS,
  type AppointmentStatus,
} from "~/domain/leads/appointments/appointment-window";
import { MESSAGE_MAX_LENGTH } from "~/domain/leads/messages/schemas";

/**
 * The homeowner's inspection appointment in the portal (issue 22 item 5): the time in words ("Tuesday,
 * December 1, 2026, 9:00 AM – 11:00 AM Eastern Time"), what they answered, "Confirm appointment"
 * (`intent=confirm-appointment`) and "Ask for another time" (`intent=request-another-time` with `body`:
 * which days and times suit them, posted as their message to the office). Plain forms: they work
 * without JavaScript; a refused text comes back under its field with what was typed.
 */

interface CustomerAppointment {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" or "HH:MM:SS", Eastern Time. */
  start: string;
  end: string;
  status: AppointmentStatus;
}

export interface AppointmentCardProps {
  appointment: CustomerAppointment | null;
  /** The refusal of the last "Ask for another time" post. */
  error?: string | undefined;
  /** What that post had in the field. */
  typed?: string | undefined;
  busy?: boolean;
  /** Changes after each message the homeowner sent (the thread's length): the field empties. */
  version?: number | string;
}

const FIELD_ID = "another-time-body";

export function AppointmentCard({ appointment, error, typed, busy = false, version = "" }: AppointmentCardProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);

  if (!appointment) {
    return <p className="text-slate-600">No inspection appointment yet. We will propose a time here and by email.</p>;
  }
  // A day gone by (Eastern Time) cannot be confirmed or moved any more.
  const past = appointment.date < companyToday();

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p className="flex items-start gap-2 text-lg font-semibold text-slate-900">
          <CalendarClock className="mt-1 size-5 shrink-0 text-brand-navy" aria-hidden="true" />
          <span>{appointmentWords(appointment)}</span>
        </p>
        <p className="text-slate-700">{past ? "This appointment has passed." : CUSTOMER_APPOINTMENT_STATUS_WORDS[appointment.status]}</p>
      </div>

      {!past && appointment.status !== "confirmed" && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="confirm-appointment" />
          <button type="submit" disabled={busy} className={buttonVariants({ variant: "brand" })}>
            Confirm appointment
          </button>
        </Form>
      )}

      {!past && (
        <Form method="post" preventScrollReset key={`another-time-${appointment.status}-${version}`} className="grid gap-2">
          <input type="hidden" name="intent" value="request-another-time" />
          <label htmlFor={FIELD_ID} className="text-sm font-medium text-slate-700">
            Which days and times suit you better?
          </label>
          <Textarea
            ref={field}
            id={FIELD_ID}
            name="body"
            rows={3}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={typed ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${FIELD_ID}-error` : undefined}
          />
          {error && (
            <p id={`${FIELD_ID}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div>
            <button type="submit" disabled={busy} className={buttonVariants({ variant: "outline" })}>
              Ask for another time
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
