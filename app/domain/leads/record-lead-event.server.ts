import type { DbTransaction } from "~/db/client.server";
import { leadNotes } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";

/**
 * Writes what staff changed on a lead, in the transaction of the change: a
 * line in the lead's timeline (`lead_notes`, kind `event`) and a row in the
 * audit log (QUALITY S23: who, what, when).
 */

export interface LeadActor {
  /** Null for a homeowner without an account (a self-booking, a signed booking link). */
  id: string | null;
  email: string;
}

export async function recordLeadEvent(
  tx: DbTransaction,
  input: {
    leadId: string;
    actor: LeadActor;
    request?: Request | null;
    action: string;
    /** Timeline text; null = audit only. */
    timeline: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  if (input.timeline) {
    await tx.insert(leadNotes).values({ leadId: input.leadId, authorUserId: input.actor.id, kind: "event", body: input.timeline });
  }
  await recordAudit(tx, {
    action: input.action,
    actor: input.actor,
    targetType: "lead",
    targetId: input.leadId,
    details: input.details,
    request: input.request ?? null,
  });
}
