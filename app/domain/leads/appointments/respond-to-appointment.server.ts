import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, type AppointmentStatus } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import { logger } from "~/lib/logger.server";
import { writeLeadMessage } from "../messages/post-lead-message.server";
import { portalEmailContext } from "../messages/message-emails.server";
import { recordLeadEvent } from "../record-lead-event.server";
import { appointmentConfirmedEmail, appointmentConfirmedToCustomerEmail } from "./appointment-emails.server";
import { appointmentWords, companyToday } from "./appointment-window";
import { currentWindow, lockAppointmentLead } from "./lock-appointment-lead.server";

/**
 * The homeowner answers the appointment in the portal (issue 22 item 5): they confirm it (`confirmed`;
 * the office gets an email, and the homeowner the event again, CONFIRMED where the first invitation was
 * TENTATIVE, under a SEQUENCE one higher: issue 31 item 5), or ask for another time (`change_requested`; what they wrote becomes their
 * message in the request's thread, emailed to the office like any of their messages: writeLeadMessage,
 * postLeadMessage's work in this transaction). Each answer is a line in the lead's timeline and an
 * audit entry (`lead.appointment.confirm`, `lead.appointment.change_request`) naming the customer.
 *
 * The caller scoped the lead (requireCustomer + findCustomerLeadId) and validated the text
 * (requestAnotherTimeSchema). Confirming a confirmed appointment again changes nothing; an appointment
 * whose day has passed (Eastern Time) cannot be answered any more (`past`).
 */

export type AppointmentResponse = { kind: "confirm" } | { kind: "another-time"; body: string };

export type RespondToAppointmentResult =
  | { ok: true; status: AppointmentStatus; changed: boolean }
  | { ok: false; reason: "not_found" | "no_appointment" | "past" };

export async function respondToAppointment(input: {
  leadId: string;
  actor: Pick<SessionUser, "id" | "email">;
  response: AppointmentResponse;
  request?: Request;
}): Promise<RespondToAppointmentResult> {
  const context = await portalEmailContext();
  const emailIds: string[] = [];
  const result = await db().transaction(async (tx): Promise<RespondToAppointmentResult> => {
    const lead = await lockAppointmentLead(tx, input.leadId);
    if (!lead) return { ok: false, reason: "not_found" };
    const window = currentWindow(lead);
    if (!window) return { ok: false, reason: "no_appointment" };
    if (window.date < companyToday()) return { ok: false, reason: "past" };
    const words = appointmentWords(window);

    if (input.response.kind === "confirm") {
      if (lead.appointmentStatus === "confirmed") return { ok: true, status: "confirmed", changed: false };
      const sequence = lead.appointmentSequence + 1;
      await tx.update(leads).set({ appointmentStatus: "confirmed", appointmentSequence: sequence, updatedAt: sql`now()` }).where(eq(leads.id, lead.id));
      await recordLeadEvent(tx, {
        leadId: lead.id,
        actor: input.actor,
        request: input.request,
        action: "lead.appointment.confirm",
        timeline: `The homeowner confirmed the inspection appointment of ${words}.`,
        details: { date: window.date, start: window.start, end: window.end, sequence },
      });
      emailIds.push(await queueEmail(tx, appointmentConfirmedToCustomerEmail(context, lead, window, sequence)));
      if (context.officeAddress) emailIds.push(await queueEmail(tx, appointmentConfirmedEmail(context.officeAddress, context, lead, window)));
      else logger.warn({ leadId: lead.id }, "no office address is set (lead_alert_email or email): the confirmation is not emailed");
      return { ok: true, status: "confirmed", changed: true };
    }

    await tx.update(leads).set({ appointmentStatus: "change_requested", updatedAt: sql`now()` }).where(eq(leads.id, lead.id));
    const written = await writeLeadMessage(
      tx,
      { leadId: lead.id, author: "customer", actor: input.actor, body: input.response.body, ...(input.request ? { request: input.request } : {}) },
      context,
      { changeRequest: true },
    );
    if (!written.ok) throw new Error("the lead locked in this transaction was not found");
    emailIds.push(...written.emailIds);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.actor,
      request: input.request,
      action: "lead.appointment.change_request",
      timeline: `The homeowner asked for another time than ${words} (see their message).`,
      details: { date: window.date, start: window.start, end: window.end, messageId: written.messageId },
    });
    return { ok: true, status: "change_requested", changed: true };
  });
  await dispatchQueuedEmail(emailIds);
  return result;
}
