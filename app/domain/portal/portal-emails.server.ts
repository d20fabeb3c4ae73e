import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { siteOrigin, siteUrl } from "~/lib/site-origin.server";

/**
 * The portal's account emails (issue 22 item 1). Links on the site's one origin, never a request's Host.
 * They come from the business (issue 31 item 5): its name in the title and the brand (never MAIL_FROM's
 * display name), and answers go to the office (`replyTo`: leadAlertRecipient(), the lead alert address,
 * else the public email).
 */

export interface PortalEmailSender {
  businessName: string;
  /** Where the homeowner's answer goes; null when no office address is configured. */
  replyTo: string | null;
}

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

function fromTheBusiness(sender: PortalEmailSender) {
  return {
    replyTo: sender.replyTo ? { replyTo: sender.replyTo } : {},
    brand: { name: sender.businessName, url: siteOrigin() },
  };
}

/** The one-time link to choose a password and open the portal. */
export function portalInvitationEmail(user: Recipient, token: string, sender: PortalEmailSender): OutgoingEmail {
  const { businessName } = sender;
  const { replyTo, brand } = fromTheBusiness(sender);
  return {
    to: user.email,
    ...replyTo,
    kind: "portal.invitation",
    relatedId: user.id,
    secret: token,
    ...renderEmail({
      title: `Your inspection request with ${businessName} is in your customer portal`,
      paragraphs: [
        greeting(user),
        `You asked ${businessName} for a roof inspection with this email address. Our office invites you to a customer portal where you can follow the request, see your appointment, send us more photos or documents, and write to us.`,
        "To open it, choose a password with the button below. The link works once.",
      ],
      action: { label: "Choose my password", url: siteUrl(`/auth/invitation?token=${encodeURIComponent(token)}`) },
      footerNote: `If you did not ask us for an inspection, ignore this message: nothing is opened without this link. The link is valid for ${INVITATION_EXPIRES_DAYS} days. Questions? Reply to this email.`,
      brand,
    }),
  };
}

/** An account that can already sign in: its new request is now in its portal. */
export function portalAccessEmail(user: Recipient, sender: PortalEmailSender): OutgoingEmail {
  const { businessName } = sender;
  const { replyTo, brand } = fromTheBusiness(sender);
  return {
    to: user.email,
    ...replyTo,
    kind: "portal.access",
    relatedId: user.id,
    ...renderEmail({
      title: `Your inspection request with ${businessName} is in your customer portal`,
      paragraphs: [
        greeting(user),
        `${businessName} added your inspection request to your customer portal. Sign in with your existing password to follow it, send us more photos or documents, and write to our office.`,
      ],
      action: { label: "Open my portal", url: siteUrl("/portal") },
      brand,
    }),
  };
}
