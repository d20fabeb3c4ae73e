import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  officeBookingChangeEmail,
} from "~/domain/leads/appointments/appointment-emails.server";
import { appointmentInstants, appointmentWords, companyToday, shortTime } from "~/domain/leads/appointments/appointment-window";
import { currentWindow, lockAppointmentLead } from "~/domain/leads/appointments/lock-appointment-lead.server";
import { portalEmailContext } from "~/domain/leads/messages/message-emails.server";
import { recordLeadEvent, type LeadActor } from "~/domain/leads/record-lead-event.server";
import { logger } from "~/lib/logger.server";
import { bookingLink, isBookingToken } from "./booking-link.server";
import { loadScheduleSettings } from "./load-schedule.server";
import { reserveSlot } from "./reserve-slot.server";

/**
 * The homeowner moves or cancels their inspection (issue 31 item 3), from the portal (signed in, the lead
 * scoped to them by the caller) or from the signed link of the booking's email (`token`: checked here
 * against the lead's current SEQUENCE, in the transaction). Up to the cut-off staff set (hours before the
 * start). A move takes a place in the new slot as a booking does (the day's lock, the count) and the lead's
 * SEQUENCE one higher, so the old link stops working; the homeowner gets the event again (or its CANCEL)
 * with the new link, and the office is told. A cancel keeps the request open at its status.
 */

export type BookingAccess = { kind: "portal"; actor: LeadActor } | { kind: "link"; token: string };

export type ChangeBookingResult =
  | { ok: true; kind: "moved"; date: string; start: string; end: string; sequence: number }
  | { ok: true; kind: "cancelled"; sequence: number }
  | { ok: false; reason: "not_found" | "no_appointment" | "too_late" | "taken" | "unavailable" | "same" };

function pastCutoff(window: { date: string; start: string }, cutoffHours: number, now: Date): boolean {
  const { start } = appointmentInstants({ date: window.date, start: window.start, end: window.start });
  return start.getTime() - cutoffHours * 3_600_000 <= now.getTime();
}

export async function changeBooking(input: {
  leadId: string;
  access: BookingAccess;
  change: { kind: "move"; slotKey: string } | { kind: "cancel" };
  request?: Request | null;
  now?: Date;
}): Promise<ChangeBookingResult> {
  const now = input.now ?? new Date();
  const context = await portalEmailContext();
  const emailIds: string[] = [];
  const result = await db().transaction(async (tx): Promise<ChangeBookingResult> => {
    const lead = await lockAppointmentLead(tx, input.leadId);
    if (!lead) return { ok: false, reason: "not_found" };
    // A link is only as good as the appointment it was sent for: any change since makes it unknown.
    if (input.access.kind === "link" && !isBookingToken(lead.id, lead.appointmentSequence, input.access.token)) return { ok: false, reason: "not_found" };
    const window = currentWindow(lead);
    if (!window) return { ok: false, reason: "no_appointment" };
    const settings = await loadScheduleSettings(tx);
    if (window.date < companyToday(now) || pastCutoff(window, settings.changeCutoffHours, now)) return { ok: false, reason: "too_late" };
    const actor: LeadActor = input.access.kind === "portal" ? input.access.actor : { id: null, email: lead.email };
    const sequence = lead.appointmentSequence + 1;
    const from = { date: window.date, start: shortTime(window.start), end: shortTime(window.end) };

    if (input.change.kind === "cancel") {
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
        actor,
        request: input.request ?? null,
        action: "lead.booking.cancel",
        timeline: `The homeowner cancelled the inspection of ${appointmentWords(from)}${input.access.kind === "link" ? " (from the link in their email)" : ""}.`,
        details: { ...from, sequence, via: input.access.kind },
      });
      emailIds.push(await queueEmail(tx, bookingCancelledEmail(context, lead, from, sequence)));
      if (context.officeAddress) emailIds.push(await queueEmail(tx, officeBookingChangeEmail(context.officeAddress, context, lead, { kind: "cancelled", from })));
      else logger.warn({ leadId: lead.id }, "no office address is set (lead_alert_email or email): the cancellation is not emailed to the office");
      return { ok: true, kind: "cancelled", sequence };
    }

    if (input.change.slotKey === `${from.date}T${from.start}`) return { ok: false, reason: "same" };
    const reserved = await reserveSlot(tx, { key: input.change.slotKey, now, exceptLeadId: lead.id });
    if (!reserved.ok) return { ok: false, reason: reserved.reason };
    const to = { date: reserved.slot.date, start: reserved.slot.start, end: reserved.slot.end };
    await tx
      .update(leads)
      .set({
        appointmentDate: to.date,
        appointmentStart: `${to.start}:00`,
        appointmentEnd: `${to.end}:00`,
        appointmentStatus: "confirmed",
        appointmentBookedOnline: true,
        appointmentSequence: sequence,
        appointmentReminderSentAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(leads.id, lead.id));
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor,
      request: input.request ?? null,
      action: "lead.booking.move",
      timeline: `The homeowner moved the inspection from ${appointmentWords(from)} to ${appointmentWords(to)}${input.access.kind === "link" ? " (from the link in their email)" : ""}.`,
      details: { from, to, sequence, via: input.access.kind },
    });
    const link = { ...bookingLink(lead.id, sequence), cutoffHours: settings.changeCutoffHours };
    emailIds.push(await queueEmail(tx, bookingConfirmationEmail(context, lead, to, sequence, link, "moved")));
    if (context.officeAddress) emailIds.push(await queueEmail(tx, officeBookingChangeEmail(context.officeAddress, context, lead, { kind: "moved", from, to })));
    else logger.warn({ leadId: lead.id }, "no office address is set (lead_alert_email or email): the move is not emailed to the office");
    return { ok: true, kind: "moved", ...to, sequence };
  });
  await dispatchQueuedEmail(emailIds);
  return result;
}
