import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadMessages, leads } from "~/db/schema";
import type { MessageViewer } from "./list-lead-messages.server";

/**
 * The reader's side has read a request's thread (issue 22 item 4): staff opening the lead page, the
 * homeowner opening their request. The side's read mark moves to the newest message of the other side
 * (not to "now": a message written while the page was rendering stays unread). Writes only when
 * something was unread. Returns whether it did.
 */
export async function markLeadMessagesRead(leadId: string, side: MessageViewer): Promise<boolean> {
  const other = side === "staff" ? "customer" : "staff";
  const column = side === "staff" ? "staff_read_at" : "customer_read_at";
  // Columns written out with the table's name: inside the subqueries a bare "id" would be the message's.
  const readAt = sql.raw(`leads.${column}`);
  const result = await db().execute(sql`
    update ${leads}
    set ${sql.identifier(column)} = greatest(${readAt}, (select max(m.created_at) from ${leadMessages} m where m.lead_id = leads.id and m.author = ${other}))
    where leads.id = ${leadId}
      and exists (
        select 1 from ${leadMessages} m
        where m.lead_id = leads.id and m.author = ${other} and (${readAt} is null or m.created_at > ${readAt})
      )
  `);
  return (result.rowCount ?? 0) > 0;
}
