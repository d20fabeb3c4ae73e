import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, proposalAcceptances, proposals } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { customerLeadCondition } from "~/domain/portal/customer-leads.server";
import { optionDifferences } from "./compose";
import { proposalContentSchema, type ProposalContent } from "./content";
import { proposalLabel, proposalState, type ProposalState } from "./proposal-state";

/**
 * The homeowner's side of proposals (issue 30 item 5): only sent revisions of the customer's own
 * requests exist for them (a draft, or another customer's proposal, is a 404 by every URL). Opening a
 * sent revision records the first view on the lead's timeline.
 */

export interface CustomerProposal {
  id: string;
  leadId: string;
  label: string;
  proposalNumber: number;
  revision: number;
  state: ProposalState;
  expiresOn: string;
  sentAt: string;
  documentSha256: string;
  content: ProposalContent;
  differences: Record<string, string[]>;
  /** The revision to read and accept instead, when this one was replaced. */
  current: { id: string; label: string } | null;
  acceptance: null | { optionKey: string; addOnKeys: string[]; colorName: string | null; signerName: string; totalCents: number; depositCents: number; acceptedAt: string; signedPdfFileId: string | null };
  declineReason: string | null;
  /** The sent PDF among the request's files. */
  pdfFileId: string | null;
}

type Customer = Pick<SessionUser, "id" | "email" | "emailVerified" | "firstName" | "lastName">;

const SENT_STATES = ["sent", "viewed", "accepted", "declined", "superseded"] as const;

export async function getCustomerProposal(customer: Customer, proposalId: string): Promise<CustomerProposal | null> {
  const [row] = await db()
    .select({ p: proposals, a: proposalAcceptances })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .leftJoin(proposalAcceptances, eq(proposalAcceptances.proposalId, proposals.id))
    .where(and(eq(proposals.id, proposalId), inArray(proposals.status, [...SENT_STATES]), customerLeadCondition(customer)))
    .limit(1);
  if (!row) return null;
  const { p, a } = row;
  const content = proposalContentSchema.parse(p.content);
  let current: CustomerProposal["current"] = null;
  if (p.status === "superseded") {
    const [latest] = await db()
      .select({ id: proposals.id, proposalNumber: proposals.proposalNumber, revision: proposals.revision })
      .from(proposals)
      .where(and(eq(proposals.proposalNumber, p.proposalNumber), inArray(proposals.status, ["sent", "viewed", "accepted", "declined"])))
      .orderBy(desc(proposals.revision))
      .limit(1);
    if (latest) current = { id: latest.id, label: proposalLabel(latest) };
  }
  return {
    id: p.id,
    leadId: p.leadId,
    label: proposalLabel(p),
    proposalNumber: p.proposalNumber,
    revision: p.revision,
    state: proposalState(p),
    expiresOn: p.expiresOn,
    sentAt: p.sentAt!.toISOString(),
    documentSha256: p.documentSha256!,
    content,
    differences: optionDifferences(content.options),
    current,
    acceptance: a
      ? {
          optionKey: a.optionKey,
          addOnKeys: a.addOnKeys,
          colorName: a.colorName,
          signerName: a.signerName,
          totalCents: a.totalCents,
          depositCents: a.depositCents,
          acceptedAt: a.acceptedAt.toISOString(),
          signedPdfFileId: a.signedPdfAttachmentId,
        }
      : null,
    declineReason: p.declineReason,
    pdfFileId: p.pdfAttachmentId,
  };
}

/** The first time the homeowner opens a sent revision: Viewed, on the timeline once. */
export async function recordProposalView(customer: Customer, proposal: Pick<CustomerProposal, "id" | "leadId" | "label">): Promise<void> {
  await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(proposals)
      .set({ status: "viewed", firstViewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, "sent")))
      .returning({ id: proposals.id });
    if (!updated) return;
    await recordLeadEvent(tx, {
      leadId: proposal.leadId,
      actor: customer,
      action: "proposal.view",
      timeline: `${`${customer.firstName} ${customer.lastName}`.trim() || customer.email} opened ${proposal.label} for the first time.`,
      details: { proposalId: proposal.id },
    });
  });
}

/** A request's sent proposals for the portal's request page: the newest revision of each number. */
export async function listRequestProposals(customer: Customer, leadId: string) {
  const rows = await db()
    .select({ id: proposals.id, proposalNumber: proposals.proposalNumber, revision: proposals.revision, status: proposals.status, expiresOn: proposals.expiresOn, sentAt: proposals.sentAt })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .where(and(eq(proposals.leadId, leadId), inArray(proposals.status, ["sent", "viewed", "accepted", "declined"]), customerLeadCondition(customer)))
    .orderBy(desc(proposals.proposalNumber), desc(proposals.revision));
  return rows.map((r) => ({ id: r.id, label: proposalLabel(r), state: proposalState(r), expiresOn: r.expiresOn, sentAt: r.sentAt!.toISOString() }));
}
