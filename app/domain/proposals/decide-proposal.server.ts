import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { leads, proposalAcceptances, proposals, type Proposal } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { withEmails } from "~/domain/email/queue-email.server";
import { leadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { formatCompanyTime } from "~/lib/zoned-time";
import { knownAddOnKeys, optionTotals } from "./content";
import { getCustomerProposal, type CustomerProposal } from "./customer-proposals.server";
import { acceptedDocumentSha256 } from "./document-hash.server";
import { acceptedToHomeownerEmail, acceptedToOfficeEmail, declinedToOfficeEmail, type AcceptanceFacts } from "./proposal-emails.server";
import { makeAndStorePdf } from "./proposal-files.server";
import { formatCents } from "./money";
import { companyToday, PROPOSAL_TEXT, proposalState } from "./proposal-state";

/**
 * The homeowner accepts or declines a sent revision (issue 30 items 5, 7 and 8). The server decides
 * everything from the stored revision: which option and add-ons exist, the colour among that line's
 * swatches, the totals (a total a client sends is never read). One acceptance per revision: the row is
 * locked and `proposal_acceptances` is keyed by the revision, so two tabs record one. An expired,
 * declined or replaced revision is refused with why, and the page links the current one.
 */

type Customer = Pick<SessionUser, "id" | "email" | "emailVerified" | "firstName" | "lastName">;

export type DecideOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409 | 422; message: string; field?: string; current?: { id: string; label: string } | null };

export interface AcceptInput {
  proposalId: string;
  customer: Customer;
  /** The document hash the page was made from: a revision that changed since is refused. */
  shownDocumentSha256: string;
  optionKey: string;
  addOnKeys: string[];
  colorId: string | null;
  signerName: string;
  consent: boolean;
  /** The drawn signature (PNG), or null: signed by typing the name only. */
  signaturePng: Buffer | null;
  clientIp: string | null;
  userAgent: string | null;
}

/** Why a revision in this state cannot be decided, or null when it can. */
function refusal(p: Pick<Proposal, "status" | "expiresOn">): string | null {
  const state = proposalState(p, companyToday());
  if (state === "sent" || state === "viewed") return null;
  if (state === "accepted" || state === "declined" || state === "superseded" || state === "expired") return PROPOSAL_TEXT.acceptRefused[state];
  return PROPOSAL_TEXT.notFound;
}

async function lockSent(tx: DbTransaction, id: string) {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  return row;
}

