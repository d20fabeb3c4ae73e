import { changeLeadProgress, type LeadChangeResult } from "./change-lead-progress.server";
import { withContacted } from "./pipeline";
import type { LeadActor } from "./record-lead-event.server";

export type { LeadChangeResult } from "./change-lead-progress.server";

/**
 * The "Contacted" checkbox (spec 1 §4): sets the flag, and moves the pipeline
 * status so the two agree (pipeline.ts). Row-locked, so concurrent changes
 * never leave them inconsistent.
 */
export function setLeadContacted(input: {
  leadId: string;
  contacted: boolean;
  actor: LeadActor;
  request?: Request | null;
}): Promise<LeadChangeResult> {
  return changeLeadProgress({
    ...input,
    action: "lead.contacted.update",
    next: (current) => withContacted(current, input.contacted),
  });
}
