import type { ProposalContent } from "./content";

/**
 * The proposal PDF (issue 30 item 6, ADR 049): the document as sent, or, with `acceptance`, as signed,
 * ending with a "Signature record" page. Every amount in it comes from `optionTotals` (content.ts).
 *
 * This module is what the rest of the app imports; it holds no PDF code. The document and
 * @react-pdf/renderer (with its fonts and layout engine, ~25 MB of heap once loaded) are imported the
 * first time a PDF is made, so a web process that never makes one never loads them (issue 33).
 */

export interface ProposalPdfAcceptance {
  /** The option accepted ("good" | "better" | "best"); an option the content does not have is an error. */
  optionKey: string;
  /** The add-ons chosen; keys the content does not have are ignored, as `optionTotals` ignores them. */
  addOnKeys: string[];
  /** The swatch chosen, or null when the option offered none. */
  colorName: string | null;
  signerName: string;
  /** The drawn signature as a PNG, or null when the homeowner signed by typing their name. */
  signaturePng: Buffer | null;
  acceptedAt: Date;
  clientIp: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the document the homeowner had in front of them when they signed. */
  acceptedDocumentSha256: string;
}

export interface ProposalPdfInput {
  content: ProposalContent;
  /** Shown as "Proposal P-1001". */
  proposalNumber: number;
  /** Shown as "revision 2" when above 1. */
  revision: number;
  /** Shown as "Sent 29 November 2026" (Eastern Time); also the PDF's creation date when not signed. */
  sentAt: Date;
  /** YYYY-MM-DD: the last day the proposal can be accepted. */
  expiresOn: string;
  /** SHA-256 (hex) of the document as sent. */
  documentSha256: string;
  /** Present for the signed PDF. */
  acceptance?: ProposalPdfAcceptance;
}

/**
 * The PDF's bytes. The same input gives the same bytes (the PDF's dates are `sentAt`, or `acceptedAt`
 * when signed, never the clock). Throws when `acceptance.optionKey` is not an option of the content.
 */
export async function renderProposalPdf(input: ProposalPdfInput): Promise<Buffer> {
  const { renderProposalDocument } = await import("./proposal-pdf-document.server");
  return renderProposalDocument(input);
}
