import { z } from "zod";
import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail, type EmailBrand } from "~/domain/email/templates/render-email.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { siteOrigin, siteUrl } from "~/lib/site-origin.server";
import { leadAlertRecipient } from "../lead-emails.server";
import { staffSignature } from "./list-lead-messages.server";

/**
 * What the emails between the homeowner and the office need besides the lead (issue 22 items 4 and 5):
 * the business's name and public address (the brand, the reply-to of the homeowner's emails) and the
 * office address (`leadAlertRecipient()`: the private `lead_alert_email`, else the public `email`).
 * There is no per-lead assignee in this app: every email to "the office" goes to that one address.
 * Read BEFORE the transaction that queues the emails (both are cached and use their own connection).
 */

export interface PortalEmailContext {
  brand: EmailBrand;
  /** The public contact address, used as the reply-to of emails to the homeowner; undefined when unusable. */
  businessEmail: string | undefined;
  /** Where emails to the office go; null when no address is configured (they are then not sent). */
  officeAddress: string | null;
}

const emailAddress = z.email().max(254);

export async function portalEmailContext(): Promise<PortalEmailContext> {
  const [settings, officeAddress] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);
  return {
    brand: { name: settings.businessName, url: siteOrigin() },
    businessEmail: emailAddress.safeParse(settings.email).success ? settings.email : undefined,
    officeAddress,
  };
}

/** The homeowner's address: their portal account's when the lead is linked to one, else the request's. */
export function customerAddress(lead: { email: string; accountEmail: string | null }): string {
  return lead.accountEmail ?? lead.email;
}

export interface MessageEmailLead {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  accountEmail: string | null;
  /** The property's address ("1200 Veterans Way, Dublin, OH 43017"): the appointment's location (issue 31 item 1). */
  address?: string | null;
}

/**
 * The office's message, to the homeowner, with a link to their request in the portal, signed as the portal
 * signs it: the staff member's first name and the business ("Dana, Buckeye Valor Roofing").
 */
export function officeMessageEmail(context: PortalEmailContext, lead: MessageEmailLead, body: string, authorFirstName: string | null): OutgoingEmail {
  const signature = staffSignature(authorFirstName, context.brand.name);
  return {
    to: customerAddress(lead),
    ...(context.businessEmail ? { replyTo: context.businessEmail } : {}),
    kind: "lead.message.to-customer",
    relatedId: lead.id,
    ...renderEmail({
      title: `New message from ${signature}`,
      paragraphs: [
        `Hi ${lead.firstName},`,
        `We wrote to you about your inspection request:`,
        body,
        `— ${signature}`,
        "You can read the whole conversation and answer in your customer portal.",
      ],
      action: { label: "Open your request", url: siteUrl(`/portal/requests/${lead.id}`) },
      footerNote: "You receive this because you asked us for a roof inspection.",
      brand: context.brand,
    }),
  };
}

/** The homeowner's message, to the office, with a link to the lead. */
export function customerMessageEmail(
  to: string,
  context: PortalEmailContext,
  lead: MessageEmailLead,
  body: string,
  { changeRequest = false }: { changeRequest?: boolean } = {},
): OutgoingEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  return {
    to,
    replyTo: customerAddress(lead),
    kind: changeRequest ? "lead.appointment.change-requested" : "lead.message.to-office",
    relatedId: lead.id,
    ...renderEmail({
      title: changeRequest ? `${name} asks for another inspection time` : `New message from ${name}`,
      paragraphs: [
        changeRequest ? `${name} cannot make the proposed inspection appointment and wrote:` : `${name} wrote about their inspection request:`,
        body,
        "Answer on the lead page: the homeowner sees your reply in their portal and gets it by email.",
      ],
      action: { label: "Open the lead", url: siteUrl(`/admin/leads/${lead.id}`) },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: context.brand,
    }),
  };
}
