import { inArray, count } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

/** What the dashboard tells super admins when no email is sent (issue 32 item 3). */
export interface MailNotice {
  /** Messages kept in the outbox instead of being sent, or waiting to be. */
  kept: number;
}

/** Null when SMTP_URL is set; else how many messages the outbox holds unsent. */
export async function mailNotice(): Promise<MailNotice | null> {
  if (config().SMTP_URL) return null;
  const [row] = await db()
    .select({ n: count() })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ["stored", "queued"]));
  return { kept: row?.n ?? 0 };
}
