import { changeLeadProgress, type LeadChangeResult } from "./change-lead-progress.server";
import type { PipelineStatus } from "./options";
import { withStatus } from "./pipeline";
import type { LeadActor } from "./record-lead-event.server";

/** Moves a lead along the pipeline; "contacted" follows (pipeline.ts). */
export function setLeadStatus(input: {
  leadId: string;
  status: PipelineStatus;
  actor: LeadActor;
  request?: Request | null;
}): Promise<LeadChangeResult> {
  return changeLeadProgress({
    ...input,
    action: "lead.status.update",
    next: (current) => withStatus(current, input.status),
  });
}
