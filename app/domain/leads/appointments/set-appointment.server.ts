import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import { portalEmailContext } from "../messages/message-emails.server";
import type { PipelineStatus } from "../options";
import { describeChange, withStatus } from "../pipeline";
import { recordLeadEvent, type LeadActor } from "../record-lead-event.server";
import { appointmentInvitationEmail } from "./appointment-emails.server";
import { appointmentWords, companyToday, isAppointmentTime, shortTime } from "./appointment-window";
import { lockAppointmentLead } from "./lock-appointment-lead.server";
import { APPOINTMENT_TEXT, appointmentDateProblem } from "./schemas";

/**
 * Staff set (or move) a lead's inspection appointment (issue 22 item 5): a date that is not in the past
 * in Eastern Time and a window of 30-minute steps between 06:00 and 21:00. In one transaction: the
 * appointment, waiting for the homeowner (`proposed`), its SEQUENCE one higher and its reminder to send
 * again; a lead at `new` or `contacted` moves to `inspection_scheduled` ("contacted" follows:
 * pipeline.ts); a timeline line and the audit entry `lead.appointment.set`; and the homeowner's email
 * with the calendar invitation (.ics) in the outbox.
 */

export type SetAppointmentResult =
  | { ok: true; pipelineStatus: PipelineStatus; sequence: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; field: "date" | "start" | "end"; message: string };

/** Stages an appointment moves forward to "Inspection scheduled". */
const BEFORE_INSPECTION: ReadonlySet<PipelineStatus> = new Set(["new", "contacted"]);

export async function setAppointment(input: {
  leadId: string;
  /** "YYYY-MM-DD", Eastern Time. */
  date: string;
  /** "HH:MM", Eastern Time. */
  start: string;
  end: string;
  actor: LeadActor;
  request?: Request | null;
  /** The clock (tests). */
  now?: Date;
}): Promise<SetAppointmentResult> {
  const start = shortTime(input.start);
  const end = shortTime(input.end);
  // The form's schema checked all this with the browser's clock; the server's decides.
  const dateProblem = appointmentDateProblem(input.date, companyToday(input.now));
  if (dateProblem) return { ok: false, reason: "invalid", field: "date", message: dateProblem };
  if (!isAppointmentTime(start)) return { ok: false, reason: "invalid", field: "start", message: APPOINTMENT_TEXT.startRequired };
  if (!isAppointmentTime(end)) return { ok: false, reason: "invalid", field: "end", message: APPOINTMENT_TEXT.endRequired };
  if (end <= start) return { ok: false, reason: "invalid", field: "end", message: APPOINTMENT_TEXT.endBeforeStart };
  const window = { date: input.date, start, end };

  const context = await portalEmailContext();
  const emailIds: string[] = [];
  const result = await db().transaction(async (tx): Promise<SetAppointmentResult> => {
    const lead = await lockAppointmentLead(tx, input.leadId);
    if (!lead) return { ok: false, reason: "not_found" };
    const before = { pipelineStatus: lead.pipelineStatus, contacted: lead.contacted };
    const after = BEFORE_INSPECTION.has(lead.pipelineStatus) ? withStatus(before, "inspection_scheduled") : before;
    const sequence = lead.appointmentSequence + 1;
    await tx
      .update(leads)
      .set({
        appointmentDate: window.date,
        appointmentStart: `${start}:00`,
        appointmentEnd: `${end}:00`,
        appointmentStatus: "proposed",
        appointmentBookedOnline: false,
        appointmentSequence: sequence,
        appointmentReminderSentAt: null,
        pipelineStatus: after.pipelineStatus,
        contacted: after.contacted,
        updatedAt: sql`now()`,
      })
      .where(eq(leads.id, lead.id));
    const moved = describeChange(before, after);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.actor,
      request: input.request,
      action: "lead.appointment.set",
      timeline: [`Inspection appointment set for ${appointmentWords(window)}.`, moved].filter(Boolean).join(" "),
      details: { date: window.date, start, end, sequence, status: after.pipelineStatus, previousStatus: before.pipelineStatus },
    });
    emailIds.push(await queueEmail(tx, appointmentInvitationEmail(context, lead, window, sequence)));
    return { ok: true, pipelineStatus: after.pipelineStatus, sequence };
  });
  await dispatchQueuedEmail(emailIds);
  return result;
}
