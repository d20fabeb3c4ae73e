import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { leads } from "~/db/schema";
import { appointmentWords, type AppointmentWindow } from "~/domain/leads/appointments/appointment-window";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { reserveSlot, SlotUnavailableError } from "./reserve-slot.server";

/**
 * A new request that came with a chosen slot (issue 31 item 3): inside the request's transaction, the
 * slot's place is taken and the lead gets its appointment, confirmed (the homeowner chose the time), its
 * first SEQUENCE, and moves to Inspection scheduled. When the place is gone, SlotUnavailableError rolls
 * the whole request back: nothing is half-written, and the homeowner is offered the next free slots.
 */
export async function bookForNewRequest(
  tx: DbTransaction,
  input: { leadId: string; email: string; slotKey: string; request?: Request | null; now?: Date },
): Promise<{ window: AppointmentWindow; sequence: number; changeCutoffHours: number }> {
  const reserved = await reserveSlot(tx, { key: input.slotKey, ...(input.now ? { now: input.now } : {}) });
  if (!reserved.ok) throw new SlotUnavailableError(reserved.reason);
  const window = { date: reserved.slot.date, start: reserved.slot.start, end: reserved.slot.end };
  const sequence = 1;
  await tx
    .update(leads)
    .set({
      appointmentDate: window.date,
      appointmentStart: `${window.start}:00`,
      appointmentEnd: `${window.end}:00`,
      appointmentStatus: "confirmed",
      appointmentSequence: sequence,
      appointmentBookedOnline: true,
      appointmentReminderSentAt: null,
      // A booked inspection is scheduled: "contacted" follows the pipeline (app/domain/leads/pipeline.ts).
      pipelineStatus: "inspection_scheduled",
      contacted: true,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, input.leadId));
  await recordLeadEvent(tx, {
    leadId: input.leadId,
    actor: { id: null, email: input.email },
    request: input.request ?? null,
    action: "lead.booking.book",
    timeline: `The homeowner booked the inspection online for ${appointmentWords(window)}. Status set to Inspection Scheduled.`,
    details: { date: window.date, start: window.start, end: window.end, sequence },
  });
  return { window, sequence, changeCutoffHours: reserved.changeCutoffHours };
}
