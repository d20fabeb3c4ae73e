import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { appointmentInstants, appointmentWords, companyToday } from "~/domain/leads/appointments/appointment-window";
import { formatAddress } from "~/domain/leads/options";
import { isBookingToken } from "./booking-link.server";
import { findOpenSlots } from "./find-open-slots.server";
import { loadScheduleSettings } from "./load-schedule.server";
import { NO_SCRIPT_SLOT_LIMIT, slotChoice, type SlotChoice } from "./slot-choices";

/**
 * What the homeowner sees to move or cancel their inspection (issue 31 item 3): on the page of the
 * booking email's signed link, and in the portal. `changeable` is false from the cut-off on; the slots are
 * the next free ones (this appointment's own place counted as free).
 */

export interface BookingView {
  firstName: string;
  address: string | null;
  appointment: { words: string; key: string } | null;
  changeable: boolean;
  cutoffHours: number;
  slots: SlotChoice[];
}

/** `token`: the signed link's (null when the caller scoped the lead otherwise: the portal). Null when unknown. */
export async function bookingView(leadId: string, token: string | null, now = new Date()): Promise<BookingView | null> {
  const [lead] = await db()
    .select({
      id: leads.id,
      firstName: leads.firstName,
      addressStreet: leads.addressStreet,
      addressCity: leads.addressCity,
      addressState: leads.addressState,
      addressZip: leads.addressZip,
      date: leads.appointmentDate,
      start: leads.appointmentStart,
      end: leads.appointmentEnd,
      sequence: leads.appointmentSequence,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return null;
  if (token !== null && !isBookingToken(lead.id, lead.sequence, token)) return null;
  const settings = await loadScheduleSettings();
  const window = lead.date && lead.start && lead.end ? { date: lead.date, start: lead.start.slice(0, 5), end: lead.end.slice(0, 5) } : null;
  const changeable =
    window !== null &&
    settings.bookingEnabled &&
    window.date >= companyToday(now) &&
    appointmentInstants(window).start.getTime() - settings.changeCutoffHours * 3_600_000 > now.getTime();
  const slots = changeable ? await findOpenSlots({ limit: NO_SCRIPT_SLOT_LIMIT, now, exceptLeadId: lead.id }) : [];
  return {
    firstName: lead.firstName,
    address: formatAddress(lead),
    appointment: window ? { words: appointmentWords(window), key: `${window.date}T${window.start}` } : null,
    changeable,
    cutoffHours: settings.changeCutoffHours,
    slots: slots.map(slotChoice).filter((s) => !window || s.key !== `${window.date}T${window.start}`),
  };
}
