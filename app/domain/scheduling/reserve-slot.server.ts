import { sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { loadBookedWindows, loadDaysOff, loadScheduleSettings } from "./load-schedule.server";
import { bookedIn, companyNow, earliestStart, isSoonEnough, parseSlotKey, scheduledSlot, type Slot } from "./slots";

/**
 * Takes a place in a slot inside the caller's transaction (issue 31 item 3, ADR 053). The day's advisory
 * lock makes every booking of that day wait for the one before it to commit or roll back, so the count of
 * overlapping appointments read after the lock is the truth: when 50 homeowners take the last place at
 * once, exactly as many as the slot holds get it. The caller then writes the appointment on the lead in the
 * same transaction (the count reads committed rows; the lock is held until COMMIT).
 */

export type ReserveSlotResult = { ok: true; slot: Slot; changeCutoffHours: number } | { ok: false; reason: "taken" | "unavailable" };

export async function reserveSlot(
  tx: DbTransaction,
  input: { key: string; now?: Date; exceptLeadId?: string },
): Promise<ReserveSlotResult> {
  const parsed = parseSlotKey(input.key);
  if (!parsed) return { ok: false, reason: "unavailable" };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inspection-slot:${parsed.date}`}, 0))`);
  const now = input.now ?? new Date();
  const [settings, daysOff, booked] = await Promise.all([
    loadScheduleSettings(tx),
    loadDaysOff(companyNow(now).day, tx),
    loadBookedWindows({ from: parsed.date, to: parsed.date, ...(input.exceptLeadId ? { exceptLeadId: input.exceptLeadId } : {}) }, tx),
  ]);
  if (!settings.bookingEnabled) return { ok: false, reason: "unavailable" };
  const offDays = new Set(daysOff.map((d) => d.day));
  const slot = scheduledSlot(settings, offDays, parsed);
  if (!slot || !isSoonEnough(slot, earliestStart(settings, offDays, now))) return { ok: false, reason: "unavailable" };
  if (bookedIn(slot, booked) >= settings.capacity) return { ok: false, reason: "taken" };
  return { ok: true, slot, changeCutoffHours: settings.changeCutoffHours };
}

/** A booking that could not be made: the transaction rolls back, and the homeowner is offered other slots. */
export class SlotUnavailableError extends Error {
  constructor(readonly reason: "taken" | "unavailable") {
    super(`the inspection slot is ${reason}`);
    this.name = "SlotUnavailableError";
  }
}
