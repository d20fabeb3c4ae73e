import type { ProposalPdfInput } from "./proposal-pdf.server";

/**
 * The child process side of proposal-pdf.server.tsx (ADR 058): renders the proposal PDFs it is sent, one
 * message each, and answers with the PDF's bytes or the error's message. @react-pdf/renderer, its layout
 * engine and the fonts (~100 MB of memory once a PDF is made) live here, never in the web process.
 *
 * In the production build this module is an entry of its own (`build/server/proposal-pdf.js`, see
 * vite.config.ts), so the process loads the document and @react-pdf/renderer only, not the app. It only
 * listens when started as the renderer (its first argument is the mark): imported by the app it just tells
 * where it lives.
 */

export const PROPOSAL_PDF_WORKER_MARK = "roofing-proposal-pdf";

/** This module's own URL: what the app starts the renderer process from. */
export const PROPOSAL_PDF_WORKER_URL = import.meta.url;

export interface PdfRequest {
  id: number;
  input: ProposalPdfInput;
}

export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** A Buffer again (the IPC channel's structured clone hands over a Uint8Array). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

async function answer({ id, input }: PdfRequest): Promise<PdfReply> {
  try {
    const { renderProposalDocument } = await import("./proposal-pdf-document.server");
    const signaturePng = input.acceptance?.signaturePng;
    const acceptance = input.acceptance && { ...input.acceptance, signaturePng: signaturePng ? asBuffer(signaturePng) : null };
    return { id, pdf: await renderProposalDocument({ ...input, ...(acceptance ? { acceptance } : {}) }) };
  } catch (error) {
    return { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

if (process.argv[2] === PROPOSAL_PDF_WORKER_MARK && process.send) {
  const send = process.send.bind(process);
  process.on("message", (request: PdfRequest) => void answer(request).then((reply) => send(reply)));
  // The app went away (or closed the channel): nothing is left to render for.
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}
