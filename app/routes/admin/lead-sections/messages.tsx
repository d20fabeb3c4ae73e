import { MessageThread } from "~/components/leads/message-thread";
import { refusalOf } from "./action-result";
import type { MessagesData } from "./messages.server";
import { cardClass, type LeadSectionProps } from "./section-ui";

/** The thread with the homeowner and the reply form; a refused reply comes back with its text. */
export function MessagesSection({ lead, data: messages, answer, busy }: LeadSectionProps & { data: MessagesData }) {
  const refusal = refusalOf(answer, "send-message");
  return (
    <section aria-labelledby="lead-messages" className={cardClass}>
      <h2 id="lead-messages" className="mb-4 scroll-mt-4 text-lg font-bold text-brand-navy">
        Messages
      </h2>
      <MessageThread
        messages={messages}
        viewer="staff"
        readUntil={lead.staffReadAt?.toISOString() ?? null}
        error={refusal?.fieldErrors?.body}
        typed={refusal?.values?.body}
        busy={busy}
      />
    </section>
  );
}
