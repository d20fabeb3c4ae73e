import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { leads, users } from "~/db/schema";
import { formatAddress } from "../options";
import type { AppointmentWindow } from "./appointment-window";

/**
 * The lead an appointment change works on, locked for the transaction: who the homeowner is (for the
 * emails), where it is in the pipeline, and its appointment. Shared by the appointment use cases.
 */
export async function lockAppointmentLead(tx: DbTransaction, leadId: string) {
  const [row] = await tx
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      accountEmail: users.email,
      addressStreet: leads.addressStreet,
      addressCity: leads.addressCity,
      addressState: leads.addressState,
      addressZip: leads.addressZip,
      pipelineStatus: leads.pipelineStatus,
      contacted: leads.contacted,
      appointmentDate: leads.appointmentDate,
      appointmentStart: leads.appointmentStart,
      appointmentEnd: leads.appointmentEnd,
      appointmentStatus: leads.appointmentStatus,
      appointmentSequence: leads.appointmentSequence,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.customerUserId))
    .where(eq(leads.id, leadId))
    .for("update", { of: leads });
  return row ? { ...row, address: formatAddress(row) } : null;
}

/** The lead's current window, or null when it has no appointment. */
export function currentWindow(lead: {
  appointmentDate: string | null;
  appointmentStart: string | null;
  appointmentEnd: string | null;
}): AppointmentWindow | null {
  if (!lead.appointmentDate || !lead.appointmentStart || !lead.appointmentEnd) return null;
  return { date: lead.appointmentDate, start: lead.appointmentStart, end: lead.appointmentEnd };
}
