import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, users } from "~/db/schema";

/** Cheap live figures for the dashboard cards (indexed counts on small tables). */
export async function dashboardFigures({ includePendingAccounts }: { includePendingAccounts: boolean }) {
  const [newLeads, pendingAccounts] = await Promise.all([
    db().select({ n: count() }).from(leads).where(eq(leads.pipelineStatus, "new")),
    includePendingAccounts ? db().select({ n: count() }).from(users).where(eq(users.status, "pending")) : Promise.resolve(null),
  ]);
  return { newLeads: newLeads[0]?.n ?? 0, pendingAccounts: pendingAccounts ? (pendingAccounts[0]?.n ?? 0) : null };
}
