import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { recordLeadEvent, type LeadActor } from "./record-lead-event.server";

/** Staff edit the insurance-claim details of a lead; the timeline says what changed. */

export interface LeadInsurance {
  hasInsuranceDocs: boolean;
  insuranceCompany: string | null;
  claimNumber: string | null;
  dateOfLoss: string | null;
}

const LABELS: Record<keyof LeadInsurance, string> = {
  hasInsuranceDocs: "Has insurance documents",
  insuranceCompany: "Insurance company",
  claimNumber: "Claim number",
  dateOfLoss: "Date of loss",
};

function shown(value: string | boolean | null): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value ? `"${value}"` : "(empty)";
}

export async function updateLeadInsurance(input: {
  leadId: string;
  insurance: LeadInsurance;
  actor: LeadActor;
  request?: Request | null;
}): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "not_found" }> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({
        hasInsuranceDocs: leads.hasInsuranceDocs,
        insuranceCompany: leads.insuranceCompany,
        claimNumber: leads.claimNumber,
        dateOfLoss: leads.dateOfLoss,
      })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for("update");
    if (!current) return { ok: false, reason: "not_found" } as const;
    const changes = (Object.keys(LABELS) as Array<keyof LeadInsurance>)
      .filter((key) => current[key] !== input.insurance[key])
      .map((key) => `${LABELS[key]}: ${shown(current[key])} → ${shown(input.insurance[key])}`);
    if (changes.length === 0) return { ok: true, changed: false } as const;
    await tx
      .update(leads)
      .set({ ...input.insurance, updatedAt: sql`now()` })
      .where(eq(leads.id, input.leadId));
    await recordLeadEvent(tx, {
      leadId: input.leadId,
      actor: input.actor,
      request: input.request,
      action: "lead.insurance.update",
      timeline: `Insurance details updated. ${changes.join("; ")}.`.slice(0, 10_000),
      details: { fields: changes.length },
    });
    return { ok: true, changed: true } as const;
  });
}
