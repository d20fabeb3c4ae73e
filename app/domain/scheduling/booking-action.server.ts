import { z } from "zod";
import { BOOKING_TEXT } from "./booking-text";
import type { ChangeBookingResult } from "./change-booking.server";
import { parseSlotKey } from "./slots";

/**
 * The move/cancel forms' fields (app/components/leads/booking-change.tsx) and what each outcome says.
 * Shared by the signed link's page and the portal.
 */

export const bookingChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move-booking"),
    slot: z.string().refine((v) => parseSlotKey(v) !== null, BOOKING_TEXT.slotInvalid),
  }),
  z.object({ intent: z.literal("cancel-booking") }),
]);

/** The homeowner's words for an outcome; `ok` false ones are refusals they can act on. */
export function bookingOutcomeMessage(result: ChangeBookingResult): { ok: boolean; status: number; message: string } {
  if (result.ok) return { ok: true, status: 200, message: result.kind === "moved" ? BOOKING_TEXT.moved : BOOKING_TEXT.cancelled };
  switch (result.reason) {
    case "taken":
      return { ok: false, status: 409, message: `${BOOKING_TEXT.takenTitle}. Please pick another time.` };
    case "unavailable":
      return { ok: false, status: 409, message: `${BOOKING_TEXT.unavailableTitle}. Please pick another time.` };
    case "same":
      return { ok: false, status: 409, message: BOOKING_TEXT.same };
    case "too_late":
      return { ok: false, status: 409, message: BOOKING_TEXT.tooLate };
    case "no_appointment":
      return { ok: false, status: 409, message: "There is no inspection booked on this request." };
    case "not_found":
      return { ok: false, status: 404, message: BOOKING_TEXT.linkInvalid };
  }
}
