import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import { portalEmailContext } from "../messages/message-emails.server";
import { recordLeadEvent, type LeadActor } from "../record-lead-event.server";
import { appointmentCancelledEmail } from "./appointment-emails.server";
import { appointmentWords } from "./appointment-window";
import { currentWindow, lockAppointmentLead } from "./lock-appointment-lead.server";

/**
 * Staff clear a lead's inspection appointment (issue 22 item 5). In one transaction: the appointment
 * removed (its SEQUENCE kept and one higher, so a later invitation replaces this one in calendars), a
 * timeline line and the audit entry `lead.appointment.clear`, and the homeowner's email with the
 * calendar's CANCEL of the event. The pipeline status stays where it is.
 */
export async function clearAppointment(input: {
  leadId: string;
  actor: LeadActor;
  request?: Request | null;
}): Promise<{ ok: true } | { ok: false; reason: "not_found" | "no_appointment" }> {
  const context = await portalEmailContext();
  const emailIds: string[] = [];
  const result = await db().transaction(async (tx) => {
    const lead = await lockAppointmentLead(tx, input.leadId);
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const window = currentWindow(lead);
    if (!window) return { ok: false, reason: "no_appointment" } as const;
    const sequence = lead.appointmentSequence + 1;
    await tx
      .update(leads)
      .set({
        appointmentDate: null,
        appointmentStart: null,
        appointmentEnd: null,
        appointmentStatus: null,
        appointmentBookedOnline: false,
        appointmentSequence: sequence,
        appointmentReminderSentAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(leads.id, lead.id));
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.actor,
      request: input.request,
      action: "lead.appointment.clear",
      timeline: `Inspection appointment cleared (it was ${appointmentWords(window)}).`,
      details: { date: window.date, start: window.start, end: window.end, sequence },
    });
    emailIds.push(await queueEmail(tx, appointmentCancelledEmail(context, lead, window, sequence)));
    return { ok: true } as const;
  });
  await dispatchQueuedEmail(emailIds);
  return result;
}
