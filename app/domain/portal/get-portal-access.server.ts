import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accountLinks, accounts, leads, users } from "~/db/schema";

/** What the lead page says about the homeowner's portal (issue 22 item 1). */
export interface PortalAccess {
  account: { name: string; email: string; status: string; canSignIn: boolean } | null;
  /** The latest invitation for this lead. */
  invitation: { sentAt: Date; expiresAt: Date; usedAt: Date | null; expired: boolean } | null;
}

export async function getPortalAccess(leadId: string): Promise<PortalAccess> {
  const [invitation] = await db()
    .select({
      userId: accountLinks.userId,
      sentAt: accountLinks.createdAt,
      expiresAt: accountLinks.expiresAt,
      usedAt: accountLinks.usedAt,
      expired: sql<boolean>`${accountLinks.expiresAt} <= now()`,
    })
    .from(accountLinks)
    .where(and(eq(accountLinks.leadId, leadId), eq(accountLinks.purpose, "portal-invitation")))
    .orderBy(desc(accountLinks.createdAt))
    .limit(1);
  // The account the lead is linked to; before an invitation is used (ADR 046: nothing is linked until the
  // mailbox owner opens it), the account it was sent to.
  const [linked] = await db().select({ userId: leads.customerUserId }).from(leads).where(eq(leads.id, leadId)).limit(1);
  const userId = linked?.userId ?? invitation?.userId ?? null;
  const [row] = userId
    ? await db()
        .select({
          name: users.name,
          email: users.email,
          status: users.status,
          emailVerified: users.emailVerified,
          hasPassword: sql<boolean>`exists (select 1 from ${accounts} a where a.user_id = ${users.id} and a.provider_id = 'credential')`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    : [];
  return {
    account: row
      ? { name: row.name, email: row.email, status: row.status, canSignIn: row.hasPassword && row.status === "approved" && row.emailVerified }
      : null,
    invitation: invitation ? { sentAt: invitation.sentAt, expiresAt: invitation.expiresAt, usedAt: invitation.usedAt, expired: invitation.expired } : null,
  };
}
