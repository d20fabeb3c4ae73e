import { and, eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractNotes } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTRACT_TEXT } from "./admin-schemas";

/** Deletes one of the actor's own notes on this contract (another's note is refused: 409). */
export async function deleteContractNote(tx: DbTransaction, input: { contractId: string; noteId: string; actorId: string }): Promise<AdminChange> {
  const [note] = await tx
    .select({ id: contractNotes.id, authorUserId: contractNotes.authorUserId })
    .from(contractNotes)
    .where(and(eq(contractNotes.id, input.noteId), eq(contractNotes.contractId, input.contractId)))
    .for("update");
  if (!note) return { ok: false, status: 404 };
  if (note.authorUserId !== input.actorId) return { ok: false, status: 409, message: CONTRACT_TEXT.notYourNote };
  await tx.delete(contractNotes).where(eq(contractNotes.id, note.id));
  return {
    ok: true,
    message: CONTRACT_TEXT.noteDeleted,
    audit: { action: "contract.note.delete", targetType: "contract", targetId: input.contractId, details: { noteId: note.id } },
  };
}
