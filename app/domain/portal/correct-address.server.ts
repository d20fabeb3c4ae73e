import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { formatAddress } from "~/domain/leads/options";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { isOutsideServiceArea } from "~/domain/leads/service-area";
import { serviceAreaZips } from "~/domain/leads/service-area.server";
import { customerLeadCondition } from "./customer-leads.server";

/**
 * The homeowner gives or corrects the property's address of one of their requests (issue 31 item 1), until
 * the inspection appointment is confirmed: after that the inspector is on the way to the address agreed,
 * and a change goes through the office (a message). The service-area flag follows the new ZIP; the
 * timeline says who changed it from what to what.
 */

export type CorrectAddressOutcome = { ok: true; changed: boolean } | { ok: false; reason: "not_found" | "confirmed" };

export async function correctAddress(input: {
  user: SessionUser;
  leadId: string;
  address: { addressStreet: string; addressCity: string; addressState: string; addressZip: string };
  request: Request;
}): Promise<CorrectAddressOutcome> {
  const area = await serviceAreaZips();
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, appointmentStatus: leads.appointmentStatus, addressStreet: leads.addressStreet, addressCity: leads.addressCity, addressState: leads.addressState, addressZip: leads.addressZip })
      .from(leads)
      .where(and(eq(leads.id, input.leadId), customerLeadCondition(input.user)))
      .for("update", { of: leads });
    if (!lead) return { ok: false, reason: "not_found" } as const;
    if (lead.appointmentStatus === "confirmed") return { ok: false, reason: "confirmed" } as const;
    const before = formatAddress(lead);
    const after = formatAddress(input.address)!;
    if (before === after) return { ok: true, changed: false } as const;
    await tx
      .update(leads)
      .set({ ...input.address, outsideServiceArea: isOutsideServiceArea(input.address.addressZip, area), updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id));
    const name = `${input.user.firstName} ${input.user.lastName}`.trim() || input.user.email;
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.user,
      request: input.request,
      action: "lead.address.correct",
      timeline: before ? `${name} changed the property's address from ${before} to ${after}.` : `${name} gave the property's address: ${after}.`,
    });
    return { ok: true, changed: true } as const;
  });
}
