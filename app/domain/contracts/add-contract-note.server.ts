import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractNotes, contractOpportunities } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTRACT_TEXT } from "./admin-schemas";

/** A staff note on a contract (the body is already validated: admin-schemas.ts addNoteSchema). */
export async function addContractNote(tx: DbTransaction, input: { contractId: string; body: string; actorId: string }): Promise<AdminChange> {
  const [contract] = await tx.select({ id: contractOpportunities.id }).from(contractOpportunities).where(eq(contractOpportunities.id, input.contractId)).for("share");
  if (!contract) return { ok: false, status: 404, message: CONTRACT_TEXT.notFound };
  const [note] = await tx.insert(contractNotes).values({ contractId: contract.id, authorUserId: input.actorId, body: input.body }).returning({ id: contractNotes.id });
  return {
    ok: true,
    message: CONTRACT_TEXT.noteAdded,
    audit: { action: "contract.note.add", targetType: "contract", targetId: contract.id, details: { noteId: note!.id, length: input.body.length } },
  };
}
