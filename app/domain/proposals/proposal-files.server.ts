import crypto from "node:crypto";
import type { DbTransaction } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { newStorageKey, uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import type { ProposalContent } from "./content";
import { renderProposalPdf, type ProposalPdfInput } from "./proposal-pdf.server";

/**
 * A proposal's PDF kept with the lead's files (issue 30 item 6): made and stored before the transaction
 * that records it (a PDF takes a fraction of a second; a transaction should not wait on it), its row
 * written in that transaction, and the stored bytes deleted again when the transaction does not commit.
 */

export interface StoredPdf {
  bytes: Buffer;
  storageKey: string;
  sha256: string;
  fileName: string;
  /** Writes the lead file's row in the caller's transaction; returns its id. */
  record(tx: DbTransaction, leadId: string): Promise<string>;
  /** Deletes the stored bytes (the transaction that was to record them did not commit). */
  discard(): Promise<void>;
}

function proposalFileName(p: { proposalNumber: number; revision: number }, signed: boolean): string {
  return `${signed ? "Signed-proposal" : "Proposal"}-P-${p.proposalNumber}${p.revision > 1 ? `-rev-${p.revision}` : ""}.pdf`;
}

export async function makeAndStorePdf(input: ProposalPdfInput & { content: ProposalContent }, signed: boolean): Promise<StoredPdf> {
  const bytes = await renderProposalPdf(input);
  const storageKey = newStorageKey("leads");
  const storage = uploadStorage();
  await storage.put(storageKey, bytes, { contentType: "application/pdf" });
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const fileName = proposalFileName(input, signed);
  return {
    bytes,
    storageKey,
    sha256,
    fileName,
    async record(tx, leadId) {
      const [row] = await tx
        .insert(leadAttachments)
        .values({ leadId, storageKey, originalName: fileName, contentType: "application/pdf", sizeBytes: bytes.byteLength, sha256, addedFrom: "proposal", thumbnailStatus: "none" })
        .returning({ id: leadAttachments.id });
      return row!.id;
    },
    async discard() {
      await storage.delete(storageKey).catch((error: unknown) => logger.warn({ err: error, storageKey }, "could not delete an unrecorded proposal PDF"));
    },
  };
}
