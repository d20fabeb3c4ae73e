import type { ProposalStatus } from "~/db/schema/proposals";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * Proposal states as both sides see them (issue 30 item 3): the stored status, and "expired" for a sent
 * or viewed revision whose last day (Eastern Time) has passed. Texts of the builder and the portal. Pure.
 */

export type ProposalState = ProposalStatus | "expired";

export const STATE_LABELS: Record<ProposalState, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  superseded: "Replaced by a newer revision",
  expired: "Expired",
};

/** Today's date in the company's zone (YYYY-MM-DD). */
export function companyToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A YYYY-MM-DD date `days` later. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function proposalState(p: { status: ProposalStatus; expiresOn: string }, today = companyToday()): ProposalState {
  if ((p.status === "sent" || p.status === "viewed") && p.expiresOn < today) return "expired";
  return p.status;
}

export function proposalLabel(p: { proposalNumber: number; revision: number }): string {
  return p.revision > 1 ? `Proposal P-${p.proposalNumber} (revision ${p.revision})` : `Proposal P-${p.proposalNumber}`;
}

/** "December 29, 2026" for a YYYY-MM-DD date. */
export function formatDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

export const PROPOSAL_TEXT = {
  needsMeasurements: "Enter the roof's measurements on the lead page first: the builder measures every line from them.",
  notDraft: "This revision was sent and can no longer be changed. Make a new revision to change it.",
  notFound: "This proposal does not exist or was deleted.",
  sendFailed: "Failed to send the proposal. Please try again.",
  saveFailed: "Failed to save the proposal. Please try again.",
  expiryPast: "Choose a date from tomorrow on: the homeowner needs time to read it.",
  emptyOption: "Every option needs at least one line.",
  // Portal (the homeowner's words).
  acceptRefused: {
    accepted: "You already accepted this proposal.",
    declined: "You declined this proposal. Write to us in your request's messages if you changed your mind.",
    superseded: "We replaced this proposal with a newer revision. Read and accept the current one.",
    expired: "This proposal expired. Write to us in your request's messages and we will send a current one.",
    changed: "This proposal changed since you opened it. Read it again before you accept.",
  },
  chooseOption: "Choose one of the options.",
  chooseColor: "Choose a colour for your shingles.",
  signerName: "Type your full name as your signature (at least 2 characters).",
  consent: "Tick the box to agree to sign electronically.",
  signature: "The drawn signature could not be read. Clear it and draw again, or sign by typing your name only.",
  accepted: "Thank you. You accepted the proposal: we emailed you the signed copy and will call you to schedule the work.",
  declined: "You declined the proposal. Thank you for telling us.",
  declineReason: "Use at most 2000 characters.",
} as const;
