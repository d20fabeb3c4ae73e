import { defineJob } from "~/jobs/define-job";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { sendAppointmentReminders } from "./send-appointment-reminders.server";

/**
 * `leads.appointment-reminders`: every hour (pg-boss's cron: one job per hour across all instances), the
 * emails of tomorrow's inspection appointments (send-appointment-reminders.server.ts; each goes once).
 * A failed run is retried once; the next hour's run would find the same work anyway.
 */

const APPOINTMENT_REMINDERS_JOB = "leads.appointment-reminders";

const appointmentRemindersJob = defineJob<Record<string, never>>({
  name: APPOINTMENT_REMINDERS_JOB,
  queue: { policy: "short", retryLimit: 1, retryDelay: 120, expireInSeconds: 600 },
  schedule: { cron: "0 * * * *", options: { tz: COMPANY_TIME_ZONE } },
  handle: () => sendAppointmentReminders(),
});

export const leadJobs = [appointmentRemindersJob];
