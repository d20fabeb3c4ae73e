import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accounts, leads, proposals, users } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { withEmails } from "~/domain/email/queue-email.server";
import { leadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { inviteToPortal } from "~/domain/portal/invite-to-portal.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { proposalContentSchema } from "./content";
import { sentDocumentSha256 } from "./document-hash.server";
import { proposalSentEmail } from "./proposal-emails.server";
import { makeAndStorePdf } from "./proposal-files.server";
import { companyToday, PROPOSAL_TEXT, proposalLabel } from "./proposal-state";

/**
 * Sends a draft revision (issue 30 item 4): its content is frozen (the document's SHA-256 recorded), its
 * PDF made and kept with the lead's files, earlier revisions of the same proposal superseded (readable,
 * no longer acceptable), the lead moved to Estimate sent when it was not further, the timeline told, and
 * the homeowner emailed a link to it in the portal; a homeowner without a portal account is invited first
 * (the invitation flow, ADR 046: the link proves the mailbox before anything opens).
 */

export type SendOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409 | 422; message: string; field?: string };

/** Pipeline steps before "Estimate sent": sending moves a lead from these; a won or lost lead stays. */
const BEFORE_ESTIMATE = ["new", "contacted", "inspection_scheduled", "inspected"] as const;

/** Whether someone can already sign in to the portal and see this lead (no invitation needed). */
async function homeownerCanOpenPortal(lead: { customerUserId: string | null; email: string }): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(
      and(
        lead.customerUserId ? or(eq(users.id, lead.customerUserId), sql`lower(${users.email}) = ${lead.email.toLowerCase()}`) : sql`lower(${users.email}) = ${lead.email.toLowerCase()}`,
        eq(users.emailVerified, true),
        eq(users.status, "approved"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function sendProposal(input: { proposalId: string; actor: SessionUser; request?: Request | null }): Promise<SendOutcome> {
  const [row] = await db().select().from(proposals).where(eq(proposals.id, input.proposalId));
  if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
  if (row.status !== "draft") return { ok: false, status: 409, message: "This revision was already sent." };
  if (row.expiresOn <= companyToday()) return { ok: false, status: 422, field: "expiresOn", message: PROPOSAL_TEXT.expiryPast };
  const [lead] = await db().select().from(leads).where(eq(leads.id, row.leadId));
  if (!lead) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
  const content = proposalContentSchema.parse(row.content);
  const sentAt = new Date();
  const documentSha256 = sentDocumentSha256({ proposalNumber: row.proposalNumber, revision: row.revision, expiresOn: row.expiresOn, content });
  const [settings, officeAddress] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);

  // The invitation first: it has its own transaction and email, and is harmless if the send below fails.
  let invited = false;
  if (!(await homeownerCanOpenPortal(lead))) {
    const invitation = await inviteToPortal({ leadId: lead.id, actor: input.actor, request: input.request });
    if (!invitation.ok && invitation.reason === "rejected_account") {
      return { ok: false, status: 409, message: "This homeowner's email belongs to an account that was not approved. A super admin can change that in User Management." };
    }
    invited = invitation.ok && invitation.kind === "invitation";
  }

  const pdf = await makeAndStorePdf({ content, proposalNumber: row.proposalNumber, revision: row.revision, sentAt, expiresOn: row.expiresOn, documentSha256 }, false);
  const label = proposalLabel(row);
  try {
    const outcome = await withEmails(async (tx, queue): Promise<SendOutcome> => {
      const [locked] = await tx.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, row.id)).for("update");
      if (!locked) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      if (locked.status !== "draft") return { ok: false, status: 409, message: "This revision was already sent." };
      const pdfId = await pdf.record(tx, lead.id);
      await tx.update(proposals).set({ status: "sent", sentAt, sentBy: input.actor.id, documentSha256, pdfAttachmentId: pdfId, updatedAt: sql`now()` }).where(eq(proposals.id, row.id));
      await tx
        .update(proposals)
        .set({ status: "superseded", supersededAt: sentAt, updatedAt: sql`now()` })
        .where(and(eq(proposals.proposalNumber, row.proposalNumber), ne(proposals.id, row.id), inArray(proposals.status, ["sent", "viewed", "declined"])));
      await tx
        .update(leads)
        .set({ pipelineStatus: "estimate_sent", contacted: true, updatedAt: sql`now()` })
        .where(and(eq(leads.id, lead.id), inArray(leads.pipelineStatus, [...BEFORE_ESTIMATE])));
      await recordLeadEvent(tx, {
        leadId: lead.id,
        actor: input.actor,
        request: input.request,
        action: "proposal.send",
        timeline: `${label} sent to ${lead.email}.`,
        details: { proposalId: row.id, documentSha256 },
      });
      await queue(
        proposalSentEmail({
          homeowner: { email: lead.email, firstName: lead.firstName },
          businessName: settings.businessName,
          proposalId: row.id,
          label,
          expiresOn: row.expiresOn,
          options: content.options.length,
          invited,
          ...(officeAddress ? { replyTo: officeAddress } : {}),
        }),
      );
      return { ok: true, message: `${label} sent to ${lead.email}.` };
    });
    if (!outcome.ok) await pdf.discard();
    return outcome;
  } catch (error) {
    await pdf.discard();
    throw error;
  }
}
