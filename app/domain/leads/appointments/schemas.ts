import { z } from "zod";
import { calendarDateProblem, requiredText } from "~/lib/text-fields";
import { MESSAGE_MAX_LENGTH } from "../messages/schemas";
import { companyToday, isAppointmentTime } from "./appointment-window";

/**
 * What the appointment forms post (issue 22 item 5). Staff, on the lead page: `set-appointment` (date,
 * start, end) and `clear-appointment`. The customer, in the portal: `confirm-appointment` and
 * `request-another-time` (body). Browser-safe; the server checks the date against its own clock again
 * (set-appointment.server.ts).
 */

export const APPOINTMENT_TEXT = {
  dateRequired: "Choose the date of the inspection.",
  datePast: "Choose today or a later date (Eastern Time).",
  dateTooFar: "Choose a date within the next year.",
  startRequired: "Choose when the window starts.",
  endRequired: "Choose when the window ends.",
  endBeforeStart: "The window must end after it starts.",
  anotherTimeRequired: "Tell us which days and times suit you better.",
  saved: "Appointment saved. The homeowner gets an email with a calendar invitation.",
  cleared: "Appointment cleared.",
  nothingToClear: "There is no appointment to clear.",
  confirmed: "Thank you: your appointment is confirmed.",
  changeRequested: "Thank you: we will get back to you with another time.",
  noAppointment: "There is no appointment to answer.",
  past: "This appointment has already passed. Write to us below if you need another visit.",
  failed: "The appointment could not be saved. Please try again.",
} as const;

/** The furthest ahead an appointment may be set, in days. */
const APPOINTMENT_MAX_DAYS_AHEAD = 366;

/** The date that is `days` after `day` ("YYYY-MM-DD"). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Why `date` cannot be an appointment's date when today (Eastern Time) is `today`, or null. */
export function appointmentDateProblem(date: string, today: string = companyToday()): string | null {
  const problem = calendarDateProblem(date);
  if (problem) return problem;
  if (date < today) return APPOINTMENT_TEXT.datePast;
  if (date > addDays(today, APPOINTMENT_MAX_DAYS_AHEAD)) return APPOINTMENT_TEXT.dateTooFar;
  return null;
}

const timeChoice = (required: string) =>
  z
    .string(required)
    .max(8, required)
    .transform((v) => v.trim().slice(0, 5))
    .refine((v) => v !== "", required)
    .refine((v) => v === "" || isAppointmentTime(v), "Choose one of the listed times (06:00 to 21:00, every 30 minutes).");

export const setAppointmentSchema = z
  .strictObject({
    intent: z.literal("set-appointment"),
    date: z
      .string(APPOINTMENT_TEXT.dateRequired)
      .max(40, APPOINTMENT_TEXT.dateRequired)
      .transform((v) => v.trim())
      .superRefine((v, ctx) => {
        if (v === "") ctx.addIssue({ code: "custom", message: APPOINTMENT_TEXT.dateRequired });
        else {
          const problem = appointmentDateProblem(v);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }
      }),
    start: timeChoice(APPOINTMENT_TEXT.startRequired),
    end: timeChoice(APPOINTMENT_TEXT.endRequired),
  })
  .superRefine((v, ctx) => {
    if (v.start && v.end && v.end <= v.start) ctx.addIssue({ code: "custom", path: ["end"], message: APPOINTMENT_TEXT.endBeforeStart });
  });

export const clearAppointmentSchema = z.strictObject({ intent: z.literal("clear-appointment") });

export const confirmAppointmentSchema = z.strictObject({ intent: z.literal("confirm-appointment") });

export const requestAnotherTimeSchema = z.strictObject({
  intent: z.literal("request-another-time"),
  body: requiredText({
    max: MESSAGE_MAX_LENGTH,
    multiline: true,
    requiredMessage: APPOINTMENT_TEXT.anotherTimeRequired,
    tooLongMessage: `Use at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  }),
});
