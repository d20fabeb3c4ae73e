import { AdminForm } from "~/components/admin/admin-form";
import { ConfirmDeleteButton } from "~/components/admin/row-actions";
import { addNoteSchema, CONTRACT_NOTE_MAX } from "~/domain/contracts/admin-schemas";
import { formatContractDateTime } from "~/domain/contracts/format";
import type { ContractNoteView } from "~/domain/contracts/get-contract-detail.server";
import { DetailCard } from "./detail-field";

const NOTE_FIELDS = [{ name: "body", label: "Note", kind: "textarea", required: true, maxLength: CONTRACT_NOTE_MAX, wide: true }] as const;

/** The staff's notes on a contract, newest first; an author may delete their own, after confirmation. */
export function ContractNotes({ notes, userId }: { notes: ContractNoteView[]; userId: string }) {
  return (
    <DetailCard id="contract-notes" title="Notes">
      {notes.length === 0 ? (
        <p className="mb-4 text-slate-600">No notes yet.</p>
      ) : (
        <ul className="mb-4 grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-border p-3">
              <p className="whitespace-pre-line break-words text-slate-900">{note.body}</p>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                <span>
                  {note.authorName ?? "A former user"}, {formatContractDateTime(note.createdAt)}
                </span>
                {note.authorUserId === userId && (
                  <ConfirmDeleteButton
                    intent="delete-note"
                    fields={{ noteId: note.id }}
                    what="note"
                    itemName={`note of ${formatContractDateTime(note.createdAt)}`}
                    detail="The note will be deleted. This cannot be undone."
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <AdminForm schema={addNoteSchema} intent="add-note" fields={NOTE_FIELDS} submitLabel="Add note" label="Add a note" />
    </DetailCard>
  );
}
