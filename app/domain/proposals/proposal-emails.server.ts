import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { siteUrl } from "~/lib/site-origin.server";
import { formatCents } from "./money";
import { formatDay } from "./proposal-state";

/** The proposal emails (issue 30 items 4 and 7). Links on the site's one origin, never a request's Host. */

interface Homeowner {
  email: string;
  firstName: string;
}

const hello = (h: Homeowner) => (h.firstName.trim() ? `Hello ${h.firstName.trim()},` : "Hello,");

export function proposalSentEmail(input: {
  homeowner: Homeowner;
  businessName: string;
  proposalId: string;
  label: string;
  expiresOn: string;
  options: number;
  invited: boolean;
  replyTo?: string;
}): OutgoingEmail {
  return {
    to: input.homeowner.email,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    kind: "proposal.sent",
    relatedId: input.proposalId,
    ...renderEmail({
      title: `Your roof proposal from ${input.businessName}`,
      paragraphs: [
        hello(input.homeowner),
        `Thank you for letting us inspect your roof. ${input.label} is ready in your customer portal with ${input.options === 1 ? "our recommendation" : `${input.options} options side by side`}, what each includes and the GAF warranty each qualifies for.`,
        `You can choose an option, add extras, pick your shingle colour and sign it online. It is open until ${formatDay(input.expiresOn)}.`,
        ...(input.invited ? ["We also sent you an invitation to your customer portal: choose your password with it first, then open the proposal."] : []),
        "Questions? Reply to this email or write to us from the portal.",
      ],
      action: { label: "Read my proposal", url: siteUrl(`/portal/proposals/${input.proposalId}`) },
      brand: { name: input.businessName, url: siteUrl("/") },
    }),
  };
}

export interface AcceptanceFacts {
  label: string;
  optionTitle: string;
  shingleName: string;
  colorName: string | null;
  addOns: string[];
  totalCents: number;
  depositCents: number;
  signerName: string;
  acceptedAt: string;
  pdf: { fileName: string; base64: string };
}

function acceptanceLines(f: AcceptanceFacts): string {
  return [
    `Option: ${f.optionTitle} (${f.shingleName}${f.colorName ? `, colour ${f.colorName}` : ""})`,
    `Add-ons: ${f.addOns.length > 0 ? f.addOns.join("; ") : "none"}`,
    `Total: ${formatCents(f.totalCents)}; deposit: ${formatCents(f.depositCents)}`,
    `Signed by ${f.signerName}, ${f.acceptedAt}`,
  ].join("\n");
}

const attachment = (f: AcceptanceFacts) => [{ filename: f.pdf.fileName, contentType: "application/pdf", content: f.pdf.base64, encoding: "base64" as const }];

export function acceptedToHomeownerEmail(input: { homeowner: Homeowner; businessName: string; proposalId: string; facts: AcceptanceFacts; replyTo?: string }): OutgoingEmail {
  return {
    to: input.homeowner.email,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    kind: "proposal.accepted-customer",
    relatedId: input.proposalId,
    attachments: attachment(input.facts),
    ...renderEmail({
      title: `You accepted ${input.facts.label}`,
      paragraphs: [
        hello(input.homeowner),
        `Thank you for choosing ${input.businessName}. Your signed proposal is attached; it is also in your customer portal.`,
        acceptanceLines(input.facts),
        "We will call you within one business day to schedule the work and collect the deposit.",
      ],
      action: { label: "Open my proposal", url: siteUrl(`/portal/proposals/${input.proposalId}`) },
      brand: { name: input.businessName, url: siteUrl("/") },
    }),
  };
}

export function acceptedToOfficeEmail(input: { to: string; customerName: string; customerEmail: string; leadId: string; proposalId: string; businessName: string; facts: AcceptanceFacts }): OutgoingEmail {
  return {
    to: input.to,
    replyTo: input.customerEmail,
    kind: "proposal.accepted-office",
    relatedId: input.proposalId,
    attachments: attachment(input.facts),
    ...renderEmail({
      title: `${input.customerName} accepted ${input.facts.label}`,
      paragraphs: [`${input.customerName} accepted and signed ${input.facts.label} in the customer portal. The lead is now Won.`, acceptanceLines(input.facts), "The signed PDF is attached and kept with the lead's files."],
      action: { label: "Open the lead", url: siteUrl(`/admin/leads/${input.leadId}`) },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: { name: input.businessName, url: siteUrl("/") },
    }),
  };
}

export function declinedToOfficeEmail(input: { to: string; customerName: string; customerEmail: string; leadId: string; proposalId: string; label: string; reason: string | null; businessName: string }): OutgoingEmail {
  return {
    to: input.to,
    replyTo: input.customerEmail,
    kind: "proposal.declined-office",
    relatedId: input.proposalId,
    ...renderEmail({
      title: `${input.customerName} declined ${input.label}`,
      paragraphs: [`${input.customerName} declined ${input.label} in the customer portal.`, input.reason ? `Their reason: ${input.reason}` : "They gave no reason."],
      action: { label: "Open the lead", url: siteUrl(`/admin/leads/${input.leadId}`) },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: { name: input.businessName, url: siteUrl("/") },
    }),
  };
}
