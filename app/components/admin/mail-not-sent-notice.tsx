import { MailWarning } from "lucide-react";
import type { MailNotice } from "~/domain/email/mail-notice.server";

/**
 * "Emails are not being sent": the dashboard's notice to super admins when the server has no SMTP_URL
 * (issue 32 item 3). Invitations, password resets and lead alerts are then kept in the outbox, unsent.
 */
export function MailNotSentNotice({ notice }: { notice: MailNotice | null }) {
  if (!notice) return null;
  const kept = `${notice.kept} ${notice.kept === 1 ? "email has" : "emails have"}`;
  return (
    <section aria-labelledby="mail-not-sent-title" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid gap-1">
        <h2 id="mail-not-sent-title" className="font-semibold">
          Emails are not being sent
        </h2>
        <p>
          The server has no mail server set (<code>SMTP_URL</code>), so {kept} been kept in the outbox instead of being
          sent: lead alerts, portal invitations, password resets and appointment emails. Set <code>SMTP_URL</code> and
          restart the server; new emails are sent from then on.
        </p>
      </div>
    </section>
  );
}
