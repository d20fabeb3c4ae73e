import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { updateLeadInsurance } from "~/domain/leads/update-lead-insurance.server";
import { customerLeadCondition } from "./customer-leads.server";

/**
 * The homeowner corrects the insurance details of one of their requests (company, claim number, date of
 * loss); "has insurance documents" stays as staff set it. The lead's timeline says who changed what.
 */
export async function correctInsurance(input: {
  user: SessionUser;
  leadId: string;
  insurance: { insuranceCompany: string | null; claimNumber: string | null; dateOfLoss: string | null };
  request: Request;
}): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "not_found" }> {
  const [lead] = await db()
    .select({ id: leads.id, hasInsuranceDocs: leads.hasInsuranceDocs })
    .from(leads)
    .where(and(eq(leads.id, input.leadId), customerLeadCondition(input.user)))
    .limit(1);
  if (!lead) return { ok: false, reason: "not_found" };
  return updateLeadInsurance({
    leadId: lead.id,
    insurance: { ...input.insurance, hasInsuranceDocs: lead.hasInsuranceDocs },
    actor: input.user,
    request: input.request,
  });
}
