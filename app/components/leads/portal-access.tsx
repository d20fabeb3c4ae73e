import { Form } from "react-router";
import { formatDateTime } from "~/components/leads/format";
import { buttonVariants } from "~/components/ui/button";

/** The lead page's "Customer portal" section (issue 22 item 1): who can see this request, and the invitation. */

export interface PortalAccessView {
  account: { name: string; email: string; status: string; canSignIn: boolean } | null;
  invitation: { sentAt: string; expiresAt: string; usedAt: string | null; expired: boolean } | null;
}

function invitationLine(invitation: NonNullable<PortalAccessView["invitation"]>): string {
  if (invitation.usedAt) return `Invitation sent ${formatDateTime(invitation.sentAt)}, used ${formatDateTime(invitation.usedAt)}.`;
  if (invitation.expired) return `Invitation sent ${formatDateTime(invitation.sentAt)}; it expired ${formatDateTime(invitation.expiresAt)} unused.`;
  return `Invitation sent ${formatDateTime(invitation.sentAt)}; the link works until ${formatDateTime(invitation.expiresAt)}.`;
}

export function PortalAccessSection({ access, email, busy, className }: { access: PortalAccessView; email: string; busy: boolean; className?: string }) {
  const { account, invitation } = access;
  const waiting = invitation && !invitation.usedAt && !invitation.expired;
  return (
    <section aria-labelledby="lead-portal" className={className}>
      <h2 id="lead-portal" className="mb-4 text-lg font-bold text-brand-navy">
        Customer portal
      </h2>
      <div className="grid gap-2 text-sm text-slate-800">
        {account ? (
          <p>
            Linked to the account of {account.name} ({account.email}).{" "}
            {account.canSignIn ? "They can sign in and see this request." : "They have not chosen a password yet."}
          </p>
        ) : (
          <p>Not in a customer portal yet. Inviting sends {email} a one-time link to choose a password and follow this request.</p>
        )}
        {invitation && <p>{invitationLine(invitation)}</p>}
      </div>
      {!account?.canSignIn && (
        <Form method="post" preventScrollReset className="mt-4">
          <input type="hidden" name="intent" value="invite-to-portal" />
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm", variant: waiting ? "outline" : "default" })}>
            {waiting ? "Send a new invitation" : "Invite to portal"}
          </button>
        </Form>
      )}
    </section>
  );
}
