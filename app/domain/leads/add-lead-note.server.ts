import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadNotes, leads } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";
import type { LeadActor } from "./record-lead-event.server";

/** A staff note on a lead's timeline (the body is already validated: schemas.ts addNoteSchema). */
export async function addLeadNote(input: {
  leadId: string;
  body: string;
  actor: LeadActor;
  request?: Request | null;
}): Promise<{ ok: true; noteId: string } | { ok: false; reason: "not_found" }> {
  return db().transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, input.leadId)).for("share");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const [note] = await tx
      .insert(leadNotes)
      .values({ leadId: input.leadId, authorUserId: input.actor.id, kind: "note", body: input.body })
      .returning({ id: leadNotes.id });
    await tx.update(leads).set({ updatedAt: sql`now()` }).where(eq(leads.id, input.leadId));
    await recordAudit(tx, {
      action: "lead.note.add",
      actor: input.actor,
      targetType: "lead",
      targetId: input.leadId,
      details: { noteId: note!.id, length: input.body.length },
      request: input.request ?? null,
    });
    return { ok: true, noteId: note!.id } as const;
  });
}
