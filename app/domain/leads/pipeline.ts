import { pipelineLabel, type PipelineStatus } from "./options";

/**
 * How the spec's "contacted" flag and the pipeline status stay consistent
 * (also enforced by the table's check `leads_contacted_status_check`):
 *
 * - `new`: not contacted.
 * - `contacted`, `inspection_scheduled`, `inspected`, `estimate_sent`, `won`, `completed`: contacted.
 * - `lost`: either (a lead can be lost before anyone reached it).
 *
 * Ticking "Contacted" moves a new lead to `contacted`; unticking it moves a
 * lead that was marked contacted (or further) back to `new`. Choosing a
 * status sets the flag it implies. The timeline records every move.
 */

const CONTACTED_STATUSES: ReadonlySet<PipelineStatus> = new Set(["contacted", "inspection_scheduled", "inspected", "estimate_sent", "won", "completed"]);

export interface PipelineState {
  pipelineStatus: PipelineStatus;
  contacted: boolean;
}

export function isConsistent({ pipelineStatus, contacted }: PipelineState): boolean {
  if (pipelineStatus === "new") return !contacted;
  if (pipelineStatus === "lost") return true;
  return contacted;
}

/** The state after the "Contacted" checkbox was set to `contacted`. */
export function withContacted(current: PipelineState, contacted: boolean): PipelineState {
  if (contacted) {
    return { contacted: true, pipelineStatus: current.pipelineStatus === "new" ? "contacted" : current.pipelineStatus };
  }
  return { contacted: false, pipelineStatus: CONTACTED_STATUSES.has(current.pipelineStatus) ? "new" : current.pipelineStatus };
}

/** The state after staff chose `status`. */
export function withStatus(current: PipelineState, status: PipelineStatus): PipelineState {
  if (status === "new") return { pipelineStatus: status, contacted: false };
  if (status === "lost") return { pipelineStatus: status, contacted: current.contacted };
  return { pipelineStatus: status, contacted: true };
}

/** The timeline line for a change, or null when nothing changed. */
export function describeChange(before: PipelineState, after: PipelineState): string | null {
  const parts: string[] = [];
  if (before.pipelineStatus !== after.pipelineStatus) {
    parts.push(`Status changed from ${pipelineLabel(before.pipelineStatus)} to ${pipelineLabel(after.pipelineStatus)}.`);
  }
  if (before.contacted !== after.contacted) parts.push(after.contacted ? "Marked as contacted." : "Marked as not contacted.");
  return parts.length > 0 ? parts.join(" ") : null;
}
