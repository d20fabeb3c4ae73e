import { CalendarClock } from "lucide-react";
import { useEffect } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  APPOINTMENT_END_TIMES,
  APPOINTMENT_START_TIMES,
  APPOINTMENT_STATUS_WORDS,
  APPOINTMENT_ZONE_WORDS,
  appointmentWords,
  shortTime,
  type AppointmentStatus,
} from "~/domain/leads/appointments/appointment-window";
import { cn } from "~/lib/cn";

/**
 * The Appointment section of a lead's page (issue 22 item 5), for staff: the inspection appointment and
 * the homeowner's answer in words, the form that sets or moves it (Date, From, To: Eastern Time; posts
 * `intent=set-appointment` with `date`, `start`, `end`) and "Clear appointment"
 * (`intent=clear-appointment`). Plain forms: they work without JavaScript; a refused value is told
 * under its field and the form keeps what was chosen.
 */

interface AppointmentView {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" or "HH:MM:SS", Eastern Time. */
  start: string;
  end: string;
  status: AppointmentStatus;
  /** The homeowner chose the slot on the site (issue 31 item 3). */
  bookedOnline?: boolean;
}

type Field = "date" | "start" | "end";

export interface LeadAppointmentProps {
  appointment: AppointmentView | null;
  /** The appointment's SEQUENCE: a new one resets the form to the saved values. */
  sequence: number;
  /** The refusals of the last `set-appointment` post, per field. */
  errors?: Partial<Record<Field, string>> | undefined;
  /** What the refused post had chosen. */
  typed?: Partial<Record<Field, string>> | undefined;
  busy?: boolean;
}

const selectClass = cn(
  "h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
  "aria-invalid:border-destructive",
);
const labelClass = "mb-1 block text-sm font-medium text-slate-700";

const FIELD_IDS: Record<Field, string> = { date: "appointment-date", start: "appointment-start", end: "appointment-end" };

const NO_ERRORS: Partial<Record<Field, string>> = {};

export function LeadAppointment({ appointment, sequence, errors = NO_ERRORS, typed, busy = false }: LeadAppointmentProps) {
  // A refused post (a new `errors` object): the first field in error gets the focus (the page keeps its
  // scroll position, and the field's message is read out).
  useEffect(() => {
    const first = (["date", "start", "end"] as const).find((f) => errors[f]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }, [errors]);

  const value = (field: Field, fallback: string) => typed?.[field] ?? (appointment ? (field === "date" ? appointment.date : shortTime(appointment[field])) : fallback);
  const invalid = (field: Field) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${FIELD_IDS[field]}-error` } : {});
  const message = (field: Field) =>
    errors[field] ? (
      <p id={`${FIELD_IDS[field]}-error`} className="mt-1 text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="grid gap-4">
      {appointment ? (
        <div className="grid gap-2">
          <p className="flex items-start gap-2 font-medium text-slate-900">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-navy" aria-hidden="true" />
            <span>{appointmentWords(appointment)}</span>
          </p>
          <div>
            <Badge variant={appointment.status === "confirmed" ? "success" : appointment.status === "change_requested" ? "warning" : "secondary"}>
              {appointment.bookedOnline && appointment.status === "confirmed" ? "Booked online by the homeowner" : APPOINTMENT_STATUS_WORDS[appointment.status]}
            </Badge>
          </div>
        </div>
      ) : (
        <p className="text-slate-600">No inspection appointment yet.</p>
      )}

      <Form method="post" preventScrollReset key={`appointment-${sequence}`} className="grid gap-3">
        <input type="hidden" name="intent" value="set-appointment" />
        <div>
          <label htmlFor={FIELD_IDS.date} className={labelClass}>
            Date
          </label>
          <Input id={FIELD_IDS.date} name="date" type="date" required defaultValue={value("date", "")} {...invalid("date")} />
          {message("date")}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Time window ({APPOINTMENT_ZONE_WORDS})</legend>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={FIELD_IDS.start} className={labelClass}>
                From
              </label>
              <select id={FIELD_IDS.start} name="start" required defaultValue={value("start", "09:00")} className={selectClass} {...invalid("start")}>
                {APPOINTMENT_START_TIMES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              {message("start")}
            </div>
            <div>
              <label htmlFor={FIELD_IDS.end} className={labelClass}>
                To
              </label>
              <select id={FIELD_IDS.end} name="end" required defaultValue={value("end", "11:00")} className={selectClass} {...invalid("end")}>
                {APPOINTMENT_END_TIMES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              {message("end")}
            </div>
          </div>
          <p className="text-xs text-slate-600">The homeowner gets an email with a calendar invitation and can confirm or ask for another time.</p>
        </fieldset>
        <div>
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Save appointment
          </button>
        </div>
      </Form>

      {appointment && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="clear-appointment" />
          <button type="submit" disabled={busy} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Clear appointment
          </button>
        </Form>
      )}
    </div>
  );
}
