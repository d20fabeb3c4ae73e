import type { TimelineItem } from "~/components/leads/lead-timeline";
import { addLeadNote } from "~/domain/leads/add-lead-note.server";
import { addNoteSchema } from "~/domain/leads/schemas";
import { answer, leadIntent, type LeadLoadContext } from "./section.server";

/** The lead's story, oldest first: received from the website, then staff notes and recorded changes. */
export function load({ detail }: LeadLoadContext): TimelineItem[] {
  return [
    { id: "received", kind: "received", body: "Inspection request received from the website.", createdAt: detail.lead.createdAt.toISOString(), authorName: null },
    ...detail.timeline.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  ];
}
export type TimelineData = ReturnType<typeof load>;

export const intents = {
  "add-note": leadIntent({
    schema: addNoteSchema,
    failure: "Failed to add the note. Please try again.",
    run: async (change, { leadId, actor, request, intent, failure }) => {
      const outcome = await addLeadNote({ leadId, body: change.body, actor, request });
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: "Note added." });
    },
  }),
};
