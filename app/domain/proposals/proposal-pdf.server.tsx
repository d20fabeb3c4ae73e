import type { ChildProcess } from "node:child_process";
import { forkEntry } from "~/lib/fork-entry.server";
import type { ProposalContent } from "./content";
import type { PdfReply, PdfRequest } from "./proposal-pdf-worker.server";

/**
 * The proposal PDF (issue 30 item 6, ADR 049): the document as sent, or, with `acceptance`, as signed,
 * ending with a "Signature record" page. Every amount in it comes from `optionTotals` (content.ts).
 *
 * This module is what the rest of the app imports; it holds no PDF code. The PDF is made in a child process
 * (proposal-pdf-worker.server.ts, ADR 058): @react-pdf/renderer with its fonts and layout engine lifted the
 * web process from ~230 to ~330 MiB at its first PDF, and kept it there. The process is started by the first
 * PDF asked for, renders the ones asked for meanwhile, and exits when none has been asked for in
 * IDLE_EXIT_MS; the caller waits for the bytes as before.
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

/** The renderer's heap: a three-option proposal peaks near 100 MB. */
const MAX_HEAP_MB = 512;
/** The longest a PDF may take (one takes well under a second; the first also loads the renderer). */
const RENDER_TIMEOUT_MS = 60_000;
/** The renderer process exits after this long without a PDF to make. */
const IDLE_EXIT_MS = 15_000;

class ProposalPdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProposalPdfError";
  }
}

interface Renderer {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>;
  idleTimer?: NodeJS.Timeout;
  /** This renderer is not given the next PDF (it is going, or gone). */
  forget: () => void;
}

/** The renderer process being started or running; undefined when none is (the next PDF starts one). */
let renderer: Promise<Renderer> | undefined;
let nextId = 1;

/** Lets the app's event loop end while the renderer waits idle (and keeps it while a PDF is being made). */
function holdEventLoop(child: ChildProcess, hold: boolean): void {
  type Handle = { ref(): void; unref(): void } | null | undefined;
  for (const handle of [child, child.channel as Handle, child.stderr as Handle]) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
}

async function startRenderer(): Promise<Renderer> {
  const { PROPOSAL_PDF_WORKER_URL, PROPOSAL_PDF_WORKER_MARK, asBuffer } = await import("./proposal-pdf-worker.server");
  // By now `renderer` holds this start (it is assigned when startRenderer returns its promise).
  const current = renderer;
  const forget = () => {
    if (renderer === current) renderer = undefined;
  };
  const child = forkEntry(PROPOSAL_PDF_WORKER_URL, PROPOSAL_PDF_WORKER_MARK, { maxHeapMb: MAX_HEAP_MB });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_096);
  });
  const state: Renderer = { child, ready: Promise.resolve(), pending: new Map(), forget };
  const failAll = (error: Error) => {
    for (const [id, request] of state.pending) {
      clearTimeout(request.timer);
      state.pending.delete(id);
      request.reject(error);
    }
  };
  state.ready = new Promise<void>((resolve, reject) => {
    child.on("message", (message: PdfReply | { ready: true }) => {
      if ("ready" in message) return resolve();
      const request = state.pending.get(message.id);
      if (!request) return;
      state.pending.delete(message.id);
      clearTimeout(request.timer);
      if ("error" in message) request.reject(new ProposalPdfError(message.error));
      else request.resolve(asBuffer(message.pdf));
      if (state.pending.size === 0) idle(state);
    });
    child.once("error", (error) => {
      reject(error);
      failAll(new ProposalPdfError(`the PDF renderer failed: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      forget();
      clearTimeout(state.idleTimer);
      const why = `the PDF renderer stopped (${signal ?? `exit code ${code}`})${stderr ? `: ${stderr.trim().split("\n").slice(-3).join(" ")}` : ""}`;
      reject(new ProposalPdfError(why));
      failAll(new ProposalPdfError(why));
    });
  });
  state.ready.catch(() => {});
  return state;
}

/** No PDF is being made: the process may go (after IDLE_EXIT_MS), and does not keep the app's event loop. */
function idle(state: Renderer): void {
  holdEventLoop(state.child, false);
  clearTimeout(state.idleTimer);
  state.idleTimer = setTimeout(() => {
    if (state.pending.size > 0) return;
    state.forget();
    state.child.disconnect();
  }, IDLE_EXIT_MS);
  state.idleTimer.unref();
}

/**
 * The PDF's bytes. The same input gives the same bytes (the PDF's dates are `sentAt`, or `acceptedAt`
 * when signed, never the clock). Throws when `acceptance.optionKey` is not an option of the content.
 */
export async function renderProposalPdf(input: ProposalPdfInput): Promise<Buffer> {
  const starting = (renderer ??= startRenderer());
  let state: Renderer;
  try {
    state = await starting;
  } catch (error) {
    if (renderer === starting) renderer = undefined;
    throw error;
  }
  clearTimeout(state.idleTimer);
  holdEventLoop(state.child, true);
  await state.ready.catch((error: unknown) => {
    if (state.pending.size === 0) holdEventLoop(state.child, false);
    throw error;
  });
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => {
      state.pending.delete(id);
      reject(new ProposalPdfError(`the PDF took more than ${RENDER_TIMEOUT_MS / 1000} s`));
      // A renderer that stopped answering is not given the next PDF.
      state.forget();
      state.child.kill("SIGKILL");
    }, RENDER_TIMEOUT_MS);
    state.pending.set(id, { resolve, reject, timer });
    const request: PdfRequest = { id, input };
    state.child.send(request, (error) => {
      if (!error) return;
      clearTimeout(timer);
      state.pending.delete(id);
      reject(new ProposalPdfError(`the proposal could not be sent to the PDF renderer: ${error.message}`));
    });
  });
}
