import { listLeadProposals } from "~/domain/proposals/create-proposal.server";
import { proposalLabel, proposalState, STATE_LABELS } from "~/domain/proposals/proposal-state";
import type { LeadLoadContext } from "./section.server";

/** The lead's proposals (issue 30): each revision with its state; building one is on its own page. */
export async function load({ leadId }: LeadLoadContext) {
  const rows = await listLeadProposals(leadId);
  return rows.map((r) => ({
    id: r.id,
    label: proposalLabel(r),
    state: STATE_LABELS[proposalState(r)],
    sentAt: r.sentAt?.toISOString() ?? null,
    firstViewedAt: r.firstViewedAt?.toISOString() ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}
export type ProposalsData = Awaited<ReturnType<typeof load>>;
