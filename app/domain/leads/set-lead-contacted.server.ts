import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { PipelineStatus } from "./options";
import { describeChange, withContacted } from "./pipeline";
import { recordLeadEvent, type LeadActor } from "./record-lead-event.server";

/**
 * The "Contacted" checkbox (spec 1 §4): sets the flag, and moves the pipeline
 * status so the two agree (pipeline.ts). Row-locked, so concurrent changes
 * never leave them inconsistent.
 */

export type LeadChangeResult =
  | { ok: true; contacted: boolean; pipelineStatus: PipelineStatus; changed: boolean }
  | { ok: false; reason: "not_found" };

export async function setLeadContacted(input: {
  leadId: string;
  contacted: boolean;
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
    const next = withContacted(current, input.contacted);
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
        action: "lead.contacted.update",
        timeline: change,
        details: { contacted: next.contacted, status: next.pipelineStatus, previousStatus: current.pipelineStatus },
      });
    }
    return { ok: true, ...next, changed: Boolean(change) } as const;
  });
}
