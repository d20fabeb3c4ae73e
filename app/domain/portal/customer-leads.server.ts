import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";

/**
 * Which requests (leads) belong to a customer (issue 22 item 2): those linked to their account
 * (an invitation, or a verified sign-up with the request's email), and those that carry their email
 * once it is verified. Every portal read and write goes through this condition: another customer's
 * lead id finds nothing, and the route answers 404.
 */
export function customerLeadCondition(user: Pick<SessionUser, "id" | "email" | "emailVerified">): SQL {
  const linked = eq(leads.customerUserId, user.id);
  if (!user.emailVerified) return linked;
  return or(linked, sql`lower(${leads.email}) = ${user.email.toLowerCase()}`)!;
}

/** `leadId` when it is one of `user`'s requests, else null (never says whether it exists). */
export async function findCustomerLeadId(user: Pick<SessionUser, "id" | "email" | "emailVerified">, leadId: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), customerLeadCondition(user)))
    .limit(1);
  return row?.id ?? null;
}
