import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, proposalAcceptances, proposals } from "~/db/schema";
import { loadBuilderData } from "./builder-data.server";
import { COMPONENT_CATEGORIES } from "./compose";
import { optionTotals, proposalContentSchema, type OptionTotals, type ProposalContent } from "./content";
import { proposalLabel, proposalState, type ProposalState } from "./proposal-state";

/**
 * One proposal revision for the back office (`/admin/proposals/:id`): its content with each option's
 * totals (computed, never stored), the other revisions of its number, the acceptance, and for a draft
 * what the builder's selects offer (the active price book by category).
 */

export interface AdminProposal {
  id: string;
  leadId: string;
  leadName: string;
  label: string;
  proposalNumber: number;
  revision: number;
  state: ProposalState;
  expiresOn: string;
  sentAt: string | null;
  firstViewedAt: string | null;
  decidedAt: string | null;
  declineReason: string | null;
  documentSha256: string | null;
  pdfAttachmentId: string | null;
  content: ProposalContent;
  totals: Record<string, OptionTotals>;
  revisions: Array<{ id: string; revision: number; state: ProposalState }>;
  acceptance: null | {
    optionKey: string;
    addOnKeys: string[];
    colorName: string | null;
    signerName: string;
    drawn: boolean;
    totalCents: number;
    depositCents: number;
    acceptedAt: string;
    clientIp: string | null;
    userAgent: string | null;
    acceptedDocumentSha256: string;
    signedPdfAttachmentId: string | null;
  };
  /** For a draft: the price book's active items by category (the builder's selects). */
  catalogue: null | {
    shingles: Array<{ id: string; name: string }>;
    components: Array<{ category: string; items: Array<{ id: string; name: string }> }>;
    addOnItems: Array<{ id: string; name: string; unit: string }>;
  };
}

export async function getAdminProposal(proposalId: string): Promise<AdminProposal | null> {
  const [row] = await db()
    .select({ p: proposals, a: proposalAcceptances, firstName: leads.firstName, lastName: leads.lastName })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .leftJoin(proposalAcceptances, eq(proposalAcceptances.proposalId, proposals.id))
    .where(eq(proposals.id, proposalId));
  if (!row) return null;
  const { p, a } = row;
  const content = proposalContentSchema.parse(p.content);
  const revisions = await db()
    .select({ id: proposals.id, revision: proposals.revision, status: proposals.status, expiresOn: proposals.expiresOn })
    .from(proposals)
    .where(eq(proposals.proposalNumber, p.proposalNumber))
    .orderBy(asc(proposals.revision));
  let catalogue: AdminProposal["catalogue"] = null;
  if (p.status === "draft") {
    const data = await loadBuilderData();
    catalogue = {
      shingles: data.items.filter((i) => i.category === "shingles").map((i) => ({ id: i.id, name: i.name })),
      components: COMPONENT_CATEGORIES.map((category) => ({ category, items: data.items.filter((i) => i.category === category && i.basis !== "none").map((i) => ({ id: i.id, name: i.name })) })),
      addOnItems: data.items.map((i) => ({ id: i.id, name: i.name, unit: i.unit })),
    };
  }
  return {
    id: p.id,
    leadId: p.leadId,
    leadName: `${row.firstName} ${row.lastName}`.trim(),
    label: proposalLabel(p),
    proposalNumber: p.proposalNumber,
    revision: p.revision,
    state: proposalState(p),
    expiresOn: p.expiresOn,
    sentAt: p.sentAt?.toISOString() ?? null,
    firstViewedAt: p.firstViewedAt?.toISOString() ?? null,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    declineReason: p.declineReason,
    documentSha256: p.documentSha256,
    pdfAttachmentId: p.pdfAttachmentId,
    content,
    totals: Object.fromEntries(content.options.map((o) => [o.key, optionTotals(content, o.key, a && a.optionKey === o.key ? a.addOnKeys : [])!])),
    revisions: revisions.map((r) => ({ id: r.id, revision: r.revision, state: proposalState(r) })),
    acceptance: a
      ? {
          optionKey: a.optionKey,
          addOnKeys: a.addOnKeys,
          colorName: a.colorName,
          signerName: a.signerName,
          drawn: a.signaturePng !== null,
          totalCents: a.totalCents,
          depositCents: a.depositCents,
          acceptedAt: a.acceptedAt.toISOString(),
          clientIp: a.clientIp,
          userAgent: a.userAgent,
          acceptedDocumentSha256: a.acceptedDocumentSha256,
          signedPdfAttachmentId: a.signedPdfAttachmentId,
        }
      : null,
    catalogue,
  };
}

/** The shingle lines of the price book, for the new-proposal form. */
export async function listShingleItems(): Promise<Array<{ id: string; name: string }>> {
  const data = await loadBuilderData();
  return data.items.filter((i) => i.category === "shingles").map((i) => ({ id: i.id, name: i.name }));
}

