import { desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accounts, leads, portalInvitations, users } from "~/db/schema";

/** What the lead page says about the homeowner's portal (issue 22 item 1). */
export interface PortalAccess {
  account: { name: string; email: string; status: string; canSignIn: boolean } | null;
  /** The latest invitation for this lead. */
  invitation: { sentAt: Date; expiresAt: Date; usedAt: Date | null; expired: boolean } | null;
}

export async function getPortalAccess(leadId: string): Promise<PortalAccess> {
  const [row] = await db()
    .select({
      name: users.name,
      email: users.email,
      status: users.status,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} a where a.user_id = ${users.id} and a.provider_id = 'credential')`,
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.customerUserId))
    .where(eq(leads.id, leadId))
    .limit(1);
  const [invitation] = await db()
    .select({
      sentAt: portalInvitations.createdAt,
      expiresAt: portalInvitations.expiresAt,
      usedAt: portalInvitations.usedAt,
      expired: sql<boolean>`${portalInvitations.expiresAt} <= now()`,
    })
    .from(portalInvitations)
    .where(eq(portalInvitations.leadId, leadId))
    .orderBy(desc(portalInvitations.createdAt))
    .limit(1);
  return {
    account: row ? { name: row.name, email: row.email, status: row.status, canSignIn: row.hasPassword && row.status === "approved" } : null,
    invitation: invitation ?? null,
  };
}
