import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, userRoles, users } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";
import { logger } from "~/lib/logger.server";

/**
 * A homeowner who signed up at /auth with the email of one of their inspection requests becomes a
 * customer once they confirm that email (issue 22 item 1): the account gets the `customer` role, a
 * pending account is approved (customers need no staff approval; the confirmed email is the proof), and
 * the requests with that email and no account yet are linked to it. An account without such a request
 * stays as it is (staff accounts keep the approval flow); a rejected account is never changed here.
 * Returns whether the account became a customer.
 */
export async function claimRequestsOnVerify(userId: string, request?: Request | Headers | null): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email, status: users.status, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!account || !account.emailVerified || account.status === "rejected") return false;
    const linked = await tx
      .update(leads)
      .set({ customerUserId: account.id, updatedAt: sql`now()` })
      .where(and(sql`lower(${leads.email}) = ${account.email}`, isNull(leads.customerUserId)))
      .returning({ id: leads.id });
    const [anyRequest] =
      linked.length > 0
        ? [{ id: linked[0]!.id }]
        : await tx.select({ id: leads.id }).from(leads).where(sql`lower(${leads.email}) = ${account.email}`).limit(1);
    if (!anyRequest) return false;
    await tx.insert(userRoles).values({ userId: account.id, role: "customer" }).onConflictDoNothing();
    if (account.status === "pending") {
      await tx.update(users).set({ status: "approved", updatedAt: sql`now()` }).where(eq(users.id, account.id));
    }
    await recordAudit(tx, {
      action: "portal.customer_from_sign_up",
      actor: { id: account.id, email: account.email },
      targetType: "user",
      targetId: account.id,
      request: request ?? null,
      details: { linkedRequests: linked.length, approved: account.status === "pending" },
    });
    logger.info({ userId: account.id, linkedRequests: linked.length }, "a verified sign-up became a customer");
    return true;
  });
}
