import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { PipelineStatus } from "./options";
import { describeChange, type PipelineState } from "./pipeline";
import { recordLeadEvent, type LeadActor } from "./record-lead-event.server";

export type LeadChangeResult =
  | { ok: true; contacted: boolean; pipelineStatus: PipelineStatus; changed: boolean }
  | { ok: false; reason: "not_found" };

/**
 * The one way "contacted" and the pipeline status change: the row is locked,
 * `next` derives the new pair from the current one (pipeline.ts keeps them
 * consistent), and a real change is written with its timeline event.
 */
export async function changeLeadProgress(input: {
  leadId: string;
  actor: LeadActor;
  request?: Request | null;
  action: string;
  next: (current: PipelineState) => PipelineState;
}): Promise<LeadChangeResult> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ contacted: leads.contacted, pipelineStatus: leads.pipelineStatus })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for("update");
    if (!current) return { ok: false, reason: "not_found" } as const;
    const next = input.next(current);
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
        action: input.action,
        timeline: change,
        details: { contacted: next.contacted, status: next.pipelineStatus, previousStatus: current.pipelineStatus },
      });
    }
    return { ok: true, contacted: next.contacted, pipelineStatus: next.pipelineStatus, changed: Boolean(change) } as const;
  });
}
