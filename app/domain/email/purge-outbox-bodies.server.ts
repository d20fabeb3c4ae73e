import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { logger } from "~/lib/logger.server";

/**
 * The outbox keeps a message's text for OUTBOX_BODY_RETENTION_DAYS once it is done with it (sent, kept
 * without SMTP_URL, or given up); then only what the staff screens show stays: recipient, subject, kind,
 * status, attempts and times (issue 29 item 2). Messages still waiting keep their text, whatever their age.
 * Runs daily (`email.purge-bodies`), in batches so one run never holds a long lock.
 */
export async function purgeOutboxBodies({ retentionDays = config().OUTBOX_BODY_RETENTION_DAYS, batch = 1_000 } = {}): Promise<{ purged: number }> {
  let purged = 0;
  // Bounded: at most 1,000 batches a run; the next day's run takes the rest.
  for (let round = 0; round < 1_000; round += 1) {
    const result = await db().execute<{ id: string }>(sql`
      update ${emailOutbox}
      set text_body = '', html_body = null, attachments = '[]'::jsonb, sealed_secret = null, bodies_purged_at = now()
      where id in (
        select id from ${emailOutbox}
        where bodies_purged_at is null
          and status in ('sent', 'stored', 'failed')
          and coalesce(sent_at, updated_at) < now() - make_interval(days => ${retentionDays})
        limit ${batch}
        for update skip locked
      )
      returning id
    `);
    purged += result.rows.length;
    if (result.rows.length < batch) break;
  }
  if (purged > 0) logger.info({ purged, retentionDays }, "outbox: texts past their retention blanked");
  return { purged };
}
