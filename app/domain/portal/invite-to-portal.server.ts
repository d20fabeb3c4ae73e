import { and, eq, sql } from "drizzle-orm";
import { accounts, leads, userRoles, users } from "~/db/schema";
import { createAccountLink } from "~/domain/accounts/account-links.server";
import { recordAudit } from "~/domain/accounts/audit.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { withEmails } from "~/domain/email/queue-email.server";
import { leadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { INVITATION_EXPIRES_DAYS, portalAccessEmail, portalInvitationEmail } from "./portal-emails.server";

/**
 * Staff press "Invite to portal" on a lead (issue 22 item 1). In one transaction:
 * - the lead's email gets an account: a new one is created approved, with no password and no role (a
 *   rejected account is refused: a super admin decides about it);
 * - an account whose owner already proved the address and can sign in gets the `customer` role and the
 *   lead now, and is told its request is in its portal;
 * - any other account (new, or made by a sign-up nobody confirmed: maybe not by the homeowner, ADR 046)
 *   gets nothing yet but a one-time link (account-links.server.ts) valid for INVITATION_EXPIRES_DAYS:
 *   opening it proves the mailbox, sets the password chosen there, and only then gives the role and links
 *   the lead (redeem-account-link.server.ts);
 * - the timeline and the audit log say who invited whom.
 */

export type InviteOutcome =
  | { ok: true; kind: "invitation" | "access"; email: string; created: boolean }
  | { ok: false; reason: "not_found" | "rejected_account" };

export async function inviteToPortal(input: { leadId: string; actor: SessionUser; request?: Request | null }): Promise<InviteOutcome> {
  // Read before the transaction (cached, their own connections): the business's name and the office's address.
  const [{ businessName }, replyTo] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);
  const sender = { businessName, replyTo };
  return withEmails(async (tx, queue) => {
    const [lead] = await tx
      .select({ id: leads.id, email: leads.email, firstName: leads.firstName, lastName: leads.lastName })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for("update");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const email = lead.email.trim().toLowerCase();

    // Created or found under the unique email (two staff inviting at once create one account).
    const inserted = await tx
      .insert(users)
      .values({
        email,
        name: `${lead.firstName} ${lead.lastName}`.trim() || email,
        firstName: lead.firstName,
        lastName: lead.lastName,
        status: "approved",
        emailVerified: false,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const created = inserted.length > 0;
    const [account] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, status: users.status, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    if (!account) throw new Error("the invited account vanished inside its transaction");
    if (account.status === "rejected") {
      // A refusal: audited as a failure (only a done invitation is a success), nothing else written.
      await recordAudit(tx, {
        action: "lead.portal_invite",
        outcome: "failure",
        actor: input.actor,
        targetType: "lead",
        targetId: lead.id,
        details: { reason: "rejected_account" },
        request: input.request ?? null,
      });
      return { ok: false, reason: "rejected_account" } as const;
    }

    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, account.id), eq(accounts.providerId, "credential")))
      .limit(1);
    const canSignIn = Boolean(credential) && account.status === "approved" && account.emailVerified;

    let kind: "invitation" | "access";
    if (canSignIn) {
      kind = "access";
      await tx.insert(userRoles).values({ userId: account.id, role: "customer", assignedBy: input.actor.id }).onConflictDoNothing();
      await tx.update(leads).set({ customerUserId: account.id, updatedAt: sql`now()` }).where(eq(leads.id, lead.id));
      await queue(portalAccessEmail(account, sender));
    } else {
      kind = "invitation";
      const token = await createAccountLink(tx, { userId: account.id, purpose: "portal-invitation", leadId: lead.id, createdBy: input.actor.id });
      await queue(portalInvitationEmail(account, token, sender));
    }

    const who = `${input.actor.firstName} ${input.actor.lastName}`.trim() || input.actor.email;
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.actor,
      request: input.request,
      action: "lead.portal_invite",
      timeline:
        kind === "invitation"
          ? `${who} invited ${email} to the customer portal (a one-time link, valid for ${INVITATION_EXPIRES_DAYS} days).`
          : `${who} added this request to the customer portal of ${email}, who can already sign in.`,
      details: { kind, accountCreated: created, customerUserId: account.id },
    });
    return { ok: true, kind, email, created } as const;
  });
}