export async function acceptProposal(input: AcceptInput): Promise<DecideOutcome> {
  const shown = await getCustomerProposal(input.customer, input.proposalId);
  if (!shown) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
  const refused = refusalOf(shown);
  if (refused) return refused;
  if (shown.documentSha256 !== input.shownDocumentSha256) return { ok: false, status: 409, message: PROPOSAL_TEXT.acceptRefused.changed };
  const { content } = shown;
  const option = content.options.find((o) => o.key === input.optionKey);
  if (!option) return { ok: false, status: 422, field: "optionKey", message: PROPOSAL_TEXT.chooseOption };
  const color = option.colors.find((c) => c.id === input.colorId) ?? null;
  if (option.colors.length > 0 && !color) return { ok: false, status: 422, field: "colorId", message: PROPOSAL_TEXT.chooseColor };
  const signerName = input.signerName.normalize("NFC").trim().replace(/\s+/g, " ");
  if (signerName.length < 2 || signerName.length > 200) return { ok: false, status: 422, field: "signerName", message: PROPOSAL_TEXT.signerName };
  if (!input.consent) return { ok: false, status: 422, field: "consent", message: PROPOSAL_TEXT.consent };
  const addOnKeys = knownAddOnKeys(content, input.addOnKeys);
  const totals = optionTotals(content, option.key, addOnKeys)!;
  const acceptedAt = new Date();
  const acceptedHash = acceptedDocumentSha256({
    sentDocumentSha256: shown.documentSha256,
    optionKey: option.key,
    addOnKeys,
    colorName: color?.name ?? null,
    totalCents: totals.totalCents,
    depositCents: totals.depositCents,
    signerName,
  });
  const [settings, officeAddress] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);
  const pdf = await makeAndStorePdf(
    {
      content,
      proposalNumber: shown.proposalNumber,
      revision: shown.revision,
      sentAt: new Date(shown.sentAt),
      expiresOn: shown.expiresOn,
      documentSha256: shown.documentSha256,
      acceptance: {
        optionKey: option.key,
        addOnKeys,
        colorName: color?.name ?? null,
        signerName,
        signaturePng: input.signaturePng,
        acceptedAt,
        clientIp: input.clientIp,
        userAgent: input.userAgent,
        acceptedDocumentSha256: acceptedHash,
      },
    },
    true,
  );
  const facts: AcceptanceFacts = {
    label: shown.label,
    optionTitle: option.title,
    shingleName: option.shingleName,
    colorName: color?.name ?? null,
    addOns: content.addOns.filter((a) => addOnKeys.includes(a.key)).map((a) => a.description),
    totalCents: totals.totalCents,
    depositCents: totals.depositCents,
    signerName,
    acceptedAt: formatCompanyTime(acceptedAt),
    pdf: { fileName: pdf.fileName, base64: pdf.bytes.toString("base64") },
  };
  try {
    const outcome = await withEmails(async (tx, queue): Promise<DecideOutcome> => {
      const row = await lockSent(tx, shown.id);
      if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      const why = refusal(row);
      if (why) return { ok: false, status: 409, message: why, current: shown.current };
      if (row.documentSha256 !== shown.documentSha256) return { ok: false, status: 409, message: PROPOSAL_TEXT.acceptRefused.changed };
      const pdfId = await pdf.record(tx, row.leadId);
      const inserted = await tx
        .insert(proposalAcceptances)
        .values({
          proposalId: row.id,
          optionKey: option.key,
          addOnKeys,
          colorId: color?.id ?? null,
          colorName: color?.name ?? null,
          totalCents: totals.totalCents,
          depositCents: totals.depositCents,
          signerName,
          signaturePng: input.signaturePng,
          consentedAt: acceptedAt,
          acceptedDocumentSha256: acceptedHash,
          signedByUserId: input.customer.id,
          clientIp: input.clientIp,
          userAgent: input.userAgent?.slice(0, 1000) ?? null,
          signedPdfAttachmentId: pdfId,
          acceptedAt,
        })
        .onConflictDoNothing()
        .returning({ id: proposalAcceptances.proposalId });
      if (inserted.length === 0) return { ok: false, status: 409, message: PROPOSAL_TEXT.acceptRefused.accepted };
      await tx.update(proposals).set({ status: "accepted", decidedAt: acceptedAt, updatedAt: sql`now()` }).where(eq(proposals.id, row.id));
      const [lead] = await tx
        .update(leads)
        .set({ pipelineStatus: "won", contacted: true, updatedAt: sql`now()` })
        .where(and(eq(leads.id, row.leadId), inArray(leads.pipelineStatus, ["new", "contacted", "inspection_scheduled", "inspected", "estimate_sent", "lost"])))
        .returning({ id: leads.id });
      const [leadRow] = await tx.select({ email: leads.email, firstName: leads.firstName, lastName: leads.lastName }).from(leads).where(eq(leads.id, row.leadId));
      await recordLeadEvent(tx, {
        leadId: row.leadId,
        actor: input.customer,
        action: "proposal.accept",
        timeline: `${signerName} accepted ${shown.label}: ${option.title} (${option.shingleName}${color ? `, ${color.name}` : ""}), total ${formatCents(totals.totalCents)}.${lead ? " The lead is won." : ""}`,
        details: { proposalId: row.id, optionKey: option.key, addOnKeys, totalCents: totals.totalCents, acceptedDocumentSha256: acceptedHash },
      });
      const homeowner = { email: input.customer.email, firstName: input.customer.firstName || leadRow?.firstName || "" };
      await queue(acceptedToHomeownerEmail({ homeowner, businessName: settings.businessName, proposalId: row.id, facts, ...(officeAddress ? { replyTo: officeAddress } : {}) }));
      if (officeAddress) {
        await queue(
          acceptedToOfficeEmail({
            to: officeAddress,
            customerName: leadRow ? `${leadRow.firstName} ${leadRow.lastName}`.trim() : signerName,
            customerEmail: input.customer.email,
            leadId: row.leadId,
            proposalId: row.id,
            businessName: settings.businessName,
            facts,
          }),
        );
      }
      return { ok: true, message: PROPOSAL_TEXT.accepted };
    });
    if (!outcome.ok) await pdf.discard();
    return outcome;
  } catch (error) {
    await pdf.discard();
    throw error;
  }
}

function refusalOf(shown: CustomerProposal): Extract<DecideOutcome, { ok: false }> | null {
  if (shown.state === "sent" || shown.state === "viewed") return null;
  const message = shown.state === "draft" ? PROPOSAL_TEXT.notFound : PROPOSAL_TEXT.acceptRefused[shown.state];
  return { ok: false, status: 409, message, current: shown.current };
}

export async function declineProposal(input: { proposalId: string; customer: Customer; reason: string | null }): Promise<DecideOutcome> {
  const shown = await getCustomerProposal(input.customer, input.proposalId);
  if (!shown) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
  const refused = refusalOf(shown);
  if (refused) return refused;
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  if (reason && reason.length > 2000) return { ok: false, status: 422, field: "reason", message: PROPOSAL_TEXT.declineReason };
  const [settings, officeAddress] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);
  return withEmails(async (tx, queue): Promise<DecideOutcome> => {
    const row = await lockSent(tx, shown.id);
    if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
    const why = refusal(row);
    if (why) return { ok: false, status: 409, message: why, current: shown.current };
    await tx.update(proposals).set({ status: "declined", decidedAt: sql`now()`, declineReason: reason, updatedAt: sql`now()` }).where(eq(proposals.id, row.id));
    const name = `${input.customer.firstName} ${input.customer.lastName}`.trim() || input.customer.email;
    await recordLeadEvent(tx, {
      leadId: row.leadId,
      actor: input.customer,
      action: "proposal.decline",
      timeline: `${name} declined ${shown.label}${reason ? `: “${reason}”` : "."}`,
      details: { proposalId: row.id },
    });
    if (officeAddress) {
      await queue(declinedToOfficeEmail({ to: officeAddress, customerName: name, customerEmail: input.customer.email, leadId: row.leadId, proposalId: row.id, label: shown.label, reason, businessName: settings.businessName }));
    }
    return { ok: true, message: PROPOSAL_TEXT.declined };
  });
}

