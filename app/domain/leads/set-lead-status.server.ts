import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { PipelineStatus } from "./options";
import { describeChange, withStatus } from "./pipeline";
import { recordLeadEvent, type LeadActor } from "./record-lead-event.server";
import type { LeadChangeResult } from "./set-lead-contacted.server";

/** Moves a lead along the pipeline; "contacted" follows (pipeline.ts). */
export async function setLeadStatus(input: {
  leadId: string;
  status: PipelineStatus;
  actor: LeadActor;
  request?: Request | null;
}): Promise<LeadChangeResult> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ contacted: leads.contacted, pipelineStatus: leads.pipelineStatus })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for("update");
    if (!current) return { ok: false, reason: "not_found" } as const;
    const next = withStatus(current, input.status);
    const change = describeChange(current, next);
    if (change) {
      await tx
        .update(leads)
        .set({ contacted: next.contacted, pipelineStatus: next.pipelineStatus, updatedAt: sql`now()` })
        .where(eq(leads.id, input.leadId));
      await recordLeadEvent(tx, {
        leadId: input.leadId,
        actor: input.actor,
        request: input.request,
        action: "lead.status.update",
        timeline: change,
        details: { status: next.pipelineStatus, previousStatus: current.pipelineStatus, contacted: next.contacted },
      });
    }
    return { ok: true, ...next, changed: Boolean(change) } as const;
  });
}
