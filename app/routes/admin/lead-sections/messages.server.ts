import { listLeadMessages } from "~/domain/leads/messages/list-lead-messages.server";
import { markLeadMessagesRead } from "~/domain/leads/messages/mark-lead-messages-read.server";
import { postLeadMessage } from "~/domain/leads/messages/post-lead-message.server";
import { MESSAGE_TEXT, sendMessageSchema } from "~/domain/leads/messages/schemas";
import { answer, leadIntent, type LeadLoadContext } from "./section.server";

/**
 * The thread with the homeowner. Opening the lead shows its messages: the homeowner's count as read from
 * now on (the registry loads sections only after the guard and for a lead that exists, as a mail reader
 * marks what it opens). The lead's `staffReadAt`, read before this, still marks the ones new to this visit.
 */
export async function load({ leadId }: LeadLoadContext) {
  await markLeadMessagesRead(leadId, "staff");
  const messages = await listLeadMessages(leadId, "staff");
  return messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
export type MessagesData = Awaited<ReturnType<typeof load>>;

export const intents = {
  "send-message": leadIntent({
    schema: sendMessageSchema,
    failure: MESSAGE_TEXT.failed,
    run: async (change, { leadId, actor, request, intent, failure }) => {
      const outcome = await postLeadMessage({ leadId, author: "staff", actor, body: change.body, request });
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: "Message sent to the homeowner." });
    },
  }),
};
