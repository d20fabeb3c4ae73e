import type { SessionUser } from "~/domain/accounts/session.server";
import { bookingChangeSchema, bookingOutcomeMessage } from "./booking-action.server";
import { BOOKING_TEXT } from "./booking-text";
import { changeBooking } from "./change-booking.server";

/**
 * The portal's move/cancel forms (issue 31 item 3): the caller scoped the lead to the signed-in customer
 * (requireCustomer + findCustomerLeadId); the fields are checked here and the outcome is in words.
 */
export async function changePortalBooking(input: {
  leadId: string;
  actor: Pick<SessionUser, "id" | "email">;
  values: Record<string, string>;
  request: Request;
}): Promise<{ ok: boolean; status: number; message: string }> {
  const parsed = bookingChangeSchema.safeParse(input.values);
  if (!parsed.success) return { ok: false, status: 400, message: BOOKING_TEXT.slotInvalid };
  const change = parsed.data.intent === "move-booking" ? ({ kind: "move", slotKey: parsed.data.slot } as const) : ({ kind: "cancel" } as const);
  const result = await changeBooking({
    leadId: input.leadId,
    access: { kind: "portal", actor: { id: input.actor.id, email: input.actor.email } },
    change,
    request: input.request,
  });
  return bookingOutcomeMessage(result);
}
