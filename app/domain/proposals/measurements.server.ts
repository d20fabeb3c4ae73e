import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadMeasurements, leads, type LeadMeasurements } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import type { SaveMeasurementsInput } from "./measurement-schema";

/** A lead's roof measurements (issue 30 item 2). */

export async function getLeadMeasurements(leadId: string): Promise<LeadMeasurements | null> {
  const [row] = await db().select().from(leadMeasurements).where(eq(leadMeasurements.leadId, leadId));
  return row ?? null;
}

/** Saves (creates or replaces) the measurements; the timeline records that they changed. */
export async function saveLeadMeasurements(leadId: string, input: SaveMeasurementsInput, actor: SessionUser, request: Request | null = null): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  return db().transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const values = { ...input, updatedBy: actor.id, updatedAt: sql`now()` };
    const [before] = await tx.select({ leadId: leadMeasurements.leadId }).from(leadMeasurements).where(eq(leadMeasurements.leadId, leadId));
    await tx
      .insert(leadMeasurements)
      .values({ leadId, ...values })
      .onConflictDoUpdate({ target: leadMeasurements.leadId, set: values });
    const squares = (input.areaHundredths / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
    await recordLeadEvent(tx, {
      leadId,
      actor,
      request,
      action: "lead.measurements.save",
      timeline: `${before ? "Measurements updated" : "Measurements entered"}: ${squares} squares, ${input.pitch}/12 pitch.`,
    });
    return { ok: true } as const;
  });
}
