import { inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadMessages, leads } from "~/db/schema";
import type { MessageViewer } from "./list-lead-messages.server";

/**
 * Unread messages of a request (issue 22 item 4): for staff, the homeowner's messages newer than the
 * lead's `staff_read_at`; for the homeowner, the office's newer than `customer_read_at` (all of them
 * while the mark is null).
 */

/** The unread count of the `leads` row of the surrounding query, for `reader` (an int expression). */
export function unreadMessagesCount(reader: MessageViewer): SQL<number> {
  const other = reader === "staff" ? "customer" : "staff";
  // Written out with the table's name: drizzle leaves a column of a one-table query unqualified, and
  // inside this subquery "id" would be the message's.
  const readAt = sql.raw(reader === "staff" ? "leads.staff_read_at" : "leads.customer_read_at");
  return sql<number>`(
    select count(*) from ${leadMessages} m
    where m.lead_id = leads.id and m.author = ${other} and (${readAt} is null or m.created_at > ${readAt})
  )::int`;
}

/** The homeowner's unread count of each of `leadIds` (the portal's list); leads without any are 0. */
export async function countUnreadForCustomer(leadIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(leadIds.map((id) => [id, 0]));
  if (leadIds.length === 0) return counts;
  const rows = await db()
    .select({ id: leads.id, unread: unreadMessagesCount("customer") })
    .from(leads)
    .where(inArray(leads.id, leadIds));
  for (const row of rows) counts.set(row.id, Number(row.unread));
  return counts;
}

