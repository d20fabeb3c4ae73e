import { findOpenSlots } from "~/domain/scheduling/find-open-slots.server";
import { SLOT_CHOICES_LIMIT, slotChoice } from "~/domain/scheduling/slot-choices";
import { logger } from "~/lib/logger.server";

/**
 * GET /inspection-slots: the next free inspection slots as JSON (`{ slots: SlotChoice[] }`), for the
 * inspection form's picker (app/enhance/inspection-form.js). Never cached: places change with every booking.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const slots = await findOpenSlots({ limit: SLOT_CHOICES_LIMIT });
    return Response.json({ slots: slots.map(slotChoice) }, { headers });
  } catch (error) {
    logger.error({ err: error }, "the open inspection slots could not be read");
    return Response.json({ slots: null }, { status: 503, headers });
  }
}
