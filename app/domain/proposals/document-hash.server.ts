import crypto from "node:crypto";
import type { ProposalContent } from "./content";

/**
 * The document a hash stands for (issue 30 items 5 and 8): canonical JSON (keys sorted at every level,
 * no whitespace) of what the homeowner is shown, so the same document always gives the same SHA-256.
 * The sent hash covers the revision as sent; the accepted hash covers that plus the homeowner's choice
 * and the totals the server computed for it.
 */

function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

export function sentDocumentSha256(input: { proposalNumber: number; revision: number; expiresOn: string; content: ProposalContent }): string {
  return sha256(canonical({ kind: "proposal", ...input }));
}

export function acceptedDocumentSha256(input: {
  sentDocumentSha256: string;
  optionKey: string;
  addOnKeys: readonly string[];
  colorName: string | null;
  totalCents: number;
  depositCents: number;
  signerName: string;
}): string {
  return sha256(canonical({ kind: "acceptance", ...input, addOnKeys: [...input.addOnKeys] }));
}
