import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { leads, userRoles, users } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";
import { logger } from "~/lib/logger.server";

/**
 * An account whose owner just proved the mailbox (a confirmation link, a portal invitation or a password
 * reset: ADR 046) becomes the customer of the inspection requests sent with that email (issue 22 item 1):
 * the requests with that email and no account yet are linked to it (and the invitation's own lead), the
 * account gets the `customer` role, and a pending account is approved (the proven address is what staff
 * approval would otherwise give). An account without such a request stays as it is (staff accounts keep
 * the approval flow); a rejected account is never changed here. Runs in the caller's transaction, after
 * it set `email_verified`. Returns whether the account is a customer of at least one request.
 */
export async function claimRequests(
  tx: DbTransaction,
  input: { userId: string; leadId?: string | null; request?: Request | Headers | null },
): Promise<boolean> {
  const [account] = await tx
    .select({ id: users.id, email: users.email, status: users.status, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, input.userId))
    .for("update");
  if (!account || !account.emailVerified || account.status === "rejected") return false;
  const sameEmail = sql`lower(${leads.email}) = ${account.email}`;
  const linked = await tx
    .update(leads)
    .set({ customerUserId: account.id, updatedAt: sql`now()` })
    .where(and(input.leadId ? or(sameEmail, eq(leads.id, input.leadId)) : sameEmail, isNull(leads.customerUserId)))
    .returning({ id: leads.id });
  const [anyRequest] =
    linked.length > 0
      ? [{ id: linked[0]!.id }]
      : await tx
          .select({ id: leads.id })
          .from(leads)
          .where(or(sameEmail, eq(leads.customerUserId, account.id)))
          .limit(1);
  if (!anyRequest) return false;
  const roles = await tx.insert(userRoles).values({ userId: account.id, role: "customer" }).onConflictDoNothing().returning({ id: userRoles.id });
  if (account.status === "pending") {
    await tx.update(users).set({ status: "approved", updatedAt: sql`now()` }).where(eq(users.id, account.id));
  }
  if (linked.length > 0 || roles.length > 0 || account.status === "pending") {
    await recordAudit(tx, {
      action: "portal.customer_from_proven_email",
      actor: { id: account.id, email: account.email },
      targetType: "user",
      targetId: account.id,
      request: input.request ?? null,
      details: { linkedRequests: linked.length, roleGiven: roles.length > 0, approved: account.status === "pending" },
    });
    logger.info({ userId: account.id, linkedRequests: linked.length }, "a proven address became a customer");
  }
  return true;
}
