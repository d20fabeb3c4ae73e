import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { siteUrl } from "~/lib/site-origin.server";

/** The portal's account emails (issue 22 item 1). Links on the site's one origin, never a request's Host. */

export const INVITATION_EXPIRES_DAYS = 7;

interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

function greeting(user: Recipient): string {
  const first = user.firstName.trim();
  return first ? `Hello ${first},` : "Hello,";
}

/** The one-time link to choose a password and open the portal. */
export function portalInvitationEmail(user: Recipient, token: string, businessName: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "portal.invitation",
    relatedId: user.id,
    secret: token,
    ...renderEmail({
      title: "Your inspection request is in your customer portal",
      paragraphs: [
        greeting(user),
        `You asked ${businessName} for a roof inspection with this email address. Our office invites you to a customer portal where you can follow the request, see your appointment, send us more photos or documents, and write to us.`,
        "To open it, choose a password with the button below. The link works once.",
      ],
      action: { label: "Choose my password", url: siteUrl(`/auth/invitation?token=${encodeURIComponent(token)}`) },
      footerNote: `If you did not ask us for an inspection, ignore this message: nothing is opened without this link. The link is valid for ${INVITATION_EXPIRES_DAYS} days.`,
    }),
  };
}

/** An account that can already sign in: its new request is now in its portal. */
export function portalAccessEmail(user: Recipient, businessName: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "portal.access",
    relatedId: user.id,
    ...renderEmail({
      title: "Your inspection request is in your customer portal",
      paragraphs: [
        greeting(user),
        `${businessName} added your inspection request to your customer portal. Sign in with your existing password to follow it, send us more photos or documents, and write to our office.`,
      ],
      action: { label: "Open my portal", url: siteUrl("/portal") },
    }),
  };
}
